import { defineCompute } from "../../domain/declaration.js";
import { mod } from "../../domain/math/integer.js";
import { determinantSteps, DIXON_MIN_DIM, determinantWork } from "../../domain/math/linalg/determinant.js";
import { bareissStepsModPrime, clearDenominators, determinantModPrime, determinantModSmallPrime, smallModulus } from "../../domain/math/matrix.js";
import { extensionBareissDeterminant, extensionDeterminant } from "../../domain/math/linalg/extension.js";
import { formatFieldElement } from "../../domain/math/poly/gfq.js";
import type { FieldElement } from "../../domain/math/poly/types.js";
import { rational, type Rational } from "../../domain/math/rational.js";
import { formatRing, readRingScalar } from "../../domain/kinds.js";
import { matrix, request, result } from "../_support/kinds.js";
import {
  asInt, asRat, BIGINT_OVERHEAD, CHAR_COST, DETERMINANT_KIND, determinantCheckpoint, determinantShape, extensionOpCost, FLOAT_STEP, hadamardBitsEstimate, LOG2_10, MAX_DETERMINANT_CHARS, MAX_DIM, MAX_ENTRY_CHARS, measure, mulCost,
  reconstructCost, requireSquare, runCounted, runSteps,
} from "./support.js";

const Request = request({ matrix: matrix(MAX_DIM, MAX_ENTRY_CHARS, { extension: true }) });
const Result = result(determinantShape(), DETERMINANT_KIND);
type Req = typeof Request.infer;
type Res = typeof Result.infer;

/** The prime of the postcondition's independent residue check (Gaussian elimination mod p). */
const CHECK_PRIME = smallModulus(0);

export default defineCompute<Req, Res>({
  id: "matrix.determinant.compute",
  version: "1.0.0",
  title: "Exact determinant of a square matrix over ZZ, QQ, GF(p) or GF(p^k)",
  summary:
    "Exact determinant of an n×n matrix (n ≤ 500) over the integers ZZ, the rationals QQ, a prime field GF(p) or a finite field GF(p^k). ZZ and QQ (denominators cleared row by row): " +
    "a proven divisor d of det from Dixon p-adic lifting of A·x = b, then det/d by Chinese remaindering modulo word-size primes up to Hadamard's bound (plain multimodular elimination for small n or entries of 2^32 and more); " +
    "GF(p): Bareiss fraction-free elimination; GF(p^k): Gaussian elimination in the field (the result an expression in the generator a). The 0×0 matrix has determinant 1. The matrix can be bound by a value:// reference through the `matrix` port; the whole result is published on the `determinant` port, which matrix.determinant.verify takes as its claim.",
  keywords: ["determinant", "det", "matrix", "square matrix", "multimodular", "dixon", "hadamard bound", "chinese remainder", "bareiss", "fraction-free", "gaussian elimination", "linear algebra", "singular", "integer matrix", "rational matrix", "finite field", "modular", "extension field", "gf(p^k)"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "word-size modular elimination in doubles, p-adic lifting, CRT and rational reconstruction in bigints" }],
  bounds: [
    { name: "dimension", limit: MAX_DIM, unit: "rows", description: "the matrix is n×n with n at most this" },
    { name: "entry_chars", limit: MAX_ENTRY_CHARS, unit: "characters", description: "each entry string (integer, rational p/q, or residue) has at most this many characters" },
    { name: "field_characteristic_digits", limit: 40, unit: "decimal digits", description: "p of GF(p) and GF(p^k) has at most 40 digits and must be a proven prime" },
    { name: "extension_degree", limit: 256, unit: "k", description: "GF(p^k) has 2 ≤ k ≤ 256; an explicit modulus is proven irreducible" },
    { name: "determinant_chars", limit: MAX_DETERMINANT_CHARS, unit: "characters", description: "requests whose determinant could exceed this size (Hadamard's bound plus the QQ denominator) are refused in preflight" },
  ],
  cost_model:
    "units ≈ 64-bit limb operations (a double-precision modular multiply-add counts " + FLOAT_STEP + "; each bigint operation also counts a fixed overhead of " +
    BIGINT_OVERHEAD +
    "). ZZ/QQ with h = bits of Hadamard's bound of the row-cleared matrix and 2^b the word-size prime bound (b = 22 for n ≤ 500): when n ≥ " + DIXON_MIN_DIM + " and entries are below 2^32, " +
    "one LU mod p (n³/3 steps), ⌈2h/b⌉ lifting steps of 3n² steps each, rational reconstruction of a few entries (quadratic in 2h bits) and a few primes for the cofactor det/d (n³/3 steps each); " +
    "otherwise ⌈h/b⌉ primes of n³/3 steps each. (A structured matrix whose divisor d is small, or a singular one, then needs up to the full ⌈h/b⌉ primes: " +
    "the estimate is the typical case, the timeout bounds the rest.) GF(p): (n³/3)·(3 modular products) in doubles for p < 2^26, in bigints otherwise, twice (Bareiss and the postcondition's Gaussian elimination). " +
    "GF(p^k): n³/3 field multiply-adds of Gaussian elimination and 2.5·n³/3 of the postcondition's Bareiss elimination, each a few Zech-table lookups for q ≤ 2^16, a k×k product on residue arrays (k² multiply-adds) for p < 2^26, 2k² bigint products above. " +
    "Memory: a few n×n arrays of doubles, the lifting digits (2h/b · n doubles), the Hadamard bound's product.",
  budget: { max_units: 5e9, max_memory_bytes: 512 * 2 ** 20, timeout_ms: 60_000 },
  progress_measure: "work steps done (lifting steps and primes) out of an estimate",
  // ZZ/QQ: the divisor and the residues done are saved about once a second; a run taken over by
  // another worker resumes from them (GF(p) elimination restarts: it is one pass).
  recovery: "checkpoint",
  preflight(req) {
    return estimate(req);
  },
  ports: {
    inputs: { matrix: { field: "matrix", description: "the square matrix { ring, rows }" } },
    outputs: { determinant: { field: ".", description: "the whole result { determinant, ring }: the claim of matrix.determinant.verify" } },
  },
  async execute(req, ctx) {
    const m = requireSquare(req.matrix, "payload.matrix");
    switch (m.ring.kind) {
      case "ZZ": {
        const cp = determinantCheckpoint(ctx);
        return { determinant: rational(await runCounted(determinantSteps(asInt(m), cp.done), ctx, undefined, cp.snapshot)), ring: m.ring };
      }
      case "QQ": {
        const { integer, scale } = clearDenominators(asRat(m));
        const cp = determinantCheckpoint(ctx);
        const d = await runCounted(determinantSteps(integer, cp.done), ctx, undefined, cp.snapshot);
        return { determinant: rational(d, scale), ring: m.ring };
      }
      case "GF":
        return { determinant: rational(await runSteps(bareissStepsModPrime(asInt(m), m.ring.p), ctx, Math.max(0, m.rows.length - 1), "pivot steps")), ring: m.ring };
      case "GFq":
        return { determinant: formatFieldElement(extensionDeterminant(m.ring, m.rows as FieldElement[][], () => ctx.checkpoint())), ring: m.ring };
    }
  },
  postcondition(req, res) {
    const m = req.matrix;
    if (res.ring.kind !== m.ring.kind || (m.ring.kind === "GF" && res.ring.kind === "GF" && res.ring.p !== m.ring.p)) return "the result ring differs from the input ring";
    if (res.ring.kind === "GFq" || m.ring.kind === "GFq") {
      if (res.ring.kind !== "GFq" || m.ring.kind !== "GFq" || formatRing(res.ring) !== formatRing(m.ring)) return "the result ring differs from the input ring";
      // Bareiss fraction-free elimination: no code shared with the producer's Gaussian elimination.
      const claimed = readRingScalar(m.ring, res.determinant, "result.determinant") as FieldElement;
      const d = extensionBareissDeterminant(m.ring, m.rows as FieldElement[][]);
      return claimed.length === d.length && claimed.every((c, i) => c === d[i]) ? null : "the determinant disagrees with Bareiss elimination over the field";
    }
    const P = BigInt(CHECK_PRIME);
    const r = res.determinant as Rational;
    switch (m.ring.kind) {
      case "ZZ": {
        if (r.den !== 1n) return "the determinant of an integer matrix must be an integer";
        const expected = determinantModSmallPrime(asInt(m), CHECK_PRIME);
        return Number(mod(r.num, P)) === expected ? null : `the determinant disagrees with Gaussian elimination modulo ${CHECK_PRIME}`;
      }
      case "QQ": {
        const { integer, scale } = clearDenominators(asRat(m));
        if (scale % r.den !== 0n) return "the determinant's denominator does not divide the product of the row denominators";
        const scaled = r.num * (scale / r.den);
        return Number(mod(scaled, P)) === determinantModSmallPrime(integer, CHECK_PRIME) ? null : `the determinant disagrees with Gaussian elimination modulo ${CHECK_PRIME}`;
      }
      case "GF": {
        const p = m.ring.p;
        if (r.den !== 1n || r.num < 0n || r.num >= p) return `the determinant must be a residue in 0..${p - 1n}`;
        return r.num === determinantModPrime(asInt(m), p) ? null : `the determinant disagrees with Gaussian elimination over GF(${p})`;
      }
    }
  },
  examples: [
    { title: "a 2×2 integer matrix", payload: { matrix: { ring: "ZZ", rows: [["1", "2"], ["3", "4"]] } }, expected: { determinant: "-2", ring: "ZZ" } },
    { title: "a 3×3 integer matrix", payload: { matrix: { ring: "ZZ", rows: [["6", "1", "1"], ["4", "-2", "5"], ["2", "8", "7"]] } }, expected: { determinant: "-306", ring: "ZZ" } },
    { title: "a singular matrix has determinant 0", payload: { matrix: { ring: "ZZ", rows: [["2", "0", "1"], ["1", "3", "2"], ["1", "1", "1"]] } }, expected: { determinant: "0", ring: "ZZ" } },
    {
      title: "entries beyond 2^53 stay exact",
      payload: { matrix: { ring: "ZZ", rows: [["12345678901234567890", "1"], ["1", "98765432109876543210"]] } },
      expected: { determinant: "1219326311370217952237463801111263526899", ring: "ZZ" },
    },
    { title: "a rational matrix (canonical p/q result)", payload: { matrix: { ring: "QQ", rows: [["1/2", "1/3"], ["1/4", "1/5"]] } }, expected: { determinant: "1/60", ring: "QQ" } },
    { title: "over the prime field GF(7)", payload: { matrix: { ring: "GF(7)", rows: [["3", "5"], ["2", "6"]] } }, expected: { determinant: "1", ring: "GF(7)" } },
    { title: "singular over GF(5) though not over ZZ", payload: { matrix: { ring: "GF(5)", rows: [["1", "2"], ["3", "1"]] } }, expected: { determinant: "0", ring: "GF(5)" } },
    { title: "the 0×0 matrix has determinant 1", payload: { matrix: { ring: "ZZ", rows: [] } }, expected: { determinant: "1", ring: "ZZ" } },
    { title: "over GF(3^2) (default modulus a^2 + 2a + 2): det [[a, 1], [1, a]] = a^2 − 1", payload: { matrix: { ring: "GF(3^2)", rows: [["a", "1"], ["1", "a"]] } }, expected: { determinant: "a", ring: "GF(3^2)" } },
    { title: "over GF(2^3) with an explicit (non-default) modulus", payload: { matrix: { ring: "GF(2^3, a^3 + a^2 + 1)", rows: [["a", "a^2"], ["1", "a + 1"]] } }, expected: { determinant: "a", ring: "GF(2^3, a^3 + a^2 + 1)" } },
  ],
});

/** Preflight: see cost_model. */
function estimate(req: Req) {
  const s = measure(req.matrix);
  const n = Math.max(s.rows, s.cols);
  if (s.ring.kind === "GFq") {
    // Gaussian elimination (one multiply-add per update) and the postcondition's Bareiss (two and a half)
    return { units: 3.5 * ((n * n * n) / 3) * extensionOpCost(s.ring, true) + s.chars * CHAR_COST, memory_bytes: 2 * n * n * (s.ring.degree * (s.ring.smallField ? 8 : s.ring.pBits / 8 + 24) + 64) + s.chars * 4, basis: `${n}×${n} over GF(p^${s.ring.degree}) with p of ${s.ring.pBits} bits` };
  }
  if (s.ring.kind === "GF") {
    const updates = (n * n * n) / 3;
    const pb = s.ring.pBits;
    // Bareiss (two products and two reductions per entry) + the postcondition's Gaussian elimination (one of each).
    const perUpdate = s.ring.smallField ? 2.5 * FLOAT_STEP : 3 * mulCost(pb, pb) + 3 * mulCost(2 * pb, pb);
    const entryBytes = s.ring.smallField ? 8 : Math.ceil(pb / 8) + 24;
    return {
      units: updates * perUpdate + n * n * mulCost(s.maxNumBits, pb) + s.chars * CHAR_COST,
      memory_bytes: 2 * n * n * entryBytes + s.chars * 4,
      basis: `${n}×${n} over GF(p) with p of ${pb} bits`,
    };
  }
  const hBits = hadamardBitsEstimate(s);
  const scaleBits = s.ring.kind === "QQ" ? s.rowDenBits.reduce((a, b) => a + b, 0) : 0;
  const resultChars = Math.ceil((hBits + scaleBits) / LOG2_10) + 2;
  const fits = Math.max(0, ...s.rowBits) <= 32;
  let units = determinantWork(n, hBits, fits) * FLOAT_STEP + (fits ? 4 * reconstructCost(2 * hBits) : 0);
  const peak = n * n * 8 * 4 + Math.ceil((2 * hBits) / 22) * n * 8 + Math.ceil(hBits / 8) * 8;
  // The postcondition: one residue reduction and one elimination modulo a 26-bit prime.
  units += ((n * n * n) / 3) * FLOAT_STEP + n * s.rowBits.reduce((acc, b) => acc + (b / 24 + 1) * FLOAT_STEP, 0) + s.chars * CHAR_COST;
  const basis = `${n}×${n} over ${s.ring.kind}, largest cleared entry ≈ ${Math.max(0, ...s.rowBits)} bits, determinant ≤ ≈ ${Math.round(hBits)} bits${scaleBits ? ` over a denominator ≤ ≈ ${scaleBits} bits` : ""}`;
  if (resultChars > MAX_DETERMINANT_CHARS) {
    return { units: Number.POSITIVE_INFINITY, memory_bytes: peak, basis: `${basis}: the determinant could exceed ${MAX_DETERMINANT_CHARS} characters` };
  }
  return { units, memory_bytes: peak + n * n * 64 + s.chars * 4, basis };
}
