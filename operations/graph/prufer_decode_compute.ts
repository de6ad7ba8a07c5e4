import { pruferDecode } from "../../domain/math/graph/construct.js";
import { LabelIndex } from "../../domain/math/graph/parse.js";
import { buildGraph } from "../../domain/math/graph/types.js";
import { domainAt, request, result } from "../_support/kinds.js";
import { graphCompute, graphResult, label, MAX_VERTICES } from "./support.js";

const Request = request({
  vertices: label().array().atLeastLength(2).atMostLength(MAX_VERTICES).describe("the n ≥ 2 vertex labels, distinct, in the vertex order the code refers to"),
  code: label().array().atMostLength(MAX_VERTICES).describe("the Prüfer code: n − 2 labels of those vertices"),
});
const Result = result({ tree: graphResult("the tree with that Prüfer code (edges [leaf, neighbour] in removal order, then the last edge)") });
type Req = { vertices: string[]; code: string[] };
type Res = typeof Result.infer;

export default graphCompute<Req, Res>({
  id: "graph.prufer_decode.compute",
  title: "Labelled tree from its Prüfer code",
  summary: "The tree on n labelled vertices whose Prüfer code is the given sequence of n − 2 labels (removing the first leaf in vertex order each time). Linear time; inverse of graph.prufer_code.compute.",
  keywords: ["prufer decode", "prüfer sequence", "tree from code", "labelled tree", "cayley", "random tree", "prufer"],
  request: Request as never,
  result: Result as never,
  bounds: [{ name: "vertices", limit: MAX_VERTICES, unit: "vertices", description: "vertices of the tree" }],
  cost_model: "units = n",
  budget: { max_units: 1e8, max_memory_bytes: 512 * 2 ** 20, timeout_ms: 20_000 },
  preflight: (req) => ({ units: req.vertices.length, memory_bytes: 64 * req.vertices.length + 2 ** 20, basis: `${req.vertices.length} vertices` }),
  execute(req) {
    const n = req.vertices.length;
    if (req.code.length !== n - 2) throw domainAt("payload.code", `a Prüfer code for ${n} vertices has ${n - 2} entries, not ${req.code.length}`);
    const idx = new LabelIndex(req.vertices, "payload.vertices");
    const code = new Int32Array(n - 2);
    req.code.forEach((l, i) => {
      const v = idx.get(l);
      if (v < 0) throw domainAt(`payload.code[${i}]`, `payload.code[${i}]: ${JSON.stringify(l.slice(0, 40))} is not one of the vertices`);
      code[i] = v;
    });
    const { src, dst } = pruferDecode(n, code);
    return { tree: buildGraph(false, req.vertices, src, dst, null) };
  },
  postcondition: (req, res) => ((res.tree as unknown as { m: number }).m === req.vertices.length - 1 ? null : "a tree has n − 1 edges"),
  examples: [
    {
      title: "code 2, 3, 4 gives the path 1–2–3–4–5",
      payload: { vertices: ["1", "2", "3", "4", "5"], code: ["2", "3", "4"] },
      expected: { tree: { directed: false, vertices: ["1", "2", "3", "4", "5"], edges: [["1", "2"], ["2", "3"], ["3", "4"], ["4", "5"]] } },
    },
    { title: "two vertices: the empty code", payload: { vertices: ["a", "b"], code: [] }, expected: { tree: { directed: false, vertices: ["a", "b"], edges: [["a", "b"]] } } },
  ],
});
