import { type } from "arktype";
import { bitLength, mod } from "../../domain/math/integer.js";
import { charpolyBoundBits, FlatResidues, primesForBits } from "../../domain/math/linalg/charpoly.js";
import { charpolyBerkowitz } from "../../domain/math/linalg/field.js";
import { elementOfIndex, extensionBareissDeterminant, extensionCharpolyBerkowitz, extensionDeterminant } from "../../domain/math/linalg/extension.js";
import { extensionFieldRing, formatFieldElement } from "../../domain/math/poly/gfq.js";
import type { FieldElement } from "../../domain/math/poly/types.js";
import { EXT } from "./linalg.js";
import { determinantModPrime, gaussianDeterminantModSmallPrime, smallModulus } from "../../domain/math/matrix.js";
import { primeField } from "../../domain/math/poly/rings.js";
import { rational, type Rational } from "../../domain/math/rational.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { formatRing, type TypedMatrix } from "../../domain/kinds.js";
import { object, request } from "../_support/kinds.js";
import { naturalString, positiveString, strict } from "../_support/wire.js";
import { MatrixRingName } from "./support.js";
import { asInt, asRat, FLOAT_STEP, MAX_DIM } from "./support.js";
import { CHARPOLY_KIND, charpolyEstimate, charpolyShape, fromPolynomial, inputMatrix, matrixChecker, rationals, square } from "./structure.js";

const Request = request({
  matrix: inputMatrix(MAX_DIM, EXT),
  claim: object(charpolyShape(), CHARPOLY_KIND, "the claim: the value of matrix.characteristic_polynomial.compute unchanged"),
});
type Req = typeof Request.infer;

const Bindings = strict(
  type({
    ring: MatrixRingName,
    method: type("'evaluation_multimodular' | 'evaluation_mod_p' | 'berkowitz_mod_p' | 'evaluation_in_field' | 'berkowitz_in_field' | 'shape'").describe("how the claim was compared (see the method)"),
    "point_index?": type("number.integer >= 0").describe("GF(p^k): the index i of the evaluation point t (t has the base-p digits of i as coefficients in a, lowest first)"),
    "value?": type("string").atMostLength(1_000_000).describe("GF(p^k): det(tI − A) at the counterexample point"),
    "claim_value?": type("string").atMostLength(1_000_000).describe("GF(p^k): the claim at that point"),
    "coefficient_bound_bits?": type("number.integer >= 0").describe("ZZ/QQ: B with |every coefficient of det(xI − B)| < 2^B (B = d·A integral)"),
    "scale?": positiveString(1_000_000).describe("QQ: the common denominator d of the entries"),
    "moduli?": type("number.integer >= 0").describe("primes below 2^26 used (their product exceeds 2^(B+1))"),
    "prime?": positiveString(41).describe("the prime of the counterexample"),
    "point?": naturalString(41).describe("the point t of the counterexample: det(tI − A) ≠ claim(t) modulo the prime"),
    "value_mod_prime?": naturalString(41).describe("det(tI − A) (QQ: of d·A) modulo the prime"),
    "claim_mod_prime?": naturalString(41).describe("the claim at t modulo the prime"),
    "coefficient?": type("number.integer >= 0").describe("the exponent of a coefficient that is impossible (shape rejections)"),
  }),
);
type Bindings = typeof Bindings.infer;

const METHOD =
  "Evaluation, not Hessenberg reduction: a monic polynomial of degree n equals det(xI − A) iff they agree at n distinct points. " +
  "ZZ (QQ: on B = d·A, the claim rescaled to c_k·d^(n−k), which must be integers): every coefficient of det(xI − B) is bounded by C(n,k)·(product of the k largest row norms) < 2^B; a claim coefficient above that bound is rejected; " +
  "otherwise, modulo each of the primes below 2^26 whose product exceeds 2^(B+1), det(tI − B) is computed by Gaussian elimination for t = 0..n−1 and compared with the claim at t: a mismatch is a counterexample (prime, t, both values); agreement everywhere proves equality (Chinese remainder theorem). " +
  "GF(p): evaluation at t = 0..n−1 when p ≥ n; for p < n Berkowitz's division-free algorithm over GF(p). " +
  "GF(p^k): evaluation at the n field elements of index 0..n−1 (determinants of tI − A by Gaussian elimination in the field) when q = p^k ≥ n, else Berkowitz's algorithm over the field.";

export default matrixChecker<Req>({
  id: "matrix.characteristic_polynomial.verify",
  title: "Verify a claimed characteristic polynomial of a square matrix",
  summary:
    "Checks a claimed det(xI − A) over ZZ, QQ or GF(p) without Hessenberg reduction: by determinants of tI − A at n points modulo enough primes to exceed a proven coefficient bound (a deterministic proof), " +
    "or over GF(p) by evaluation (p ≥ n) or Berkowitz's algorithm (p < n). Rejections carry the prime, the point and both values, or the violated bound.",
  keywords: ["characteristic polynomial", "charpoly", "verify", "check", "certificate", "evaluation", "multimodular", "determinant", "matrix"],
  request: Request,
  bindings: Bindings,
  method: METHOD,
  bounds: [
    { name: "dimension", limit: MAX_DIM, unit: "rows", description: "the matrix is n×n with n at most this" },
    { name: "entry_chars", limit: 2_000, unit: "characters", description: "each entry string has at most this many characters" },
    { name: "field_characteristic_digits", limit: 40, unit: "decimal digits", description: "p of GF(p) has at most 40 digits and must be a proven prime" },
  ],
  cost_model: "units ≈ 64-bit limb operations: the producer's estimate times n/2 (n determinants of n³/3 steps per prime instead of one n³ reduction), plus the claim's reductions.",
  budget: { max_units: 2e10, max_memory_bytes: 512 * 2 ** 20, timeout_ms: 120_000 },
  preflight(req) {
    const e = charpolyEstimate(req.matrix);
    const n = req.matrix.rows.length;
    return { units: e.units * Math.max(1, n / 2) + n * n * FLOAT_STEP * 4, memory_bytes: e.memory_bytes * 2, basis: e.basis + `; ${n} evaluation points per prime` };
  },
  ports: {
    inputs: {
      matrix: { field: "matrix", description: "the square matrix { ring, rows }" },
      claim: { field: "claim", description: "the claimed characteristic polynomial: the output of matrix.characteristic_polynomial.compute" },
    },
    outputs: {},
  },
  execute(req, ctx): CheckerFinding {
    return check(req, () => ctx.checkpoint());
  },
  postcondition(req, f) {
    const b = f.bindings as Bindings;
    if (b.ring !== formatRing(req.matrix.ring)) return "the bindings name another ring";
    if (f.verdict === "non_conclusion") return "this checker always reaches a verdict";
    if (f.verdict === "rejected" && b.point_index !== undefined && req.matrix.ring.kind === "GFq") {
      const F = req.matrix.ring, R = extensionFieldRing(F);
      const t = elementOfIndex(F, BigInt(b.point_index));
      const v = extensionBareissDeterminant(F, (req.matrix.rows as FieldElement[][]).map((r, a) => r.map((x, c) => (a === c ? R.sub(t, x) : R.neg(x)))));
      return formatFieldElement(v) === b.value && b.value !== b.claim_value ? null : "the counterexample does not hold";
    }
    if (f.verdict === "rejected" && b.prime !== undefined && b.point !== undefined) {
      // the counterexample must hold: recompute det(tI − B) modulo the prime independently (bigint elimination)
      const { B } = scaled(req.matrix);
      const p = BigInt(b.prime), t = BigInt(b.point);
      const v = determinantModPrime(B.map((r, i) => r.map((x, j) => mod(i === j ? t - x : -x, p))), p);
      return v.toString() === b.value_mod_prime && b.value_mod_prime !== b.claim_mod_prime ? null : "the counterexample does not hold";
    }
    return null;
  },
  examples: [
    {
      title: "the producer's value is accepted",
      payload: { matrix: { ring: "ZZ", rows: [["1", "2"], ["3", "4"]] }, claim: { characteristic_polynomial: { ring: "ZZ", variables: ["x"], expression: "x^2 - 5*x - 2" } } },
      expected: { verdict: "accepted", bindings: { ring: "ZZ", method: "evaluation_multimodular", coefficient_bound_bits: 6, moduli: 1 } },
    },
    {
      title: "a wrong coefficient is rejected with a point and a prime",
      payload: { matrix: { ring: "ZZ", rows: [["1", "2"], ["3", "4"]] }, claim: { characteristic_polynomial: { ring: "ZZ", variables: ["x"], expression: "x^2 - 5*x + 2" } } },
      expected: { verdict: "rejected", bindings: { ring: "ZZ", method: "evaluation_multimodular", coefficient_bound_bits: 6, prime: "67108859", point: "0", value_mod_prime: "67108857", claim_mod_prime: "2" } },
    },
    {
      title: "over GF(2) with n > p, by Berkowitz",
      payload: { matrix: { ring: "GF(2)", rows: [["1", "1", "0"], ["0", "1", "1"], ["1", "0", "1"]] }, claim: { characteristic_polynomial: { ring: "GF(2)", variables: ["x"], expression: "x^3 + x^2 + x" } } },
      expected: { verdict: "accepted", bindings: { ring: "GF(2)", method: "berkowitz_mod_p" } },
    },
    {
      title: "over GF(2^2) by evaluation at field elements",
      payload: { matrix: { ring: "GF(2^2)", rows: [["0", "1"], ["1", "a"]] }, claim: { characteristic_polynomial: { ring: "GF(2^2)", variables: ["x"], expression: "x^2 + a*x + 1" } } },
      expected: { verdict: "accepted", bindings: { ring: "GF(2^2)", method: "evaluation_in_field" } },
    },
    {
      title: "a wrong GF(2^2) claim is rejected at a point",
      payload: { matrix: { ring: "GF(2^2)", rows: [["0", "1"], ["1", "a"]] }, claim: { characteristic_polynomial: { ring: "GF(2^2)", variables: ["x"], expression: "x^2 + x + 1" } } },
      expected: { verdict: "rejected", bindings: { ring: "GF(2^2)", method: "evaluation_in_field", point_index: 1, value: "a", claim_value: "1" } },
    },
  ],
});

/** B = d·A integral (d = 1 over ZZ), d. */
function scaled(m: TypedMatrix): { B: bigint[][]; d: bigint } {
  if (m.ring.kind !== "QQ") return { B: asInt(m), d: 1n };
  let d = 1n;
  for (const r of asRat(m)) for (const v of r) if (v.den !== 1n) { let x = d, y = v.den; while (y) [x, y] = [y, x % y]; d = (d / x) * v.den; }
  return { B: asRat(m).map((r) => r.map((v) => v.num * (d / v.den))), d };
}

function check(req: Req, tick: () => void): CheckerFinding {
  const m = req.matrix;
  const n = square(m, "payload.matrix", "the characteristic polynomial");
  const ring = formatRing(m.ring);
  const claimRing = formatRing(req.claim.characteristic_polynomial.ring as never);
  const poly = req.claim.characteristic_polynomial;
  // ZZ ⊂ QQ: a claim over QQ about an integer matrix is checked as the same polynomial (a non-integral coefficient is refuted below).
  if (claimRing !== ring && !(ring === "ZZ" && claimRing === "QQ")) return { verdict: "rejected", bindings: { ring, method: "shape" }, reason: `the claim is a polynomial over ${claimRing}; the matrix is over ${ring}` };
  if (poly.variables.length !== 1) return { verdict: "rejected", bindings: { ring, method: "shape" }, reason: "the characteristic polynomial is univariate; the claim has " + poly.variables.length + " variables" };
  if (m.ring.kind === "GFq") {
    const F = m.ring, R = extensionFieldRing(F);
    const c = fromPolynomial(poly, R) as FieldElement[];
    if (c.length !== n + 1 || !R.eq(c[n]!, R.one)) return { verdict: "rejected", bindings: { ring, method: "shape", coefficient: n }, reason: `det(xI − A) is monic of degree ${n}; the claim is not` };
    const A = m.rows as FieldElement[][];
    if (R.order < BigInt(n)) {
      const truth = extensionCharpolyBerkowitz(F, A, tick);
      const k = truth.findIndex((v, i) => !R.eq(v, c[i]!));
      return k < 0 ? { verdict: "accepted", bindings: { ring, method: "berkowitz_in_field" } } : { verdict: "rejected", bindings: { ring, method: "berkowitz_in_field", coefficient: k }, reason: `the coefficient of x^${k} is ${formatFieldElement(truth[k]!)}, the claim has ${formatFieldElement(c[k]!)}` };
    }
    // A monic polynomial of degree n agreeing with det(xI − A) at n distinct points is det(xI − A).
    for (let i = 0; i < n; i++) {
      const t = elementOfIndex(F, BigInt(i));
      const v = extensionDeterminant(F, A.map((r, a) => r.map((x, b) => (a === b ? R.sub(t, x) : R.neg(x)))), tick);
      let w = R.zero;
      for (let j = n; j >= 0; j--) w = R.add(R.mul(w, t), c[j]!);
      if (!R.eq(v, w)) return { verdict: "rejected", bindings: { ring, method: "evaluation_in_field", point_index: i, value: formatFieldElement(v), claim_value: formatFieldElement(w) }, reason: `at t = ${formatFieldElement(t)}: det(tI − A) = ${formatFieldElement(v)} but the claim gives ${formatFieldElement(w)}` };
    }
    return { verdict: "accepted", bindings: { ring, method: "evaluation_in_field" } };
  }
  if (m.ring.kind === "GF") {
    const p = m.ring.p;
    const F = primeField(p);
    const c = fromPolynomial(poly, F) as bigint[];
    if (c.length !== n + 1 || c[n] !== 1n) return { verdict: "rejected", bindings: { ring, method: "shape", coefficient: n }, reason: `det(xI − A) is monic of degree ${n}; the claim is not` };
    if (p < BigInt(n)) {
      const truth = charpolyBerkowitz(F, asInt(m), tick);
      const k = truth.findIndex((v, i) => v !== c[i]);
      return k < 0 ? { verdict: "accepted", bindings: { ring, method: "berkowitz_mod_p" } } : { verdict: "rejected", bindings: { ring, method: "berkowitz_mod_p", coefficient: k }, reason: `the coefficient of x^${k} is ${truth[k]} in GF(${p}), the claim has ${c[k]}` };
    }
    for (let t = 0n; t < BigInt(n); t++) {
      tick();
      const v = determinantModPrime(asInt(m).map((r, i) => r.map((x, j) => mod(i === j ? t - x : -x, p))), p);
      let w = 0n;
      for (let i = n; i >= 0; i--) w = (w * t + c[i]!) % p;
      if (v !== w) return { verdict: "rejected", bindings: { ring, method: "evaluation_mod_p", prime: p.toString(), point: t.toString(), value_mod_prime: v.toString(), claim_mod_prime: w.toString() }, reason: `det(${t}·I − A) = ${v} in GF(${p}) but the claim at ${t} is ${w}` };
    }
    return { verdict: "accepted", bindings: { ring, method: "evaluation_mod_p" } };
  }
  const c = fromPolynomial(poly, rationals) as Rational[];
  if (c.length !== n + 1 || c[n]!.num !== 1n || c[n]!.den !== 1n) return { verdict: "rejected", bindings: { ring, method: "shape", coefficient: n }, reason: `det(xI − A) is monic of degree ${n}; the claim is not` };
  const { B, d } = scaled(m);
  const base: Bindings = { ring, method: "evaluation_multimodular", ...(m.ring.kind === "QQ" ? { scale: d.toString() } : {}) };
  // claim for B: e_k = c_k · d^(n−k)
  const e: bigint[] = [];
  for (let k = 0; k <= n; k++) {
    const v = rational(c[k]!.num * d ** BigInt(n - k), c[k]!.den);
    if (v.den !== 1n) return { verdict: "rejected", bindings: { ...base, method: "shape", coefficient: k }, reason: `det(xI − d·A) has integer coefficients, but the claim's coefficient of x^${k} times d^${n - k} is not an integer` };
    e.push(v.num);
  }
  const bits = charpolyBoundBits(B);
  base.coefficient_bound_bits = bits;
  const k = e.findIndex((v) => bitLength(v < 0n ? -v : v) > bits);
  if (k >= 0) return { verdict: "rejected", bindings: { ...base, coefficient: k }, reason: `the coefficient of x^${k}${m.ring.kind === "QQ" ? " (times d^(n−k))" : ""} exceeds the proven bound 2^${bits}` };
  const primes = primesForBits(bits + 1);
  const src = new FlatResidues(B);
  for (let i = 0; i < primes; i++) {
    tick();
    const p = smallModulus(i);
    const P = BigInt(p);
    const flat = src.reduce(p);
    const em = e.map((v) => Number(mod(v, P)));
    for (let t = 0; t < n; t++) {
      const rows: Float64Array[] = [];
      for (let r = 0; r < n; r++) {
        const row = new Float64Array(n);
        for (let j = 0; j < n; j++) { const x = flat[r * n + j]!; row[j] = x === 0 ? 0 : p - x; }
        row[r] = (row[r]! + t) % p;
        rows.push(row);
      }
      const v = gaussianDeterminantModSmallPrime(rows, p);
      let w = 0n;
      for (let j = n; j >= 0; j--) w = (w * BigInt(t) + BigInt(em[j]!)) % P;
      if (BigInt(v) !== w) {
        return { verdict: "rejected", bindings: { ...base, prime: String(p), point: String(t), value_mod_prime: String(v), claim_mod_prime: w.toString() }, reason: `modulo ${p}, det(${t}·I − ${m.ring.kind === "QQ" ? "d·A" : "A"}) = ${v} but the claim gives ${w}` };
      }
    }
  }
  return { verdict: "accepted", bindings: { ...base, moduli: primes } };
}
