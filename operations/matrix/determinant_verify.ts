import { type } from "arktype";
import { defineChecker } from "../../domain/declaration.js";
import { domainError } from "../../domain/errors.js";
import type { Json } from "../../domain/json.js";
import { abs, bitLength, mod, modInverse, product } from "../../domain/math/integer.js";
import {
  clearDenominators, determinantModSmallPrime, gaussianDeterminantModSmallPrime, gaussianStepsModPrime, hadamardBound, ResidueSource, smallModulus, type IntMatrix,
} from "../../domain/math/matrix.js";
import type { Rational } from "../../domain/math/rational.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { formatRing, readRingScalar, type TypedMatrix } from "../../domain/kinds.js";
import { extensionBareissDeterminant } from "../../domain/math/linalg/extension.js";
import { formatFieldElement } from "../../domain/math/poly/gfq.js";
import type { FieldElement } from "../../domain/math/poly/types.js";
import { matrix, object, request } from "../_support/kinds.js";
import { naturalString, positiveString, strict } from "../_support/wire.js";
import {
  asInt, asRat, CHAR_COST, DETERMINANT_KIND, determinantClaimShape, FLOAT_STEP, hadamardBitsEstimate, MAX_DETERMINANT_CHARS, MAX_DIM, MAX_ENTRY_CHARS, measure, mulCost, requireSquare,
  runSteps, MatrixRingName, extensionOpCost,
} from "./support.js";

const Request = request({
  matrix: matrix(MAX_DIM, MAX_ENTRY_CHARS, { extension: true }),
  claim: object(determinantClaimShape(), DETERMINANT_KIND, "the claim: the value of matrix.determinant.compute unchanged ({ determinant, ring }), or { determinant } alone"),
});
type Req = typeof Request.infer;

const BIG = 2 * MAX_DETERMINANT_CHARS;
const Bindings = strict(
  type({
    ring: MatrixRingName,
    method: type("'multimodular' | 'gaussian_elimination_mod_p' | 'bareiss_in_field'").describe("multimodular (ZZ, QQ), Gaussian elimination in GF(p), or Bareiss fraction-free elimination in GF(p^k)"),
    "determinant?": type("string").atMostLength(BIG).describe("GF(p^k): the determinant found (canonical expression in a)"),
    "claim?": type("string").atMostLength(BIG).describe("GF(p^k): the claim as a canonical field element"),
    "hadamard_bound?": naturalString(BIG).describe("H ≥ |det| of the (denominator-cleared) integer matrix, by Hadamard's inequality"),
    "scale?": positiveString(BIG).describe("QQ: product of the row-wise common denominators; det = det(cleared integer matrix) / scale"),
    "moduli?": type("number.integer >= 0").describe("how many primes below 2^26 were used"),
    "moduli_product_bits?": type("number.integer >= 0").describe("bit length of the product M of the moduli (M > 2H)"),
    "prime?": positiveString(41).describe("the prime at which determinant and claim were compared (a counterexample when rejected)"),
    "determinant_mod_prime?": naturalString(41).describe("the determinant (× scale for QQ) modulo the prime"),
    "claim_mod_prime?": naturalString(41).describe("the claim (× scale for QQ) modulo the prime"),
  }),
);
type Bindings = typeof Bindings.infer;

const MULTIMODULAR =
  "ZZ and QQ: multimodular. QQ rows are first scaled to integers (det = det(Z)/scale, so claim·scale must be an integer). Hadamard's bound H ≥ |det(Z)| is computed; |claim·scale| > H is rejected at once. " +
  "Otherwise det(Z) is computed modulo consecutive primes below 2^26 by Gaussian elimination with field inverses (doubles, exact) until their product M exceeds 2H; " +
  "a mismatch at any prime rejects with that prime as counterexample; agreement at all of them proves equality (both lie in [−H, H] and M > 2H, so they are equal by the Chinese remainder theorem). " +
  "GF(p): Gaussian elimination with field inverses over GF(p). The producer matrix.determinant.compute uses Bareiss fraction-free elimination instead, so the two share no elimination code. " +
  "GF(p^k): Bareiss fraction-free elimination in the field (the producer uses Gaussian elimination with inverses).";

/** Number of residues kept verbatim in the evidence; beyond that they equal the claim mod each prime. */
const EVIDENCE_RESIDUES = 16;

export default defineChecker<Req>({
  id: "matrix.determinant.verify",
  version: "1.0.0",
  title: "Verify a claimed determinant of a square matrix over ZZ, QQ or GF(p)",
  summary:
    "Checks a claimed determinant independently of Bareiss elimination: over ZZ and QQ by determinants modulo enough primes below 2^26 that their product exceeds twice Hadamard's bound (Chinese remainder argument), " +
    "over GF(p) by Gaussian elimination with field inverses. Rejections carry a counterexample: the prime with both residues, or the bound the claim exceeds.",
  keywords: ["determinant", "det", "verify", "check", "certificate", "matrix", "multimodular", "chinese remainder", "crt", "hadamard bound", "modular", "finite field"],
  accepted_artifact_types: [],
  produced_artifact_types: ["evidence"],
  request: Request,
  bindings: Bindings,
  method: MULTIMODULAR,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "exact modular arithmetic in doubles and bigints" }],
  bounds: [
    { name: "dimension", limit: MAX_DIM, unit: "rows", description: "the matrix is n×n with n at most this" },
    { name: "entry_chars", limit: MAX_ENTRY_CHARS, unit: "characters", description: "each entry string has at most this many characters" },
    { name: "claim_chars", limit: MAX_DETERMINANT_CHARS, unit: "characters", description: "the claimed determinant has at most this many characters" },
    { name: "field_characteristic_digits", limit: 40, unit: "decimal digits", description: "p of GF(p) has at most 40 digits and must be a proven prime" },
  ],
  cost_model:
    "units ≈ 64-bit limb operations. GF(p^k): n³/3 Bareiss updates of three field products each (2k² residue steps per product). ZZ/QQ: k ≈ (log2 H + 1)/26 primes, log2 H ≈ Σ_rows (largest cleared entry bits + ½·log2 n); each prime costs a reduction of the n² entries (one step per 24 bits) and of the claim " +
    "and n³/3 modular multiply-subtracts in doubles (" + FLOAT_STEP + " unit each). GF(p): n³/3 modular multiply-subtracts (doubles for p < 2^26, bigints otherwise).",
  budget: { max_units: 5e9, max_memory_bytes: 512 * 2 ** 20, timeout_ms: 60_000 },
  progress_measure: "moduli done out of the number needed (GF(p): pivot steps done out of n)",
  preflight(req) {
    const s = measure(req.matrix);
    const n = Math.max(s.rows, s.cols);
    if (s.ring.kind === "GFq") {
      // Bareiss: three field products and a subtraction per update, n³/3 updates.
      return { units: ((n * n * n) / 3) * extensionOpCost(s.ring, true) * 2.5 + s.chars * CHAR_COST, memory_bytes: n * n * (s.ring.degree * 16 + 64) * 2 + s.chars * 4, basis: `${n}×${n} over GF(p^${s.ring.degree}) with p of ${s.ring.pBits} bits` };
    }
    if (s.ring.kind === "GF") {
      const per = s.ring.smallField ? FLOAT_STEP : mulCost(s.ring.pBits, s.ring.pBits) + mulCost(2 * s.ring.pBits, s.ring.pBits);
      return { units: ((n * n * n) / 3) * per + s.chars * CHAR_COST, memory_bytes: n * n * (s.ring.smallField ? 8 : Math.ceil(s.ring.pBits / 8) + 24) + s.chars * 4, basis: `${n}×${n} over GF(p) with p of ${s.ring.pBits} bits` };
    }
    const hBits = hadamardBitsEstimate(s);
    const primes = Math.ceil((hBits + 2) / 25.99);
    const reduce = n * s.rowBits.reduce((acc, b) => acc + (Math.ceil(b / 24) + 1) * FLOAT_STEP, 0);
    const maxBits = Math.max(0, ...s.rowBits);
    const units = primes * (((n * n * n) / 3) * FLOAT_STEP + reduce) + n * n * mulCost(maxBits, maxBits) + primes * mulCost(hBits, 26) + s.chars * CHAR_COST;
    const memory = 2 * n * n * 8 + n * n * Math.ceil(maxBits / 8) * 3 + Math.ceil(hBits / 4) * 4 + s.chars * 2;
    return { units, memory_bytes: memory, basis: `${n}×${n} over ${s.ring.kind}, Hadamard bound ≈ ${Math.round(hBits)} bits, about ${primes} primes below 2^26` };
  },
  ports: {
    inputs: {
      matrix: { field: "matrix", description: "the square matrix { ring, rows } whose determinant is claimed" },
      claim: { field: "claim", description: "the claimed determinant: the `determinant` output of matrix.determinant.compute" },
    },
    outputs: {},
  },
  async execute(req, ctx): Promise<CheckerFinding> {
    const m = requireSquare(req.matrix, "payload.matrix");
    const ring = formatRing(m.ring);
    const method = m.ring.kind === "GF" ? "gaussian_elimination_mod_p" : m.ring.kind === "GFq" ? "bareiss_in_field" : "multimodular";
    // ZZ ⊂ QQ: a determinant claimed over QQ for an integer matrix is the same number (a non-integral one is refuted below).
    if (req.claim.ring && formatRing(req.claim.ring) !== ring && !(ring === "ZZ" && formatRing(req.claim.ring) === "QQ")) {
      return { verdict: "rejected", bindings: { ring, method }, reason: `the claim is a determinant over ${formatRing(req.claim.ring)}; the matrix is over ${ring}` };
    }
    if (m.ring.kind === "GFq") {
      const c = formatFieldElement(readRingScalar(m.ring, req.claim.determinant, "payload.claim.determinant") as FieldElement);
      const d = formatFieldElement(extensionBareissDeterminant(m.ring, m.rows as FieldElement[][], () => ctx.checkpoint()));
      const bindings: Bindings = { ring, method, determinant: d, claim: c };
      return d === c ? { verdict: "accepted", bindings } : { verdict: "rejected", bindings, reason: `Bareiss elimination over ${ring} gives determinant ${d}; the claim is ${c}` };
    }
    // ZZ, QQ, GF(p): the claim is a rational (an expression in a is not an element of these rings)
    const claim = readRingScalar({ $kind: "ring", kind: "QQ" }, req.claim.determinant, "payload.claim.determinant") as Rational;
    if (m.ring.kind === "GF") {
      const p = m.ring.p;
      const c = claimModField(claim, p);
      const d = await runSteps(gaussianStepsModPrime(asInt(m), p), ctx, m.rows.length, `pivot steps over GF(${p})`);
      const bindings: Bindings = { ring, method: "gaussian_elimination_mod_p", prime: p.toString(), determinant_mod_prime: d.toString(), claim_mod_prime: c.toString() };
      return d === c
        ? { verdict: "accepted", bindings }
        : { verdict: "rejected", bindings, reason: `Gaussian elimination over GF(${p}) gives determinant ${d}; the claim is ${c} in GF(${p})` };
    }

    const { integer, scale } = cleared(m);
    const base: Bindings = { ring, method: "multimodular", ...(m.ring.kind === "QQ" ? { scale: scale.toString() } : {}) };
    if (m.ring.kind === "ZZ" && claim.den !== 1n) {
      return { verdict: "rejected", bindings: base, reason: "the determinant of an integer matrix is an integer; the claim is not" };
    }
    if (scale % claim.den !== 0n) {
      return { verdict: "rejected", bindings: base, reason: `det·scale is the determinant of an integer matrix, hence an integer, but the claim times the scale ${scale} is not an integer` };
    }
    const target = claim.num * (scale / claim.den);
    const H = hadamardBound(integer);
    if (abs(target) > H) {
      return {
        verdict: "rejected",
        bindings: { ...base, hadamard_bound: H.toString() },
        reason: `|claim${m.ring.kind === "QQ" ? " × scale" : ""}| exceeds Hadamard's bound ${H.toString().length > 60 ? `(${bitLength(H)} bits)` : H} on |det|`,
      };
    }
    const primes = modulusCount(H);
    const source = new ResidueSource(integer);
    const residues: number[] = [];
    const mismatch = await runSteps(
      (function* () {
        for (let i = 0; i < primes; i++) {
          const p = smallModulus(i);
          const d = gaussianDeterminantModSmallPrime(source.reduce(p), p);
          const c = Number(mod(target, BigInt(p)));
          if (d !== c) return { p, d, c };
          residues.push(d);
          yield i + 1;
        }
        return undefined;
      })(),
      ctx,
      primes,
      "primes: determinant modulo each, against the claim",
    );
    if (mismatch) {
      return {
        verdict: "rejected",
        bindings: { ...base, prime: String(mismatch.p), determinant_mod_prime: String(mismatch.d), claim_mod_prime: String(mismatch.c) },
        reason: `modulo the prime ${mismatch.p} the determinant${m.ring.kind === "QQ" ? " × scale" : ""} is ${mismatch.d} but the claim${m.ring.kind === "QQ" ? " × scale" : ""} is ${mismatch.c}`,
      };
    }
    const M = productOfModuli(primes);
    const evidence: Json = {
      method: "multimodular determinant with Hadamard's bound",
      ring,
      dimension: m.rows.length,
      hadamard_bound_bits: bitLength(H),
      moduli: {
        rule: `the ${primes} largest primes below 2^26, in descending order`,
        count: primes,
        ...(primes ? { largest: String(smallModulus(0)), smallest: String(smallModulus(primes - 1)) } : {}),
        product_bits: bitLength(M),
      },
      ...(primes <= EVIDENCE_RESIDUES
        ? { residues: residues.map(String) }
        : { residues_rule: "each residue equals the claim (× scale for QQ) reduced modulo its prime; they are not repeated here" }),
    };
    return {
      verdict: "accepted",
      bindings: { ...base, hadamard_bound: H.toString(), moduli: primes, moduli_product_bits: bitLength(M) },
      evidence,
    };
  },
  postcondition(req, f) {
    const m = req.matrix;
    const b = f.bindings as Bindings;
    if (b.ring !== formatRing(m.ring)) return "the bindings name another ring";
    if (f.verdict === "non_conclusion") return "this checker always reaches a verdict";
    if (req.claim.ring && formatRing(req.claim.ring) !== b.ring && !(b.ring === "ZZ" && formatRing(req.claim.ring) === "QQ")) return f.verdict === "rejected" ? null : "accepted a claim over another ring";
    if (m.ring.kind === "GFq") {
      if (b.method !== "bareiss_in_field" || b.determinant === undefined || b.claim === undefined) return "GF(p^k) findings carry the determinant and the claim";
      if (b.claim !== formatFieldElement(readRingScalar(m.ring, req.claim.determinant, "payload.claim.determinant") as FieldElement)) return "the claim binding is not the claim";
      return (b.determinant === b.claim) === (f.verdict === "accepted") ? null : "the verdict does not follow from the bindings";
    }
    const claim = readRingScalar({ $kind: "ring", kind: "QQ" }, req.claim.determinant, "payload.claim.determinant") as Rational;
    if (m.ring.kind === "GF") {
      const p = m.ring.p;
      if (b.method !== "gaussian_elimination_mod_p" || b.prime !== p.toString()) return "GF(p) findings are made by elimination modulo p";
      if (b.claim_mod_prime !== claimModField(claim, p).toString()) return "claim_mod_prime is not the claim in GF(p)";
      return (b.determinant_mod_prime === b.claim_mod_prime) === (f.verdict === "accepted") ? null : "the verdict does not follow from the residues";
    }
    const { integer, scale } = cleared(m);
    if (m.ring.kind === "QQ" && b.scale !== scale.toString()) return "the scale binding is not the product of the row denominators";
    if (f.verdict === "rejected") {
      if (b.prime !== undefined) {
        const p = Number(b.prime);
        if (!(Number.isInteger(p) && p > 2 && p < 2 ** 26)) return "the counterexample prime is not one of the moduli";
        if (scale % claim.den !== 0n) return "a residue counterexample needs an integral claim × scale";
        const target = claim.num * (scale / claim.den);
        if (b.claim_mod_prime !== mod(target, BigInt(p)).toString()) return "claim_mod_prime is not the claim modulo the prime";
        if (b.determinant_mod_prime !== String(determinantModSmallPrime(integer, p))) return "determinant_mod_prime is not the determinant modulo the prime";
        return b.claim_mod_prime !== b.determinant_mod_prime ? null : "the residues agree, so they are no counterexample";
      }
      if (m.ring.kind === "ZZ" && claim.den !== 1n) return null;
      if (scale % claim.den !== 0n) return null;
      if (b.hadamard_bound === undefined) return "a rejection must carry a counterexample (prime and residues, or the bound)";
      const H = hadamardBound(integer);
      if (b.hadamard_bound !== H.toString()) return "the hadamard_bound binding is not Hadamard's bound";
      return abs(claim.num * (scale / claim.den)) > H ? null : "the claim lies within the bound";
    }
    // accepted: the CRT argument must hold for the bindings given
    if (scale % claim.den !== 0n) return "accepted a claim whose scaled value is not an integer";
    const H = hadamardBound(integer);
    if (b.hadamard_bound !== H.toString() || b.moduli === undefined) return "an acceptance must carry the bound and the number of moduli";
    if (abs(claim.num * (scale / claim.den)) > H) return "accepted a claim above Hadamard's bound";
    const M = productOfModuli(b.moduli);
    if (!(M > 2n * H) || b.moduli_product_bits !== bitLength(M)) return "the moduli used do not exceed twice the bound";
    if (b.moduli > 0) {
      // Spot check at the first modulus (cheap): the acceptance must agree with a fresh residue.
      const p = smallModulus(0);
      if (determinantModSmallPrime(integer, p) !== Number(mod(claim.num * (scale / claim.den), BigInt(p)))) return `the claim disagrees with the determinant modulo ${p}`;
    }
    return null;
  },
  examples: [
    {
      title: "a correct integer determinant is accepted",
      payload: { matrix: { ring: "ZZ", rows: [["1", "2"], ["3", "4"]] }, claim: { determinant: "-2" } },
      expected: { verdict: "accepted", bindings: { ring: "ZZ", method: "multimodular", hadamard_bound: "12", moduli: 1 } },
    },
    {
      title: "a wrong value is rejected with a prime as counterexample",
      payload: { matrix: { ring: "ZZ", rows: [["1", "2"], ["3", "4"]] }, claim: { determinant: "-3" } },
      expected: { verdict: "rejected", bindings: { ring: "ZZ", method: "multimodular", prime: "67108859", determinant_mod_prime: "67108857", claim_mod_prime: "67108856" } },
    },
    {
      title: "a claim above Hadamard's bound is rejected at once",
      payload: { matrix: { ring: "ZZ", rows: [["1", "2"], ["3", "4"]] }, claim: { determinant: "1000" } },
      expected: { verdict: "rejected", bindings: { ring: "ZZ", method: "multimodular", hadamard_bound: "12" } },
    },
    {
      title: "a rational determinant is accepted",
      payload: { matrix: { ring: "QQ", rows: [["1/2", "1/3"], ["1/4", "1/5"]] }, claim: { determinant: "1/60" } },
      expected: { verdict: "accepted", bindings: { ring: "QQ", method: "multimodular", scale: "120" } },
    },
    {
      title: "over GF(7) the claim is compared as a field element",
      payload: { matrix: { ring: "GF(7)", rows: [["3", "5"], ["2", "6"]] }, claim: { determinant: "8" } },
      expected: { verdict: "accepted", bindings: { ring: "GF(7)", method: "gaussian_elimination_mod_p", prime: "7", determinant_mod_prime: "1", claim_mod_prime: "1" } },
    },
    {
      title: "a wrong value over GF(7) is rejected",
      payload: { matrix: { ring: "GF(7)", rows: [["3", "5"], ["2", "6"]] }, claim: { determinant: "2" } },
      expected: { verdict: "rejected", bindings: { ring: "GF(7)", method: "gaussian_elimination_mod_p", prime: "7", determinant_mod_prime: "1", claim_mod_prime: "2" } },
    },
    {
      title: "over GF(3^2) by Bareiss elimination in the field",
      payload: { matrix: { ring: "GF(3^2)", rows: [["a", "1"], ["1", "a"]] }, claim: { determinant: "a", ring: "GF(3^2)" } },
      expected: { verdict: "accepted", bindings: { ring: "GF(3^2)", method: "bareiss_in_field", determinant: "a", claim: "a" } },
    },
    {
      title: "a wrong GF(3^2) determinant is rejected",
      payload: { matrix: { ring: "GF(3^2)", rows: [["a", "1"], ["1", "a"]] }, claim: { determinant: "a + 1" } },
      expected: { verdict: "rejected", bindings: { ring: "GF(3^2)", method: "bareiss_in_field", determinant: "a", claim: "a + 1" } },
    },
  ],
});

/** The claimed element of GF(p): num · den⁻¹ mod p (DOMAIN_ERROR when den ≡ 0). */
function claimModField(claim: Rational, p: bigint): bigint {
  const inv = modInverse(claim.den, p);
  if (inv === undefined) throw domainError(`the claimed determinant is not an element of GF(${p}): its denominator is divisible by ${p}`, "payload.claim.determinant");
  return mod(claim.num * inv, p);
}

function cleared(m: TypedMatrix): { integer: IntMatrix; scale: bigint } {
  if (m.ring.kind === "QQ") {
    const { integer, scale } = clearDenominators(asRat(m));
    return { integer, scale };
  }
  return { integer: asInt(m), scale: 1n };
}

/** Fewest consecutive moduli (from the top) whose product exceeds 2H. */
function modulusCount(H: bigint): number {
  const twoH = 2n * H;
  // Estimate with logarithms, then settle exactly (the estimate is never more than a modulus off).
  const target = bitLength(twoH);
  let k = 0, bits = 0;
  while (bits < target - 1) bits += Math.log2(smallModulus(k++));
  while (k > 0 && productOfModuli(k - 1) > twoH) k--;
  while (productOfModuli(k) <= twoH) k++;
  return k;
}

function productOfModuli(k: number): bigint {
  return product(Array.from({ length: k }, (_, i) => BigInt(smallModulus(i))));
}
