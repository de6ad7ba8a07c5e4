/**
 * The biconnectivity family: blocks, articulation points and bridges all come from one
 * Hopcroft–Tarjan pass (domain/math/graph/traverse.ts `biconnected`); each declaration publishes
 * the part its id names. (Not a declaration.)
 */
import type { Example } from "../../domain/declaration.js";
import { biconnected, components } from "../../domain/math/graph/traverse.js";
import type { Graph } from "../../domain/math/graph/types.js";
import { request, result } from "../_support/kinds.js";
import { count, edgeList, edgeName, graphBounds, graphCompute, graphField, labelLists, labels, names } from "./support.js";

const Request = request({ graph: graphField({ weights: "allowed", directed: "undirected", loops: true, multi: true }, "the undirected graph (weights are ignored; loops belong to no block)") });
type Req = { graph: Graph };

const Shapes = {
  biconnected_components: result({
    count: count("the number of blocks"),
    biconnected: "boolean",
    blocks: labelLists("the blocks (biconnected components and bridges), each as its vertex set in vertex order, ordered by their first edge in edge order"),
    articulation_points: labels("the cut vertices, in vertex order"),
    bridges: edgeList("the bridges [u, v], in edge order"),
  }),
  articulation_points: result({ count: count("the number of articulation points"), articulation_points: labels("the cut vertices (removing one disconnects its component), in vertex order") }),
  bridges: result({ count: count("the number of bridges"), bridges: edgeList("the bridges [u, v] (edges whose removal disconnects their component), in edge order") }),
};
type Which = keyof typeof Shapes;

function compute(g: Graph, tick: () => void) {
  const b = biconnected(g, tick);
  const art: number[] = [];
  for (let v = 0; v < g.n; v++) if (b.articulation[v]) art.push(v);
  const bridges: number[] = [];
  for (let e = 0; e < g.m; e++) if (b.bridge[e]) bridges.push(e);
  return { b, art, bridges };
}

const TEXT: Record<Which, { title: string; summary: string; keywords: string[] }> = {
  biconnected_components: {
    title: "Biconnected components (blocks), articulation points and bridges",
    summary:
      "The blocks of an undirected graph (maximal subgraphs without a cut vertex: biconnected components and bridges), with its articulation points and bridges, and whether the graph is biconnected " +
      "(connected, at least two vertices, no cut vertex). Hopcroft–Tarjan, iterative, O(n + m); parallel edges form a block, loops belong to none.",
    keywords: ["biconnected components", "blocks", "block decomposition", "2-connected", "articulation points", "cut vertices", "bridges", "hopcroft tarjan", "biconnectivity", "graph"],
  },
  articulation_points: {
    title: "Articulation points (cut vertices) of a graph",
    summary: "The articulation points of an undirected graph: the vertices whose removal increases the number of connected components. Hopcroft–Tarjan low-points, O(n + m).",
    keywords: ["articulation points", "cut vertices", "cut vertex", "separating vertex", "biconnected", "low point", "graph", "vertex connectivity"],
  },
  bridges: {
    title: "Bridges (cut edges) of a graph",
    summary: "The bridges of an undirected graph: the edges whose removal increases the number of connected components (an edge with a parallel copy is never one). Tarjan's low-points, O(n + m).",
    keywords: ["bridges", "cut edges", "isthmus", "bridge edge", "2-edge-connected", "edge connectivity", "low point", "graph"],
  },
};

export function biconnectivityOp(which: Which, examples: Example[]) {
  const Result = Shapes[which];
  return graphCompute<Req, Record<string, unknown>>({
    id: `graph.${which}.compute`,
    ...TEXT[which],
    request: Request,
    result: Result as never,
    bounds: graphBounds(),
    cost_model: "units = n + m (one depth-first pass with an edge stack)",
    budget: { max_units: 1e8, max_memory_bytes: 512 * 2 ** 20, timeout_ms: 20_000 },
    preflight: (req) => ({ units: req.graph.n + req.graph.m, memory_bytes: 60 * req.graph.n + 24 * req.graph.m + 2 ** 20, basis: `${req.graph.n} vertices, ${req.graph.m} edges` }),
    execute(req, ctx) {
      const g = req.graph;
      const { b, art, bridges } = compute(g, () => ctx.checkpoint());
      if (which === "articulation_points") return { count: String(art.length), articulation_points: names(g, art) };
      if (which === "bridges") return { count: String(bridges.length), bridges: bridges.map((e) => edgeName(g, e)) };
      const blocks = b.blocks.map((es) => {
        const vs = new Set<number>();
        let first = Infinity;
        for (const e of es) {
          vs.add(g.src[e]!);
          vs.add(g.dst[e]!);
          if (e < first) first = e;
        }
        return { first, vs: [...vs].sort((x, y) => x - y) };
      });
      blocks.sort((x, y) => x.first - y.first);
      const connected = components(g).count === 1;
      return {
        count: String(blocks.length),
        biconnected: connected && g.n >= 2 && art.length === 0,
        blocks: blocks.map((x) => names(g, x.vs)),
        articulation_points: names(g, art),
        bridges: bridges.map((e) => edgeName(g, e)),
      };
    },
    postcondition(req, res) {
      // Cheap sanity bounds (bridges form a forest; a cut vertex is never a leaf of the block tree);
      // the tests compare every part with NetworkX.
      const g = req.graph;
      const br = (res.bridges as unknown[] | undefined)?.length ?? 0;
      const ap = (res.articulation_points as unknown[] | undefined)?.length ?? 0;
      if (br > Math.max(0, g.n - 1)) return "more bridges than a forest has edges";
      if (ap > Math.max(0, g.n - 2)) return "more articulation points than n − 2";
      return null;
    },
    examples,
  });
}
