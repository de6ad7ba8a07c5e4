import { defineCompute } from "../../domain/declaration.js";
import { domainError } from "../../domain/errors.js";
import type { MatrixRing as Ring } from "../../domain/kinds.js";
import { extensionMultiply } from "../../domain/math/linalg/extension.js";
import type { FieldElement } from "../../domain/math/poly/types.js";
import { multiplyInteger, multiplyModPrime, multiplyRational, type IntMatrix } from "../../domain/math/matrix.js";
import type { Rational } from "../../domain/math/rational.js";
import { integer, matrix, request, result } from "../_support/kinds.js";
import { dims, entryBits, identityElems, inverseOf, LINALG_BUDGET, LINALG_PROVIDERS, matrixBounds, MAX_RESULT_ENTRY_CHARS, requireSquareMatrix, typedMatrix, type Elem } from "./linalg.js";
import { CHAR_COST, extensionOpCost, FLOAT_STEP, LOG2_10, MAX_DIM, MAX_ENTRY_CHARS, measure, mulCost } from "./support.js";
import { EXT } from "./linalg.js";

const Request = request({ matrix: matrix(MAX_DIM, MAX_ENTRY_CHARS, EXT), exponent: integer(40, "the exponent k (negative: a power of the inverse)") });
const Result = result({ power: matrix(MAX_DIM, MAX_RESULT_ENTRY_CHARS, EXT) });
type Req = typeof Request.infer;
type Res = typeof Result.infer;

/** Results larger than this many characters in all are refused in preflight. */
const MAX_RESULT_CHARS = 50_000_000;

function mul(ring: Ring, a: Elem[][], b: Elem[][]): Elem[][] {
  switch (ring.kind) {
    case "ZZ": return multiplyInteger(a as IntMatrix, b as IntMatrix);
    case "QQ": return multiplyRational(a as Rational[][], b as Rational[][]);
    case "GF": return multiplyModPrime(a as IntMatrix, b as IntMatrix, ring.p);
    case "GFq": return extensionMultiply(ring, a as FieldElement[][], b as FieldElement[][]);
  }
}

export default defineCompute<Req, Res>({
  id: "matrix.power.compute",
  version: "1.0.0",
  title: "Integer power of a square matrix",
  summary:
    "A^k for an n×n matrix (n ≤ 500) over ZZ, QQ, GF(p) or GF(p^k) and an integer k (up to 40 digits) by binary powering; A^0 = I; k < 0 is (A⁻¹)^|k| (over QQ for ZZ input; DOMAIN_ERROR when A is singular). " +
    "Over ZZ/QQ the entries grow about k·(entry bits + log2 n) bits: larger results are refused in preflight.",
  keywords: ["matrix power", "power", "exponent", "A^k", "repeated squaring", "binary powering", "matrix exponentiation", "linear recurrence", "matrix", "linear algebra"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: LINALG_PROVIDERS,
  bounds: [...matrixBounds(), { name: "exponent_digits", limit: 40, unit: "decimal digits", description: "|k| has at most 40 digits" }, { name: "result_chars", limit: MAX_RESULT_CHARS, unit: "characters", description: "ZZ/QQ requests whose result could exceed this size in all are refused in preflight" }],
  cost_model:
    "units ≈ 64-bit limb operations: ⌊log2 |k|⌋ squarings and up to as many multiplications, each n³ products; over ZZ/QQ of entries up to |k|·(b + log2 n) bits (the last steps dominate: about 2·n³·mulCost(final size)); GF(p) in doubles below 2^26; GF(p^k) field products of 2k² residue steps.",
  budget: LINALG_BUDGET,
  preflight(req) {
    const s = measure(req.matrix);
    const n = s.rows;
    const k = req.exponent < 0n ? -req.exponent : req.exponent;
    const steps = Math.max(1, k.toString(2).length) * 2;
    if (s.ring.kind === "GF" || s.ring.kind === "GFq") {
      const per = s.ring.kind === "GFq" ? extensionOpCost(s.ring) : s.ring.smallField ? FLOAT_STEP : mulCost(s.ring.pBits, s.ring.pBits);
      return { units: steps * n * n * n * per + s.chars * CHAR_COST, memory_bytes: 4 * n * n * (s.ring.pBits / 8 + 32), basis: `${n}×${n} over GF(p), ${steps} products` };
    }
    const outBits = Number(k) * (entryBits(s) + Math.log2(n + 1)) + 1;
    const chars = n * n * (outBits / LOG2_10 + 2);
    const basis = `${n}×${n} over ${s.ring.kind}, result entries ≤ ≈ ${Math.round(outBits)} bits`;
    if (chars > MAX_RESULT_CHARS || !Number.isFinite(outBits)) return { units: Number.POSITIVE_INFINITY, memory_bytes: Number.POSITIVE_INFINITY, basis: `${basis}: the result could exceed ${MAX_RESULT_CHARS} characters` };
    return { units: 4 * n * n * n * mulCost(outBits, outBits) + chars * CHAR_COST, memory_bytes: 4 * n * n * (outBits / 8 + 48), basis };
  },
  ports: {
    inputs: { matrix: { field: "matrix", description: "the square matrix A" } },
    outputs: { power: { field: "power", description: "A^k" } },
  },
  async execute(req, ctx) {
    const a = req.matrix;
    requireSquareMatrix(a, "payload.matrix", "a matrix power");
    const n = dims(a).rows;
    let k = req.exponent;
    let ring = a.ring;
    let base = a.rows as Elem[][];
    if (k < 0n) {
      const inv = await inverseOf(a, ctx);
      if (!("inverse" in inv)) throw domainError("A is singular, so negative powers do not exist", "payload.exponent", "use k ≥ 0, or matrix.inverse.compute to see a kernel vector");
      if (ring.kind === "ZZ") ring = { $kind: "ring", kind: "QQ" } as Ring;
      base = inv.inverse;
      k = -k;
    }
    let acc = identityElems(ring, n);
    let first = true;
    while (k > 0n) {
      if (k & 1n) acc = first ? base : mul(ring, acc, base);
      if (k & 1n) first = false;
      k >>= 1n;
      if (k > 0n) base = mul(ring, base, base);
      ctx.checkpoint();
      await ctx.yieldNow();
    }
    return { power: typedMatrix(ring, acc) } as unknown as Res;
  },
  postcondition: (req, res) => ((res.power as unknown as { rows: unknown[] }).rows.length === req.matrix.rows.length ? null : "the power has the wrong shape"),
  examples: [
    { title: "Fibonacci numbers: [[1,1],[1,0]]^10", payload: { matrix: { ring: "ZZ", rows: [["1", "1"], ["1", "0"]] }, exponent: "10" }, expected: { power: { ring: "ZZ", rows: [["89", "55"], ["55", "34"]] } } },
    { title: "A^0 is the identity", payload: { matrix: { ring: "QQ", rows: [["1/2", "3"], ["0", "7"]] }, exponent: "0" }, expected: { power: { ring: "QQ", rows: [["1", "0"], ["0", "1"]] } } },
    { title: "a negative power of an integer matrix is over QQ", payload: { matrix: { ring: "ZZ", rows: [["2", "0"], ["0", "1"]] }, exponent: "-2" }, expected: { power: { ring: "QQ", rows: [["1/4", "0"], ["0", "1"]] } } },
    { title: "a huge exponent over GF(7)", payload: { matrix: { ring: "GF(7)", rows: [["1", "1"], ["0", "1"]] }, exponent: "1000000000000000000000" }, expected: { power: { ring: "GF(7)", rows: [["1", "6"], ["0", "1"]] } } },
    { title: "a negative power over GF(2^2): [[a, 1], [0, a]]^−1", payload: { matrix: { ring: "GF(2^2)", rows: [["a", "1"], ["0", "a"]] }, exponent: "-1" }, expected: { power: { ring: "GF(2^2)", rows: [["a + 1", "a"], ["0", "a + 1"]] } } },
  ],
});
