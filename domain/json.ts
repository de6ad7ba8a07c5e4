/** JSON values and RFC 8785 canonical serialisation (the subset Jacobian emits: no floats). */
export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/**
 * Canonical JSON per RFC 8785 (JCS). Keys are sorted by UTF-16 code units (the default JS sort),
 * strings use JSON.stringify escaping (which matches JCS), numbers use the ECMAScript
 * serialisation JCS mandates. Undefined members are dropped, as JSON.stringify does.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value === "boolean") return String(value);
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new TypeError("canonicalJson: non-finite number");
    return JSON.stringify(value);
  }
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "bigint") throw new TypeError("canonicalJson: bigint must be encoded as a string first");
  if (Array.isArray(value)) return "[" + value.map((v) => (v === undefined ? "null" : canonicalJson(v))).join(",") + "]";
  if (typeof value === "object") {
    const obj = value as Record<string, unknown>;
    const keys = Object.keys(obj).filter((k) => obj[k] !== undefined).sort();
    return "{" + keys.map((k) => JSON.stringify(k) + ":" + canonicalJson(obj[k])).join(",") + "}";
  }
  throw new TypeError(`canonicalJson: unsupported ${typeof value}`);
}

const NON_ASCII = /[^\x00-\x7f]/;

/** Byte length of a string's UTF-8 encoding, without allocating a buffer. */
export function utf8Length(s: string): number {
  // Wire values are mostly ASCII (digits): one native scan instead of a loop over the characters.
  if (!NON_ASCII.test(s)) return s.length;
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) { n += 4; i++; }
    else n += 3;
  }
  return n;
}
