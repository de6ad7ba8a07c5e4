/** The graph products (cartesian, tensor, strong) from one factory. (Not a declaration.) */
import type { Example } from "../../domain/declaration.js";
import { product, productSize, type ProductKind } from "../../domain/math/graph/construct.js";
import type { Graph } from "../../domain/math/graph/types.js";
import { request, result } from "../_support/kinds.js";
import { count, graphCompute, graphField, graphResult, MAX_LABEL_CHARS } from "./support.js";

const OUT_EDGES = 5_000_000;
const OUT_VERTICES = 1_000_000;
type Req = { left: Graph; right: Graph };
const field = (what: string) => graphField({ weights: "allowed", directed: "undirected", maxLabelChars: 100 }, `${what} (simple, undirected; weights are ignored; labels of at most 100 characters)`);
const Request = request({ left: field("the first factor G"), right: field("the second factor H") });
const Result = result({ graph: graphResult("the product: vertices (a, b) labelled by the JSON text of [a, b], a in G's order then b in H's"), vertices: count("n(G)·n(H)"), edges: count("its number of edges") });

const TEXT: Record<ProductKind, { title: string; rule: string; keywords: string[]; size: string }> = {
  cartesian: {
    title: "Cartesian product of two graphs (G □ H)",
    rule: "(a, b) ~ (a', b') when a = a' and b ~ b', or a ~ a' and b = b' (grids, hypercubes, prisms)",
    keywords: ["cartesian product", "box product", "graph product", "grid graph", "hypercube", "prism", "G □ H"],
    size: "n(G)·m(H) + n(H)·m(G)",
  },
  tensor: {
    title: "Tensor (categorical, direct) product of two graphs (G × H)",
    rule: "(a, b) ~ (a', b') when a ~ a' and b ~ b' (also called the Kronecker, direct or categorical product)",
    keywords: ["tensor product", "categorical product", "direct product", "kronecker product", "weak product", "graph product", "G × H"],
    size: "2·m(G)·m(H)",
  },
  strong: {
    title: "Strong product of two graphs (G ⊠ H)",
    rule: "(a, b) ~ (a', b') when they differ and each coordinate is equal or adjacent (the union of the cartesian and tensor products; king's graphs)",
    keywords: ["strong product", "normal product", "graph product", "king graph", "G ⊠ H", "shannon capacity"],
    size: "n(G)·m(H) + n(H)·m(G) + 2·m(G)·m(H)",
  },
};

export function productOp(kind: ProductKind, examples: Example[]) {
  const t = TEXT[kind];
  return graphCompute<Req, typeof Result.infer>({
    id: `graph.${kind}_product.compute`,
    title: t.title,
    summary: `The ${kind} product of two simple undirected graphs: vertices are the pairs (a, b), labelled by the JSON text of [a, b]; ${t.rule}. At most 10^6 vertices and 5·10^6 edges out.`,
    keywords: t.keywords,
    request: Request as never,
    result: Result as never,
    bounds: [
      { name: "vertices", limit: OUT_VERTICES, unit: "vertices", description: "vertices of the product, n(G)·n(H)" },
      { name: "output_edges", limit: OUT_EDGES, unit: "edges", description: `edges of the product, ${t.size}` },
      { name: "label_chars", limit: MAX_LABEL_CHARS, unit: "characters", description: "characters of a pair label" },
    ],
    cost_model: `units = n(G)·n(H) + ${t.size} (the output size)`,
    budget: { max_units: OUT_EDGES + OUT_VERTICES, max_memory_bytes: 2048 * 2 ** 20, timeout_ms: 60_000 },
    preflight(req) {
      const nv = req.left.n * req.right.n, ne = productSize(kind, req.left, req.right);
      return { units: nv + ne, memory_bytes: 120 * ne + 300 * nv + 2 ** 20, basis: `${nv} vertices and ${ne} edges out` };
    },
    execute(req, ctx) {
      const p = product(kind, req.left, req.right, () => ctx.checkpoint());
      return { graph: p, vertices: String(p.n), edges: String(p.m) };
    },
    postcondition(req, res) {
      const p = res.graph as unknown as Graph;
      return p.n === req.left.n * req.right.n && p.m === productSize(kind, req.left, req.right) ? null : "the product's size is off";
    },
    examples,
  });
}
