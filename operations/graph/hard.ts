/**
 * What the graph pack's exponential-time and algebraic operations share (not a declaration): the
 * `effort` field and its search budgets, the dense (bitset) view of an input graph, result field
 * types for big counts and bounds, colour classes and vertex sets by label, and the per-node cost
 * model. The exact searches stop at their effort's node budget and then return a completed value
 * with status INCOMPLETE and the bounds proved so far — never a guess.
 */
import { type } from "arktype";
import { denseOf, type DenseGraph } from "../../domain/math/graph/dense.js";
import type { Graph } from "../../domain/math/graph/types.js";
import type { PolyLimits } from "../../domain/math/poly/parse.js";
import { QQ, ZZ } from "../../domain/kinds.js";
import type { Polynomial } from "../../domain/math/poly/types.js";
import type { Rational } from "../../domain/math/rational.js";
import { polynomial } from "../_support/kinds.js";
import { labelLists, labels, names } from "./support.js";

/** Branch-and-bound nodes each effort buys (one node ≈ a vertex choice with its bound: 0.2–10 µs by graph size). */
export const SEARCH_NODES = { quick: 100_000, standard: 2_000_000, thorough: 20_000_000 } as const;
export type Effort = keyof typeof SEARCH_NODES;
export const effortField = () =>
  type("'quick' | 'standard' | 'thorough'").describe(
    `the search budget: quick = ${SEARCH_NODES.quick.toExponential()} branch nodes, standard (default) = ${SEARCH_NODES.standard.toExponential()}, thorough = ${SEARCH_NODES.thorough.toExponential()}; out of budget the result is INCOMPLETE with the bounds proved`,
  );
export const nodesFor = (effort: Effort | undefined): number => SEARCH_NODES[effort ?? "standard"];

/** Largest graph the colouring operations take. */
export const MAX_COLOURING_VERTICES = 2_000;

/**
 * One unit ≈ one simple operation (≈ 1 ns): 3·10^11 units is about the 300-second wall-time
 * budget, so a search whose node budget cannot finish in time is refused before it starts
 * rather than cut off by the timeout.
 */
export const HARD_BUDGET = { max_units: 3e11, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 300_000 };

/**
 * Preflight of a branch-and-bound search: the node budget times the cost of one node (a pass
 * over the vertices and a bitset row of n/32 words), plus building the dense view.
 */
export function searchEstimate(g: Graph, effort: Effort | undefined, perNode = g.n + 32) {
  const nodes = nodesFor(effort);
  const words = Math.max(1, Math.ceil(g.n / 32));
  return {
    units: nodes * perNode + g.n * words + g.m,
    memory_bytes: 8 * g.n * words * 4 + 64 * g.n + 32 * g.m + 2 ** 20,
    basis: `${g.n} vertices, ${g.m} edges; at most ${nodes} search nodes (${effort ?? "standard"} effort)`,
  };
}

/** The bitset view of a simple undirected graph (parallel edges merged; the fields refuse loops where they matter). */
export const dense = (g: Graph): DenseGraph => denseOf(g);

export const statusField = () => type("'EXACT' | 'INCOMPLETE'").describe("EXACT: the value is proved optimal; INCOMPLETE: the effort's search budget ran out; the bounds hold and the witnesses are valid");

/** A non-negative integer of any size as a decimal string (group orders, tree counts). */
export const bigCount = (what: string, maxChars = 1_000_000) => type("string").atMostLength(maxChars).and(/^(0|[1-9][0-9]*)$/).describe(`${what} (a non-negative integer as a decimal string)`);
/** A count bounded by the vertex count. */
export const smallCount = (what: string) => type("string").atMostLength(8).and(/^(0|[1-9][0-9]*)$/).describe(`${what} (a non-negative integer as a decimal string)`);

/** Colour classes (vertex lists, each in vertex order), ordered by their least vertex. */
export function classesOf(g: Graph, colour: ArrayLike<number>): string[][] {
  const byColour = new Map<number, number[]>();
  for (let v = 0; v < g.n; v++) {
    const c = colour[v]!;
    let l = byColour.get(c);
    if (!l) byColour.set(c, (l = []));
    l.push(v);
  }
  return [...byColour.values()].sort((a, b) => a[0]! - b[0]!).map((vs) => names(g, vs));
}

/** A vertex set by labels, in vertex order. */
export const sortedNames = (g: Graph, vs: readonly number[]): string[] => names(g, [...vs].sort((a, b) => a - b));

export const vertexSet = (what: string) => labels(what);
export const partition = (what: string) => labelLists(what);

/** Limits of result polynomials (chromatic, Tutte, characteristic). */
export const POLY_RESULT: PolyLimits = { maxChars: 50_000_000, maxVariables: 2, maxDegree: 100_000, maxTerms: 1_000_000, maxCoeffDigits: 1_000_000, maxWork: 1e12 };
export const resultPolynomial = (description: string) => polynomial(POLY_RESULT, description);

/* ---------- polynomial results ---------- */


/** A univariate polynomial value from little-endian coefficients (bigints over ZZ, rationals over QQ). */
export function univariate(coeffs: readonly (bigint | Rational)[], variable: string): Polynomial {
  const rational = coeffs.some((c) => typeof c !== "bigint" && c.den !== 1n);
  const terms: { exponents: number[]; coeff: unknown }[] = [];
  for (let i = coeffs.length - 1; i >= 0; i--) {
    const c = coeffs[i]!;
    const zero = typeof c === "bigint" ? c === 0n : c.num === 0n;
    if (zero) continue;
    terms.push({ exponents: [i], coeff: rational ? (typeof c === "bigint" ? { num: c, den: 1n } : c) : typeof c === "bigint" ? c : c.num });
  }
  return { $kind: "polynomial", ring: rational ? QQ : ZZ, variables: [variable], terms } as Polynomial;
}

/** A bivariate integer polynomial value from t[i][j] = coefficient of x^i y^j. */
export function bivariate(t: readonly (readonly bigint[])[], vars: [string, string]): Polynomial {
  const terms: { exponents: number[]; coeff: unknown }[] = [];
  for (let i = t.length - 1; i >= 0; i--) {
    const row = t[i]!;
    for (let j = row.length - 1; j >= 0; j--) if ((row[j] ?? 0n) !== 0n) terms.push({ exponents: [i, j], coeff: row[j] });
  }
  return { $kind: "polynomial", ring: ZZ, variables: vars, terms } as Polynomial;
}
