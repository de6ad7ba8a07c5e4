import { createHash } from "node:crypto";
import { canonicalJsonBytes, type CanonicalContent, type Json } from "../../domain/json.js";
import type { ArtifactStore } from "../../domain/ports.js";
import type { RedisLink } from "./redis.js";

const URI = /^artifact:\/\/sha256\/([0-9a-f]{64})$/;
const BATCH = 200;

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/**
 * Content-addressed artifacts shared by every replica and worker of a distributed deployment:
 * the same ids and manifests as the directory store (the SHA-256 of the canonical JSON), one Redis
 * string per artifact at `<prefix>:artifact:<hex>`, and a sorted set `<prefix>:artifacts` of ids
 * by creation time (listing, age-based gc). Content and index are written in one MULTI, so a
 * crash leaves both or neither; every read re-hashes the bytes. Durability is Redis's: run it with
 * AOF (docs/operator.md). An unreachable Redis is a ProviderUnavailableError.
 */
export class RedisArtifactStore implements ArtifactStore {
  readonly location: string;
  private readonly index: string;

  constructor(private readonly link: RedisLink) {
    this.location = `${link.location} (prefix ${link.settings.prefix})`;
    this.index = link.key("artifacts");
  }

  private keyFor(hex: string): string {
    return this.link.key("artifact", hex);
  }

  async put(content: CanonicalContent): Promise<string> {
    const bytes = canonicalJsonBytes(content);
    const text = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const hex = createHash("sha256").update(text).digest("hex");
    await this.link.guard("the shared artifact store", async (r) => {
      const replies = await r.multi().set(this.keyFor(hex), text, "NX").zadd(this.index, "NX", Date.now(), hex).exec();
      const failed = replies?.find(([err]) => err);
      if (!replies || failed) throw failed?.[0] ?? new Error("the artifact write was discarded");
    });
    return `artifact://sha256/${hex}`;
  }

  async get(uri: string): Promise<Json | undefined> {
    const m = URI.exec(uri);
    if (!m) return undefined;
    const text = await this.link.guard("the shared artifact store", (r) => r.get(this.keyFor(m[1]!)));
    if (text === null) return undefined;
    const actual = sha256(text);
    if (actual !== m[1]) throw new Error(`artifact ${uri} is corrupt: its content hashes to ${actual}`);
    return JSON.parse(text) as Json;
  }

  async list(): Promise<string[]> {
    const ids = await this.link.guard("the shared artifact store", (r) => r.zrange(this.index, 0, -1));
    return ids.sort().map((hex) => `artifact://sha256/${hex}`);
  }

  /** An id listed whose content is gone (evicted: Redis must run with `maxmemory-policy noeviction`) counts as corrupt. */
  async verifyAll(): Promise<{ checked: number; corrupt: string[] }> {
    const ids = (await this.list()).map((u) => u.slice(-64));
    const corrupt: string[] = [];
    for (let i = 0; i < ids.length; i += BATCH) {
      const batch = ids.slice(i, i + BATCH);
      const texts = await this.link.guard("the shared artifact store", (r) => r.mget(batch.map((h) => this.keyFor(h))));
      batch.forEach((hex, j) => {
        const text = texts[j];
        if (text === null || text === undefined || sha256(text) !== hex) corrupt.push(`artifact://sha256/${hex}`);
      });
    }
    return { checked: ids.length, corrupt };
  }

  /** `temporaries`: index entries whose content is missing (nothing else can be left half-written). */
  async gc(opts: { olderThanMs?: number }): Promise<{ removed: string[]; temporaries: number }> {
    return this.link.guard("the shared artifact store", async (r) => {
      const ids = await r.zrange(this.index, 0, -1);
      let temporaries = 0;
      for (let i = 0; i < ids.length; i += BATCH) {
        const batch = ids.slice(i, i + BATCH);
        const present = await r.exists(...batch.map((h) => this.keyFor(h)));
        if (present === batch.length) continue;
        for (const hex of batch) {
          if (!(await r.exists(this.keyFor(hex)))) {
            await r.zrem(this.index, hex);
            temporaries++;
          }
        }
      }
      const removed: string[] = [];
      if (opts.olderThanMs !== undefined) {
        const old = await r.zrangebyscore(this.index, "-inf", Date.now() - opts.olderThanMs);
        for (let i = 0; i < old.length; i += BATCH) {
          const batch = old.slice(i, i + BATCH);
          await r.multi().del(...batch.map((h) => this.keyFor(h))).zrem(this.index, ...batch).exec();
        }
        removed.push(...old.map((hex) => `artifact://sha256/${hex}`));
      }
      return { removed, temporaries };
    });
  }

  async remove(uri: string): Promise<void> {
    const m = URI.exec(uri);
    if (!m) return;
    await this.link.guard("the shared artifact store", async (r) => void (await r.multi().del(this.keyFor(m[1]!)).zrem(this.index, m[1]!).exec()));
  }
}
