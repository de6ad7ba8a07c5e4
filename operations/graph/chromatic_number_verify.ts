import { type } from "arktype";
import { colourableByInclusionExclusion } from "../../domain/math/graph/colouring.js";
import { inducedDense } from "../../domain/math/graph/dense.js";
import type { Graph } from "../../domain/math/graph/types.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { object, request } from "../_support/kinds.js";
import { dense, MAX_COLOURING_VERTICES } from "./hard.js";
import { CHROMATIC_KIND, chromaticShape, type ChromaticValue } from "./hard_shapes.js";
import { EdgeSet, graphBounds, graphChecker, graphField, indexOf, label, resolve } from "./support.js";

/** Largest witness subgraph the inclusion–exclusion count decides (2^k subsets per prime). */
const IE_MAX = 20;

const Request = request({
  graph: graphField({ maxVertices: MAX_COLOURING_VERTICES, maxEdges: 500_000, weights: "allowed", directed: "undirected", loops: false, multi: true }, "the undirected graph (weights are ignored)"),
  claim: object(chromaticShape(), CHROMATIC_KIND, "the claim: the value of graph.chromatic_number.compute unchanged"),
});
type Req = { graph: Graph; claim: ChromaticValue };

const Bindings = type({
  "failure?": type("'malformed' | 'uncoloured' | 'monochromatic_edge' | 'inconsistent' | 'not_a_clique' | 'not_an_odd_cycle' | 'witness_colourable'").describe("why the claim was rejected"),
  "edge?": label().array().exactlyLength(2).describe("monochromatic_edge: an edge inside one colour class; not_a_clique: two non-adjacent witness vertices; not_an_odd_cycle: consecutive cycle vertices that are not adjacent"),
  "vertex?": label().describe("uncoloured / malformed: a vertex with no colour or with two"),
  "colours?": type("string").atMostLength(8).describe("the number of colours of the verified colouring (the proved upper bound)"),
  "lower_bound_proved?": type("string").atMostLength(8).describe("the lower bound the witness proves"),
});
type Bindings = typeof Bindings.infer;

export default graphChecker<Req>({
  id: "graph.chromatic_number.verify",
  title: "Verify a chromatic number claim: a proper colouring and a lower-bound witness",
  summary:
    "Checks a claimed chromatic number (or bounds) of an undirected graph — the value of graph.chromatic_number.compute as it is: the colour classes partition the vertices with no edge inside a class " +
    "(χ ≤ the number of classes), and the witness proves χ ≥ the lower bound: a clique of that size, an odd cycle (χ ≥ 3), or a subgraph of at most 20 vertices with no colouring in one colour fewer.",
  keywords: ["chromatic number", "verify", "check", "proper colouring", "proper coloring", "graph colouring", "graph coloring", "vertex colouring", "colouring", "coloring", "certificate", "clique", "odd cycle", "k-colourable"],
  request: Request as never,
  bindings: Bindings,
  method:
    "No search. Upper bound: every vertex in exactly one class and no edge inside a class (one pass over the edges). Lower bound by the witness: a clique (all pairs adjacent) needs as many colours as it has vertices; " +
    "an odd cycle (consecutive vertices adjacent, odd length) is not 2-colourable; a subgraph S of at most 20 vertices is decided by counting (k−1)-tuples of independent sets covering S by inclusion–exclusion " +
    "(c = Σ_{X⊆S} (−1)^{|S∖X|} i(X)^{k−1}, i(X) the number of independent subsets of X) modulo primes below 2^26 whose product exceeds the count's bound 2^{|S|(k−1)} — independent of the producer's DSATUR search. " +
    "A larger subgraph witness gives non_conclusion. Rejections name the monochromatic edge, the non-adjacent pair, or the prime at which the witness's count is nonzero.",
  bounds: [...graphBounds(MAX_COLOURING_VERTICES, 500_000), { name: "witness_subgraph", limit: IE_MAX, unit: "vertices", description: "a subgraph witness is decided only up to this size (else non_conclusion)" }],
  cost_model: "units = n + m (the colouring) + k² (a clique) + 2^s·s·⌈s·k/25⌉ for a subgraph witness of s ≤ 20 vertices",
  budget: { max_units: 1e10, max_memory_bytes: 512 * 2 ** 20, timeout_ms: 60_000 },
  preflight(req) {
    const s = req.claim.lower_bound_witness?.kind === "subgraph" ? Math.min(IE_MAX, (req.claim.lower_bound_witness.vertices as unknown[]).length) : 0;
    const k = Number(req.claim.lower_bound) || 0;
    return { units: req.graph.n + req.graph.m + k * k + (s ? 2 ** s * s * Math.ceil((s * k) / 25 + 1) : 0), memory_bytes: 64 * req.graph.n + 32 * req.graph.m + (s ? 8 * 2 ** s : 0) + 2 ** 20, basis: `${req.graph.n} vertices, ${req.graph.m} edges, witness ${req.claim.lower_bound_witness?.kind}` };
  },
  ports: { inputs: { claim: { field: "claim", description: "the claim: the `result` output of graph.chromatic_number.compute" } } },
  execute(req, ctx): CheckerFinding {
    const g = req.graph, claim = req.claim, idx = indexOf(g), L = g.labels;
    const reject = (b: Bindings, reason: string): CheckerFinding => ({ verdict: "rejected", bindings: b, reason });
    const edges = new EdgeSet(g);
    const colour = new Int32Array(g.n).fill(-1);
    for (let c = 0; c < claim.colour_classes.length; c++) {
      const vs = resolve(idx, claim.colour_classes[c], `colour_classes[${c}]`);
      if (typeof vs === "string") return reject({ failure: "malformed" }, vs);
      for (const v of vs) {
        if (colour[v] !== -1) return reject({ failure: "malformed", vertex: L[v]! }, `${L[v]} is in two colour classes`);
        colour[v] = c;
      }
    }
    for (let v = 0; v < g.n; v++) if (colour[v] === -1) return reject({ failure: "uncoloured", vertex: L[v]! }, `${L[v]} has no colour`);
    for (let e = 0; e < g.m; e++) {
      const u = g.src[e]!, v = g.dst[e]!;
      if (colour[u] === colour[v]) return reject({ failure: "monochromatic_edge", edge: [L[u]!, L[v]!] }, `the edge ${L[u]} – ${L[v]} joins two vertices of colour class ${colour[u]}`);
    }
    const k = claim.colour_classes.length;
    const colours = String(k);
    if (claim.upper_bound !== colours) return reject({ failure: "inconsistent", colours }, `the colouring has ${k} classes but the claimed upper bound is ${claim.upper_bound}`);
    const lower = Number(claim.lower_bound);
    if (lower > k) return reject({ failure: "inconsistent", colours }, `the lower bound ${lower} exceeds the ${k} colours of a verified proper colouring`);
    if (claim.status === "EXACT" && (claim.chromatic_number !== colours || claim.lower_bound !== colours)) return reject({ failure: "inconsistent", colours }, "an EXACT claim has chromatic_number = lower_bound = upper_bound");
    if (claim.status === "INCOMPLETE" && claim.chromatic_number !== undefined) return reject({ failure: "inconsistent", colours }, "an INCOMPLETE claim gives no chromatic number");
    const w = resolve(idx, claim.lower_bound_witness.vertices, "lower_bound_witness.vertices");
    if (typeof w === "string") return reject({ failure: "malformed", colours }, w);
    if (new Set(w).size !== w.length) return reject({ failure: "malformed", colours }, "the witness lists a vertex twice");
    const proved = (b: number): CheckerFinding =>
      b >= lower
        ? { verdict: "accepted", bindings: { colours, lower_bound_proved: String(b) } }
        : { verdict: "non_conclusion", bindings: { colours, lower_bound_proved: String(b) }, reason: `the witness proves χ ≥ ${b}, not the claimed ${lower}` };
    switch (claim.lower_bound_witness.kind) {
      case "clique": {
        for (let i = 0; i < w.length; i++) for (let j = i + 1; j < w.length; j++) {
          if (!edges.has(w[i]!, w[j]!)) return reject({ failure: "not_a_clique", edge: [L[w[i]!]!, L[w[j]!]!], colours }, `${L[w[i]!]} and ${L[w[j]!]} are not adjacent`);
        }
        return proved(g.n === 0 ? 0 : w.length);
      }
      case "odd_cycle": {
        if (w.length % 2 === 0 || w.length < 3) return reject({ failure: "not_an_odd_cycle", colours }, `the cycle has ${w.length} vertices`);
        for (let i = 0; i < w.length; i++) {
          const u = w[i]!, v = w[(i + 1) % w.length]!;
          if (!edges.has(u, v)) return reject({ failure: "not_an_odd_cycle", edge: [L[u]!, L[v]!], colours }, `${L[u]} and ${L[v]} are not adjacent`);
        }
        return proved(3);
      }
      case "subgraph": {
        if (lower <= 1) return proved(w.length > 0 ? 1 : 0);
        if (w.length > IE_MAX) return { verdict: "non_conclusion", bindings: { colours }, reason: `the witness subgraph has ${w.length} vertices; this checker decides colourability of at most ${IE_MAX}` };
        const sub = inducedDense(dense(g), w);
        if (colourableByInclusionExclusion(sub, lower - 1, () => ctx.checkpoint())) {
          return reject({ failure: "witness_colourable", colours }, `the witness subgraph has a proper colouring with ${lower - 1} colours (the inclusion–exclusion count is nonzero), so it does not prove χ ≥ ${lower}`);
        }
        return proved(lower);
      }
    }
  },
  postcondition(req, f) {
    const b = f.bindings as Bindings;
    if (f.verdict === "accepted" && b.failure !== undefined) return "an acceptance carries no failure";
    if (f.verdict === "rejected" && b.failure === undefined) return "a rejection names its failure";
    if (b.failure === "monochromatic_edge" || b.failure === "not_a_clique") {
      const idx = indexOf(req.graph);
      const [u, v] = b.edge ?? [];
      if (u === undefined || v === undefined || idx.get(u) < 0 || idx.get(v) < 0) return "the named pair is not two vertices of the graph";
      const adj = new EdgeSet(req.graph).has(idx.get(u), idx.get(v));
      if (adj !== (b.failure === "monochromatic_edge")) return "the named pair contradicts the failure";
    }
    return null;
  },
  examples: [
    {
      title: "a 5-cycle: three colours and an odd cycle",
      payload: {
        graph: { vertices: ["a", "b", "c", "d", "e"], edges: [["a", "b"], ["b", "c"], ["c", "d"], ["d", "e"], ["e", "a"]] },
        claim: { status: "EXACT", chromatic_number: "3", lower_bound: "3", upper_bound: "3", colour_classes: [["a", "c"], ["b", "d"], ["e"]], lower_bound_witness: { kind: "odd_cycle", vertices: ["a", "b", "c", "d", "e"] } },
      },
      expected: {"verdict":"accepted","bindings":{"colours":"3","lower_bound_proved":"3"}},
    },
    {
      title: "an improper colouring is rejected with the monochromatic edge",
      payload: {
        graph: { vertices: ["a", "b", "c"], edges: [["a", "b"], ["b", "c"]] },
        claim: { status: "EXACT", chromatic_number: "1", lower_bound: "1", upper_bound: "1", colour_classes: [["a", "b", "c"]], lower_bound_witness: { kind: "clique", vertices: ["a"] } },
      },
      expected: {"verdict":"rejected","bindings":{"failure":"monochromatic_edge","edge":["a","b"]}},
    },
    {
      title: "a witness that is not a clique is rejected with a non-adjacent pair",
      payload: {
        graph: { vertices: ["a", "b", "c", "d"], edges: [["a", "b"], ["b", "c"], ["c", "d"], ["d", "a"]] },
        claim: { status: "EXACT", chromatic_number: "2", lower_bound: "2", upper_bound: "2", colour_classes: [["a", "c"], ["b", "d"]], lower_bound_witness: { kind: "clique", vertices: ["a", "c"] } },
      },
      expected: {"verdict":"rejected","bindings":{"failure":"not_a_clique","edge":["a","c"],"colours":"2"}},
    },
    {
      title: "a 4-cycle with a claimed 3-critical subgraph is refuted: it is 2-colourable",
      payload: {
        graph: { vertices: ["a", "b", "c", "d"], edges: [["a", "b"], ["b", "c"], ["c", "d"], ["d", "a"]] },
        claim: { status: "EXACT", chromatic_number: "3", lower_bound: "3", upper_bound: "3", colour_classes: [["a"], ["b", "d"], ["c"]], lower_bound_witness: { kind: "subgraph", vertices: ["a", "b", "c", "d"] } },
      },
      expected: {"verdict":"rejected","bindings":{"failure":"witness_colourable","colours":"3"}},
    },
  ],
});
