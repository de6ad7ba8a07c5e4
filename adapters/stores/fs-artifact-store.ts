import { createHash, randomBytes } from "node:crypto";
import { promises as fs } from "node:fs";
import path from "node:path";
import { canonicalJsonChunks, concatChunks, type CanonicalContent, type Json } from "../../domain/json.js";
import type { ArtifactStore } from "../../domain/ports.js";

const URI = /^artifact:\/\/sha256\/([0-9a-f]{64})$/;
/** Chunks per writev call (below IOV_MAX, 1024 on Linux). */
const WRITEV_CHUNKS = 512;

/**
 * Content-addressed artifacts in a directory: `<root>/sha256/<2 hex>/<64 hex>.json`.
 * Chosen over SQLite: no native module, trivially inspectable, and atomic by construction —
 * each write goes to a unique temporary file, is fsynced, then renamed into place, so a crash
 * (even kill -9) leaves either no entry or a complete one. Every read re-hashes the bytes.
 */
export class FsArtifactStore implements ArtifactStore {
  constructor(readonly location: string) {}

  /** The content address and the bytes stored: the SHA-256 of the canonical JSON's UTF-8 bytes, hashed and written as they are (in the writer's chunks). */
  static digestOf(content: CanonicalContent): { hex: string; chunks: Uint8Array[] } {
    const chunks = canonicalJsonChunks(content);
    const hash = createHash("sha256");
    for (const c of chunks) hash.update(c);
    return { hex: hash.digest("hex"), chunks };
  }

  private fileFor(hex: string): string {
    return path.join(this.location, "sha256", hex.slice(0, 2), `${hex}.json`);
  }

  async put(content: CanonicalContent): Promise<string> {
    const { hex, chunks } = FsArtifactStore.digestOf(content);
    const file = this.fileFor(hex);
    try {
      await fs.access(file);
      return `artifact://sha256/${hex}`;
    } catch {
      /* not present yet */
    }
    await fs.mkdir(path.dirname(file), { recursive: true });
    const tmp = path.join(path.dirname(file), `.tmp-${process.pid}-${randomBytes(8).toString("hex")}`);
    const handle = await fs.open(tmp, "wx", 0o644);
    try {
      await writeAll(handle, chunks);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(tmp, file);
    return `artifact://sha256/${hex}`;
  }

  async get(uri: string): Promise<Json | undefined> {
    const m = URI.exec(uri);
    if (!m) return undefined; // never touches the filesystem for anything but a well-formed id
    let text: string;
    try {
      text = await fs.readFile(this.fileFor(m[1]!), "utf8");
    } catch {
      return undefined;
    }
    const actual = createHash("sha256").update(text, "utf8").digest("hex");
    if (actual !== m[1]) throw new Error(`artifact ${uri} is corrupt: its content hashes to ${actual}`);
    return JSON.parse(text) as Json;
  }

  async list(): Promise<string[]> {
    const root = path.join(this.location, "sha256");
    const out: string[] = [];
    let dirs: string[];
    try {
      dirs = await fs.readdir(root);
    } catch {
      return out;
    }
    for (const d of dirs.sort()) {
      if (!/^[0-9a-f]{2}$/.test(d)) continue;
      for (const f of (await fs.readdir(path.join(root, d))).sort()) {
        const m = /^([0-9a-f]{64})\.json$/.exec(f);
        if (m) out.push(`artifact://sha256/${m[1]}`);
      }
    }
    return out;
  }

  async verifyAll(): Promise<{ checked: number; corrupt: string[] }> {
    const corrupt: string[] = [];
    const all = await this.list();
    for (const uri of all) {
      try {
        await this.get(uri);
      } catch {
        corrupt.push(uri);
      }
    }
    return { checked: all.length, corrupt };
  }

  async gc(opts: { olderThanMs?: number }): Promise<{ removed: string[]; temporaries: number }> {
    const root = path.join(this.location, "sha256");
    let temporaries = 0;
    const removed: string[] = [];
    let dirs: string[] = [];
    try {
      dirs = await fs.readdir(root);
    } catch {
      return { removed, temporaries };
    }
    const now = Date.now();
    for (const d of dirs) {
      if (!/^[0-9a-f]{2}$/.test(d)) continue;
      for (const f of await fs.readdir(path.join(root, d))) {
        const full = path.join(root, d, f);
        if (f.startsWith(".tmp-")) {
          // A temporary older than a minute belongs to a write that died (e.g. kill -9).
          const st = await fs.stat(full).catch(() => undefined);
          if (st && now - st.mtimeMs > 60_000) {
            await fs.rm(full, { force: true });
            temporaries++;
          }
          continue;
        }
        const m = /^([0-9a-f]{64})\.json$/.exec(f);
        if (!m || opts.olderThanMs === undefined) continue;
        const st = await fs.stat(full).catch(() => undefined);
        if (st && now - st.mtimeMs > opts.olderThanMs) {
          await fs.rm(full, { force: true });
          removed.push(`artifact://sha256/${m[1]}`);
        }
      }
    }
    return { removed, temporaries };
  }

  async remove(uri: string): Promise<void> {
    const m = URI.exec(uri);
    if (!m) return;
    await fs.rm(this.fileFor(m[1]!), { force: true });
  }
}

/** Write the chunks in order from the handle's position (writev per group; a short write is finished by writeFile). */
async function writeAll(handle: fs.FileHandle, chunks: readonly Uint8Array[]): Promise<void> {
  for (let i = 0; i < chunks.length; i += WRITEV_CHUNKS) {
    const group = chunks.slice(i, i + WRITEV_CHUNKS);
    let total = 0;
    for (const c of group) total += c.length;
    const { bytesWritten } = await handle.writev(group);
    if (bytesWritten < total) await handle.writeFile(concatChunks(group).subarray(bytesWritten));
  }
}
