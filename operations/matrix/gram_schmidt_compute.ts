import { domainError } from "../../domain/errors.js";
import { gramSchmidt } from "../../domain/math/linalg/lattice.js";
import { rational as rat, ratAdd, ratEq, ratMul, ZERO, type Rational } from "../../domain/math/rational.js";
import { QQ } from "../../domain/kinds.js";
import { list, rational, request, result } from "../_support/kinds.js";
import { asInt, asRat, CHAR_COST, MAX_DIM, measure, mulCost } from "./support.js";
import { described, inputMatrix, matrixCompute, RESULT_ENTRY_CHARS, resultMatrix } from "./structure.js";

const Request = request({ basis: inputMatrix() });
const Result = result({
  orthogonal: described(resultMatrix(), "b*_1, …, b*_m over QQ (rows): b*_i = b_i − Σ_{j<i} μ_ij b*_j, pairwise orthogonal; a row depending on earlier rows gives b*_i = 0"),
  mu: described(resultMatrix(), "μ (m×m over QQ): μ_ij = <b_i, b*_j>/‖b*_j‖² for j < i (0 when b*_j = 0), 1 on the diagonal, 0 above"),
  squared_norms: list(rational(RESULT_ENTRY_CHARS), MAX_DIM, "‖b*_i‖² for each row"),
});
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default matrixCompute<Req, Res>({
  id: "matrix.gram_schmidt.compute",
  title: "Exact Gram–Schmidt orthogonalization over QQ",
  summary:
    "Gram–Schmidt orthogonalization (without normalization, so it stays rational) of the rows b_1, …, b_m of an integer or rational matrix, exactly over QQ: the orthogonal rows b*_i, the coefficients μ (B = μ·B*) and the squared norms ‖b*_i‖². Dependent rows give b*_i = 0.",
  keywords: ["gram-schmidt", "orthogonalization", "orthogonal basis", "mu coefficients", "qr", "lattice", "exact", "rational", "lll"],
  request: Request,
  result: Result,
  bounds: [
    { name: "dimension", limit: MAX_DIM, unit: "rows or columns", description: "the matrix has at most this many rows and columns" },
    { name: "entry_chars", limit: 2_000, unit: "characters", description: "each entry string has at most this many characters" },
  ],
  cost_model: "units ≈ m²·n rational products of numbers of ≈ 2·m·b bits (b the entry size: the denominators of b*_i are Gram determinants), plus formatting m·n such numbers.",
  budget: { max_units: 5e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 60_000 },
  preflight(req) {
    const s = measure(req.basis);
    const m = s.rows, n = s.cols;
    const w = 2 * m * (Math.max(1, ...s.rowBits) + Math.log2(n + 1)) + 64;
    return { units: m * m * n * 4 * mulCost(w, w) + m * n * w * CHAR_COST + s.chars * CHAR_COST, memory_bytes: (m * n + m * m) * (w / 4 + 64) + s.chars * 4, basis: `${m}×${n}, numbers of ≈ ${Math.round(w)} bits` };
  },
  ports: { inputs: { basis: { field: "basis", description: "the rows to orthogonalize (ZZ or QQ)" } }, outputs: { orthogonal: { field: "orthogonal", description: "the orthogonal rows b*_i over QQ" } } },
  execute(req, ctx) {
    const m = req.basis;
    if (m.ring.kind === "GF") throw domainError("Gram–Schmidt needs an ordered field: give the matrix over ZZ or QQ", "payload.basis.ring");
    const rows: Rational[][] = m.ring.kind === "ZZ" ? asInt(m).map((r) => r.map((v) => rat(v))) : asRat(m);
    const gs = gramSchmidt(rows, () => ctx.checkpoint());
    const mat = (r: Rational[][]) => ({ $kind: "matrix", ring: QQ, rows: r });
    return { orthogonal: mat(gs.orthogonal), mu: mat(gs.mu), squared_norms: gs.norms } as unknown as Res;
  },
  postcondition(req, res) {
    // b_i = Σ_j μ_ij b*_j for the first rows (exact), and ‖b*_i‖² matches.
    const B = req.basis.ring.kind === "ZZ" ? asInt(req.basis).map((r) => r.map((v) => rat(v))) : asRat(req.basis);
    const S = res.orthogonal.rows as Rational[][], M = res.mu.rows as Rational[][];
    for (let i = 0; i < Math.min(B.length, 4); i++) {
      for (let k = 0; k < B[i]!.length; k++) {
        let s: Rational = ZERO;
        for (let j = 0; j <= i; j++) s = ratAdd(s, ratMul(M[i]![j]!, S[j]![k]!));
        if (!ratEq(s, B[i]![k]!)) return `row ${i} is not Σ μ_ij b*_j`;
      }
    }
    return null;
  },
  examples: [
    { title: "two integer vectors", payload: { basis: { ring: "ZZ", rows: [["3", "1"], ["2", "2"]] } }, expected: {"orthogonal":{"ring":"QQ","rows":[["3","1"],["-2/5","6/5"]]},"mu":{"ring":"QQ","rows":[["1","0"],["4/5","1"]]},"squared_norms":["10","8/5"]} },
    { title: "a dependent row gives b* = 0", payload: { basis: { ring: "QQ", rows: [["1", "1/2", "0"], ["2", "1", "0"], ["0", "0", "3"]] } }, expected: {"orthogonal":{"ring":"QQ","rows":[["1","1/2","0"],["0","0","0"],["0","0","3"]]},"mu":{"ring":"QQ","rows":[["1","0","0"],["2","1","0"],["0","0","1"]]},"squared_norms":["5/4","0","9"]} },
  ],
});
