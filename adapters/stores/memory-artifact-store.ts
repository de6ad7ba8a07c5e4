import { createHash } from "node:crypto";
import { canonicalJsonBytes, type CanonicalContent, type Json } from "../../domain/json.js";
import type { ArtifactStore } from "../../domain/ports.js";

const URI = /^artifact:\/\/sha256\/([0-9a-f]{64})$/;

/**
 * Content-addressed artifacts held in memory (tests, embedded uses that must not touch disk).
 * Same ids as the directory store: the SHA-256 of the canonical JSON; reads re-hash the text.
 */
export class MemoryArtifactStore implements ArtifactStore {
  readonly location = "memory:";
  private readonly entries = new Map<string, { text: string; at: number }>();

  async put(content: CanonicalContent): Promise<string> {
    const bytes = canonicalJsonBytes(content);
    const hex = createHash("sha256").update(bytes).digest("hex");
    if (!this.entries.has(hex)) this.entries.set(hex, { text: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString("utf8"), at: Date.now() });
    return `artifact://sha256/${hex}`;
  }

  async get(uri: string): Promise<Json | undefined> {
    const m = URI.exec(uri);
    if (!m) return undefined;
    const e = this.entries.get(m[1]!);
    if (!e) return undefined;
    if (createHash("sha256").update(e.text, "utf8").digest("hex") !== m[1]) throw new Error(`artifact ${uri} failed its hash check`);
    return JSON.parse(e.text) as Json;
  }

  async list(): Promise<string[]> {
    return [...this.entries.keys()].sort().map((h) => `artifact://sha256/${h}`);
  }

  async remove(uri: string): Promise<void> {
    const m = URI.exec(uri);
    if (m) this.entries.delete(m[1]!);
  }

  async verifyAll(): Promise<{ checked: number; corrupt: string[] }> {
    const corrupt = [...this.entries].filter(([hex, e]) => createHash("sha256").update(e.text, "utf8").digest("hex") !== hex).map(([hex]) => `artifact://sha256/${hex}`);
    return { checked: this.entries.size, corrupt };
  }

  async gc(opts: { olderThanMs?: number }): Promise<{ removed: string[]; temporaries: number }> {
    const removed: string[] = [];
    if (opts.olderThanMs !== undefined) {
      const cutoff = Date.now() - opts.olderThanMs;
      for (const [hex, e] of this.entries) if (e.at < cutoff) {
        this.entries.delete(hex);
        removed.push(`artifact://sha256/${hex}`);
      }
    }
    return { removed, temporaries: 0 };
  }
}
