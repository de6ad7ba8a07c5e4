import { Budget, chromaticNumber, criticalSubgraph, oddCycle } from "../../domain/math/graph/colouring.js";
import type { Graph } from "../../domain/math/graph/types.js";
import { request, result } from "../_support/kinds.js";
import { classesOf, dense, effortField, HARD_BUDGET, MAX_COLOURING_VERTICES, nodesFor, searchEstimate, sortedNames, type Effort } from "./hard.js";
import { CHROMATIC_KIND, chromaticShape, type ChromaticValue } from "./hard_shapes.js";
import { EdgeSet, graphBounds, graphCompute, graphField, indexOf, names, resolve } from "./support.js";

const Request = request({
  graph: graphField({ maxVertices: MAX_COLOURING_VERTICES, maxEdges: 500_000, weights: "allowed", directed: "undirected", loops: false, multi: true }, "the undirected graph (weights are ignored, parallel edges count once)"),
  "effort?": effortField(),
});
const Result = result(chromaticShape(), CHROMATIC_KIND);
type Req = { graph: Graph; effort?: Effort };

export default graphCompute<Req, ChromaticValue>({
  id: "graph.chromatic_number.compute",
  title: "Chromatic number with an optimal proper colouring and a lower-bound witness",
  summary:
    "The chromatic number χ(G) of an undirected graph with an optimal proper vertex colouring, and a witness that fewer colours cannot do (a clique, an odd cycle, or a vertex-critical subgraph). " +
    "Exact DSATUR branch and bound (Brélaz; Sewell / San Segundo PASS tie-breaking) seeded with a maximum clique (bitset MCS branch and bound), which fixes the first colours and the lower bound; " +
    "when χ exceeds the clique number the witness is an odd cycle (χ = 3) or a subgraph made vertex-critical by greedy deletion. Out of the effort's budget the result is INCOMPLETE with the best colouring and the clique bound. " +
    "Checked by graph.chromatic_number.verify.",
  keywords: ["chromatic number", "vertex colouring", "vertex coloring", "graph colouring", "graph coloring", "proper colouring", "k-colouring", "colour classes", "dsatur", "branch and bound", "clique", "colourable", "colorable"],
  request: Request,
  result: Result as never,
  bounds: [...graphBounds(MAX_COLOURING_VERTICES, 500_000), { name: "search_nodes", limit: 20_000_000, unit: "branch nodes", description: "the thorough effort's budget of DSATUR and clique branch nodes; beyond it the result is INCOMPLETE" }],
  cost_model: "units = (search nodes of the effort) × (n + 32): each DSATUR node scans the uncoloured vertices and updates the saturation of a neighbourhood; plus the bitset adjacency (n²/32 words)",
  budget: HARD_BUDGET,
  progress_measure: "none (the search's size is not known in advance)",
  preflight: (req) => searchEstimate(req.graph, req.effort),
  ports: { outputs: { result: { field: ".", description: "the whole result: the claim of graph.chromatic_number.verify" } } },
  execute(req, ctx) {
    const g = req.graph;
    const d = dense(g);
    const nodes = nodesFor(req.effort);
    const tick = () => ctx.checkpoint();
    const r = chromaticNumber(d, { maxNodes: Math.floor(nodes * 0.75), tick });
    let lower = r.lowerBound;
    let witness: ChromaticValue["lower_bound_witness"] = { kind: "clique", vertices: sortedNames(g, r.clique) };
    if (r.complete && r.colours > r.clique.length) {
      // χ > ω: an odd cycle when χ = 3, else a vertex-critical subgraph (each deletion proved).
      const cycle = r.colours === 3 ? oddCycle(d) : null;
      if (cycle) witness = { kind: "odd_cycle", vertices: names(g, cycle) };
      else {
        // The witness costs at most as much again as the search (each deletion is a (χ − 1)-colouring
        // decision); out of that budget the current set is still a witness, only a larger one.
        const witnessBudget = new Budget(Math.min(Math.max(0, nodes - r.nodes), Math.max(10_000, r.nodes)), tick);
        witness = { kind: "subgraph", vertices: sortedNames(g, criticalSubgraph(d, r.colours, witnessBudget)) };
      }
    } else if (!r.complete && r.clique.length === 2) {
      const cycle = oddCycle(d);
      if (cycle) {
        witness = { kind: "odd_cycle", vertices: names(g, cycle) };
        lower = 3;
      }
    }
    const exact = r.complete || lower === r.colours;
    return {
      status: exact ? "EXACT" : "INCOMPLETE",
      ...(exact ? { chromatic_number: String(r.colours) } : {}),
      lower_bound: String(exact ? r.colours : lower),
      upper_bound: String(r.colours),
      colour_classes: classesOf(g, r.colour),
      lower_bound_witness: witness,
    };
  },
  postcondition(req, res) {
    const g = req.graph, idx = indexOf(g), edges = new EdgeSet(g);
    const colour = new Int32Array(g.n).fill(-1);
    res.colour_classes.forEach((cls, c) => {
      const vs = resolve(idx, cls, "colour class");
      if (typeof vs !== "string") for (const v of vs) colour[v] = c;
    });
    if (colour.some((c) => c < 0)) return "a vertex has no colour";
    for (let e = 0; e < g.m; e++) if (colour[g.src[e]!] === colour[g.dst[e]!]) return "an edge joins two vertices of one colour";
    if (String(res.colour_classes.length) !== res.upper_bound) return "the number of colour classes is not the upper bound";
    const w = resolve(idx, res.lower_bound_witness.vertices, "witness");
    if (typeof w === "string") return w;
    if (res.lower_bound_witness.kind === "clique") {
      for (let i = 0; i < w.length; i++) for (let j = i + 1; j < w.length; j++) if (!edges.has(w[i]!, w[j]!)) return "the clique witness has two non-adjacent vertices";
      if (String(w.length) !== res.lower_bound) return "the clique witness's size is not the lower bound";
    }
    if (res.status === "EXACT" && (res.lower_bound !== res.upper_bound || res.chromatic_number !== res.upper_bound)) return "an exact result has equal bounds";
    return null;
  },
  examples: [
    {
      title: "the Petersen graph needs 3 colours; an odd cycle shows 2 do not suffice (its largest clique is an edge)",
      payload: { graph: { graph6: "IheA@GUAo" } },
      expected: {"status":"EXACT","chromatic_number":"3","lower_bound":"3","upper_bound":"3","colour_classes":[["0","2","8","9"],["1","3","7"],["4","5","6"]],"lower_bound_witness":{"kind":"odd_cycle","vertices":["2","1","0","4","3"]}},
    },
    {
      title: "the Grötzsch graph: triangle-free but 4-chromatic — the witness is the whole (vertex-critical) graph",
      payload: {
        graph: {
          vertices: ["u1", "u2", "u3", "u4", "u5", "v1", "v2", "v3", "v4", "v5", "w"],
          edges: [["u1", "u2"], ["u2", "u3"], ["u3", "u4"], ["u4", "u5"], ["u5", "u1"], ["v1", "u2"], ["v1", "u5"], ["v2", "u1"], ["v2", "u3"], ["v3", "u2"], ["v3", "u4"], ["v4", "u3"], ["v4", "u5"], ["v5", "u4"], ["v5", "u1"], ["w", "v1"], ["w", "v2"], ["w", "v3"], ["w", "v4"], ["w", "v5"]],
        },
      },
      expected: {"status":"EXACT","chromatic_number":"4","lower_bound":"4","upper_bound":"4","colour_classes":[["u1","u4","w"],["u2","u5","v2","v5"],["u3","v1","v3"],["v4"]],"lower_bound_witness":{"kind":"subgraph","vertices":["u1","u2","u3","u4","u5","v1","v2","v3","v4","v5","w"]}},
    },
    {
      title: "a 4-clique with a pendant vertex: the clique is the lower-bound witness",
      payload: { graph: { vertices: ["a", "b", "c", "d", "e"], edges: [["a", "b"], ["a", "c"], ["a", "d"], ["b", "c"], ["b", "d"], ["c", "d"], ["d", "e"]] } },
      expected: {"status":"EXACT","chromatic_number":"4","lower_bound":"4","upper_bound":"4","colour_classes":[["a","e"],["b"],["c"],["d"]],"lower_bound_witness":{"kind":"clique","vertices":["a","b","c","d"]}},
    },
    {
      title: "a graph without edges needs one colour",
      payload: { graph: { vertices: ["x", "y", "z"], edges: [] } },
      expected: {"status":"EXACT","chromatic_number":"1","lower_bound":"1","upper_bound":"1","colour_classes":[["x","y","z"]],"lower_bound_witness":{"kind":"clique","vertices":["z"]}},
    },
  ],
});
