/**
 * Declaration factories of the rational family. The unary operations (canonical form, negation,
 * reciprocal, absolute value, floor, ceiling), the binary ones (difference, quotient, comparison)
 * and the list ones (sum, product) differ only in their names, their mathematics, their result
 * field and the independent check of their postcondition; each declaration file states exactly
 * that and gets the rest (request shape, bounds, preflight, ports, budget) from here.
 * (Not a declaration itself: the pack lists its operation modules.)
 */
import { defineCompute, type Budget, type ComputeDeclaration, type Example } from "../../domain/declaration.js";
import type { Rational } from "../../domain/math/rational.js";
import { ofKind, request, result } from "../_support/kinds.js";
import { binaryUnits, BUILTIN, charsOf, bitsOf, MAX_CHARS, MAX_TERMS, MAX_TOTAL_CHARS, memoryFor, operand, operandUnits } from "./support.js";

const OPERAND = 'a rational "p/q" (q > 0, not necessarily in lowest terms) or an integer';

/** What every declaration of the family states for itself. */
interface Described {
  id: string;
  title: string;
  summary: string;
  keywords: string[];
  examples: Example[];
}

/** A result with one field: its name (also the output port's, when `port` is given), type and meaning. */
interface ResultField<R> {
  field: string;
  /** The result field's type (its kind, when it has one, is the output port's). */
  type: unknown;
  /** Description of the output port binding the field; no port when omitted. */
  port?: string;
  /** The mathematics (may throw a DOMAIN_ERROR). */
  compute: (...xs: any[]) => R;
}

/* ---------- x ↦ f(x) ---------- */

export interface UnarySpec<R> extends Described, ResultField<R> {
  compute(x: Rational): R;
  /** The postcondition's check of r = f(x), independent of `compute` (with the whole result); null when it holds. */
  check(x: Rational, r: R, res: Record<string, unknown>): string | null;
  /** Further result fields derived from r (their types and values). */
  more?: { shape: Record<string, unknown>; of(r: R): Record<string, unknown> };
  /** Meaning of x in this operation (default: "x: a rational …"). */
  operand?: string;
  /** The cost model in words (default: one pass over the operand). */
  cost_model?: string;
}

export function unaryDeclaration<R>(spec: UnarySpec<R>): ComputeDeclaration {
  const Request = request({ value: operand(spec.operand ?? `x: ${OPERAND}`) });
  const Result = result({ [spec.field]: spec.type, ...spec.more?.shape } as Record<string, unknown>);
  type Res = Record<string, R>;
  return defineCompute<typeof Request.infer, Res>({
    ...common(spec),
    request: Request,
    result: Result as never,
    bounds: [{ name: "chars", limit: MAX_CHARS, unit: "characters", description: 'the operand "p/q" has at most this many characters' }],
    cost_model: spec.cost_model ?? "units = bits²/64 + characters, bits = bits of the numerator and denominator of x in lowest terms (one gcd-sized pass)",
    budget: { max_units: 1e10, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 20_000 },
    preflight(req) {
      return { units: operandUnits(req.value), memory_bytes: memoryFor(charsOf(req.value)), basis: `an operand of about ${charsOf(req.value)} characters` };
    },
    ports: {
      inputs: { value: { field: "value", description: "x" } },
      ...(spec.port ? { outputs: { [spec.field]: { field: spec.field, description: spec.port } } } : {}),
    },
    execute(req) {
      const r = spec.compute(req.value);
      return { [spec.field]: r, ...spec.more?.of(r) } as Res;
    },
    postcondition(req, res) {
      return spec.check(req.value, res[spec.field]!, res);
    },
  });
}

/* ---------- (a, b) ↦ f(a, b) ---------- */

export interface BinarySpec<R> extends Described, ResultField<R> {
  compute(a: Rational, b: Rational): R;
  check(a: Rational, b: Rational, r: R): string | null;
  /** Meanings of a and b. */
  left: string;
  right: string;
  /** Descriptions of the input ports. */
  ports: { left: string; right: string };
  cost_model: string;
  /** Work units from the two operands (default: both operands, then a product and gcd of their combined size). */
  units?: (a: Rational, b: Rational) => number;
  budget: Budget;
}

export function binaryDeclaration<R>(spec: BinarySpec<R>): ComputeDeclaration {
  const Request = request({ left: operand(`${spec.left}: ${OPERAND}`), right: operand(`${spec.right}: ${OPERAND}`) });
  const Result = result({ [spec.field]: spec.type } as Record<string, unknown>);
  const units = spec.units ?? binaryUnits;
  type Res = Record<string, R>;
  return defineCompute<typeof Request.infer, Res>({
    ...common(spec),
    request: Request,
    result: Result as never,
    bounds: [{ name: "chars", limit: MAX_CHARS, unit: "characters", description: 'each operand "p/q" has at most this many characters' }],
    cost_model: spec.cost_model,
    budget: spec.budget,
    preflight(req) {
      const [ca, cb] = [charsOf(req.left), charsOf(req.right)];
      return { units: units(req.left, req.right), memory_bytes: memoryFor(ca + cb), basis: `operands of about ${ca} and ${cb} characters` };
    },
    ports: {
      inputs: { left: { field: "left", description: spec.ports.left }, right: { field: "right", description: spec.ports.right } },
      ...(spec.port ? { outputs: { [spec.field]: { field: spec.field, description: spec.port } } } : {}),
    },
    execute(req) {
      return { [spec.field]: spec.compute(req.left, req.right) };
    },
    postcondition(req, res) {
      return spec.check(req.left, req.right, res[spec.field]!);
    },
  });
}

/* ---------- [x1, …, xn] ↦ f(x1, …, xn) ---------- */

export interface ListSpec extends Described, ResultField<Rational> {
  /** The request field holding the list (terms, factors) and what one entry is called. */
  list: string;
  entries: string;
  compute(xs: readonly Rational[], tick: () => void): Rational;
  check(xs: readonly Rational[], r: Rational): string | null;
  cost_model: string;
}

export function listDeclaration(spec: ListSpec): ComputeDeclaration {
  const list = operand(OPERAND)
    .array()
    .moreThanLength(0)
    .atMostLength(MAX_TERMS)
    .describe(`the ${spec.entries}: 1 to ${MAX_TERMS} rationals (at most ${MAX_TOTAL_CHARS} characters in all)`);
  // There is no list kind: the list is marked with its entries' kind so that the operation's input
  // kinds say "rational" (no port binds it, so no port can take it for a single rational).
  const Request = request({ [spec.list]: ofKind(list, "rational") } as Record<string, unknown>);
  const Result = result({ [spec.field]: spec.type } as Record<string, unknown>);
  type Req = Record<string, Rational[]>;
  type Res = Record<string, Rational>;
  return defineCompute<Req, Res>({
    ...common(spec),
    request: Request as never,
    result: Result as never,
    bounds: [
      { name: spec.entries, limit: MAX_TERMS, unit: "rationals", description: `number of ${spec.entries}` },
      { name: "chars", limit: MAX_CHARS, unit: "characters", description: `each of the ${spec.entries} "p/q" has at most this many characters` },
      { name: "total_chars", limit: MAX_TOTAL_CHARS, unit: "characters", description: `all ${spec.entries} together, in lowest terms (preflight refuses more)` },
    ],
    cost_model: spec.cost_model,
    budget: { max_units: 2e10, max_memory_bytes: 128 * 2 ** 20, timeout_ms: 30_000 },
    preflight(req) {
      const xs = req[spec.list]!;
      const chars = xs.reduce((s, x) => s + charsOf(x), 0);
      const bits = xs.reduce((s, x) => s + bitsOf(x), 0);
      const units = chars > MAX_TOTAL_CHARS ? Infinity : xs.reduce((s, x) => s + operandUnits(x), 0) + (bits * bits) / 32;
      return { units, memory_bytes: memoryFor(chars), basis: `${xs.length} ${spec.entries}, about ${chars} characters in all${chars > MAX_TOTAL_CHARS ? ` (more than ${MAX_TOTAL_CHARS})` : ""}` };
    },
    ...(spec.port ? { ports: { outputs: { [spec.field]: { field: spec.field, description: spec.port } } } } : {}),
    execute(req, ctx) {
      return { [spec.field]: spec.compute(req[spec.list]!, () => ctx.checkpoint()) };
    },
    postcondition(req, res) {
      return spec.check(req[spec.list]!, res[spec.field]!);
    },
  });
}

function common(spec: Described) {
  return { ...BUILTIN, id: spec.id, title: spec.title, summary: spec.summary, keywords: spec.keywords, examples: spec.examples };
}
