import { defineCompute } from "../../domain/declaration.js";
import { domainError } from "../../domain/errors.js";
import { described, matrix, oneOf, request, vector } from "../_support/kinds.js";
import { dims, eliminationEstimate, fieldOf, LINALG_BUDGET, LINALG_PROVIDERS, matrixBounds, MAX_RESULT_ENTRY_CHARS, sameRing, solveSystem, typedMatrix, typedVector, type Elem } from "./linalg.js";
import { CHAR_COST, FLOAT_STEP, hadamardBitsEstimate, LOG2_10, MAX_DIM, MAX_ENTRY_CHARS, measure, mulCost } from "./support.js";
import { EXT } from "./linalg.js";
import { checkSolution } from "./solution_check.js";

/** The value of matrix.solve.compute, which matrix.solution.verify takes as its claim. */
export const SOLUTION_KIND = "matrix.solution";
export const solutionShapes = () =>
  [
    { status: "'unique'", solution: described(vector(MAX_DIM, MAX_RESULT_ENTRY_CHARS, EXT), "the unique x with A·x = b (over QQ for ZZ input)") },
    {
      status: "'general'",
      particular: described(vector(MAX_DIM, MAX_RESULT_ENTRY_CHARS, EXT), "one solution x₀ (free variables 0)"),
      nullspace: described(matrix(MAX_DIM, MAX_RESULT_ENTRY_CHARS, EXT), "an n×k matrix whose columns are a basis of { x : A·x = 0 }: every solution is x₀ + N·t"),
    },
    { status: "'inconsistent'", certificate: described(vector(MAX_DIM, MAX_RESULT_ENTRY_CHARS, EXT), "y with yᵀ·A = 0 and yᵀ·b ≠ 0: no solution exists") },
  ] as const;
const Request = request({ matrix: matrix(MAX_DIM, MAX_ENTRY_CHARS, EXT), rhs: vector(MAX_DIM, MAX_ENTRY_CHARS, EXT) });
const Result = oneOf(solutionShapes(), SOLUTION_KIND);
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default defineCompute<Req, Res>({
  id: "matrix.solve.compute",
  version: "1.0.0",
  title: "Solve a linear system A·x = b exactly over QQ, GF(p) or GF(p^k)",
  summary:
    "Solves A·x = b for an m×n matrix A and a vector b of length m (≤ 500) over ZZ/QQ (solutions over QQ), GF(p) or GF(p^k). Typed answers: { status: unique, solution }; " +
    "{ status: general, particular, nullspace } (every solution is particular + nullspace·t); { status: inconsistent, certificate } with yᵀ·A = 0 and yᵀ·b ≠ 0. " +
    "Square ZZ/QQ systems by Dixon p-adic lifting (proven by A·x = b); others, and singular ones, by the certified multimodular RREF of [A | b] (ZZ/QQ) or Gauss–Jordan (GF(p), GF(p^k)). The whole result is published on the `solution` port, which matrix.solution.verify takes as its claim.",
  keywords: ["solve", "linear system", "system of equations", "A x = b", "matsolve", "particular solution", "general solution", "inconsistent", "least", "linear equations", "matrix", "linear algebra"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: LINALG_PROVIDERS,
  bounds: [...matrixBounds(), { name: "rhs_length", limit: MAX_DIM, unit: "entries", description: "b has one entry per row of A" }],
  cost_model:
    "units ≈ 64-bit limb operations. A square ZZ/QQ system: Dixon lifting (one LU modulo a word-size prime, about 2h/21 lifting steps of 3n² double-precision steps, h the bits of Hadamard's bound of the row-cleared [A | b]), one rational reconstruction, and the exact proof A·x = b; " +
    "when A is singular, and for other shapes and rings: as matrix.rref.compute on the m×(n+1) matrix [A | b], plus a left nullspace when inconsistent (for a singular square system not in the estimate: the timeout bounds it).",
  budget: LINALG_BUDGET,
  progress_measure: "primes done (ZZ/QQ)",
  preflight(req) {
    const s = measure(req.matrix);
    const n = s.rows;
    if (n === s.cols && n > 0 && (s.ring.kind === "ZZ" || s.ring.kind === "QQ")) {
      // Dixon: one LU mod p, K = 2h/21 lifting steps of ≈ 3n² double steps, one rational
      // reconstruction (quadratic in 2h bits), the n numerators, and the proof A·num = den·b.
      const h = hadamardBitsEstimate({ ...s, rowBits: s.rowBits.map((b) => b + 8) });
      const steps = Math.ceil((2 * h + 4) / 21);
      const big = mulCost(2 * h, 2 * h);
      const units = ((n * n * n) / 3 + steps * 3 * n * n) * FLOAT_STEP + n * steps * mulCost(2 * h, 44) / 2 + 2 * h * 3 * big / 64 + 2 * n * big + n * n * mulCost(Math.max(0, ...s.rowBits), h) + n * (h / LOG2_10) * CHAR_COST + s.chars * CHAR_COST;
      return { units, memory_bytes: steps * n * 8 + n * n * 8 * 4 + n * (2 * h / 8 + 32) * 3 + s.chars * 4, basis: `solve: ${n}×${n} over ${s.ring.kind} by Dixon lifting, ${steps} p-adic digits (solution numerators and denominator ≤ ≈ ${Math.round(h)} bits); a singular A adds the certified RREF of [A | b], bounded by the timeout` };
    }
    return eliminationEstimate({ ...s, cols: s.cols + 1, rowBits: s.rowBits.map((b) => b + 64) }, "solve");
  },
  ports: {
    inputs: { matrix: { field: "matrix", description: "the matrix A" }, rhs: { field: "rhs", description: "the right-hand side b" } },
    outputs: { solution: { field: ".", description: "the whole result: the claim of matrix.solution.verify" } },
  },
  async execute(req, ctx) {
    const a = req.matrix, b = req.rhs;
    sameRing(a.ring, b.ring, "payload.rhs.ring");
    if (b.entries.length !== dims(a).rows) throw domainError(`b has ${b.entries.length} entries but A has ${dims(a).rows} rows`, "payload.rhs.entries");
    const ans = await solveSystem(a, b.entries as Elem[], ctx);
    const field = fieldOf(a.ring);
    switch (ans.status) {
      case "unique":
        return { status: "unique", solution: typedVector(field, ans.solution) } as unknown as Res;
      case "general":
        return { status: "general", particular: typedVector(field, ans.particular), nullspace: typedMatrix(field, ans.nullspace) } as unknown as Res;
      case "inconsistent":
        return { status: "inconsistent", certificate: typedVector(a.ring, ans.certificate) } as unknown as Res;
    }
  },
  postcondition(req, res) {
    const f = checkSolution(req.matrix, req.rhs, res as never);
    return f.ok ? null : f.reason;
  },
  examples: [
    {
      title: "a unique rational solution",
      payload: { matrix: { ring: "ZZ", rows: [["2", "1"], ["1", "3"]] }, rhs: { ring: "ZZ", entries: ["1", "2"] } },
      expected: { status: "unique", solution: { ring: "QQ", entries: ["1/5", "3/5"] } },
    },
    {
      title: "an underdetermined system: particular solution plus nullspace",
      payload: { matrix: { ring: "QQ", rows: [["1", "2", "3"]] }, rhs: { ring: "QQ", entries: ["6"] } },
      expected: { status: "general", particular: { ring: "QQ", entries: ["6", "0", "0"] }, nullspace: { ring: "QQ", rows: [["-2", "-3"], ["1", "0"], ["0", "1"]] } },
    },
    {
      title: "no solution: a certificate y with yᵀA = 0 and yᵀb ≠ 0",
      payload: { matrix: { ring: "ZZ", rows: [["1", "1"], ["2", "2"]] }, rhs: { ring: "ZZ", entries: ["1", "3"] } },
      expected: { status: "inconsistent", certificate: { ring: "ZZ", entries: ["-2", "1"] } },
    },
    {
      title: "over GF(7)",
      payload: { matrix: { ring: "GF(7)", rows: [["3", "5"], ["2", "6"]] }, rhs: { ring: "GF(7)", entries: ["1", "0"] } },
      expected: { status: "unique", solution: { ring: "GF(7)", entries: ["6", "5"] } },
    },
  ],
});
