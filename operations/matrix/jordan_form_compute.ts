import { type } from "arktype";
import { jordanForm, matMul } from "../../domain/math/linalg/field.js";
import { gfpRoots } from "../../domain/math/poly/gfp.js";
import { rationalRoots, rootMultiplicity } from "../../domain/math/poly/realroots.js";
import { rational as rat, type Rational } from "../../domain/math/rational.js";
import { list, object, request, result, ringScalar } from "../_support/kinds.js";
import { formatFieldElement } from "../../domain/math/poly/gfq.js";
import { EXT } from "./linalg.js";
import { described, extensionRoots, fieldEstimate, fieldView, inputMatrix, integerCharpolyOf, matrixCompute, MAX_FIELD_DIM, RESULT_ENTRY_CHARS, resultMatrix, resultPolynomial, square, toPolynomial } from "./structure.js";

const Request = request({ matrix: inputMatrix(MAX_FIELD_DIM, EXT) });
const Block = object({ eigenvalue: ringScalar(RESULT_ENTRY_CHARS, "λ (GF(p^k): an expression in the generator a)"), size: type("number.integer >= 1").describe("the block size") });
const Result = result({
  split: type("boolean").describe("true when every eigenvalue lies in the field of the entries (QQ, GF(p) or GF(p^k)); only then is the Jordan form given"),
  "jordan?": described(resultMatrix(EXT), "J: Jordan blocks (λ on the diagonal, 1 on the superdiagonal), per eigenvalue ascending, sizes descending"),
  "transform?": described(resultMatrix(EXT), "P, invertible, with A·P = P·J (columns: Jordan chains)"),
  "blocks?": list(Block, MAX_FIELD_DIM, "the blocks of J in order"),
  characteristic_polynomial: resultPolynomial("det(xI − A) (over the matrix's ring)"),
});
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default matrixCompute<Req, Res>({
  id: "matrix.jordan_form.compute",
  title: "Jordan normal form with transform, when the eigenvalues are rational (or in GF(p), GF(p^k))",
  summary:
    "The Jordan normal form J and an invertible P with A·P = P·J of an n×n matrix (n ≤ 120) over ZZ, QQ, GF(p) or GF(p^k), when its characteristic polynomial splits over the field of the entries (rational eigenvalues; finite fields: roots in the field, by equal-degree splitting). " +
    "Block sizes come from the ranks of (A − λI)^k; P is built from Jordan chains. When an eigenvalue lies outside the field the result says split: false and gives the characteristic polynomial.",
  keywords: ["jordan form", "jordan normal form", "jordan canonical form", "jordan blocks", "generalized eigenvectors", "jordan chains", "similarity", "nilpotent", "exact"],
  request: Request,
  result: Result,
  bounds: [
    { name: "dimension", limit: MAX_FIELD_DIM, unit: "rows", description: "the matrix is n×n with n at most this" },
    { name: "entry_chars", limit: 2_000, unit: "characters", description: "each entry string has at most this many characters" },
  ],
  cost_model: "units ≈ n⁴ field operations (powers and ranks of A − λI for each eigenvalue, chain selection) at the size of the entries, plus the characteristic polynomial.",
  budget: { max_units: 5e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 120_000 },
  preflight(req) {
    return fieldEstimate(req.matrix, Math.max(2, req.matrix.rows.length));
  },
  ports: { inputs: { matrix: { field: "matrix", description: "the square matrix" } } },
  execute(req, ctx) {
    const m = req.matrix;
    const n = square(m, "payload.matrix", "the Jordan form");
    const tick = () => ctx.checkpoint();
    const { R, A, out } = fieldView(m);
    const chi = integerCharpolyOf(m, tick);
    const eig: { value: unknown; multiplicity: number }[] = [];
    if (m.ring.kind === "GFq") { if (n > 0) eig.push(...extensionRoots(m, chi.dense, tick)); }
    else if (m.ring.kind === "GF") for (const r of gfpRoots(chi.dense as bigint[], m.ring.p, { checkpoint: tick })) eig.push({ value: r.root, multiplicity: r.multiplicity });
    else if (n > 0) for (const x of rationalRoots(chi.integer!, { checkpoint: tick })) eig.push({ value: x, multiplicity: rootMultiplicity(chi.integer!, x) });
    const charpoly = toPolynomial(m.ring, chi.dense.map(out), "x");
    if (eig.reduce((s, e) => s + e.multiplicity, 0) !== n) return { split: false, characteristic_polynomial: charpoly } as unknown as Res;
    const { blocks, P, J } = jordanForm(R, A, eig, tick);
    const mat = (M: unknown[][]) => ({ $kind: "matrix", ring: m.ring.kind === "ZZ" ? { $kind: "ring", kind: "QQ" } : m.ring, rows: M.map((r) => r.map(out)) });
    return {
      split: true,
      jordan: mat(J),
      transform: mat(P),
      blocks: blocks.map((b) => ({ eigenvalue: m.ring.kind === "GFq" ? formatFieldElement(out(b.eigenvalue)) : m.ring.kind === "GF" ? rat(b.eigenvalue as bigint) : (b.eigenvalue as Rational), size: b.size })),
      characteristic_polynomial: charpoly,
    } as unknown as Res;
  },
  postcondition(req, res) {
    if (!res.split || !res.jordan || !res.transform) return null;
    const { R, A, into } = fieldView(req.matrix);
    const view = (M: unknown[][]) => (req.matrix.ring.kind === "GFq" ? M.map((r) => r.map(into)) : M);
    const P = view(res.transform.rows as unknown[][]), J = view(res.jordan.rows as unknown[][]);
    const AP = matMul(R, A, P), PJ = matMul(R, P, J);
    return AP.every((r, i) => r.every((v, j) => R.eq(v, PJ[i]![j]))) ? null : "A·P ≠ P·J";
  },
  examples: [
    { title: "a 3×3 integer matrix with a 2×2 block for eigenvalue 2", payload: { matrix: { ring: "ZZ", rows: [["3", "1", "0"], ["-1", "1", "0"], ["0", "0", "5"]] } }, expected: {"split":true,"jordan":{"ring":"QQ","rows":[["2","1","0"],["0","2","0"],["0","0","5"]]},"transform":{"ring":"QQ","rows":[["1","1","0"],["-1","0","0"],["0","0","1"]]},"blocks":[{"eigenvalue":"2","size":2},{"eigenvalue":"5","size":1}],"characteristic_polynomial":{"ring":"ZZ","variables":["x"],"expression":"x^3 - 9*x^2 + 24*x - 20","terms":[{"coefficient":"1","exponents":[3]},{"coefficient":"-9","exponents":[2]},{"coefficient":"24","exponents":[1]},{"coefficient":"-20","exponents":[0]}]}} },
    { title: "irrational eigenvalues: no Jordan form over QQ", payload: { matrix: { ring: "QQ", rows: [["0", "2"], ["1", "0"]] } }, expected: {"split":false,"characteristic_polynomial":{"ring":"QQ","variables":["x"],"expression":"x^2 - 2","terms":[{"coefficient":"1","exponents":[2]},{"coefficient":"-2","exponents":[0]}]}} },
    { title: "over GF(3)", payload: { matrix: { ring: "GF(3)", rows: [["1", "1"], ["0", "1"]] } }, expected: {"split":true,"jordan":{"ring":"GF(3)","rows":[["1","1"],["0","1"]]},"transform":{"ring":"GF(3)","rows":[["1","0"],["0","1"]]},"blocks":[{"eigenvalue":"1","size":2}],"characteristic_polynomial":{"ring":"GF(3)","variables":["x"],"expression":"x^2 + x + 1","terms":[{"coefficient":"1","exponents":[2]},{"coefficient":"1","exponents":[1]},{"coefficient":"1","exponents":[0]}]}} },
    { title: "a Jordan block over GF(3^2)", payload: {"matrix": {"ring": "GF(3^2)", "rows": [["a", "1"], ["0", "a"]]}}, expected: {"split":true,"jordan":{"ring":"GF(3^2)","rows":[["a","1"],["0","a"]]},"transform":{"ring":"GF(3^2)","rows":[["1","0"],["0","1"]]},"blocks":[{"eigenvalue":"a","size":2}],"characteristic_polynomial":{"ring":"GF(3^2)","variables":["x"],"expression":"x^2 + a*x + (a + 1)","terms":[{"coefficient":"1","exponents":[2]},{"coefficient":"a","exponents":[1]},{"coefficient":"a + 1","exponents":[0]}]}} },
  ],
});
