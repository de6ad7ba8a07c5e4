import type { Graph } from "../../domain/math/graph/types.js";
import { oneOf, request } from "../_support/kinds.js";
import { ISOMORPHISM_KIND, isomorphismShapes, type IsomorphismValue } from "./hard_shapes.js";
import { canon, canonEstimate, differingInvariant, isoGraph, MAX_ISO_EDGES, MAX_ISO_VERTICES } from "./iso_support.js";
import { EdgeSet, graphBounds, graphCompute, indexOf } from "./support.js";

const Request = request({ graph: isoGraph("the first graph"), other: isoGraph("the second graph") });
const Result = oneOf(isomorphismShapes(), ISOMORPHISM_KIND);
type Req = { graph: Graph; other: Graph };

export default graphCompute<Req, IsomorphismValue>({
  id: "graph.isomorphism.compute",
  title: "Graph isomorphism: an explicit vertex mapping, or an invariant that differs",
  summary:
    "Decides whether two simple graphs (or two digraphs) are isomorphic: an isomorphism as a vertex mapping (edges onto edges, non-edges onto non-edges), or the first differing invariant " +
    "(vertex or edge count, degree sequence, triangle count) or else different canonical forms. Canonical labelling by individualisation–refinement in the style of nauty and bliss " +
    "(equitable refinement, search tree with trace pruning, automorphism pruning). Checked by graph.isomorphism.verify.",
  keywords: ["graph isomorphism", "isomorphic", "isomorphism", "same graph", "relabelling", "vertex mapping", "canonical labelling", "nauty", "bliss", "traces", "individualization refinement", "equivalent graphs"],
  request: Request,
  result: Result as never,
  bounds: graphBounds(MAX_ISO_VERTICES, MAX_ISO_EDGES),
  cost_model: "units ≈ 2 · (n + 1)(n + m)·log2(n)/8: two canonical labellings, each at most about n children of the first level refined in O(m log n), usually far fewer; plus the invariants (O(m^1.5) triangles)",
  budget: { max_units: 5e12, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 120_000 },
  preflight: (req) => canonEstimate(req.graph.n >= req.other.n ? req.graph : req.other, 2),
  ports: {
    inputs: { graph: { field: "graph", description: "the first graph" }, other: { field: "other", description: "the second graph" } },
    outputs: { result: { field: ".", description: "the whole result: the claim of graph.isomorphism.verify" } },
  },
  execute(req, ctx) {
    const g = req.graph, h = req.other;
    const tick = () => ctx.checkpoint();
    const inv = differingInvariant(g, h, tick);
    if (inv) return { isomorphic: false, ...inv };
    const cg = canon(g, tick), ch = canon(h, tick);
    const a = cg.certificate, b = ch.certificate;
    if (a.length !== b.length || a.some((x, i) => x !== b[i])) return { isomorphic: false, invariant: "canonical_form" };
    // v ↦ the vertex of h at v's canonical position.
    const mapping: [string, string][] = Array.from({ length: g.n }, (_, v) => [g.labels[v]!, h.labels[ch.order[cg.canonicalIndex[v]!]!]!]);
    return { isomorphic: true, mapping };
  },
  postcondition(req, res) {
    if (!res.isomorphic) return null;
    const g = req.graph, h = req.other, hi = indexOf(h), gi = indexOf(g);
    const f = new Int32Array(g.n).fill(-1);
    for (const [a, b] of res.mapping) f[gi.get(a)] = hi.get(b);
    const eh = new EdgeSet(h);
    for (let e = 0; e < g.m; e++) if (!eh.has(f[g.src[e]!]!, f[g.dst[e]!]!)) return "an edge does not map onto an edge";
    return new Set(f).size === g.n && g.m === h.m ? null : "the mapping is not a bijection";
  },
  examples: [
    {
      title: "the Petersen graph and a relabelled copy (drawn as the Kneser graph of 2-subsets of 5 points)",
      payload: {
        graph: { graph6: "IheA@GUAo" },
        other: {
          vertices: ["12", "13", "14", "15", "23", "24", "25", "34", "35", "45"],
          edges: [["12", "34"], ["12", "35"], ["12", "45"], ["13", "24"], ["13", "25"], ["13", "45"], ["14", "23"], ["14", "25"], ["14", "35"], ["15", "23"], ["15", "24"], ["15", "34"], ["23", "45"], ["24", "35"], ["25", "34"]],
        },
      },
      expected: {"isomorphic":true,"mapping":[["0","14"],["1","25"],["2","13"],["3","24"],["4","35"],["5","23"],["6","34"],["7","45"],["8","15"],["9","12"]]},
    },
    {
      title: "a 6-cycle and two triangles: same degrees, different triangle counts",
      payload: {
        graph: { vertices: ["1", "2", "3", "4", "5", "6"], edges: [["1", "2"], ["2", "3"], ["3", "4"], ["4", "5"], ["5", "6"], ["6", "1"]] },
        other: { vertices: ["a", "b", "c", "x", "y", "z"], edges: [["a", "b"], ["b", "c"], ["c", "a"], ["x", "y"], ["y", "z"], ["z", "x"]] },
      },
      expected: {"isomorphic":false,"invariant":"triangles","graph_value":"0","other_value":"2"},
    },
    {
      title: "the 4×4 rook's graph and the Shrikhande graph: both strongly regular (16, 6, 2, 2), not isomorphic",
      payload: {
        graph: { graph6: "O~`HW}GPHDaNaGPCcPWaN" },
        other: { graph6: "OlfJHsHBGK_\\oHWKeBK_\\" },
      },
      expected: {"isomorphic":false,"invariant":"canonical_form"},
    },
    {
      title: "directed: a 3-cycle is not a transitive triangle (degree sequences differ)",
      payload: { graph: { directed: true, vertices: ["a", "b", "c"], edges: [["a", "b"], ["b", "c"], ["c", "a"]] }, other: { directed: true, vertices: ["a", "b", "c"], edges: [["a", "b"], ["b", "c"], ["a", "c"]] } },
      expected: {"isomorphic":false,"invariant":"degree_sequence","graph_value":"1/1,1/1,1/1","other_value":"2/0,1/1,0/2"},
    },
  ],
});
