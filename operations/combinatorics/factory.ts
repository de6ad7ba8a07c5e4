/**
 * Family factories of the combinatorics pack. Every declaration of the pack shares its version,
 * effect, provider, budget, artifact types and the result-size bound; `combinatoricsOperation`
 * states those once, so a declaration file states only what differs (its id's object, words,
 * request and result shapes, cost model, computation, independent check and examples).
 * `indexedNumber` narrows it further to the numbers of one index n (n!, C_n, B_n, !n, F_n, …),
 * `stirlingNumber` to the Stirling numbers of either kind (indices n, k).
 * (Not a declaration: the pack lists its operations explicitly.)
 */
import type { Bound, Budget, ComputeDeclaration, CostEstimate, ExecutionContext, Example, PortDeclaration } from "../../domain/declaration.js";
import { defineCompute } from "../../domain/declaration.js";
import { described as describedField, natural, ofKind, request, result, type Kinded } from "../_support/kinds.js";
import { BUDGET, PARAM_DIGITS, RESULT_BOUND_DESCRIPTION, small, MAX_RESULT_DIGITS } from "./support.js";

/**
 * A kind builder's field type with its own description. arktype's `describe` returns a new type,
 * which would drop the kind recorded on the builder's type; this records it again.
 */
export function described<T extends { describe(text: string): unknown }>(t: T, kind: "integer" | "rational", text: string): T {
  return ofKind(describedField(t, text) as T & object, kind);
}

/** The result-size bound every combinatorics result shares (a note may qualify which fields it counts). */
export function resultBound(note?: string): Bound {
  return { name: "result_digits", limit: MAX_RESULT_DIGITS, unit: "decimal digits", description: note ? `${RESULT_BOUND_DESCRIPTION} (${note})` : RESULT_BOUND_DESCRIPTION };
}

/** The bound of a small index given with at most PARAM_DIGITS digits. */
export function indexBound(name: string, description: string): Bound {
  return { name, limit: PARAM_DIGITS, unit: "decimal digits", description };
}

export interface OperationSpec<Req, Res> {
  /** The object of the id `combinatorics.<object>.compute`. */
  object: string;
  title: string;
  summary: string;
  keywords: string[];
  request: Kinded<Req>;
  result: Kinded<Res>;
  /** Every bound, the result-size bound included (see `resultBound`). */
  bounds: Bound[];
  cost_model: string;
  progress_measure: string;
  /** What the built-in provider is used for (default: exact bigint arithmetic). */
  purpose?: string;
  budget?: Budget;
  ports?: { inputs?: Record<string, PortDeclaration>; outputs?: Record<string, PortDeclaration> };
  preflight(req: Req): CostEstimate;
  execute(req: Req, ctx: ExecutionContext): Res | Promise<Res>;
  postcondition(req: Req, res: Res): string | null;
  examples: Example[];
}

/** A combinatorics declaration from what differs between the pack's operations. */
export function combinatoricsOperation<Req, Res>(spec: OperationSpec<Req, Res>): ComputeDeclaration<Req, Res> {
  return defineCompute<Req, Res>({
    id: `combinatorics.${spec.object}.compute`,
    version: "1.0.0",
    title: spec.title,
    summary: spec.summary,
    keywords: spec.keywords,
    accepted_artifact_types: [],
    produced_artifact_types: [],
    request: spec.request,
    result: spec.result,
    effect: "read_only",
    providers: [{ id: "jacobian.builtin", purpose: spec.purpose ?? "exact bigint arithmetic" }],
    bounds: spec.bounds,
    cost_model: spec.cost_model,
    budget: spec.budget ?? BUDGET,
    progress_measure: spec.progress_measure,
    preflight: spec.preflight,
    ...(spec.ports ? { ports: spec.ports } : {}),
    execute: spec.execute,
    postcondition: spec.postcondition,
    examples: spec.examples,
  });
}

/** The index field n ≥ 0 of most numbers of the pack. */
export const naturalIndex = (text = "n ≥ 0 as a decimal string") => described(natural(PARAM_DIGITS), "integer", text);

/** A field type of a request or result shape (an arktype type, usually from a kind builder). */
type Field = object;

export interface IndexedSpec<V> extends Pick<OperationSpec<{ n: bigint }, Record<string, V>>, "object" | "title" | "summary" | "keywords" | "cost_model" | "progress_measure" | "purpose" | "budget" | "ports" | "examples"> {
  /** The result field, named after the number (`factorial`, `catalan`, …). */
  field: string;
  /** The index field's type (default: `naturalIndex()`). */
  index?: Field;
  /** The result field's type (a kind builder's type, described). */
  value: Field;
  /** Bounds (default: n's digits and the result-size bound). */
  bounds?: Bound[];
  /** The cost estimate for index n (usually through `sized`). */
  estimate(n: number, req: { n: bigint }): CostEstimate;
  compute(n: number, ctx: ExecutionContext): V;
  /** The postcondition's check of `value` against n, independent of `compute`: null when it holds, else why not. */
  check(n: number, value: V): string | null;
}

/**
 * A number of one index n (a request `{ n }`, a result `{ <field> }`): the index is parsed once by
 * the schema and handed to `estimate`, `compute` and `check` as a number (n has at most
 * PARAM_DIGITS digits, or a narrower bound of the index type).
 */
export function indexedNumber<V>(spec: IndexedSpec<V>): ComputeDeclaration<{ n: bigint }, Record<string, V>> {
  const Request = request({ n: spec.index ?? naturalIndex() });
  const Result = result({ [spec.field]: spec.value });
  const field = spec.field;
  return combinatoricsOperation<{ n: bigint }, Record<string, V>>({
    object: spec.object,
    title: spec.title,
    summary: spec.summary,
    keywords: spec.keywords,
    request: Request as unknown as Kinded<{ n: bigint }>,
    result: Result as unknown as Kinded<Record<string, V>>,
    bounds: spec.bounds ?? [indexBound("n_digits", "n is given with at most this many digits"), resultBound()],
    cost_model: spec.cost_model,
    progress_measure: spec.progress_measure,
    ...(spec.purpose ? { purpose: spec.purpose } : {}),
    ...(spec.budget ? { budget: spec.budget } : {}),
    ...(spec.ports ? { ports: spec.ports } : {}),
    preflight: (req) => spec.estimate(small(req.n), req),
    execute: (req, ctx) => ({ [field]: spec.compute(small(req.n), ctx) }),
    postcondition: (req, res) => spec.check(small(req.n), res[field]!),
    examples: spec.examples,
  });
}

type Pair = { n: bigint; k: bigint };

export interface StirlingSpec<Res> extends Pick<OperationSpec<Pair, Res>, "object" | "title" | "summary" | "keywords" | "result" | "cost_model" | "progress_measure" | "examples"> {
  /** What k counts: "cycles" (first kind) or "blocks" (second kind). */
  kCounts: string;
  /** A note on which result fields the result-size bound counts. */
  resultNote?: string;
  estimate(n: number, k: number, basis: string): CostEstimate;
  compute(n: number, k: number, ctx: ExecutionContext): Res;
  check(n: number, k: number, res: Res): string | null;
}

/** The Stirling numbers of either kind: a request `{ n, k }` of two small indices handed on as numbers. */
export function stirlingNumber<Res>(spec: StirlingSpec<Res>): ComputeDeclaration<Pair, Res> {
  const Request = request({ n: naturalIndex("n ≥ 0 (number of elements)"), k: naturalIndex(`k ≥ 0 (number of ${spec.kCounts})`) });
  return combinatoricsOperation<Pair, Res>({
    object: spec.object,
    title: spec.title,
    summary: spec.summary,
    keywords: spec.keywords,
    request: Request as unknown as Kinded<Pair>,
    result: spec.result,
    bounds: [indexBound("n_digits", "n and k have at most this many digits (the cost model bounds n)"), resultBound(spec.resultNote)],
    cost_model: spec.cost_model,
    progress_measure: spec.progress_measure,
    preflight: (req) => spec.estimate(small(req.n), small(req.k), `n = ${req.n}, k = ${req.k}`),
    execute: (req, ctx) => spec.compute(small(req.n), small(req.k), ctx),
    postcondition: (req, res) => spec.check(small(req.n), small(req.k), res),
    examples: spec.examples,
  });
}
