import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { described, matrix, request, result } from "../_support/kinds.js";
import { asRingElems, columnsToMatrix, dims, eliminationEstimate, LINALG_BUDGET, LINALG_PROVIDERS, matrixBounds, matVec, MAX_RESULT_ENTRY_CHARS, nullspaceBasis, ringOps, rrefOf, typedMatrix } from "./linalg.js";
import { MAX_DIM, MAX_ENTRY_CHARS, measure } from "./support.js";
import { EXT } from "./linalg.js";

/** The value of matrix.nullspace.compute, which matrix.nullspace.verify takes as its claim. */
export const NULLSPACE_KIND = "matrix.nullspace";
export const nullspaceShape = () => ({
  nullspace: described(matrix(MAX_DIM, MAX_RESULT_ENTRY_CHARS, EXT), "an n×k matrix whose k columns are a basis of { x : A·x = 0 } (n×0 when only x = 0)"),
  dimension: type("number.integer >= 0").describe("k, the nullity"),
});
const Request = request({ matrix: matrix(MAX_DIM, MAX_ENTRY_CHARS, EXT) });
const Result = result(nullspaceShape(), NULLSPACE_KIND);
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default defineCompute<Req, Res>({
  id: "matrix.nullspace.compute",
  version: "1.0.0",
  title: "Basis of the (right) nullspace of a matrix over ZZ, QQ, GF(p) or GF(p^k)",
  summary:
    "A basis of { x : A·x = 0 } for an m×n matrix (m, n ≤ 500), as the columns of an n×k matrix, one per non-pivot column of the RREF. Over ZZ and QQ the basis vectors are primitive integer vectors " +
    "(the nullspace over QQ; over ZZ they span the rational nullspace, not necessarily the integer lattice kernel). The whole result is published on the `nullspace` port, which matrix.nullspace.verify takes as its claim.",
  keywords: ["nullspace", "null space", "kernel", "matker", "solutions of A x = 0", "homogeneous system", "nullity", "matrix", "linear algebra"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: LINALG_PROVIDERS,
  bounds: matrixBounds(),
  cost_model: "as matrix.rref.compute, plus n−r vectors read off the certified RREF (one gcd each to make them primitive).",
  budget: LINALG_BUDGET,
  progress_measure: "primes done (ZZ/QQ)",
  preflight: (req) => eliminationEstimate(measure(req.matrix), "nullspace"),
  ports: {
    inputs: { matrix: { field: "matrix", description: "the matrix { ring, rows }" } },
    outputs: { nullspace: { field: ".", description: "the whole result { nullspace, dimension }: the claim of matrix.nullspace.verify" } },
  },
  async execute(req, ctx) {
    const m = req.matrix;
    const basis = nullspaceBasis(await rrefOf(m, ctx)).map((v) => asRingElems(m.ring, v));
    return { nullspace: typedMatrix(m.ring, columnsToMatrix(basis, dims(m).cols)), dimension: basis.length } as unknown as Res;
  },
  postcondition(req, res) {
    const N = res.nullspace as unknown as { rows: unknown[][] };
    const n = dims(req.matrix).cols;
    if (N.rows.length !== n || N.rows.some((r) => r.length !== res.dimension)) return `the basis is not ${n}×${res.dimension}`;
    const ops = ringOps(req.matrix.ring);
    for (let t = 0; t < res.dimension; t++) {
      if (!matVec(req.matrix, N.rows.map((r) => r[t] as never)).every((v) => ops.isZero(v))) return `A·x ≠ 0 for basis vector ${t}`;
    }
    return null;
  },
  examples: [
    {
      title: "a rank-2 3×3 integer matrix: one primitive kernel vector",
      payload: { matrix: { ring: "ZZ", rows: [["1", "2", "3"], ["4", "5", "6"], ["7", "8", "9"]] } },
      expected: { nullspace: { ring: "ZZ", rows: [["1"], ["-2"], ["1"]] }, dimension: 1 },
    },
    {
      title: "a wide rational matrix",
      payload: { matrix: { ring: "QQ", rows: [["1/2", "1", "0"]] } },
      expected: { nullspace: { ring: "QQ", rows: [["-2", "0"], ["1", "0"], ["0", "1"]] }, dimension: 2 },
    },
    {
      title: "over GF(5)",
      payload: { matrix: { ring: "GF(5)", rows: [["1", "2"], ["3", "1"]] } },
      expected: { nullspace: { ring: "GF(5)", rows: [["3"], ["1"]] }, dimension: 1 },
    },
    {
      title: "a nonsingular matrix has the trivial nullspace (n×0)",
      payload: { matrix: { ring: "ZZ", rows: [["2", "1"], ["1", "1"]] } },
      expected: { nullspace: { ring: "ZZ", rows: [[], []] }, dimension: 0 },
    },
  ],
});
