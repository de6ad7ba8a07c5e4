import { type } from "arktype";
import { blockDiagonal, companion, invariantFactors, pMul } from "../../domain/math/linalg/field.js";
import { list, request, result } from "../_support/kinds.js";
import { EXT } from "./linalg.js";
import { described, fieldEstimate, fieldView, inputMatrix, integerCharpolyOf, matrixCompute, MAX_FIELD_DIM, resultMatrix, resultPolynomial, square, toPolynomial, VARIABLE_RE } from "./structure.js";

const Request = request({ matrix: inputMatrix(MAX_FIELD_DIM, EXT), "variable?": type("string").atMostLength(32).and(VARIABLE_RE).describe('the variable of the invariant factors (default "x")') });
const Result = result({
  invariant_factors: list(resultPolynomial(), MAX_FIELD_DIM, "the non-constant invariant factors f_1 | f_2 | … | f_k (monic; f_k is the minimal polynomial, the product is the characteristic polynomial)"),
  frobenius: described(resultMatrix(EXT), "the Frobenius (rational canonical) form: the block diagonal of the companion matrices of f_1, …, f_k (ones on the subdiagonal, −coefficients in the last column)"),
});
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default matrixCompute<Req, Res>({
  id: "matrix.frobenius_form.compute",
  title: "Frobenius (rational canonical) form and invariant factors of a square matrix",
  summary:
    "The invariant factors f_1 | f_2 | … | f_k of an n×n matrix (n ≤ 120) over ZZ, QQ, GF(p) or GF(p^k) — the non-constant diagonal entries of the Smith form of xI − A over K[x], K the field of the entries — and the Frobenius (rational canonical) form, " +
    "the block diagonal of their companion matrices, to which A is similar over K. Two matrices are similar iff their invariant factors agree. PARI/GP's matfrobenius lists the same blocks, largest first.",
  keywords: ["frobenius form", "rational canonical form", "invariant factors", "similarity", "companion matrix", "smith form of xI - A", "matfrobenius", "elementary divisors"],
  request: Request,
  result: Result,
  bounds: [
    { name: "dimension", limit: MAX_FIELD_DIM, unit: "rows", description: "the matrix is n×n with n at most this" },
    { name: "entry_chars", limit: 2_000, unit: "characters", description: "each entry string has at most this many characters" },
  ],
  cost_model: "units ≈ n⁴ field operations (elimination on xI − A over K[x]: n pivots, each O(n²) polynomial operations of degree ≤ n) at the size of the entries, plus the postcondition's characteristic polynomial.",
  budget: { max_units: 5e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 120_000 },
  preflight(req) {
    return fieldEstimate(req.matrix, Math.max(1, req.matrix.rows.length));
  },
  ports: { inputs: { matrix: { field: "matrix", description: "the square matrix" } }, outputs: { frobenius: { field: "frobenius", description: "the Frobenius form" } } },
  execute(req, ctx) {
    const m = req.matrix;
    square(m, "payload.matrix", "the Frobenius form");
    const { R, A, out } = fieldView(m);
    const f = invariantFactors(R, A, () => ctx.checkpoint());
    const F = blockDiagonal(R, f.map((p) => companion(R, p)));
    const x = req.variable ?? "x";
    const rows = m.ring.kind === "ZZ" ? F.map((r) => r.map((v: { num: bigint }) => v.num)) : F.map((r) => r.map(out));
    return { invariant_factors: f.map((p) => toPolynomial(m.ring, p.map(out), x)), frobenius: { $kind: "matrix", ring: m.ring, rows } } as unknown as Res;
  },
  postcondition(req, res) {
    // the product of the invariant factors is the characteristic polynomial (multimodular, independent)
    const { R, into } = fieldView(req.matrix);
    const gfq = req.matrix.ring.kind === "GFq";
    let prod: unknown[] = [R.one];
    for (const p of res.invariant_factors) {
      const deg = p.terms.length ? p.terms[0]!.exponents[0]! : 0;
      const c: unknown[] = new Array(deg + 1).fill(R.zero);
      for (const t of p.terms) c[t.exponents[0]!] = gfq ? into(t.coeff) : typeof t.coeff === "bigint" && req.matrix.ring.kind !== "GF" ? R.fromInteger(t.coeff) : t.coeff;
      prod = pMul(R, prod, c);
    }
    const chi = integerCharpolyOf(req.matrix, () => {}).dense;
    return chi.length === prod.length && chi.every((v, i) => R.eq(v, prod[i])) ? null : "the product of the invariant factors is not the characteristic polynomial";
  },
  examples: [
    { title: "diag(2, 2, 3): invariant factors x − 2 and x² − 5x + 6", payload: { matrix: { ring: "ZZ", rows: [["2", "0", "0"], ["0", "2", "0"], ["0", "0", "3"]] } }, expected: {"invariant_factors":[{"ring":"ZZ","variables":["x"],"expression":"x - 2","terms":[{"coefficient":"1","exponents":[1]},{"coefficient":"-2","exponents":[0]}]},{"ring":"ZZ","variables":["x"],"expression":"x^2 - 5*x + 6","terms":[{"coefficient":"1","exponents":[2]},{"coefficient":"-5","exponents":[1]},{"coefficient":"6","exponents":[0]}]}],"frobenius":{"ring":"ZZ","rows":[["2","0","0"],["0","0","-6"],["0","1","5"]]}} },
    { title: "a cyclic matrix is similar to one companion block", payload: { matrix: { ring: "QQ", rows: [["1", "2"], ["3", "4"]] } }, expected: {"invariant_factors":[{"ring":"QQ","variables":["x"],"expression":"x^2 - 5*x - 2","terms":[{"coefficient":"1","exponents":[2]},{"coefficient":"-5","exponents":[1]},{"coefficient":"-2","exponents":[0]}]}],"frobenius":{"ring":"QQ","rows":[["0","2"],["1","5"]]}} },
    { title: "the scalar matrix 3·I over GF(7)", payload: { matrix: { ring: "GF(7)", rows: [["3", "0"], ["0", "3"]] } }, expected: {"invariant_factors":[{"ring":"GF(7)","variables":["x"],"expression":"x + 4","terms":[{"coefficient":"1","exponents":[1]},{"coefficient":"4","exponents":[0]}]},{"ring":"GF(7)","variables":["x"],"expression":"x + 4","terms":[{"coefficient":"1","exponents":[1]},{"coefficient":"4","exponents":[0]}]}],"frobenius":{"ring":"GF(7)","rows":[["3","0"],["0","3"]]}} },
    { title: "diag(a, a, 1) over GF(3^2): invariant factors x − a and (x − a)(x − 1)", payload: {"matrix": {"ring": "GF(3^2)", "rows": [["a", "0", "0"], ["0", "a", "0"], ["0", "0", "1"]]}}, expected: {"invariant_factors":[{"ring":"GF(3^2)","variables":["x"],"expression":"x + 2*a","terms":[{"coefficient":"1","exponents":[1]},{"coefficient":"2*a","exponents":[0]}]},{"ring":"GF(3^2)","variables":["x"],"expression":"x^2 + (2*a + 2)*x + a","terms":[{"coefficient":"1","exponents":[2]},{"coefficient":"2*a + 2","exponents":[1]},{"coefficient":"a","exponents":[0]}]}],"frobenius":{"ring":"GF(3^2)","rows":[["a","0","0"],["0","0","2*a"],["0","1","a + 1"]]}} },
  ],
});
