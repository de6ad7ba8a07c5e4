import { defineCompute } from "../../domain/declaration.js";
import { mod } from "../../domain/math/integer.js";
import { bareissSteps, bareissStepsModPrime, clearDenominators, determinantModPrime, determinantModSmallPrime, smallModulus } from "../../domain/math/matrix.js";
import { rational } from "../../domain/math/rational.js";
import { matrix, request, result } from "../_support/kinds.js";
import {
  asInt, asRat, BIGINT_OVERHEAD, CHAR_COST, DETERMINANT_KIND, determinantShape, FLOAT_STEP, hadamardBitsEstimate, LOG2_10, MAX_DETERMINANT_CHARS, MAX_DIM, MAX_ENTRY_CHARS, measure, mulCost,
  requireSquare, runSteps,
} from "./support.js";

const Request = request({ matrix: matrix(MAX_DIM, MAX_ENTRY_CHARS) });
const Result = result(determinantShape(), DETERMINANT_KIND);
type Req = typeof Request.infer;
type Res = typeof Result.infer;

/** The prime of the postcondition's independent residue check (Gaussian elimination mod p). */
const CHECK_PRIME = smallModulus(0);

export default defineCompute<Req, Res>({
  id: "matrix.determinant.compute",
  version: "1.0.0",
  title: "Exact determinant of a square matrix over ZZ, QQ or GF(p)",
  summary:
    "Exact determinant of an n×n matrix (n ≤ 500) over the integers ZZ, the rationals QQ or a prime field GF(p), by Bareiss fraction-free elimination " +
    "(QQ: denominators cleared row by row first). The 0×0 matrix has determinant 1. The matrix can be bound by a value:// reference through the `matrix` port; the whole result is published on the `determinant` port, which matrix.determinant.verify takes as its claim.",
  keywords: ["determinant", "det", "matrix", "square matrix", "bareiss", "fraction-free", "gaussian elimination", "linear algebra", "singular", "integer matrix", "rational matrix", "finite field", "modular"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic (Bareiss elimination)" }],
  bounds: [
    { name: "dimension", limit: MAX_DIM, unit: "rows", description: "the matrix is n×n with n at most this" },
    { name: "entry_chars", limit: MAX_ENTRY_CHARS, unit: "characters", description: "each entry string (integer, rational p/q, or residue) has at most this many characters" },
    { name: "field_characteristic_digits", limit: 40, unit: "decimal digits", description: "p of GF(p) has at most 40 digits and must be a proven prime" },
    { name: "determinant_chars", limit: MAX_DETERMINANT_CHARS, unit: "characters", description: "requests whose determinant could exceed this size (Hadamard's bound plus the QQ denominator) are refused in preflight" },
  ],
  cost_model:
    "units ≈ 64-bit limb operations (each bigint operation also counts a fixed overhead of " +
    BIGINT_OVERHEAD +
    "). ZZ/QQ: Bareiss step k updates (n−k)² entries with two multiplications and one exact division of numbers of w_k bits, w_k ≈ (sum of the k largest row entry sizes after clearing) + (k/2)·log2 k, " +
    "so units = Σ_k (n−k)²·3·(w_k/64+1)² plus the postcondition's elimination mod one 26-bit prime. GF(p): (n³/3)·(3 modular products) in doubles for p < 2^26, in bigints otherwise, twice (Bareiss and the postcondition's Gaussian elimination). " +
    "Memory: the largest trailing block of the elimination at its entry size.",
  budget: { max_units: 5e9, max_memory_bytes: 512 * 2 ** 20, timeout_ms: 60_000 },
  progress_measure: "pivot steps done out of n−1",
  preflight(req) {
    return estimate(req);
  },
  ports: {
    inputs: { matrix: { field: "matrix", description: "the square matrix { ring, rows }" } },
    outputs: { determinant: { field: ".", description: "the whole result { determinant, ring }: the claim of matrix.determinant.verify" } },
  },
  async execute(req, ctx) {
    const m = requireSquare(req.matrix, "payload.matrix");
    const total = Math.max(0, m.rows.length - 1);
    switch (m.ring.kind) {
      case "ZZ":
        return { determinant: rational(await runSteps(bareissSteps(asInt(m)), ctx, total, "pivot steps")), ring: m.ring };
      case "QQ": {
        const { integer, scale } = clearDenominators(asRat(m));
        const d = await runSteps(bareissSteps(integer), ctx, total, "pivot steps");
        return { determinant: rational(d, scale), ring: m.ring };
      }
      case "GF":
        return { determinant: rational(await runSteps(bareissStepsModPrime(asInt(m), m.ring.p), ctx, total, "pivot steps")), ring: m.ring };
    }
  },
  postcondition(req, res) {
    const m = req.matrix;
    if (res.ring.kind !== m.ring.kind || (m.ring.kind === "GF" && res.ring.kind === "GF" && res.ring.p !== m.ring.p)) return "the result ring differs from the input ring";
    const P = BigInt(CHECK_PRIME);
    const r = res.determinant;
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
  ],
});

/** Preflight: Bareiss cost from n and per-row entry sizes (see cost_model). */
function estimate(req: Req) {
  const s = measure(req.matrix);
  const n = Math.max(s.rows, s.cols);
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
  const sorted = [...s.rowBits].sort((a, b) => b - a);
  let prefix = 0, units = 0, peak = 0;
  for (let k = 1; k < n; k++) {
    prefix += sorted[k - 1] ?? 0;
    const w = prefix + 0.5 * k * Math.log2(k + 1) + 1;
    const block = (n - k) * (n - k);
    units += block * (2 * mulCost(w, w) + mulCost(2 * w, w));
    peak = Math.max(peak, block * (Math.ceil((2 * w) / 8) + 24));
  }
  const hBits = hadamardBitsEstimate(s);
  const scaleBits = s.ring.kind === "QQ" ? s.rowDenBits.reduce((a, b) => a + b, 0) : 0;
  const resultChars = Math.ceil((hBits + scaleBits) / LOG2_10) + 2;
  // The postcondition: one residue reduction and one elimination modulo a 26-bit prime.
  units += ((n * n * n) / 3) * FLOAT_STEP + n * s.rowBits.reduce((acc, b) => acc + (b / 24 + 1) * FLOAT_STEP, 0) + s.chars * CHAR_COST;
  const basis = `${n}×${n} over ${s.ring.kind}, largest cleared entry ≈ ${sorted[0] ?? 0} bits, determinant ≤ ≈ ${Math.round(hBits)} bits${scaleBits ? ` over a denominator ≤ ≈ ${scaleBits} bits` : ""}`;
  if (resultChars > MAX_DETERMINANT_CHARS) {
    return { units: Number.POSITIVE_INFINITY, memory_bytes: peak, basis: `${basis}: the determinant could exceed ${MAX_DETERMINANT_CHARS} characters` };
  }
  return { units, memory_bytes: peak + n * n * 64 + s.chars * 4, basis };
}
