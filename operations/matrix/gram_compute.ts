import { formatRing } from "../../domain/kinds.js";
import { multiplyIntegerSteps, multiplyModPrime, multiplyRational } from "../../domain/math/matrix.js";
import { request, result } from "../_support/kinds.js";
import { asInt, asRat, CHAR_COST, FLOAT_STEP, MAX_DIM, measure, mulCost } from "./support.js";
import { described, inputMatrix, matrixCompute, resultMatrix } from "./structure.js";
import { drive } from "../../domain/math/matrix.js";

const Request = request({ basis: inputMatrix() });
const Result = result({ gram: described(resultMatrix(), "G = B·Bᵀ (m×m, symmetric): G_ij = <b_i, b_j>") });
type Req = typeof Request.infer;
type Res = typeof Result.infer;

const transpose = <T>(A: T[][]): T[][] => (A.length ? A[0]!.map((_, j) => A.map((r) => r[j]!)) : []);

export default matrixCompute<Req, Res>({
  id: "matrix.gram.compute",
  title: "Gram matrix B·Bᵀ of a family of row vectors",
  summary: "The Gram matrix G = B·Bᵀ of the rows of an m×n matrix over ZZ, QQ or GF(p): G_ij = <b_i, b_j>. Its determinant is the squared volume of the lattice (ZZ) or parallelepiped the rows span.",
  keywords: ["gram matrix", "inner products", "b b transpose", "lattice", "quadratic form", "volume", "qfgaussred"],
  request: Request,
  result: Result,
  bounds: [
    { name: "dimension", limit: MAX_DIM, unit: "rows or columns", description: "the matrix has at most this many rows and columns" },
    { name: "entry_chars", limit: 2_000, unit: "characters", description: "each entry string has at most this many characters" },
  ],
  cost_model: "units ≈ m²·n products of entry-sized numbers (doubles over GF(p) with p < 2^26), plus formatting.",
  budget: { max_units: 5e9, max_memory_bytes: 512 * 2 ** 20, timeout_ms: 60_000 },
  preflight(req) {
    const s = measure(req.basis);
    const b = Math.max(1, ...s.rowBits);
    const per = s.ring.kind === "GF" && s.ring.smallField ? FLOAT_STEP : mulCost(b, b);
    return { units: s.rows * s.rows * s.cols * per + s.rows * s.rows * (2 * b) * CHAR_COST + s.chars * CHAR_COST, memory_bytes: s.rows * s.rows * (b / 4 + 48) + s.chars * 4, basis: `${s.rows}×${s.cols} over ${formatRing(req.basis.ring)}` };
  },
  ports: { inputs: { basis: { field: "basis", description: "the rows b_i" } }, outputs: { gram: { field: "gram", description: "the Gram matrix" } } },
  execute(req) {
    const m = req.basis;
    const rows = m.ring.kind === "ZZ" ? drive(multiplyIntegerSteps(asInt(m), transpose(asInt(m))), m.rows.length) : m.ring.kind === "QQ" ? multiplyRational(asRat(m), transpose(asRat(m))) : multiplyModPrime(asInt(m), transpose(asInt(m)), m.ring.p);
    return { gram: { $kind: "matrix", ring: m.ring, rows } } as unknown as Res;
  },
  postcondition(_req, res) {
    const G = res.gram.rows as (bigint | { num: bigint; den: bigint })[][];
    const same = (a: bigint | { num: bigint; den: bigint }, b: bigint | { num: bigint; den: bigint }) => (typeof a === "bigint" ? a === b : typeof b !== "bigint" && a.num === b.num && a.den === b.den);
    for (let i = 0; i < G.length; i++) for (let j = 0; j < i; j++) if (!same(G[i]![j]!, G[j]![i]!)) return "G is not symmetric";
    return null;
  },
  examples: [
    { title: "an integer basis", payload: { basis: { ring: "ZZ", rows: [["1", "2", "3"], ["4", "5", "6"]] } }, expected: {"gram":{"ring":"ZZ","rows":[["14","32"],["32","77"]]}} },
    { title: "over GF(7)", payload: { basis: { ring: "GF(7)", rows: [["1", "2"], ["3", "4"]] } }, expected: {"gram":{"ring":"GF(7)","rows":[["5","4"],["4","4"]]}} },
  ],
});
