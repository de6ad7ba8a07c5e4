import { type } from "arktype";
import { minimalPolynomial, pDivRem, matVec } from "../../domain/math/linalg/field.js";
import { request, result } from "../_support/kinds.js";
import { EXT } from "./linalg.js";
import { fieldEstimate, fieldView, inputMatrix, integerCharpolyOf, matrixCompute, MAX_FIELD_DIM, resultPolynomial, square, toPolynomial, VARIABLE_RE } from "./structure.js";

const Request = request({ matrix: inputMatrix(MAX_FIELD_DIM, EXT), "variable?": type("string").atMostLength(32).and(VARIABLE_RE).describe('the variable of the result (default "x")') });
const Result = result({ minimal_polynomial: resultPolynomial("the monic polynomial μ of least degree with μ(A) = 0, over the matrix's ring (integral for integer matrices)") });
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default matrixCompute<Req, Res>({
  id: "matrix.minimal_polynomial.compute",
  title: "Minimal polynomial of a square matrix over ZZ, QQ, GF(p) or GF(p^k)",
  summary:
    "The minimal polynomial of an n×n matrix (n ≤ 120) over ZZ, QQ, GF(p) or GF(p^k): the monic polynomial μ of least degree with μ(A) = 0. It divides the characteristic polynomial and has the same irreducible factors. " +
    "Computed over the field of the entries as the lcm of the minimal polynomials of Krylov sequences A^k e_j, started only at standard basis vectors outside the span of the sequences so far. Integer matrices give integer coefficients (Gauss's lemma).",
  keywords: ["minimal polynomial", "minpoly", "annihilating polynomial", "krylov", "cayley-hamilton", "invariant factor", "matrix", "diagonalizable"],
  request: Request,
  result: Result,
  bounds: [
    { name: "dimension", limit: MAX_FIELD_DIM, unit: "rows", description: "the matrix is n×n with n at most this" },
    { name: "entry_chars", limit: 2_000, unit: "characters", description: "each entry string has at most this many characters" },
  ],
  cost_model: "units ≈ 2·n³ field operations (rational or residue) at the size of Krylov vector entries (ZZ/QQ: ≈ n·(entry bits + log2 n) bits), plus the postcondition's characteristic polynomial.",
  budget: { max_units: 5e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 60_000 },
  preflight(req) {
    return fieldEstimate(req.matrix, 2);
  },
  ports: { inputs: { matrix: { field: "matrix", description: "the square matrix" } }, outputs: { minimal_polynomial: { field: "minimal_polynomial", description: "the minimal polynomial" } } },
  execute(req, ctx) {
    square(req.matrix, "payload.matrix", "the minimal polynomial");
    const { R, A, out } = fieldView(req.matrix);
    const mu = minimalPolynomial(R, A, () => ctx.checkpoint());
    return { minimal_polynomial: toPolynomial(req.matrix.ring, mu.map(out), req.variable ?? "x") };
  },
  postcondition(req, res) {
    // μ divides the characteristic polynomial (multimodular, another algorithm) and μ(A)·v = 0 for v = (1, 2, …, n).
    const { R, A, into } = fieldView(req.matrix);
    const n = A.length;
    const terms = res.minimal_polynomial.terms;
    const deg = terms.length ? terms[0]!.exponents[0]! : -1;
    const mu: unknown[] = new Array(deg + 1).fill(R.zero);
    for (const t of terms) mu[t.exponents[0]!] = into(t.coeff);
    const chi = integerCharpolyOf(req.matrix, () => {}).dense;
    if (pDivRem(R, chi, mu).r.length) return "μ does not divide the characteristic polynomial";
    let acc: unknown[] = new Array(n).fill(R.zero);
    const v = Array.from({ length: n }, (_, i) => R.fromInteger(BigInt(i + 1)));
    for (let i = mu.length - 1; i >= 0; i--) acc = matVec(R, A, acc).map((x, k) => R.add(x, R.mul(mu[i], v[k])));
    if (acc.some((x) => !R.isZero(x))) return "μ(A)·v ≠ 0";
    return null;
  },
  examples: [
    { title: "a diagonalizable matrix with a repeated eigenvalue", payload: { matrix: { ring: "ZZ", rows: [["2", "0", "0"], ["0", "2", "0"], ["0", "0", "3"]] } }, expected: {"minimal_polynomial":{"ring":"ZZ","variables":["x"],"expression":"x^2 - 5*x + 6","terms":[{"coefficient":"1","exponents":[2]},{"coefficient":"-5","exponents":[1]},{"coefficient":"6","exponents":[0]}]}} },
    { title: "a Jordan block", payload: { matrix: { ring: "QQ", rows: [["1/2", "1", "0"], ["0", "1/2", "1"], ["0", "0", "1/2"]] } }, expected: {"minimal_polynomial":{"ring":"QQ","variables":["x"],"expression":"x^3 - 3/2*x^2 + 3/4*x - 1/8","terms":[{"coefficient":"1","exponents":[3]},{"coefficient":"-3/2","exponents":[2]},{"coefficient":"3/4","exponents":[1]},{"coefficient":"-1/8","exponents":[0]}]}} },
    { title: "a scalar matrix over GF(7^2): μ = x − a", payload: { matrix: { ring: "GF(7^2)", rows: [["a", "0"], ["0", "a"]] } }, expected: {"minimal_polynomial":{"ring":"GF(7^2)","variables":["x"],"expression":"x + 6*a","terms":[{"coefficient":"1","exponents":[1]},{"coefficient":"6*a","exponents":[0]}]}} },
    { title: "over GF(3)", payload: { matrix: { ring: "GF(3)", rows: [["1", "1"], ["0", "1"]] }, variable: "t" }, expected: {"minimal_polynomial":{"ring":"GF(3)","variables":["t"],"expression":"t^2 + t + 1","terms":[{"coefficient":"1","exponents":[2]},{"coefficient":"1","exponents":[1]},{"coefficient":"1","exponents":[0]}]}} },
  ],
});
