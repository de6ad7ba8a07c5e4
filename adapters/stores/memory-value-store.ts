import { randomBytes } from "node:crypto";
import { LRUCache } from "lru-cache";
import { utf8Length, wireText } from "../../domain/json.js";
import type { StoredValue, ValueStore } from "../../domain/ports.js";

export interface ValueStoreLimits {
  max_entries: number;
  max_bytes: number;
}

/**
 * Request-local values for one runtime: an LRU bounded by entry count and total bytes.
 * References are `value://` + 32 url-safe base64 characters = 192 random bits.
 */
export class MemoryValueStore implements ValueStore {
  private readonly cache: LRUCache<string, StoredValue>;
  constructor(limits: ValueStoreLimits) {
    this.cache = new LRUCache<string, StoredValue>({
      max: limits.max_entries,
      maxSize: limits.max_bytes,
            // the length of the value's JSON text (as canonical JSON's, in the value's own key order)
      sizeCalculation: (v) => Math.max(1, v.bytes ?? utf8Length(wireText(v.value))),
    });
  }
  put(value: StoredValue): string {
    const ref = "value://" + randomBytes(24).toString("base64url");
    this.cache.set(ref, value);
    return ref;
  }
  get(ref: string): StoredValue | undefined {
    return this.cache.get(ref);
  }
  clear(): void {
    this.cache.clear();
  }
  get size(): number {
    return this.cache.size;
  }
}
