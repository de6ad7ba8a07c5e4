import { domainError } from "../../domain/errors.js";
import { integerKernel } from "../../domain/math/linalg/lattice.js";
import { clearDenominators } from "../../domain/math/matrix.js";
import { ZZ } from "../../domain/kinds.js";
import { request, result } from "../_support/kinds.js";
import { type } from "arktype";
import { asInt, asRat, MAX_DIM } from "./support.js";
import { described, hermiteEstimate, inputMatrix, lllEstimate, matrixCompute, resultMatrix } from "./structure.js";

const Request = request({ matrix: inputMatrix() });
const Result = result({
  kernel: described(resultMatrix(), "rows k_1, …, k_d over ZZ forming a basis of the lattice { x ∈ Z^n : A·x = 0 }, LLL-reduced (δ = 3/4); no rows when the kernel is {0}"),
  dimension: type("number.integer >= 0").describe("d = n − rank(A)"),
});
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default matrixCompute<Req, Res>({
  id: "matrix.integer_kernel.compute",
  title: "Integer kernel of a matrix: a lattice basis of { x ∈ Z^n : A x = 0 }",
  summary:
    "A basis of the integer kernel { x ∈ Z^n : A·x = 0 } of an m×n integer or rational matrix (QQ rows are scaled to integers first, which keeps the kernel): the rows of U beyond the rank in the Hermite form U·Aᵀ = H, " +
    "which generate the whole kernel lattice (not just a full-rank sublattice) because U is unimodular, then LLL-reduced (δ = 3/4) so they are short. PARI/GP's matkerint returns such a basis as columns.",
  keywords: ["integer kernel", "nullspace over the integers", "lattice kernel", "integer relations", "hermite normal form", "matkerint", "syzygies", "diophantine"],
  request: Request,
  result: Result,
  bounds: [
    { name: "dimension", limit: MAX_DIM, unit: "rows or columns", description: "the matrix has at most this many rows and columns" },
    { name: "entry_chars", limit: 2_000, unit: "characters", description: "each entry string has at most this many characters" },
  ],
  cost_model: "units ≈ the Hermite form of Aᵀ with transform plus LLL of the kernel rows (see matrix.hermite_form.compute and matrix.lll_reduction.compute).",
  budget: { max_units: 5e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 60_000 },
  preflight(req) {
    const m = req.matrix;
    const rows = m.rows.length, cols = rows ? m.rows[0]!.length : 0;
    const t = { $kind: "matrix", ring: m.ring, rows: Array.from({ length: cols }, (_, j) => m.rows.map((r) => r[j]!)) } as typeof m;
    const h = hermiteEstimate(t, true);
    const l = lllEstimate(t);
    return { units: h.units + l.units, memory_bytes: h.memory_bytes + l.memory_bytes, basis: h.basis };
  },
  ports: { inputs: { matrix: { field: "matrix", description: "the matrix A (ZZ or QQ)" } }, outputs: { kernel: { field: "kernel", description: "the kernel basis (rows)" } } },
  execute(req, ctx) {
    const m = req.matrix;
    if (m.ring.kind === "GF") throw domainError("the integer kernel is defined over ZZ or QQ; for GF(p) use a nullspace over the field", "payload.matrix.ring");
    const A = m.ring.kind === "ZZ" ? asInt(m) : clearDenominators(asRat(m)).integer;
    const n = A.length ? A[0]!.length : 0;
    const K = integerKernel(A, n, undefined, () => ctx.checkpoint());
    return { kernel: { $kind: "matrix", ring: ZZ, rows: K }, dimension: K.length } as unknown as Res;
  },
  postcondition(req, res) {
    const m = req.matrix;
    const A = m.ring.kind === "ZZ" ? asInt(m) : clearDenominators(asRat(m)).integer;
    for (const k of res.kernel.rows as bigint[][]) for (const r of A) { let s = 0n; for (let j = 0; j < r.length; j++) s += r[j]! * k[j]!; if (s !== 0n) return "A·k ≠ 0 for a kernel row"; }
    return null;
  },
  examples: [
    { title: "one equation in three unknowns", payload: { matrix: { ring: "ZZ", rows: [["2", "3", "5"]] } }, expected: {"kernel":{"ring":"ZZ","rows":[["-1","-1","1"],["-3","2","0"]]},"dimension":2} },
    { title: "a 2×4 system", payload: { matrix: { ring: "ZZ", rows: [["1", "2", "3", "4"], ["2", "4", "7", "9"]] } }, expected: {"kernel":{"ring":"ZZ","rows":[["-1","0","-1","1"],["-1","1","1","-1"]]},"dimension":2} },
    { title: "an injective matrix has kernel {0}", payload: { matrix: { ring: "ZZ", rows: [["1", "0"], ["0", "1"], ["1", "1"]] } }, expected: {"kernel":{"ring":"ZZ","rows":[]},"dimension":0} },
  ],
});
