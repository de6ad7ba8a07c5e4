/** Wire values (CONTRACT.md): strings on the wire, exact values inside. */
import { JacobianError } from "./errors.js";
import { decidePrimality } from "./math/primality.js";
import { formatRational, rational, type Rational } from "./math/rational.js";

export const INTEGER_PATTERN = /^(0|-?[1-9][0-9]*)$/;
export const RATIONAL_PATTERN = /^(0|-?[1-9][0-9]*)(\/[1-9][0-9]*)?$/;

export function parseInteger(s: string, path: string): bigint {
  if (!INTEGER_PATTERN.test(s)) throw new JacobianError("INVALID_PAYLOAD", `${path} is not a canonical integer string`, { path, hint: 'integers are strings like "-42": ASCII digits, optional leading "-", no leading zeros, no "-0"' });
  if (s === "-0") throw new JacobianError("INVALID_PAYLOAD", `${path}: "-0" is not canonical; write "0"`, { path });
  return BigInt(s);
}

export function parseRational(s: string, path: string): Rational {
  if (!RATIONAL_PATTERN.test(s)) throw new JacobianError("INVALID_PAYLOAD", `${path} is not a rational string`, { path, hint: 'rationals are strings like "-3/4" or "5" (denominator positive and non-zero)' });
  const slash = s.indexOf("/");
  if (slash < 0) return rational(BigInt(s));
  return rational(BigInt(s.slice(0, slash)), BigInt(s.slice(slash + 1)));
}

export const formatInteger = (n: bigint): string => n.toString();
export { formatRational };

/** A coefficient ring as written on the wire. */
export type Ring = { kind: "ZZ" } | { kind: "QQ" } | { kind: "GF"; p: bigint };

export const RING_PATTERN = /^(ZZ|QQ|GF\((0|[1-9][0-9]*)\))$/;

/** Parse "ZZ", "QQ" or "GF(p)"; p must be prime (proven) and at most `maxPrimeDigits` digits. */
export function parseRing(s: string, path: string, maxPrimeDigits = 40): Ring {
  if (s === "ZZ") return { kind: "ZZ" };
  if (s === "QQ") return { kind: "QQ" };
  const m = /^GF\(([1-9][0-9]*)\)$/.exec(s);
  if (!m) throw new JacobianError("INVALID_PAYLOAD", `${path}: unknown ring ${JSON.stringify(s.slice(0, 40))}`, { path, hint: 'rings are "ZZ", "QQ" or "GF(p)" with p prime' });
  if (m[1]!.length > maxPrimeDigits) throw new JacobianError("INVALID_PAYLOAD", `${path}: field characteristic above ${maxPrimeDigits} digits`, { path });
  const p = BigInt(m[1]!);
  const d = decidePrimality(p);
  if (!d.prime) throw new JacobianError("DOMAIN_ERROR", `${path}: GF(${p}) is not a field: ${p} is not prime`, { path, hint: "use a prime characteristic (GF(p^k) is not supported by this operation)" });
  if (d.status !== "PROVEN") throw new JacobianError("DOMAIN_ERROR", `${path}: primality of ${p} is only probable; refusing to treat GF(${p}) as a field`, { path });
  return { kind: "GF", p };
}

export function formatRing(r: Ring): string {
  return r.kind === "GF" ? `GF(${r.p})` : r.kind;
}

/** A matrix over ZZ, QQ or GF(p), parsed from `{ ring, rows }`. */
export type TypedMatrix =
  | { ring: { kind: "ZZ" }; rows: bigint[][] }
  | { ring: { kind: "QQ" }; rows: Rational[][] }
  | { ring: { kind: "GF"; p: bigint }; rows: bigint[][] };

export interface MatrixWire {
  ring: string;
  rows: string[][];
}

/** Parse a wire matrix: rectangular, entries in the ring (GF(p) entries are integers, reduced mod p). */
export function parseMatrix(w: MatrixWire, path: string): TypedMatrix {
  const ring = parseRing(w.ring, `${path}.ring`);
  const cols = w.rows.length ? w.rows[0]!.length : 0;
  w.rows.forEach((row, i) => {
    if (row.length !== cols) throw new JacobianError("INVALID_PAYLOAD", `${path}.rows[${i}] has ${row.length} entries; row 0 has ${cols}`, { path: `${path}.rows[${i}]`, hint: "matrix rows must all have the same length" });
  });
  if (ring.kind === "QQ") return { ring, rows: w.rows.map((row, i) => row.map((e, j) => parseRational(e, `${path}.rows[${i}][${j}]`))) };
  const rows = w.rows.map((row, i) => row.map((e, j) => parseInteger(e, `${path}.rows[${i}][${j}]`)));
  if (ring.kind === "GF") return { ring, rows: rows.map((r) => r.map((v) => ((v % ring.p) + ring.p) % ring.p)) };
  return { ring, rows };
}

export function formatMatrix(m: TypedMatrix): MatrixWire {
  const ring = formatRing(m.ring);
  if (m.ring.kind === "QQ") return { ring, rows: (m.rows as Rational[][]).map((r) => r.map(formatRational)) };
  return { ring, rows: (m.rows as bigint[][]).map((r) => r.map((v) => v.toString())) };
}
