/**
 * The clique family: maximum clique, maximum independent set and minimum vertex cover are one
 * search — a maximum clique of H, where H is the graph (cliques) or its complement (independent
 * sets; a vertex cover is the complement of an independent set) — run on each connected component
 * of the graph. The bound certificate is a proper colouring of H with as many colours as the upper
 * bound: colour classes of G (a clique meets each at most once) or cliques of G (an independent set
 * meets each at most once). Factories build the three producers and their checkers. (Not a
 * declaration.)
 */
import { type } from "arktype";
import { cliqueOfSize, maximumClique } from "../../domain/math/graph/clique.js";
import { Budget, kColouring } from "../../domain/math/graph/colouring.js";
import { complementOf, denseComponents, inducedDense, type DenseGraph } from "../../domain/math/graph/dense.js";
import type { Graph } from "../../domain/math/graph/types.js";
import type { Example } from "../../domain/declaration.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { object, request, result } from "../_support/kinds.js";
import { dense, effortField, HARD_BUDGET, MAX_COLOURING_VERTICES, nodesFor, searchEstimate, sortedNames, type Effort } from "./hard.js";
import { CLIQUE_KIND, cliqueShape, COVER_KIND, coverShape, INDEPENDENT_KIND, independentShape, type CliqueValue, type CoverValue, type IndependentValue } from "./hard_shapes.js";
import { EdgeSet, graphBounds, graphChecker, graphCompute, graphField, indexOf, label, names, resolve } from "./support.js";

export type CliqueMode = "clique" | "independent" | "cover";

export interface CliqueSolution {
  /** A maximum-found clique of H (a clique or an independent set of G). */
  set: number[];
  lower: number;
  upper: number;
  exact: boolean;
  /** A partition of V into `upper` classes that are independent in H, when found. */
  certificate?: number[][];
}

/** Solve on every component (see the module comment); the budget is shared. */
export function solveCliques(g: DenseGraph, mode: CliqueMode, nodes: number, tick: () => void): CliqueSolution {
  const comps = denseComponents(g);
  const budget = new Budget(nodes, tick);
  const parts: { set: number[]; upper: number; complete: boolean; classes?: number[][] }[] = [];
  for (const comp of comps) {
    const sub = inducedDense(g, comp);
    const H = mode === "clique" ? sub : complementOf(sub);
    const r = maximumClique(H, { tick, maxNodes: Math.max(1, Math.floor(budget.left * 0.7)) });
    budget.used += r.nodes;
    const part: (typeof parts)[number] = { set: r.clique.map((i) => comp[i]!), upper: r.upperBound, complete: r.complete };
    const col = kColouring(H, r.upperBound, new Budget(Math.max(1, Math.floor(budget.left * 0.3)), tick));
    if (col) {
      const classes = new Map<number, number[]>();
      col.forEach((c, i) => {
        let l = classes.get(c);
        if (!l) classes.set(c, (l = []));
        l.push(comp[i]!);
      });
      part.classes = [...classes.values()];
      part.upper = Math.min(part.upper, part.classes.length);
    }
    parts.push(part);
  }
  if (mode === "clique") {
    const best = parts.reduce((a, b) => (b.set.length > a.set.length ? b : a), { set: [] as number[], upper: 0, complete: true });
    const upper = Math.max(0, ...parts.map((p) => p.upper));
    let certificate: number[][] | undefined;
    if (parts.every((p) => p.classes)) {
      // Reuse colours across components: class i of every component goes together.
      const merged: number[][] = Array.from({ length: upper }, () => []);
      for (const p of parts) p.classes!.forEach((c, i) => merged[i]!.push(...c));
      certificate = merged.filter((c) => c.length > 0);
    }
    const lower = best.set.length;
    return { set: best.set.sort((a, b) => a - b), lower, upper: certificate ? Math.min(upper, certificate.length) : upper, exact: lower === upper, certificate };
  }
  const set = parts.flatMap((p) => p.set).sort((a, b) => a - b);
  const upper = parts.reduce((s, p) => s + p.upper, 0);
  const certificate = parts.every((p) => p.classes) ? parts.flatMap((p) => p.classes!) : undefined;
  return { set, lower: set.length, upper, exact: set.length === upper, certificate };
}

/* ---------- the producers ---------- */

type Value = CliqueValue | IndependentValue | CoverValue;
type Req = { graph: Graph; effort?: Effort };

const SHAPES = { clique: cliqueShape, independent: independentShape, cover: coverShape } as const;
const KINDS = { clique: CLIQUE_KIND, independent: INDEPENDENT_KIND, cover: COVER_KIND } as const;

const sortClasses = (g: Graph, classes: number[][]): string[][] => classes.map((c) => [...c].sort((a, b) => a - b)).sort((a, b) => a[0]! - b[0]!).map((c) => names(g, c));

function toValue(g: Graph, mode: CliqueMode, s: CliqueSolution): Value {
  const status = s.exact ? "EXACT" : "INCOMPLETE";
  const cert = s.certificate ? sortClasses(g, s.certificate) : undefined;
  if (mode === "clique")
    return { status, ...(s.exact ? { clique_number: String(s.lower) } : {}), lower_bound: String(s.lower), upper_bound: String(s.upper), clique: sortedNames(g, s.set), ...(cert ? { upper_bound_colouring: cert } : {}) };
  if (mode === "independent")
    return { status, ...(s.exact ? { independence_number: String(s.lower) } : {}), lower_bound: String(s.lower), upper_bound: String(s.upper), independent_set: sortedNames(g, s.set), ...(cert ? { clique_cover: cert } : {}) };
  const inSet = new Uint8Array(g.n);
  for (const v of s.set) inSet[v] = 1;
  const cover: number[] = [];
  for (let v = 0; v < g.n; v++) if (!inSet[v]) cover.push(v);
  return {
    status,
    ...(s.exact ? { vertex_cover_number: String(g.n - s.lower) } : {}),
    lower_bound: String(g.n - s.upper),
    upper_bound: String(g.n - s.lower),
    vertex_cover: names(g, cover),
    ...(cert ? { clique_cover: cert } : {}),
  };
}

export const cliqueGraphField = () =>
  graphField({ maxVertices: MAX_COLOURING_VERTICES, maxEdges: 500_000, weights: "allowed", directed: "undirected", loops: false, multi: true }, "the undirected graph (weights are ignored, parallel edges count once)");

export function cliqueCompute(mode: CliqueMode, d: { id: string; title: string; summary: string; keywords: string[]; examples: Example[] }) {
  const Request = request({ graph: cliqueGraphField(), "effort?": effortField() });
  const Result = result(SHAPES[mode](), KINDS[mode]);
  return graphCompute<Req, Value>({
    ...d,
    request: Request,
    result: Result as never,
    bounds: [...graphBounds(MAX_COLOURING_VERTICES, 500_000), { name: "search_nodes", limit: 20_000_000, unit: "branch nodes", description: "the thorough effort's budget of branch nodes; beyond it the result is INCOMPLETE with its bounds" }],
    cost_model: "units = (search nodes of the effort) × (n + 32): each branch node greedily colours a candidate bitset of n/32 words; plus the bitset adjacency (n²/32 words) and, for independent sets and covers, the complement of each component",
    budget: HARD_BUDGET,
    progress_measure: "none (the search's size is not known in advance)",
    preflight: (req) => searchEstimate(req.graph, req.effort),
    ports: { outputs: { result: { field: ".", description: `the whole result: the claim of ${d.id.replace(/\.compute$/, ".verify")}` } } },
    execute(req, ctx) {
      const g = req.graph;
      return toValue(g, mode, solveCliques(dense(g), mode, nodesFor(req.effort), () => ctx.checkpoint()));
    },
    postcondition(req, res) {
      const problem = validity(req.graph, mode, res);
      if (problem) return problem.reason;
      const cert = certificateOf(mode, res);
      if (cert) {
        const bad = certificateProblem(req.graph, mode, cert, res);
        if (bad) return bad.reason;
      }
      if (res.status === "EXACT" && res.lower_bound !== res.upper_bound) return "an exact result has equal bounds";
      return null;
    },
  });
}

/* ---------- validity, certificates and the checkers ---------- */

const setOf = (mode: CliqueMode, v: Value): unknown => (mode === "clique" ? (v as CliqueValue).clique : mode === "independent" ? (v as IndependentValue).independent_set : (v as CoverValue).vertex_cover);
const certificateOf = (mode: CliqueMode, v: Value): unknown[] | undefined => (mode === "clique" ? (v as CliqueValue).upper_bound_colouring : (v as IndependentValue | CoverValue).clique_cover);

interface Problem {
  failure: "malformed" | "not_a_clique" | "not_independent" | "uncovered_edge" | "wrong_size" | "bad_certificate" | "inconsistent" | "larger_found";
  edge?: [string, string];
  reason: string;
}

/** The set is what it claims (clique / independent / cover) and has the claimed size. */
function validity(g: Graph, mode: CliqueMode, v: Value): Problem | null {
  const idx = indexOf(g), L = g.labels, edges = new EdgeSet(g);
  const vs = resolve(idx, setOf(mode, v), "the set");
  if (typeof vs === "string") return { failure: "malformed", reason: vs };
  if (new Set(vs).size !== vs.length) return { failure: "malformed", reason: "the set lists a vertex twice" };
  if (mode === "clique" || mode === "independent") {
    for (let i = 0; i < vs.length; i++) for (let j = i + 1; j < vs.length; j++) {
      const adj = edges.has(vs[i]!, vs[j]!);
      if (mode === "clique" && !adj) return { failure: "not_a_clique", edge: [L[vs[i]!]!, L[vs[j]!]!], reason: `${L[vs[i]!]} and ${L[vs[j]!]} are not adjacent` };
      if (mode === "independent" && adj) return { failure: "not_independent", edge: [L[vs[i]!]!, L[vs[j]!]!], reason: `${L[vs[i]!]} and ${L[vs[j]!]} are adjacent` };
    }
    if (String(vs.length) !== v.lower_bound) return { failure: "wrong_size", reason: `the set has ${vs.length} vertices; the lower bound is ${v.lower_bound}` };
  } else {
    const inSet = new Uint8Array(g.n);
    for (const x of vs) inSet[x] = 1;
    for (let e = 0; e < g.m; e++) {
      const a = g.src[e]!, b = g.dst[e]!;
      if (!inSet[a] && !inSet[b]) return { failure: "uncovered_edge", edge: [L[a]!, L[b]!], reason: `the edge ${L[a]} – ${L[b]} has no end in the cover` };
    }
    if (String(vs.length) !== v.upper_bound) return { failure: "wrong_size", reason: `the cover has ${vs.length} vertices; the upper bound is ${v.upper_bound}` };
  }
  if (Number(v.lower_bound) > Number(v.upper_bound)) return { failure: "inconsistent", reason: "the lower bound exceeds the upper bound" };
  // The headline number is the claim a caller reads: it must be the proved bound, not merely present.
  const headline = HEADLINE[mode](v);
  if (v.status === "EXACT" && (v.lower_bound !== v.upper_bound || headline !== v.lower_bound)) return { failure: "inconsistent", reason: `an EXACT claim has ${HEADLINE_NAME[mode]} = lower_bound = upper_bound` };
  if (v.status === "INCOMPLETE" && headline !== undefined) return { failure: "inconsistent", reason: `an INCOMPLETE claim gives no ${HEADLINE_NAME[mode]}` };
  return null;
}

const HEADLINE_NAME = { clique: "clique_number", independent: "independence_number", cover: "vertex_cover_number" } as const;
const HEADLINE: Record<CliqueMode, (v: Value) => string | undefined> = {
  clique: (v) => (v as CliqueValue).clique_number,
  independent: (v) => (v as IndependentValue).independence_number,
  cover: (v) => (v as CoverValue).vertex_cover_number,
};

/** The certificate partitions V into classes independent in H, as many as the bound it proves. */
function certificateProblem(g: Graph, mode: CliqueMode, cert: unknown[], v: Value): Problem | null {
  const idx = indexOf(g), L = g.labels, edges = new EdgeSet(g);
  const seen = new Uint8Array(g.n);
  for (let c = 0; c < cert.length; c++) {
    const vs = resolve(idx, cert[c], `class ${c}`);
    if (typeof vs === "string") return { failure: "bad_certificate", reason: vs };
    for (const x of vs) {
      if (seen[x]) return { failure: "bad_certificate", reason: `${L[x]} is in two classes of the certificate` };
      seen[x] = 1;
    }
    for (let i = 0; i < vs.length; i++) for (let j = i + 1; j < vs.length; j++) {
      const adj = edges.has(vs[i]!, vs[j]!);
      if (mode === "clique" && adj) return { failure: "bad_certificate", edge: [L[vs[i]!]!, L[vs[j]!]!], reason: `colour class ${c} contains the edge ${L[vs[i]!]} – ${L[vs[j]!]}` };
      if (mode !== "clique" && !adj) return { failure: "bad_certificate", edge: [L[vs[i]!]!, L[vs[j]!]!], reason: `clique ${c} contains the non-adjacent pair ${L[vs[i]!]}, ${L[vs[j]!]}` };
    }
  }
  for (let x = 0; x < g.n; x++) if (!seen[x]) return { failure: "bad_certificate", reason: `${L[x]} is in no class of the certificate` };
  const proves = mode === "cover" ? g.n - cert.length : cert.length;
  const claimed = mode === "cover" ? Number(v.lower_bound) : Number(v.upper_bound);
  if (proves !== claimed) return { failure: "bad_certificate", reason: `the certificate has ${cert.length} classes, which proves a bound of ${proves}, not the claimed ${claimed}` };
  return null;
}

/** Largest graph on which the checkers run their own exhaustive search for a better set. */
const SEARCH_MAX_VERTICES = 200;
const SEARCH_NODES = 5_000_000;

const Bindings = type({
  "failure?": type("'malformed' | 'not_a_clique' | 'not_independent' | 'uncovered_edge' | 'wrong_size' | 'bad_certificate' | 'inconsistent' | 'larger_found'").describe("why the claim was rejected"),
  "edge?": label().array().exactlyLength(2).describe("the pair that breaks the set or the certificate"),
  "better?": label().array().describe("larger_found: a strictly better set than the claim's bound allows (a counterexample to optimality)"),
  "optimality?": type("'certificate' | 'exhaustive_search'").describe("accepted: how the bound was proved — the claim's partition certificate, or the checker's own exhaustive search"),
});
type Bindings = typeof Bindings.infer;

const WHAT = { clique: "clique", independent: "independent set", cover: "vertex cover" } as const;

export function cliqueChecker(mode: CliqueMode, d: { id: string; title: string; summary: string; keywords: string[]; examples: Example[] }) {
  const Request = request({ graph: cliqueGraphField(), claim: object(SHAPES[mode](), KINDS[mode], `the claim: the value of ${d.id.replace(/\.verify$/, ".compute")} unchanged`) });
  return graphChecker<{ graph: Graph; claim: Value }>({
    ...d,
    request: Request as never,
    bindings: Bindings,
    method:
      `Validity by direct inspection (every pair of the ${WHAT[mode]} ${mode === "clique" ? "adjacent" : mode === "independent" ? "non-adjacent" : ""}${mode === "cover" ? "every edge has an end in the cover" : ""}; the claimed size). ` +
      "The bound by the claim's certificate when present: a partition of the vertices into classes that are " +
      (mode === "clique" ? "independent (a clique meets each colour class at most once, so ω ≤ the number of classes)" : "cliques (an independent set meets each clique at most once, so α ≤ the number of cliques; τ = n − α)") +
      `; otherwise, on graphs of at most ${SEARCH_MAX_VERTICES} vertices, the checker's own Bron–Kerbosch enumeration with Tomita's pivot (no colouring bound: a different algorithm from the producer's) ` +
      `searches for a strictly better set within ${SEARCH_NODES} nodes — found: rejected with it; none: accepted; budget out or larger graphs: non_conclusion.`,
    bounds: [...graphBounds(MAX_COLOURING_VERTICES, 500_000), { name: "search_vertices", limit: SEARCH_MAX_VERTICES, unit: "vertices", description: "without a certificate, the checker searches itself only up to this size" }],
    cost_model: `units = k² + n + m for the set and the certificate, plus at most ${SEARCH_NODES} search nodes × (n + 32) without a certificate`,
    budget: { max_units: 1e11, max_memory_bytes: 512 * 2 ** 20, timeout_ms: 120_000 },
    preflight: (req) => ({ units: req.graph.n * req.graph.n + req.graph.m + (certificateOf(mode, req.claim) ? 0 : SEARCH_NODES * (req.graph.n + 32)), memory_bytes: req.graph.n * req.graph.n + 64 * req.graph.m + 2 ** 20, basis: `${req.graph.n} vertices, ${req.graph.m} edges` }),
    ports: { inputs: { claim: { field: "claim", description: `the claim: the \`result\` output of ${d.id.replace(/\.verify$/, ".compute")}` } } },
    execute(req, ctx): CheckerFinding {
      const g = req.graph, claim = req.claim;
      const reject = (p: Problem): CheckerFinding => ({ verdict: "rejected", bindings: { failure: p.failure, ...(p.edge ? { edge: p.edge } : {}) }, reason: p.reason });
      const p = validity(g, mode, claim);
      if (p) return reject(p);
      const cert = certificateOf(mode, claim);
      if (cert) {
        const bad = certificateProblem(g, mode, cert, claim);
        if (bad) return reject(bad);
        return { verdict: "accepted", bindings: { optimality: "certificate" } };
      }
      if (g.n > SEARCH_MAX_VERTICES) return { verdict: "non_conclusion", bindings: {}, reason: `no certificate of the bound, and the graph has more than ${SEARCH_MAX_VERTICES} vertices for an exhaustive search` };
      const G = dense(g);
      const H = mode === "clique" ? G : complementOf(G);
      // A clique of H beyond the claimed bound (ω ≤ upper; α ≤ upper; τ ≥ lower ⇔ α ≤ n − lower).
      const bound = mode === "cover" ? g.n - Number(claim.lower_bound) : Number(claim.upper_bound);
      const found = cliqueOfSize(H, bound + 1, SEARCH_NODES, () => ctx.checkpoint());
      if (found === undefined) return { verdict: "non_conclusion", bindings: {}, reason: `no certificate of the bound, and the checker's search ran out of its ${SEARCH_NODES} nodes` };
      if (found) {
        const better = mode === "cover" ? names(g, Array.from({ length: g.n }, (_, v) => v).filter((v) => !found.includes(v))) : names(g, found);
        return { verdict: "rejected", bindings: { failure: "larger_found", better }, reason: `the checker found a${mode === "cover" ? " smaller vertex cover" : ` larger ${WHAT[mode]}`} of ${better.length} vertices, beyond the claimed bound` };
      }
      return { verdict: "accepted", bindings: { optimality: "exhaustive_search" } };
    },
    postcondition(req, f) {
      const b = f.bindings as Bindings;
      if (f.verdict === "rejected" && b.failure === undefined) return "a rejection names its failure";
      if (f.verdict === "accepted" && (b.failure !== undefined || b.optimality === undefined)) return "an acceptance says how optimality was proved";
      if (b.failure === "larger_found") {
        const idx = indexOf(req.graph);
        const vs = resolve(idx, b.better, "better");
        if (typeof vs === "string") return vs;
        const edges = new EdgeSet(req.graph);
        for (let i = 0; i < vs.length; i++) for (let j = i + 1; j < vs.length; j++) {
          const adj = edges.has(vs[i]!, vs[j]!);
          if ((mode === "clique" && !adj) || (mode === "independent" && adj)) return "the counterexample is not a valid set";
        }
      }
      return null;
    },
  });
}
