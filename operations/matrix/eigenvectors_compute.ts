import { type } from "arktype";
import { matVec, nullspace, shiftDiagonal } from "../../domain/math/linalg/field.js";
import { gfpRoots } from "../../domain/math/poly/gfp.js";
import { rationalRoots, rootMultiplicity } from "../../domain/math/poly/realroots.js";
import { rational as rat, type Rational } from "../../domain/math/rational.js";
import { object, list, request, result, ringScalar, vector } from "../_support/kinds.js";
import { formatFieldElement, parseFieldElement } from "../../domain/math/poly/gfq.js";
import { EXT } from "./linalg.js";
import { extensionRoots, fieldEstimate, fieldView, inputMatrix, integerCharpolyOf, matrixCompute, MAX_FIELD_DIM, primitiveVector, RESULT_ENTRY_CHARS, square } from "./structure.js";

const Request = request({ matrix: inputMatrix(MAX_FIELD_DIM, EXT) });
const Eigen = object({
  value: ringScalar(RESULT_ENTRY_CHARS, "the eigenvalue λ (a rational for ZZ/QQ, a residue for GF(p), an expression in the generator a for GF(p^k))"),
  algebraic_multiplicity: type("number.integer >= 1").describe("the multiplicity of λ as a root of the characteristic polynomial"),
  geometric_multiplicity: type("number.integer >= 1").describe("dim ker(A − λI)"),
  eigenvectors: list(vector(MAX_FIELD_DIM, RESULT_ENTRY_CHARS, EXT), MAX_FIELD_DIM, "a basis of ker(A − λI) (ZZ/QQ: primitive integer vectors)"),
});
const Result = result({
  eigenvalues: list(Eigen, MAX_FIELD_DIM, "the eigenvalues in the field of the entries (QQ for integer and rational matrices, GF(p), GF(p^k)), ascending (GF(p^k): by the length, then the text, of the canonical expression)"),
  complete: type("boolean").describe("true when the algebraic multiplicities sum to n (the characteristic polynomial splits over the field)"),
});
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default matrixCompute<Req, Res>({
  id: "matrix.eigenvectors.compute",
  title: "Rational (or GF(p), GF(p^k)) eigenvalues and eigenvectors of a square matrix, exactly",
  summary:
    "The eigenvalues of an n×n matrix (n ≤ 120) that lie in the field of its entries — rational eigenvalues of integer and rational matrices, eigenvalues in GF(p) or GF(p^k) of matrices over that field — with algebraic and geometric multiplicities and a basis of each eigenspace. " +
    "The eigenvalues are the rational roots (finite fields: the roots, by equal-degree splitting) of the characteristic polynomial; the eigenspaces are kernels of A − λI by exact elimination. `complete` says whether these are all the eigenvalues (irrational or complex ones are not listed).",
  keywords: ["eigenvalues", "eigenvectors", "eigenspace", "rational eigenvalues", "spectrum", "characteristic polynomial", "kernel", "diagonalization", "exact", "matrix"],
  request: Request,
  result: Result,
  bounds: [
    { name: "dimension", limit: MAX_FIELD_DIM, unit: "rows", description: "the matrix is n×n with n at most this" },
    { name: "entry_chars", limit: 2_000, unit: "characters", description: "each entry string has at most this many characters" },
  ],
  cost_model: "units ≈ the characteristic polynomial's cost plus, per distinct eigenvalue, one exact elimination of A − λI (n³ field operations at entry size); the number of eigenvalues is at most n.",
  budget: { max_units: 5e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 60_000 },
  preflight(req) {
    const e = fieldEstimate(req.matrix, 1);
    const n = req.matrix.rows.length;
    return { ...e, units: e.units * Math.min(n, 4) + 1e5 };
  },
  ports: { inputs: { matrix: { field: "matrix", description: "the square matrix" } } },
  execute(req, ctx) {
    const m = req.matrix;
    const n = square(m, "payload.matrix", "eigenvalues");
    const tick = () => ctx.checkpoint();
    const { R, A, out } = fieldView(m);
    const chi = integerCharpolyOf(m, tick);
    const found: { value: unknown; mult: number }[] = [];
    if (m.ring.kind === "GFq") {
      if (n > 0) for (const r of extensionRoots(m, chi.dense, tick)) found.push({ value: r.value, mult: r.multiplicity });
    } else if (m.ring.kind === "GF") {
      for (const r of gfpRoots(chi.dense as bigint[], m.ring.p, { checkpoint: tick })) found.push({ value: r.root, mult: r.multiplicity });
    } else if (n > 0) {
      for (const x of rationalRoots(chi.integer!, { checkpoint: tick })) found.push({ value: x, mult: rootMultiplicity(chi.integer!, x) });
    }
    const eigenvalues = found.map(({ value, mult }) => {
      const basis = nullspace(R, shiftDiagonal(R, A, value), n, tick);
      if (m.ring.kind === "GFq") {
        const vs = basis.map((v) => ({ $kind: "vector", ring: m.ring, entries: v.map(out) }));
        return { value: formatFieldElement(out(value)), algebraic_multiplicity: mult, geometric_multiplicity: basis.length, eigenvectors: vs };
      }
      const vectors = basis.map((v) => (m.ring.kind === "GF" ? { $kind: "vector", ring: m.ring, entries: v } : { $kind: "vector", ring: m.ring, entries: m.ring.kind === "ZZ" ? primitiveVector(v as Rational[]) : primitiveVector(v as Rational[]).map((x) => rat(x)) }));
      return { value: m.ring.kind === "GF" ? rat(value as bigint) : value, algebraic_multiplicity: mult, geometric_multiplicity: basis.length, eigenvectors: vectors };
    });
    return { eigenvalues, complete: found.reduce((s, f) => s + f.mult, 0) === n } as unknown as Res;
  },
  postcondition(req, res) {
    const m = req.matrix;
    const { R, A, into } = fieldView(m);
    const gfq = m.ring.kind === "GFq";
    const chi = gfq ? integerCharpolyOf(m, () => {}).dense : [];
    for (const e of res.eigenvalues) {
      const lambda = m.ring.kind === "GFq" ? into(parseFieldElement(m.ring, e.value as string, "eigenvalue")) : m.ring.kind === "GF" ? (e.value as Rational).num : e.value;
      if (gfq && !R.isZero(fieldEval(R, chi, lambda))) return "an eigenvalue is not a root of the characteristic polynomial";
      for (const v of e.eigenvectors) {
        const x = (v.entries as unknown[]).map((t) => (gfq ? into(t) : typeof t === "bigint" && m.ring.kind !== "GF" ? R.fromInteger(t) : t));
        if (x.every((t) => R.isZero(t))) return "a zero eigenvector";
        const Ax = matVec(R, A, x);
        if (Ax.some((y, i) => !R.eq(y, R.mul(lambda, x[i])))) return "A·v ≠ λ·v";
      }
    }
    return null;
  },
  examples: [
    { title: "an integer matrix with eigenvalues 1 and 3", payload: { matrix: { ring: "ZZ", rows: [["2", "1"], ["1", "2"]] } }, expected: {"eigenvalues":[{"value":"1","algebraic_multiplicity":1,"geometric_multiplicity":1,"eigenvectors":[{"ring":"ZZ","entries":["1","-1"]}]},{"value":"3","algebraic_multiplicity":1,"geometric_multiplicity":1,"eigenvectors":[{"ring":"ZZ","entries":["1","1"]}]}],"complete":true} },
    { title: "a defective eigenvalue (geometric < algebraic) and an irrational pair left out", payload: { matrix: { ring: "QQ", rows: [["1", "1", "0", "0"], ["0", "1", "0", "0"], ["0", "0", "0", "2"], ["0", "0", "1", "0"]] } }, expected: {"eigenvalues":[{"value":"1","algebraic_multiplicity":2,"geometric_multiplicity":1,"eigenvectors":[{"ring":"QQ","entries":["1","0","0","0"]}]}],"complete":false} },
    { title: "over GF(5)", payload: { matrix: { ring: "GF(5)", rows: [["0", "1"], ["1", "0"]] } }, expected: {"eigenvalues":[{"value":"1","algebraic_multiplicity":1,"geometric_multiplicity":1,"eigenvectors":[{"ring":"GF(5)","entries":["1","1"]}]},{"value":"4","algebraic_multiplicity":1,"geometric_multiplicity":1,"eigenvectors":[{"ring":"GF(5)","entries":["4","1"]}]}],"complete":true} },
    { title: "over GF(5^2): x² − 2 has no root in GF(5) but splits in GF(25)", payload: {"matrix": {"ring": "GF(5^2)", "rows": [["0", "1"], ["2", "0"]]}}, expected: {"eigenvalues":[{"value":"a + 2","algebraic_multiplicity":1,"geometric_multiplicity":1,"eigenvectors":[{"ring":"GF(5^2)","entries":["3*a + 1","1"]}]},{"value":"4*a + 3","algebraic_multiplicity":1,"geometric_multiplicity":1,"eigenvectors":[{"ring":"GF(5^2)","entries":["2*a + 4","1"]}]}],"complete":true} },
  ],
});

/** f(x) by Horner over the field view. */
function fieldEval(R: { zero: unknown; add(a: unknown, b: unknown): unknown; mul(a: unknown, b: unknown): unknown }, f: readonly unknown[], x: unknown): unknown {
  let acc = R.zero;
  for (let i = f.length - 1; i >= 0; i--) acc = R.add(R.mul(acc, x), f[i]);
  return acc;
}
