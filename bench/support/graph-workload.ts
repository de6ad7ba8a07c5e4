/**
 * Graph workloads: one operation through the JS API against nauty (labelg, in the PARI column)
 * where it computes the same thing and NetworkX (in the SymPy column, run through the harness's
 * Python engine and timed inside Python with the graph already built).
 */
import type { Json } from "../../domain/json.js";
import { encodeGraph6 } from "../../domain/math/graph/nauty.js";
import type { BenchContext, Measurement, Workload, WorkloadResult } from "../types.js";
import { timeLabelg } from "./nauty.js";
import { timeOurs } from "./ours.js";
import { Prng } from "./prng.js";
import { timePython } from "./python.js";

export interface GraphWorkloadSpec<I> {
  name: string;
  description: string;
  capabilityId: string;
  reps: number;
  generate(rng: Prng): I;
  describe(inputs: I): Record<string, string | number>;
  ours: { payload(inputs: I): Record<string, unknown>; result(value: Json): string; budgetMs?: number };
  nauty?: { graphs(inputs: I): string[]; result(canonical: string[]): string; copies?: number };
  networkx?: { data(inputs: I): unknown; setup: string; call: string; resultString: string; budgetMs?: number; timeoutMs?: number; warmup?: boolean };
  /** Why there is no NetworkX counterpart (shown as n/a). */
  noNetworkx?: string;
}

export function defineGraphWorkload<I>(spec: GraphWorkloadSpec<I>): Workload {
  return {
    name: spec.name,
    description: spec.description,
    method: [
      "ours: createJacobian().run (whole pipeline, median after a warm-up)",
      ...(spec.nauty ? ["nauty (in the PARI column): labelg processes, start-up subtracted"] : []),
      ...(spec.networkx ? ["NetworkX (in the SymPy column): timed inside /usr/bin/python3 with the graphs already built"] : []),
    ].join("; "),
    async run(ctx: BenchContext): Promise<WorkloadResult> {
      const reps = ctx.reps ?? spec.reps;
      const inputs = spec.generate(Prng.derive(ctx.seed, spec.name));
      ctx.log("ours (JS API) …");
      const ours = await timeOurs(ctx, { capabilityId: spec.capabilityId, payload: () => spec.ours.payload(inputs), result: spec.ours.result, reps, budgetMs: spec.ours.budgetMs ?? 120_000 });
      let pari: Measurement = { status: "n/a" };
      if (spec.nauty) {
        ctx.log("nauty …");
        pari = timeLabelg(ctx, spec.nauty.graphs(inputs), spec.nauty.result, { copies: spec.nauty.copies ?? 20 });
      }
      let sympy: Measurement = spec.noNetworkx ? { status: "unavailable", reason: spec.noNetworkx } : { status: "n/a" };
      if (spec.networkx) {
        ctx.log("NetworkX …");
        sympy = timePython(ctx, {
          data: spec.networkx.data(inputs),
          setup: "import networkx as nx\n" + spec.networkx.setup,
          call: spec.networkx.call,
          resultString: spec.networkx.resultString,
          reps,
          budgetMs: spec.networkx.budgetMs ?? 60_000,
          timeoutMs: spec.networkx.timeoutMs ?? 600_000,
          ...(spec.networkx.warmup !== undefined ? { warmup: spec.networkx.warmup } : {}),
        });
      }
      return { ours, pari, sympy, inputs: { operation: spec.capabilityId, seed: ctx.seed, engine_in_pari_column: spec.nauty ? "nauty labelg" : "none", engine_in_sympy_column: spec.networkx ? "networkx" : "none", ...spec.describe(inputs) } };
    },
  };
}

export type Edges = [number, number][];

/** A uniformly random simple cubic graph on n vertices (configuration model, rejection). */
export function randomCubic(rng: Prng, n: number): Edges {
  for (;;) {
    const pts = Array.from({ length: 3 * n }, (_, i) => Math.floor(i / 3));
    for (let i = pts.length - 1; i > 0; i--) {
      const k = rng.below(i + 1);
      [pts[i], pts[k]] = [pts[k]!, pts[i]!];
    }
    const seen = new Set<number>();
    const edges: Edges = [];
    let ok = true;
    for (let i = 0; i < pts.length; i += 2) {
      const a = Math.min(pts[i]!, pts[i + 1]!), b = Math.max(pts[i]!, pts[i + 1]!);
      if (a === b || seen.has(a * n + b)) { ok = false; break; }
      seen.add(a * n + b);
      edges.push([a, b]);
    }
    if (ok) return edges;
  }
}

/** A random permutation of 0..n−1. */
export function randomPermutation(rng: Prng, n: number): number[] {
  const p = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const k = rng.below(i + 1);
    [p[i], p[k]] = [p[k]!, p[i]!];
  }
  return p;
}

/** The graph relabelled by `perm`, its edge list shuffled. */
export function relabelled(rng: Prng, edges: Edges, perm: number[]): Edges {
  const out = edges.map(([a, b]) => [perm[a]!, perm[b]!] as [number, number]);
  for (let i = out.length - 1; i > 0; i--) {
    const k = rng.below(i + 1);
    [out[i], out[k]] = [out[k]!, out[i]!];
  }
  return out;
}

/** The Latin-square graph (cells, adjacent in a row, a column or a symbol: strongly regular) of a random Latin square (Jacobson–Matthews). */
export function latinSquareGraph(rng: Prng, order: number, moves = 20_000): Edges {
  const n = order;
  const c = new Int8Array(n * n * n);
  const at = (i: number, j: number, k: number) => (i * n + j) * n + k;
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) c[at(i, j, (i + j) % n)] = 1;
  let improper: [number, number, number] | null = null;
  for (let step = 0; step < moves || improper; step++) {
    let i: number, j: number, k: number, i2: number, j2: number, k2: number;
    if (!improper) {
      do { i = rng.below(n); j = rng.below(n); k = rng.below(n); } while (c[at(i, j, k)] !== 0);
      i2 = 0; while (c[at(i2, j, k)] !== 1) i2++;
      j2 = 0; while (c[at(i, j2, k)] !== 1) j2++;
      k2 = 0; while (c[at(i, j, k2)] !== 1) k2++;
    } else {
      [i, j, k] = improper;
      const pick = (f: (x: number) => boolean): number => {
        const xs = Array.from({ length: n }, (_, x) => x).filter(f);
        return xs[rng.below(xs.length)]!;
      };
      i2 = pick((x) => c[at(x, j, k)] === 1);
      j2 = pick((x) => c[at(i, x, k)] === 1);
      k2 = pick((x) => c[at(i, j, x)] === 1);
    }
    c[at(i, j, k)]!++; c[at(i, j2, k2)]!++; c[at(i2, j, k2)]!++; c[at(i2, j2, k)]!++;
    c[at(i, j, k2)]!--; c[at(i, j2, k)]!--; c[at(i2, j, k)]!--; c[at(i2, j2, k2)]!--;
    improper = c[at(i2, j2, k2)] === -1 ? [i2, j2, k2] : null;
  }
  const L: number[] = new Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) for (let k = 0; k < n; k++) if (c[at(i, j, k)] === 1) L[i * n + j] = k;
  const edges: Edges = [];
  for (let a = 0; a < n * n; a++) for (let b = a + 1; b < n * n; b++) {
    if (Math.floor(a / n) === Math.floor(b / n) || a % n === b % n || L[a] === L[b]) edges.push([a, b]);
  }
  return edges;
}

export const graph6 = (n: number, edges: Edges): string => encodeGraph6(n, edges);
export const labelled = (n: number, edges: Edges) => ({ vertices: Array.from({ length: n }, (_, i) => String(i)), edges: edges.map(([a, b]) => [String(a), String(b)]) });

/** A random sparse graph on n vertices with m edges (no loops), weights 1..maxW, as index arrays. */
export function sparseGraph(rng: Prng, n: number, m: number, maxW: number): { n: number; u: Int32Array; v: Int32Array; w: Int32Array } {
  const u = new Int32Array(m), v = new Int32Array(m), w = new Int32Array(m);
  for (let e = 0; e < m; e++) {
    const a = rng.below(n);
    let b = rng.below(n - 1);
    if (b >= a) b++;
    u[e] = a;
    v[e] = b;
    w[e] = 1 + rng.below(maxW);
  }
  return { n, u, v, w };
}
