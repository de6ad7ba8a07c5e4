import { arcDegrees, degrees, sortedDescending } from "../../domain/math/graph/degrees.js";
import type { Graph } from "../../domain/math/graph/types.js";
import { request, result } from "../_support/kinds.js";
import { count, graphBounds, graphCompute, graphField, labels, perVertex } from "./support.js";

const Request = request({ graph: graphField({ weights: "allowed", directed: "either", loops: true, multi: true }, "the graph (weights are ignored)") });
const Result = result({
  degrees: perVertex("the degree of every vertex (directed: out-degree + in-degree); an undirected loop counts 2"),
  "out_degrees?": perVertex("directed graphs: the out-degree of every vertex"),
  "in_degrees?": perVertex("directed graphs: the in-degree of every vertex"),
  sequence: labels("the degree sequence: the degrees sorted non-increasingly, as strings"),
  minimum: count("the least degree (0 for the graph without vertices)"),
  maximum: count("the largest degree"),
  degree_sum: count("Σ deg(v) = 2·m (the handshake lemma)"),
  isolated: labels("the vertices of degree 0, in vertex order"),
});
type Req = { graph: Graph };
type Res = typeof Result.infer;

const pairs = (g: Graph, d: Int32Array): [string, string][] => Array.from(d, (x, v) => [g.labels[v]!, String(x)]);

export default graphCompute<Req, Res>({
  id: "graph.degree_sequence.compute",
  title: "Degree sequence of a graph",
  summary:
    "The degree of every vertex of a graph and its degree sequence (non-increasing), with the least and largest degree and the isolated vertices; directed graphs also get in- and out-degrees. " +
    "Loops count 2 (undirected), parallel edges count with multiplicity, so the degrees sum to 2m.",
  keywords: ["degree sequence", "vertex degree", "degrees", "in-degree", "out-degree", "handshake lemma", "isolated vertices", "maximum degree", "minimum degree", "graph"],
  request: Request,
  result: Result,
  bounds: graphBounds(),
  cost_model: "units = n + m (one pass over the edges, a counting sort of the degrees)",
  budget: { max_units: 1e8, max_memory_bytes: 512 * 2 ** 20, timeout_ms: 20_000 },
  preflight: (req) => ({ units: req.graph.n + req.graph.m, memory_bytes: 120 * req.graph.n + 2 ** 20, basis: `${req.graph.n} vertices, ${req.graph.m} edges` }),
  execute(req) {
    const g = req.graph;
    const arcs = g.directed ? arcDegrees(g) : null;
    const d = arcs ? arcs.out.map((x, v) => x + arcs.in[v]!) : degrees(g);
    const sorted = sortedDescending(d);
    const isolated: string[] = [];
    for (let v = 0; v < g.n; v++) if (d[v] === 0) isolated.push(g.labels[v]!);
    return {
      degrees: pairs(g, d),
      ...(arcs ? { out_degrees: pairs(g, arcs.out), in_degrees: pairs(g, arcs.in) } : {}),
      sequence: Array.from(sorted, String),
      minimum: String(g.n ? sorted[g.n - 1] : 0),
      maximum: String(g.n ? sorted[0] : 0),
      degree_sum: String(2 * g.m),
      isolated,
    };
  },
  postcondition(req, res) {
    const g = req.graph;
    const d = res.degrees as [string, string][];
    if (d.length !== g.n) return "one degree per vertex";
    let sum = 0;
    for (let v = 0; v < g.n; v++) {
      if (d[v]![0] !== g.labels[v]) return "degrees are listed in vertex order";
      sum += Number(d[v]![1]);
    }
    if (sum !== 2 * g.m || res.degree_sum !== String(sum)) return "the degrees do not sum to 2m";
    const seq = res.sequence as string[];
    for (let i = 1; i < seq.length; i++) if (Number(seq[i]) > Number(seq[i - 1])) return "the sequence is not non-increasing";
    return null;
  },
  examples: [
    {
      title: "a path a–b–c with a pendant d at b",
      payload: { graph: { vertices: ["a", "b", "c", "d"], edges: [["a", "b"], ["b", "c"], ["b", "d"]] } },
      expected: { degrees: [["a", "1"], ["b", "3"], ["c", "1"], ["d", "1"]], sequence: ["3", "1", "1", "1"], minimum: "1", maximum: "3", degree_sum: "6", isolated: [] },
    },
    {
      title: "a directed graph: out- and in-degrees",
      payload: { graph: { directed: true, vertices: ["x", "y", "z"], edges: [["x", "y"], ["x", "z"], ["y", "z"]] } },
      expected: {
        degrees: [["x", "2"], ["y", "2"], ["z", "2"]],
        out_degrees: [["x", "2"], ["y", "1"], ["z", "0"]],
        in_degrees: [["x", "0"], ["y", "1"], ["z", "2"]],
        sequence: ["2", "2", "2"],
        minimum: "2",
        maximum: "2",
        degree_sum: "6",
        isolated: [],
      },
    },
    {
      title: "graph6 input: the Petersen graph is 3-regular",
      payload: { graph: { graph6: "IheA@GUAo" } },
      expected: {
        degrees: [["0", "3"], ["1", "3"], ["2", "3"], ["3", "3"], ["4", "3"], ["5", "3"], ["6", "3"], ["7", "3"], ["8", "3"], ["9", "3"]],
        sequence: ["3", "3", "3", "3", "3", "3", "3", "3", "3", "3"],
        minimum: "3",
        maximum: "3",
        degree_sum: "30",
        isolated: [],
      },
    },
    {
      title: "a loop counts 2, an isolated vertex 0",
      payload: { graph: { vertices: ["p", "q"], edges: [["p", "p"]] } },
      expected: { degrees: [["p", "2"], ["q", "0"]], sequence: ["2", "0"], minimum: "0", maximum: "2", degree_sum: "2", isolated: ["q"] },
    },
  ],
});
