/**
 * Transitive closure and transitive reduction of directed graphs, from reachability bitsets over
 * the strongly connected components (domain/math/graph/traverse.ts). (Not a declaration.)
 */
import type { Example } from "../../domain/declaration.js";
import { domainError } from "../../domain/errors.js";
import { hasBit, reachability, topologicalOrder, transitiveReductionDag } from "../../domain/math/graph/traverse.js";
import { buildGraph, type Graph } from "../../domain/math/graph/types.js";
import { request, result } from "../_support/kinds.js";
import { count, graphBounds, graphCompute, graphField, graphResult } from "./support.js";

export const CLOSURE_VERTICES = 2_000;
type Req = { graph: Graph };
type Which = "transitive_closure" | "transitive_reduction";

const Result = result({ graph: graphResult("the resulting directed graph (the input's vertices)"), arcs: count("its number of arcs") });

const TEXT = {
  transitive_closure: {
    title: "Transitive closure of a directed graph",
    summary:
      "The transitive closure of a directed graph: an arc u → v whenever v is reachable from u by a walk of length ≥ 1 (so u → u exactly when u lies on a cycle). " +
      "Reachability bitsets over the strongly connected components in reverse topological order, O(n·m/32); at most 2,000 vertices.",
    keywords: ["transitive closure", "reachability", "reachability matrix", "warshall", "closure", "directed graph", "reachable pairs", "digraph"],
  },
  transitive_reduction: {
    title: "Transitive reduction of a directed acyclic graph",
    summary:
      "The transitive reduction of a DAG: the unique least set of arcs with the same reachability (an arc u → v is kept unless another out-neighbour of u reaches v; parallel arcs count once), " +
      "e.g. the Hasse diagram of a partial order. Reachability bitsets, O(n·m/32); at most 2,000 vertices; a directed cycle is refused.",
    keywords: ["transitive reduction", "hasse diagram", "minimum equivalent graph", "dag", "partial order", "covering relation", "redundant arcs", "directed acyclic graph"],
  },
};

export function closureOp(which: Which, examples: Example[]) {
  const Request = request({ graph: graphField({ weights: "allowed", directed: "directed", loops: which === "transitive_closure", multi: true, maxVertices: CLOSURE_VERTICES }, "the directed graph (weights are ignored)") });
  return graphCompute<Req, typeof Result.infer>({
    id: `graph.${which}.compute`,
    ...TEXT[which],
    request: Request as never,
    result: Result as never,
    bounds: graphBounds(CLOSURE_VERTICES),
    cost_model: "units = n + m + n·m/32 + n²/32 (the bitset unions) plus the output (up to n² arcs for the closure)",
    budget: { max_units: 2e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 60_000 },
    preflight(req) {
      const g = req.graph, n = g.n, m = g.m;
      return { units: n + m + (n * m) / 32 + (n * n) / 32 + (which === "transitive_closure" ? n * n : m), memory_bytes: (n * n) / 4 + (which === "transitive_closure" ? 64 * n * n : 0) + 2 ** 20, basis: `${n} vertices, ${m} arcs` };
    },
    execute(req, ctx) {
      const g = req.graph, n = g.n;
      const tick = () => ctx.checkpoint();
      if (which === "transitive_reduction") {
        const t = topologicalOrder(g, tick);
        if ("cycle" in t) {
          throw domainError(
            `payload.graph has a directed cycle (${t.cycle.slice(0, 5).map((v) => JSON.stringify(g.labels[v]!.slice(0, 20))).join(" → ")}${t.cycle.length > 5 ? " → …" : ""}); the transitive reduction is taken of DAGs`,
            "payload.graph",
            "graph.topological_order.compute finds the cycle; graph.strongly_connected_components.compute condenses cycles into a DAG",
          );
        }
        const kept = transitiveReductionDag(g, tick);
        const out = buildGraph(true, g.labels, Int32Array.from(kept, (e) => g.src[e]!), Int32Array.from(kept, (e) => g.dst[e]!), null);
        return { graph: out, arcs: String(out.m) };
      }
      const { words, rows } = reachability(g, tick);
      const src: number[] = [], dst: number[] = [];
      for (let u = 0; u < n; u++) {
        tick();
        for (let v = 0; v < n; v++) if (hasBit(rows, words, u, v)) {
          src.push(u);
          dst.push(v);
        }
      }
      const out = buildGraph(true, g.labels, Int32Array.from(src), Int32Array.from(dst), null);
      return { graph: out, arcs: String(out.m) };
    },
    postcondition(req, res) {
      const g = req.graph, out = res.graph as unknown as Graph;
      if (out.n !== g.n) return "the result keeps the vertices";
      // Every input arc is implied: present in the closure; for the reduction, its arcs are input arcs and no more than the input's.
      if (which === "transitive_closure" && out.m < new Set(Array.from({ length: g.m }, (_, e) => g.src[e]! * n2(g) + g.dst[e]!)).size) return "the closure lost an arc";
      if (which === "transitive_reduction" && out.m > g.m) return "the reduction has more arcs than the graph";
      return null;
    },
    examples,
  });
}

const n2 = (g: Graph) => Math.max(1, g.n);
