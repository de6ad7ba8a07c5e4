/**
 * Coefficient rings of polynomials: the `CoeffRing` arithmetic of ZZ, QQ and GF(p), the dispatch
 * `coeffRing(ring)` (GF(p^k) is delegated to ./gfq.ts), and the ring strings of the polynomial wire
 * ("ZZ", "QQ", "GF(p)", "GF(p^k…)").
 *
 * Import discipline: domain/kinds.ts imports this module (through ./format.ts) to register the
 * `polynomial` kind, so nothing here may *use* an export of domain/kinds.ts at module evaluation
 * time (only inside functions); the ring constants below are local literals for that reason.
 */
import { JacobianError } from "../../errors.js";
import { parseRingWire, type Ring } from "../../kinds.js";
import { bitLength, gcd, mod, modInverse } from "../integer.js";
import { formatRational, rational, ratAdd, ratDiv, ratEq, ratMul, ratNeg, ratSub, type Rational } from "../rational.js";
import type { CoeffRing, ExtensionField, FieldElement, PolyRing } from "./types.js";

const ZZ_RING: Ring = { $kind: "ring", kind: "ZZ" };
const QQ_RING: Ring = { $kind: "ring", kind: "QQ" };

const notUnit = (what: string): JacobianError =>
  new JacobianError("DOMAIN_ERROR", `${what} is not invertible in the coefficient ring`, { hint: "division needs a unit: work over QQ or a field, or divide by ±1" });

/** ZZ: bigint. */
export const integers: CoeffRing<bigint> = {
  name: "ZZ",
  ring: ZZ_RING,
  isField: false,
  characteristic: 0n,
  order: 0n,
  zero: 0n,
  one: 1n,
  add: (a, b) => a + b,
  sub: (a, b) => a - b,
  neg: (a) => -a,
  mul: (a, b) => a * b,
  isZero: (a) => a === 0n,
  eq: (a, b) => a === b,
  inv(a) {
    if (a === 1n || a === -1n) return a;
    throw notUnit(a.toString());
  },
  divExact: (a, b) => (b !== 0n && a % b === 0n ? a / b : undefined),
  fromInteger: (n) => n,
  fromRational: (num, den) => (den !== 0n && num % den === 0n ? num / den : undefined),
  format: (a) => a.toString(),
  bits: (a) => bitLength(a),
};

/** QQ: reduced Rational. */
export const rationals: CoeffRing<Rational> = {
  name: "QQ",
  ring: QQ_RING,
  isField: true,
  characteristic: 0n,
  order: 0n,
  zero: { num: 0n, den: 1n },
  one: { num: 1n, den: 1n },
  add: ratAdd,
  sub: ratSub,
  neg: ratNeg,
  mul: ratMul,
  isZero: (a) => a.num === 0n,
  eq: ratEq,
  inv(a) {
    if (a.num === 0n) throw notUnit("0");
    return a.num < 0n ? { num: -a.den, den: -a.num } : { num: a.den, den: a.num };
  },
  divExact: (a, b) => (b.num === 0n ? undefined : ratDiv(a, b)),
  fromInteger: (n) => ({ num: n, den: 1n }),
  fromRational: (num, den) => (den === 0n ? undefined : rational(num, den)),
  format: formatRational,
  bits: (a) => bitLength(a.num) + bitLength(a.den),
};

const PRIME_FIELDS = new Map<bigint, CoeffRing<bigint>>();

/** GF(p) for a prime p (not re-proven here: rings reach this through a proven `Ring`). */
export function primeField(p: bigint): CoeffRing<bigint> {
  let f = PRIME_FIELDS.get(p);
  if (f) return f;
  const inv = (a: bigint): bigint => {
    const r = a === 0n ? undefined : modInverse(a, p);
    if (r === undefined) throw notUnit("0");
    return r;
  };
  f = {
    name: `GF(${p})`,
    ring: { $kind: "ring", kind: "GF", p },
    isField: true,
    characteristic: p,
    order: p,
    zero: 0n,
    one: 1n,
    add: (a, b) => {
      const s = a + b;
      return s >= p ? s - p : s;
    },
    sub: (a, b) => {
      const s = a - b;
      return s < 0n ? s + p : s;
    },
    neg: (a) => (a === 0n ? 0n : p - a),
    mul: (a, b) => (a * b) % p,
    isZero: (a) => a === 0n,
    eq: (a, b) => a === b,
    inv,
    divExact: (a, b) => (b === 0n ? undefined : (a * inv(b)) % p),
    fromInteger: (n) => mod(n, p),
    fromRational: (num, den) => {
      const d = mod(den, p);
      if (d === 0n) return undefined;
      return (mod(num, p) * inv(d)) % p;
    },
    format: (a) => a.toString(),
    bits: () => bitLength(p),
  };
  if (PRIME_FIELDS.size > 64) PRIME_FIELDS.clear();
  PRIME_FIELDS.set(p, f);
  return f;
}

/** The arithmetic of a polynomial coefficient ring. */
export function coeffRing(ring: PolyRing): CoeffRing<any> {
  switch (ring.kind) {
    case "ZZ":
      return integers;
    case "QQ":
      return rationals;
    case "GF":
      return primeField(ring.p);
    case "GFq":
      return extensionFieldArithmetic(ring);
  }
}

// ---------------------------------------------------------------------------------------------
// GF(p^k): owned by ff (domain/math/poly/gfq.ts). Until `extensionFieldRing` and
// `parseExtensionFieldWire` land there, these two hooks fail closed.
// TODO(ff): replace the bodies with `return extensionFieldRing(f)` / `return parseExtensionFieldWire(s, path)`.
// ---------------------------------------------------------------------------------------------
function extensionFieldArithmetic(f: ExtensionField): CoeffRing<FieldElement> {
  throw new JacobianError("DOMAIN_ERROR", `polynomials over GF(${f.p}^${f.k}) are not available yet`, { hint: "use GF(p), QQ or ZZ" });
}

function parseExtensionField(s: string, path: string): ExtensionField {
  throw new JacobianError("INVALID_PAYLOAD", `${path}: extension fields ${JSON.stringify(s.slice(0, 40))} are not available yet`, { path, hint: 'rings are "ZZ", "QQ" or "GF(p)" with p prime' });
}

/** The canonical ring string: "ZZ", "QQ", "GF(p)", "GF(p^k)" (default modulus) or "GF(p^k, modulus)". */
export function formatPolyRing(r: PolyRing): string {
  switch (r.kind) {
    case "ZZ":
    case "QQ":
      return r.kind;
    case "GF":
      return `GF(${r.p})`;
    case "GFq":
      return r.defaultModulus ? `GF(${r.p}^${r.k})` : `GF(${r.p}^${r.k}, ${formatDenseIn(r.modulus, "a")})`;
  }
}

/** A little-endian residue list as an expression in `v`, descending ("a^2 + 1"). */
export function formatDenseIn(c: readonly bigint[], v: string): string {
  const parts: string[] = [];
  for (let i = c.length - 1; i >= 0; i--) {
    const x = c[i]!;
    if (x === 0n) continue;
    const mono = i === 0 ? "" : i === 1 ? v : `${v}^${i}`;
    parts.push(mono === "" ? x.toString() : x === 1n ? mono : `${x}*${mono}`);
  }
  return parts.length ? parts.join(" + ") : "0";
}

const GF_PRIME_POWER = /^GF\(\s*[0-9]+\s*\^/;

/**
 * Parse a polynomial coefficient ring: "ZZ", "QQ", "GF(p)" (p proven prime) or an extension field
 * "GF(p^k)" / "GF(p^k, modulus)" (delegated to gfq.ts).
 */
export function parsePolyRingWire(s: string, path: string, maxPrimeDigits = 40): PolyRing {
  if (GF_PRIME_POWER.test(s)) return parseExtensionField(s, path);
  return parseRingWire(s, path, maxPrimeDigits);
}

/** Same ring (GF(p^k): same p, k and modulus). */
export function sameRing(a: PolyRing, b: PolyRing): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === "GF") return a.p === (b as typeof a).p;
  if (a.kind === "GFq") {
    const c = b as ExtensionField;
    return a.p === c.p && a.k === c.k && a.modulus.length === c.modulus.length && a.modulus.every((x, i) => x === c.modulus[i]);
  }
  return true;
}

/** Content helpers for ZZ and QQ coefficient lists (gcd of numerators / lcm of denominators). */
export function integerContent(xs: Iterable<bigint>): bigint {
  let g = 0n;
  for (const x of xs) {
    g = gcd(g, x);
    if (g === 1n) break;
  }
  return g;
}

export function rationalContent(xs: Iterable<Rational>): Rational {
  let n = 0n, d = 1n;
  for (const x of xs) {
    n = gcd(n, x.num);
    d = (d / gcd(d, x.den)) * x.den;
  }
  return n === 0n ? { num: 0n, den: 1n } : rational(n, d);
}

/** Whether `variables` may be used over `ring` (GF(p^k) reserves the generator name `a`). */
export function reservedName(ring: PolyRing): string | undefined {
  return ring.kind === "GFq" ? "a" : undefined;
}
