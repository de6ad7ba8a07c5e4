/**
 * Operations built on distances from every vertex (domain/math/graph/allpairs.ts): the distance
 * matrix, all-pairs shortest paths with predecessors, eccentricities, and diameter / radius /
 * center / periphery. One factory; each declaration states what it publishes. (Not a declaration.)
 */
import { type } from "arktype";
import type { Example } from "../../domain/declaration.js";
import { allPairsSolver, type Row } from "../../domain/math/graph/allpairs.js";
import { unscale } from "../../domain/math/graph/paths.js";
import type { Graph } from "../../domain/math/graph/types.js";
import { formatRational } from "../../domain/math/rational.js";
import { request, result } from "../_support/kinds.js";
import { exact, graphBounds, graphCompute, graphField, labels, lg, perVertex } from "./support.js";

export const MATRIX_VERTICES = 2_000;

type Which = "distance_matrix" | "all_pairs_shortest_paths" | "eccentricities" | "diameter";
type Req = { graph: Graph };

const status = () => type("'ok' | 'disconnected' | 'negative_cycle'");
const cycle = () => labels("negative_cycle: a directed cycle of negative weight, its vertices in order");
const matrixRows = (what: string) => type("unknown[]").describe(`${what}: one row per vertex in vertex order, each a list of n entries in vertex order`);

const SHAPES = {
  distance_matrix: result({
    status: type("'ok' | 'negative_cycle'"),
    "vertices?": labels("the row and column order: the vertices in vertex order"),
    "distances?": matrixRows("distances[i][j] = the distance from vertex i to vertex j (an exact rational string), or null when j is unreachable from i"),
    "cycle?": cycle(),
    method: type("'bfs' | 'dijkstra' | 'johnson'"),
  }),
  all_pairs_shortest_paths: result({
    status: type("'ok' | 'negative_cycle'"),
    "vertices?": labels("the row and column order: the vertices in vertex order"),
    "distances?": matrixRows("distances[i][j] = the distance from vertex i to vertex j, or null when unreachable"),
    "predecessors?": matrixRows("predecessors[i][j] = the vertex before j on a shortest path from i to j (a label), or null for j = i and unreachable j"),
    "cycle?": cycle(),
    method: type("'bfs' | 'dijkstra' | 'johnson'"),
  }),
  eccentricities: result({
    status: status().describe("ok; disconnected: some vertex cannot reach another (every eccentricity is infinite); negative_cycle"),
    "eccentricities?": perVertex("ecc(v) = the largest distance from v to another vertex, [label, value] in vertex order"),
    "unreachable_pair?": labels("disconnected: [u, v] with no path from u to v"),
    "cycle?": cycle(),
    method: type("'bfs' | 'dijkstra' | 'johnson'"),
  }),
  diameter: result({
    status: status().describe("ok; disconnected: some vertex cannot reach another (diameter infinite); negative_cycle"),
    "diameter?": exact("the largest eccentricity"),
    "radius?": exact("the least eccentricity"),
    "center?": labels("the vertices of eccentricity = radius, in vertex order"),
    "periphery?": labels("the vertices of eccentricity = diameter, in vertex order"),
    "diametral_path?": labels("a shortest path whose length is the diameter"),
    "unreachable_pair?": labels("disconnected: [u, v] with no path from u to v"),
    "cycle?": cycle(),
    method: type("'bfs' | 'dijkstra' | 'johnson'"),
  }),
};

const TEXT: Record<Which, { title: string; summary: string; keywords: string[] }> = {
  distance_matrix: {
    title: "Distance matrix of a graph (exact, all pairs)",
    summary:
      "The matrix of exact distances between all pairs of vertices (hop counts without weights, exact rational lengths with weights), null where no path exists. " +
      "n breadth-first searches or Dijkstra runs; Johnson's reweighting for directed graphs with negative weights (a negative cycle is reported). At most 2,000 vertices.",
    keywords: ["distance matrix", "all pairs shortest paths", "all-pairs distances", "floyd warshall", "johnson", "shortest path lengths", "apsp", "hop distance", "graph distances"],
  },
  all_pairs_shortest_paths: {
    title: "All-pairs shortest paths with predecessor matrix",
    summary:
      "Exact shortest-path distances between all pairs of vertices together with the predecessor matrix (the vertex before j on a shortest path from i), from which every shortest path is read back. " +
      "Dijkstra from every vertex, Johnson's reweighting for negative weights on directed graphs (a negative cycle is reported). At most 2,000 vertices.",
    keywords: ["all pairs shortest paths", "apsp", "predecessor matrix", "floyd warshall", "johnson", "shortest paths", "path reconstruction", "distance matrix", "routing table"],
  },
  eccentricities: {
    title: "Eccentricity of every vertex",
    summary:
      "The eccentricity of every vertex: its largest distance to another vertex (hop counts, or exact weighted distances), for a connected graph (directed: strongly connected); otherwise a pair " +
      "with no path between them. A shortest-path search from every vertex.",
    keywords: ["eccentricity", "eccentricities", "vertex eccentricity", "farthest vertex", "graph distance", "center", "radius", "diameter"],
  },
  diameter: {
    title: "Diameter, radius, center and periphery of a graph",
    summary:
      "The diameter (largest eccentricity) and radius (least) of a connected graph (directed: strongly connected) with its center, periphery and a diametral shortest path; exact for hop counts " +
      "and for rational edge lengths. Otherwise a pair of vertices with no path between them. A shortest-path search from every vertex.",
    keywords: ["diameter", "radius", "center", "centre", "periphery", "eccentricity", "longest shortest path", "graph diameter", "diametral path"],
  },
};

const MAX_N: Record<Which, number> = { distance_matrix: MATRIX_VERTICES, all_pairs_shortest_paths: MATRIX_VERTICES, eccentricities: 1_000_000, diameter: 1_000_000 };

export function allPairsOp(which: Which, examples: Example[]) {
  const maxN = MAX_N[which];
  const Request = request({ graph: graphField({ weights: "allowed", directed: "either", loops: true, multi: true, maxVertices: maxN }, "the graph; edge weights are lengths (unweighted: hop counts)") });
  return graphCompute<Req, Record<string, unknown>>({
    id: `graph.${which}.compute`,
    ...TEXT[which],
    request: Request as never,
    result: SHAPES[which] as never,
    bounds: graphBounds(maxN),
    cost_model:
      "units = n·(n + m) without weights, 2·n·(n + m)·log2 n with weights (Dijkstra from every vertex), plus n·m for Johnson's Bellman–Ford potentials when a weight is negative",
    budget: { max_units: 3e9, max_memory_bytes: 2048 * 2 ** 20, timeout_ms: 120_000 },
    preflight(req) {
      const g = req.graph, n = g.n, m = g.m;
      const negative = !!g.weight?.some((r) => r.num < 0n);
      const units = n * (n + m) * (g.weight ? 2 * lg(n) : 1) + (negative ? n * m : 0);
      const matrix = which === "distance_matrix" || which === "all_pairs_shortest_paths" ? (which === "all_pairs_shortest_paths" ? 2 : 1) * 48 * n * n : 0;
      return { units, memory_bytes: matrix + 64 * n + 40 * m + 2 ** 20, basis: `${n} vertices, ${m} edges${g.weight ? (negative ? ", negative weights (Johnson)" : ", weights ≥ 0") : ""}` };
    },
    execute(req, ctx) {
      const g = req.graph, n = g.n;
      const tick = () => ctx.checkpoint();
      const solver = allPairsSolver(g, tick);
      if ("negativeCycle" in solver) return { status: "negative_cycle", cycle: solver.negativeCycle.map((e) => g.labels[g.src[e]!]!), method: "johnson" };
      const cache = new Map<number | bigint, string>();
      const fmt = (row: Row, v: number): string | null => {
        const x = row.kind === "num" ? row.d[v]! : row.d[v]!;
        if (x === Infinity || x === null) return null;
        let s = cache.get(x);
        if (s === undefined) cache.set(x, (s = formatRational(unscale(typeof x === "number" ? BigInt(x) : x, solver.sw.scale))));
        return s;
      };
      const isReached = (row: Row, v: number) => (row.kind === "num" ? row.d[v] !== Infinity : row.d[v] !== null);
      const less = (row: Row, a: number, b: number) => (row.kind === "num" ? row.d[a]! < row.d[b]! : row.d[a]! < row.d[b]!);
      if (which === "distance_matrix" || which === "all_pairs_shortest_paths") {
        const distances: (string | null)[][] = [], predecessors: (string | null)[][] = [];
        for (let s = 0; s < n; s++) {
          ctx.progress(s, n, `shortest paths from ${s} of ${n} vertices`);
          const row = solver.row(s, tick);
          const out: (string | null)[] = [];
          for (let v = 0; v < n; v++) out.push(fmt(row, v));
          distances.push(out);
          if (which === "all_pairs_shortest_paths") predecessors.push(Array.from(row.parent, (p) => (p < 0 ? null : g.labels[p]!)));
        }
        return { status: "ok", vertices: [...g.labels], distances, ...(which === "all_pairs_shortest_paths" ? { predecessors } : {}), method: solver.method };
      }
      // Eccentricities: the farthest vertex of every row; stop at the first unreachable pair.
      const ecc: (number | bigint)[] = [];
      const far: number[] = [];
      let bestRow: { s: number; parent: Int32Array } | null = null;
      let diam: number | bigint = -Infinity, rad: number | bigint = Infinity;
      for (let s = 0; s < n; s++) {
        ctx.progress(s, n, `eccentricity of ${s} of ${n} vertices`);
        const row = solver.row(s, tick);
        let f = s;
        for (let v = 0; v < n; v++) {
          if (!isReached(row, v)) return { status: "disconnected", unreachable_pair: [g.labels[s]!, g.labels[v]!], method: solver.method };
          if (less(row, f, v)) f = v;
        }
        const e = row.kind === "num" ? row.d[f]! : row.d[f]!;
        ecc.push(e);
        far.push(f);
        if (e > diam) {
          diam = e;
          bestRow = { s, parent: row.parent };
        }
        if (e < rad) rad = e;
      }
      const text = (x: number | bigint) => formatRational(unscale(typeof x === "number" ? BigInt(x) : x, solver.sw.scale));
      if (which === "eccentricities") return { status: "ok", eccentricities: ecc.map((e, v) => [g.labels[v]!, text(e)]), method: solver.method };
      if (n === 0) return { status: "ok", center: [], periphery: [], diametral_path: [], method: solver.method };
      const path: string[] = [];
      for (let v = far[bestRow!.s]!; v >= 0; v = v === bestRow!.s ? -1 : bestRow!.parent[v]!) path.push(g.labels[v]!);
      path.reverse();
      return {
        status: "ok",
        diameter: text(diam),
        radius: text(rad),
        center: ecc.flatMap((e, v) => (e === rad ? [g.labels[v]!] : [])),
        periphery: ecc.flatMap((e, v) => (e === diam ? [g.labels[v]!] : [])),
        diametral_path: path,
        method: solver.method,
      };
    },
    postcondition(req, res) {
      if (res.status !== "ok") return null;
      const n = req.graph.n;
      if (res.distances && (res.distances as unknown[]).length !== n) return "one row per vertex";
      if (res.eccentricities && (res.eccentricities as unknown[]).length !== n) return "one eccentricity per vertex";
      return null;
    },
    progress_measure: "source vertices done",
    examples,
  });
}
