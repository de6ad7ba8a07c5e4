import { pruferEncode } from "../../domain/math/graph/construct.js";
import { components } from "../../domain/math/graph/traverse.js";
import type { Graph } from "../../domain/math/graph/types.js";
import { domainAt, request, result } from "../_support/kinds.js";
import { graphBounds, graphCompute, graphField, labels, names } from "./support.js";

const Request = request({ graph: graphField({ weights: "allowed", directed: "undirected" }, "a tree on at least two vertices (weights are ignored)") });
const Result = result({ code: labels("the Prüfer code: n − 2 vertex labels") });
type Req = { graph: Graph };
type Res = typeof Result.infer;

export default graphCompute<Req, Res>({
  id: "graph.prufer_code.compute",
  title: "Prüfer code of a labelled tree",
  summary:
    "The Prüfer code of a tree on n ≥ 2 labelled vertices: n − 2 times, remove the leaf that comes first in the vertex order and record its neighbour. " +
    "Linear time; graph.prufer_decode.compute inverts it (trees on n labelled vertices ↔ sequences of length n − 2: Cayley's n^(n−2)).",
  keywords: ["prufer code", "prüfer sequence", "tree encoding", "labelled tree", "cayley formula", "tree code", "spanning tree"],
  request: Request as never,
  result: Result as never,
  bounds: graphBounds(),
  cost_model: "units = n + m",
  budget: { max_units: 1e8, max_memory_bytes: 512 * 2 ** 20, timeout_ms: 20_000 },
  preflight: (req) => ({ units: req.graph.n + req.graph.m, memory_bytes: 24 * req.graph.n + 2 ** 20, basis: `${req.graph.n} vertices` }),
  execute(req) {
    const g = req.graph;
    if (g.n < 2 || g.m !== g.n - 1 || components(g).count !== 1) throw domainAt("payload.graph", "the graph is not a tree on at least two vertices (connected, m = n − 1)", "graph.is_tree.compute says why");
    return { code: names(g, pruferEncode(g)) };
  },
  postcondition: (req, res) => ((res.code as string[]).length === req.graph.n - 2 ? null : "a Prüfer code has n − 2 entries"),
  examples: [
    {
      title: "a path 1–2–3–4–5 (first leaf in vertex order removed each time)",
      payload: { graph: { vertices: ["1", "2", "3", "4", "5"], edges: [["1", "2"], ["2", "3"], ["3", "4"], ["4", "5"]] } },
      expected: { code: ["2", "3", "4"] },
    },
    { title: "a star: the centre repeated", payload: { graph: { vertices: ["c", "a", "b", "d"], edges: [["c", "a"], ["c", "b"], ["c", "d"]] } }, expected: { code: ["c", "c"] } },
  ],
});
