/**
 * The Hamiltonian cycle and path producers and checkers differ only in the closing edge and the
 * separator bound: one factory builds each pair. (Not a declaration.)
 */
import { type } from "arktype";
import type { Example } from "../../domain/declaration.js";
import { allowedComponents, componentsWithout, DP_MAX_VERTICES, hamiltonianByDp, hamiltonianSearch, posaHeuristic, toughnessWitness, type HamiltonKind } from "../../domain/math/graph/hamiltonian.js";
import type { Graph } from "../../domain/math/graph/types.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { claimOf, oneOf, request } from "../_support/kinds.js";
import { dense, effortField, HARD_BUDGET, MAX_COLOURING_VERTICES, nodesFor, searchEstimate, sortedNames, type Effort } from "./hard.js";
import { HAMILTONIAN_CYCLE_KIND, HAMILTONIAN_PATH_KIND, hamiltonShapes, type HamiltonValue } from "./hard_shapes.js";
import { EdgeSet, graphBounds, graphChecker, graphCompute, graphField, indexOf, label, names, resolve } from "./support.js";

const KIND = { cycle: HAMILTONIAN_CYCLE_KIND, path: HAMILTONIAN_PATH_KIND } as const;
const hamGraph = () =>
  graphField({ maxVertices: MAX_COLOURING_VERTICES, maxEdges: 500_000, weights: "allowed", directed: "undirected", loops: true, multi: true }, "the undirected graph (weights, loops and parallel edges are ignored)");

type Meta = { id: string; title: string; summary: string; keywords: string[]; examples: Example[] };

export function hamiltonCompute(kind: HamiltonKind, d: Meta) {
  const Request = request({ graph: hamGraph(), "effort?": effortField() });
  const Result = oneOf(hamiltonShapes(kind), KIND[kind]);
  return graphCompute<{ graph: Graph; effort?: Effort }, HamiltonValue>({
    ...d,
    request: Request,
    result: Result as never,
    bounds: [...graphBounds(MAX_COLOURING_VERTICES, 500_000), { name: "search_nodes", limit: 20_000_000, unit: "search nodes", description: "the thorough effort's budget of backtracking nodes; beyond it the result is INCOMPLETE" }],
    cost_model: "units = (search nodes of the effort) × (n + 32): each backtracking node checks every unvisited vertex's remaining degree; plus n separator tests of O(n²/32) for the witness",
    budget: HARD_BUDGET,
    progress_measure: "none (the search's size is not known in advance)",
    preflight: (req) => {
      const e = searchEstimate(req.graph, req.effort);
      return { ...e, units: e.units + req.graph.n * req.graph.n * Math.ceil(req.graph.n / 32 + 1) };
    },
    ports: { outputs: { result: { field: ".", description: `the whole result: the claim of ${d.id.replace(/\.compute$/, ".verify")}` } } },
    execute(req, ctx) {
      const g = req.graph;
      const G = dense(g);
      const tick = () => ctx.checkpoint();
      const w = toughnessWitness(G, kind);
      if (w) return { status: "NONE", separator: { vertices: sortedNames(g, w.separator), components: String(w.components) } };
      const nodes = nodesFor(req.effort);
      const quick = posaHeuristic(G, kind, Math.min(nodes / 4, 50 * g.n + 10_000));
      if (quick) return { status: "FOUND", [kind]: names(g, quick) };
      const s = hamiltonianSearch(G, kind, { maxNodes: nodes, tick });
      if (s.found) return { status: "FOUND", [kind]: names(g, s.found) };
      if (s.complete) return { status: "NONE" };
      return { status: "INCOMPLETE", reason: `no Hamiltonian ${kind} found within ${nodes} search nodes (${req.effort ?? "standard"} effort), and none ruled out` };
    },
    postcondition(req, res) {
      if (res.status === "FOUND") return walkProblem(req.graph, kind, res[kind])?.reason ?? null;
      if (res.status === "NONE" && res.separator) return separatorProblem(req.graph, kind, res.separator)?.reason ?? null;
      return null;
    },
  });
}

interface Problem {
  failure: "malformed" | "not_all_vertices" | "not_adjacent" | "too_short" | "separator_count" | "separator_too_weak";
  edge?: [string, string];
  reason: string;
}

function walkProblem(g: Graph, kind: HamiltonKind, list: unknown): Problem | null {
  const idx = indexOf(g), L = g.labels, edges = new EdgeSet(g);
  const w = resolve(idx, list, kind);
  if (typeof w === "string") return { failure: "malformed", reason: w };
  const seen = new Uint8Array(g.n);
  for (const v of w) {
    if (seen[v]) return { failure: "not_all_vertices", reason: `${L[v]} is visited twice` };
    seen[v] = 1;
  }
  if (w.length !== g.n) return { failure: "not_all_vertices", reason: `the ${kind} visits ${w.length} of the ${g.n} vertices` };
  // Parallel edges are ignored, so a closed walk through 2 vertices uses one edge twice; the empty graph has no cycle (the producer's convention: NONE for n = 0 and n = 2).
  if (kind === "cycle" && (g.n === 0 || g.n === 2)) return { failure: "too_short", reason: g.n === 0 ? "the empty graph has no cycle" : "a cycle through 2 vertices would use their edge twice (parallel edges are ignored)" };
  const steps = kind === "cycle" && g.n > 1 ? w.length : w.length - 1;
  for (let i = 0; i < steps; i++) {
    const u = w[i]!, v = w[(i + 1) % w.length]!;
    if (u === v || !edges.has(u, v)) return { failure: "not_adjacent", edge: [L[u]!, L[v]!], reason: `${L[u]} and ${L[v]} are not adjacent` };
  }
  return null;
}

function separatorProblem(g: Graph, kind: HamiltonKind, sep: { vertices: unknown; components: string }): Problem | null {
  const S = resolve(indexOf(g), sep.vertices, "separator.vertices");
  if (typeof S === "string") return { failure: "malformed", reason: S };
  if (new Set(S).size !== S.length) return { failure: "malformed", reason: "the separator lists a vertex twice" };
  const c = componentsWithout(dense(g), S);
  if (String(c) !== sep.components) return { failure: "separator_count", reason: `removing the separator leaves ${c} components, not ${sep.components}` };
  if (c <= allowedComponents(kind, S.length)) return { failure: "separator_too_weak", reason: `${c} components after removing ${S.length} vertices do not rule out a Hamiltonian ${kind} (that needs more than ${allowedComponents(kind, S.length)})` };
  return null;
}

const Bindings = type({
  "failure?": type("'malformed' | 'not_all_vertices' | 'not_adjacent' | 'too_short' | 'separator_count' | 'separator_too_weak' | 'found'").describe("why the claim was rejected"),
  "edge?": label().array().exactlyLength(2).describe("not_adjacent: consecutive vertices of the claimed walk that are not adjacent"),
  "counterexample?": label().array().describe("found: a Hamiltonian cycle/path the checker found, refuting a claim that there is none"),
  "proved_by?": type("'walk' | 'separator' | 'subset_dp'").describe("accepted: the checked walk, the separator's component count, or the checker's own exhaustive subset dynamic programme"),
  "components?": type("string").atMostLength(8).describe("separator: the number of components of G − S the checker counted"),
});
type Bindings = typeof Bindings.infer;

export function hamiltonChecker(kind: HamiltonKind, d: Meta) {
  const Request = request({ graph: hamGraph(), claim: claimOf(hamiltonShapes(kind), KIND[kind], `the claim: the value of ${d.id.replace(/\.verify$/, ".compute")} unchanged`) });
  return graphChecker<{ graph: Graph; claim: HamiltonValue }>({
    ...d,
    request: Request as never,
    bindings: Bindings,
    method:
      `FOUND: the ${kind} visits every vertex exactly once and consecutive vertices are adjacent${kind === "cycle" ? " (the last with the first)" : ""} (an edge hash). NONE with a separator S: G − S is labelled into components by a graph search; ` +
      `more than ${kind === "cycle" ? "max(|S|, 1)" : "|S| + 1"} components rule out a Hamiltonian ${kind} (${kind === "cycle" ? "a cycle through all vertices, with the |S| vertices of S removed, falls into at most |S| arcs" : "a path loses at most |S| + 1 arcs' worth"}). ` +
      `NONE without a separator, on graphs of at most ${DP_MAX_VERTICES} vertices: the checker's own subset dynamic programme (Bellman–Held–Karp: for every vertex set, the ends of paths through exactly it) decides; ` +
      "a Hamiltonian walk it finds is the counterexample. Larger graphs without a separator, and INCOMPLETE claims, give non_conclusion.",
    bounds: [...graphBounds(MAX_COLOURING_VERTICES, 500_000), { name: "dp_vertices", limit: DP_MAX_VERTICES, unit: "vertices", description: "a NONE claim without a separator is decided only up to this size (2^n words)" }],
    cost_model: `units = n + m for a walk or a separator; 2^n · n for the subset DP (n ≤ ${DP_MAX_VERTICES})`,
    budget: { max_units: 1e10, max_memory_bytes: 512 * 2 ** 20, timeout_ms: 60_000 },
    preflight: (req) => {
      const n = req.graph.n;
      const dp = req.claim.status === "NONE" && !req.claim.separator && n <= DP_MAX_VERTICES;
      return { units: n * n + req.graph.m + (dp ? 2 ** n * n : 0), memory_bytes: n * n + 64 * req.graph.m + (dp ? 4 * 2 ** n : 0) + 2 ** 20, basis: `${n} vertices, ${req.graph.m} edges, claim ${req.claim.status}` };
    },
    ports: { inputs: { claim: { field: "claim", description: `the claim: the \`result\` output of ${d.id.replace(/\.verify$/, ".compute")}` } } },
    execute(req, ctx): CheckerFinding {
      const g = req.graph, claim = req.claim;
      const reject = (p: Problem): CheckerFinding => ({ verdict: "rejected", bindings: { failure: p.failure, ...(p.edge ? { edge: p.edge } : {}) }, reason: p.reason });
      if (claim.status === "INCOMPLETE") return { verdict: "non_conclusion", bindings: {}, reason: "an INCOMPLETE claim asserts neither a walk nor its absence" };
      if (claim.status === "FOUND") {
        const p = walkProblem(g, kind, claim[kind]);
        return p ? reject(p) : { verdict: "accepted", bindings: { proved_by: "walk" } };
      }
      if (claim.separator) {
        const p = separatorProblem(g, kind, claim.separator);
        return p ? reject(p) : { verdict: "accepted", bindings: { proved_by: "separator", components: claim.separator.components } };
      }
      if (g.n > DP_MAX_VERTICES) return { verdict: "non_conclusion", bindings: {}, reason: `no separator certificate, and the graph has more than ${DP_MAX_VERTICES} vertices for the subset DP` };
      const walk = hamiltonianByDp(dense(g), kind, () => ctx.checkpoint());
      if (walk) return { verdict: "rejected", bindings: { failure: "found", counterexample: names(g, walk) }, reason: `the graph has a Hamiltonian ${kind}` };
      return { verdict: "accepted", bindings: { proved_by: "subset_dp" } };
    },
    postcondition(req, f) {
      const b = f.bindings as Bindings;
      if (f.verdict === "rejected" && b.failure === undefined) return "a rejection names its failure";
      if (b.failure === "found" && walkProblem(req.graph, kind, b.counterexample)) return "the counterexample is not a Hamiltonian walk";
      return null;
    },
  });
}
