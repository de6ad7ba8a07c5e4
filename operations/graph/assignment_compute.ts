import { type } from "arktype";
import { domainAt, matrix, request, result } from "../_support/kinds.js";
import type { TypedMatrix } from "../../domain/kinds.js";
import { formatRational, type Rational } from "../../domain/math/rational.js";
import { solveAssignment, unscaled } from "./assignment_support.js";
import { exact, graphCompute } from "./support.js";

const MAX_DIM = 2_000;
const Request = request({
  costs: matrix(MAX_DIM, 200),
  "maximize?": type("boolean").describe("maximize the total instead of minimizing it (default false)"),
});
const Result = result({
  assignment: type("unknown[]").describe("[row, column] pairs (0-based JSON integers), one per row of the smaller side, in row order (columns when the matrix has more rows than columns)"),
  total: exact("the optimal total cost (or profit)"),
  row_potentials: type("unknown[]").describe("dual values u_i (exact rational strings), one per row"),
  column_potentials: type("unknown[]").describe(
    "dual values v_j, one per column: u_i + v_j ≤ cost_ij everywhere, v_j ≤ 0 and 0 on unassigned columns (maximizing: ≥ and ≥ 0), equality on the assignment, Σ u + Σ v = total — the optimality certificate",
  ),
});
type Req = { costs: TypedMatrix; maximize?: boolean };
type Res = typeof Result.infer;

export default graphCompute<Req, Res>({
  id: "graph.assignment.compute",
  title: "Assignment problem (Hungarian algorithm) with exact costs and dual certificate",
  summary:
    "An optimal assignment for a cost matrix over ZZ or QQ (n × k, rectangular allowed: every row of the smaller side gets its own column): the least total cost, or the largest total profit with " +
    "maximize, with dual potentials proving optimality (LP duality). Hungarian algorithm with potentials, O(n²·k), exact; at most 2,000 rows and columns.",
  keywords: ["assignment problem", "hungarian algorithm", "kuhn munkres", "linear assignment", "minimum cost perfect matching", "bipartite weighted matching", "cost matrix", "job assignment", "munkres"],
  request: Request as never,
  result: Result as never,
  bounds: [{ name: "dimension", limit: MAX_DIM, unit: "rows or columns", description: "the cost matrix is at most 2,000 × 2,000" }],
  cost_model: "units = n²·k for n = min(rows, columns), k = max (the Hungarian algorithm's shortest-augmenting-path phases)",
  budget: { max_units: 3e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 120_000 },
  preflight(req) {
    const r = req.costs.rows.length, c = r ? req.costs.rows[0]!.length : 0;
    const n = Math.min(r, c), k = Math.max(r, c);
    return { units: n * n * k + r * c, memory_bytes: 24 * r * c + 2 ** 20, basis: `${r} × ${c} costs` };
  },
  execute(req, ctx) {
    const m = req.costs;
    if (m.ring.kind === "GF") throw domainAt("payload.costs.ring", "costs are integers or rationals (ZZ or QQ)");
    const rows = m.rows.map((row) => (row as (bigint | Rational)[]).map((x) => (typeof x === "bigint" ? { num: x, den: 1n } : x)));
    const r = rows.length, c = r ? rows[0]!.length : 0;
    const transpose = r > c;
    const a = transpose ? Array.from({ length: c }, (_, j) => rows.map((row) => row[j]!)) : rows;
    const s = solveAssignment(a, req.maximize === true, () => ctx.checkpoint());
    const fmt = (x: bigint) => formatRational(unscaled(x, s.scale));
    const pairs = Array.from(s.colOf, (j, i) => (transpose ? [j, i] : [i, j])).sort((x, y) => x[0]! - y[0]!);
    return {
      assignment: pairs,
      total: fmt(s.cost),
      row_potentials: (transpose ? s.v : s.u).map(fmt),
      column_potentials: (transpose ? s.u : s.v).map(fmt),
    };
  },
  postcondition(req, res) {
    const r = req.costs.rows.length, c = r ? req.costs.rows[0]!.length : 0;
    return (res.assignment as unknown[]).length === Math.min(r, c) ? null : "one pair per row of the smaller side";
  },
  examples: [
    {
      title: "three workers, three jobs",
      payload: { costs: { ring: "ZZ", rows: [["4", "1", "3"], ["2", "0", "5"], ["3", "2", "2"]] } },
      expected: { assignment: [[0, 1], [1, 0], [2, 2]], total: "5", row_potentials: ["3", "2", "2"], column_potentials: ["0", "-2", "0"] },
    },
    {
      title: "maximize profit on a 2 × 3 rational matrix",
      payload: { costs: { ring: "QQ", rows: [["1/2", "3", "1"], ["2", "5/2", "0"]] }, maximize: true },
      expected: { assignment: [[0, 1], [1, 0]], total: "5", row_potentials: ["5/2", "2"], column_potentials: ["0", "1/2", "0"] },
    },
  ],
});
