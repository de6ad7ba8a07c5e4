/**
 * Shared pieces of the integer arithmetic declarations (lcm, |n|, sign, divisibility, roots,
 * digits, and the functions of a factorization: divisors, τ, σ_k, φ, λ, μ, rad, ω, Ω):
 * field builders on the registered integer kind, the defaults every one of them states, the
 * factory of the one-integer maps, and the factory of the functions of a factorization (the
 * factorization run with its certainty, the COMPLETE / INCOMPLETE result, the cost model and the
 * postcondition's factorization check). (Not a declaration: the pack lists its operations.)
 */
import { type, type Type } from "arktype";
import { defineCompute, type Bound, type ComputeDeclaration, type CostEstimate, type ExecutionContext, type Example, type PortDeclaration } from "../../domain/declaration.js";
import { domainError } from "../../domain/errors.js";
import { certifyPrimes, type Certainty, type PrimePowers } from "../../domain/math/arithmetic.js";
import { COST_UNITS_PER_WORK, expectedFactorWork, FACTOR_EFFORT, factorInteger } from "../../domain/math/factor.js";
import { bitLength, modPow } from "../../domain/math/integer.js";
import { EFFORT, EFFORT_LEVELS, type Effort, effortBudget } from "../_support/effort.js";
import { fieldKinds, integer, natural, ofKind, positive, request, result, strict, type Json, type Kinded } from "../_support/kinds.js";

export const abs = (n: bigint): bigint => (n < 0n ? -n : n);

const LOG10_2 = Math.log10(2);

/** At least the number of decimal digits of |n|, from its bit length (for cost estimates). */
export const digitsAtMost = (n: bigint): number => Math.floor(bitLength(n) * LOG10_2) + 1;

/**
 * The number of decimal digits of |n|, without formatting it: a b-bit number has the digits of
 * 2^(b−1) or one more, and one power of 10 decides which (cheaper than a decimal conversion).
 */
export function digitsOf(n: bigint): number {
  const a = abs(n);
  if (a < 9007199254740992n) return String(a).length;
  const bits = bitLength(a);
  // The margins keep a rounding error of the logarithms on the side that the comparison settles.
  const low = Math.floor((bits - 1) * LOG10_2 - 1e-9) + 1;
  const high = Math.floor(bits * LOG10_2 + 1e-9) + 1;
  return low === high || a < 10n ** BigInt(low) ? low : low + 1;
}

/* ------------------------------------------------------------------ field builders */

// Every arktype method returns a new type, so the kind is recorded after the description.

/**
 * An integer field of at most `maxDigits` digits (parsed to bigint) with its own description. The
 * digit bound is exact for either sign: a non-negative string of at most maxDigits characters, or
 * "-" and at most maxDigits digits (lengths, not regex repeat counts, which RE2 caps at 1000).
 */
export const integerField = (maxDigits: number, description: string) => integer(maxDigits, description);
export const naturalField = (maxDigits: number, description: string) => natural(maxDigits, description);
export const positiveField = (maxDigits: number, description: string) => positive(maxDigits, description);

/** An integer ≥ 2 (a base or a modulus-like parameter), parsed to bigint. */
export function atLeastTwoField(maxDigits: number, description: string) {
  return ofKind(
    type("string").atMostLength(maxDigits).and(/^([2-9]|[1-9][0-9]+)$/).describe(description).pipe((s: string): bigint => BigInt(s)),
    "integer",
  );
}

/** A positive integer string of at most 10^e (checked by the schema, so the path is the field's), parsed to bigint. */
export function upToPowerOfTenField(e: number, description: string) {
  return ofKind(
    type("string")
      .atMostLength(e + 1)
      .and(new RegExp(`^([1-9][0-9]{0,${e - 1}}|1${"0".repeat(e)})$`))
      .describe(description)
      .pipe((s: string): bigint => BigInt(s)),
    "integer",
  );
}

/** The literal "1", parsed to 1n, so a result's integer fields have one parsed type whatever the branch. */
const one = () => ofKind(type("'1'").pipe((): bigint => 1n), "integer");

/**
 * A result schema with alternative branches (a complete value, or an honest "incomplete"): the
 * counterpart of `result()` for a union of shapes; the field kinds of every branch are recorded.
 * (A union builder belongs in operations/_support/kinds.ts; it lives here until it moves there.)
 */
export function resultOneOf<T>(branches: Record<string, unknown>[]): Kinded<T> {
  const t = strict(branches.map((b) => (type as any)(b) as Type<any>).reduce((u, b) => u.or(b)));
  const wire = (t as any).in as Type<any>;
  const kinds: Record<string, string> = {};
  for (const b of branches) Object.assign(kinds, fieldKinds(b));
  let jsonSchema: object | undefined;
  return {
    arktype: t,
    infer: undefined as unknown as T,
    fieldKinds: kinds,
    "~standard": { version: 1, vendor: "arktype", validate: (value: unknown) => t["~standard"].validate(value) as never },
    validateWire: (value: unknown) => wire["~standard"].validate(value) as never,
    toJsonSchema: () => (jsonSchema ??= wire.toJsonSchema()),
  };
}

/* ------------------------------------------------------------------ declaration defaults */

type Fixed = "version" | "accepted_artifact_types" | "produced_artifact_types" | "effect" | "kind";

/**
 * An integer arithmetic declaration: version 1.0.0, no artifacts, read-only, exact bigint
 * arithmetic by the built-in provider unless the declaration names its providers.
 */
export function arithmetic<Req, Res>(d: Omit<ComputeDeclaration<Req, Res>, Fixed | "providers"> & { providers?: ComputeDeclaration["providers"] }): ComputeDeclaration<Req, Res> {
  return defineCompute<Req, Res>({
    version: "1.0.0",
    accepted_artifact_types: [],
    produced_artifact_types: [],
    effect: "read_only",
    providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic" }],
    ...d,
  });
}

/** The bound on the digits of the operands, as every declaration of the family states it. */
export const digitsBound = (limit: number, description = "n has at most this many digits"): Bound => ({ name: "digits", limit, unit: "decimal digits", description });

/**
 * The estimate of a computation of about c·L² limb operations on a number of `bits` bits
 * (L = bits/64 + 1 limbs, bits including any headroom), plus `units`, holding `bytesPerByte`
 * copies of it.
 */
export function quadraticCost(bits: number, c: number, o: { units?: number; bytesPerByte: number; memory?: number; basis: string }): CostEstimate {
  const L = bits / 64 + 1;
  return { units: c * L * L + (o.units ?? 0), memory_bytes: Math.ceil(bits / 8) * o.bytesPerByte + (o.memory ?? 0), basis: o.basis };
}

/* ------------------------------------------------------------------ maps of one integer */

export const UNARY_MAX_DIGITS = 100_000;

/** What differs between the cheap maps n ↦ f(n) of one integer (|n|, sign). */
export interface UnaryMapSpec<V> {
  id: string;
  title: string;
  summary: string;
  keywords: string[];
  /** The result's one field, its type and its output port (when it is an integer). */
  field: string;
  type: Type<any>;
  port?: string;
  compute(n: bigint): V;
  /** Independent check of f(n). */
  check(n: bigint, value: V): string | null;
  examples: Example[];
}

/** A map of one integer of up to 100,000 digits whose work is the conversions of n. */
export function unaryMap<V>(s: UnaryMapSpec<V>): ComputeDeclaration<{ n: bigint }, Record<string, V>> {
  const Request = request({ n: integerField(UNARY_MAX_DIGITS, "n: an integer as a decimal string (at most 100,000 digits)") });
  const Result = result({ [s.field]: s.type } as Record<string, unknown>) as unknown as Kinded<Record<string, V>>;
  return arithmetic<{ n: bigint }, Record<string, V>>({
    id: s.id,
    title: s.title,
    summary: s.summary,
    keywords: s.keywords,
    request: Request,
    result: Result,
    bounds: [digitsBound(UNARY_MAX_DIGITS)],
    cost_model: "units = digits of n (the conversions of n from and to decimal)",
    budget: { max_units: 1e7, max_memory_bytes: 16 * 2 ** 20, timeout_ms: 5_000 },
    preflight(req) {
      const d = digitsAtMost(req.n);
      return { units: d, memory_bytes: d * 4, basis: `n of at most ${d} digits` };
    },
    ports: { inputs: { n: { field: "n", description: "the integer n" } }, ...(s.port ? { outputs: { [s.field]: { field: s.field, description: s.port } } } : {}) },
    execute: (req) => ({ [s.field]: s.compute(req.n) }),
    postcondition: (req, res) => s.check(req.n, res[s.field] as V),
    examples: s.examples,
  });
}

/* ------------------------------------------------------------------ functions of a factorization */

/** Digits of n for the operations that factor it. */
export const FACTOR_MAX_DIGITS = 1000;

/** Limb-weighted rho work of the Pocklington proofs that upgrade BPSW-probable primes. */
const PROOF_WORK = 4e7;

const EffortType = EFFORT.describe(`factorization work budget (the levels of integer.prime_factorization.compute, shared by every operation that factors): ${EFFORT_LEVELS}`);

const CertaintyType = type("'PROVEN' | 'PROBABLE'").describe(
  "PROVEN: every prime of the factorization is proven (deterministic Miller–Rabin below 3.3·10^24, or a Pocklington certificate); PROBABLE: some prime is only a Baillie–PSW probable prime",
);

const FactorizationType = type({
  prime: positiveField(FACTOR_MAX_DIGITS, "a prime p (or a BPSW probable prime, see certainty)"),
  exponent: positiveField(5, "its multiplicity e ≥ 1"),
})
  .array()
  .atMostLength(4000)
  .describe("the prime powers found, ascending by prime");

const UnfactoredType = () => positiveField(FACTOR_MAX_DIGITS, 'the part of |n| left unfactored within the work budget ("1" when the factorization is complete)');

/** One prime power of a result (exponents are integers on the wire, so bigints here). */
export interface Factor {
  prime: bigint;
  exponent: bigint;
}

export interface FactorRequest {
  n: bigint;
  effort?: Effort;
}

/** A function of the factorization: its value fields V when complete, or what was found. */
export type FactorResult<V> =
  | ({ status: "COMPLETE"; certainty: Certainty; factorization: Factor[]; unfactored: bigint } & V)
  | { status: "INCOMPLETE"; factorization: Factor[]; unfactored: bigint };

export interface FactoredRun {
  complete: boolean;
  /** Prime powers found, ascending by prime. */
  factors: PrimePowers;
  unfactored: bigint;
  certainty: Certainty;
}

/** Factor |n| with the shared engine under the effort's work budget, then try to prove the BPSW-probable primes. */
function factorForArithmetic(n: bigint, effort: Effort | undefined, ctx: ExecutionContext): FactoredRun {
  const checkpoint = () => ctx.checkpoint();
  const f = factorInteger(n, { budget: effortBudget(effort), checkpoint, progress: (done, total, message) => ctx.progress(done, total, message) });
  const factors = f.factors.map(({ prime, exponent }) => ({ prime, exponent }));
  // Certainty only matters for a complete factorization (an INCOMPLETE result states no value).
  const { certainty } = f.status === "COMPLETE" ? certifyPrimes(f, { work: PROOF_WORK, checkpoint }) : { certainty: "PROBABLE" as Certainty };
  return { complete: f.status === "COMPLETE", factors, unfactored: f.cofactor, certainty };
}

const FACTOR_COST_MODEL =
  `units ≈ 64-bit limb multiplications = ${COST_UNITS_PER_WORK} × engine work units (one engine unit ≈ one modular multiplication of ≤ 256-bit numbers), the engine work estimated for n of b bits and d digits as ` +
  "b²/4096 + 2000 (trial division, primality tests) plus 3·2^(b/4) (rho, d < 14) or the expected SIQS work 4·10^6·12^((d − 50)/10) (d ≤ 90) or the whole budget (d > 90), " +
  "capped by the effort's work budget (quick 10^6, standard 3·10^7, thorough 5·10^8: the factorization stops there with INCOMPLETE), plus at most 4·10^7 for Pocklington proofs of primes above 3.3·10^24";

/** The sentences every function of the factorization shares. */
function factorizationDescription(what: string): string {
  return (
    "|n| is factored by the shared engine (trial division, perfect powers, Pollard–Brent rho, ECM, SIQS) within the work budget chosen by `effort` (the levels of integer.prime_factorization.compute). " +
    `status COMPLETE gives ${what} together with the factorization it was computed from (prime powers, ascending) and its certainty: ` +
    "PROVEN when every prime is proven (deterministic Miller–Rabin below 3.3·10^24, else a Pocklington certificate found within budget), PROBABLE when some prime is only a Baillie–PSW probable prime — the value is then right unless that prime is a BPSW pseudoprime (none is known). " +
    "When the factorization does not complete within budget the result is status INCOMPLETE with no value (never a guess): the prime powers found and the unfactored composite part."
  );
}

const FACTOR_BOUNDS: Bound[] = [
  digitsBound(FACTOR_MAX_DIGITS),
  { name: "work", limit: FACTOR_EFFORT.thorough, unit: "engine work units", description: "the factorization stops at the effort's budget (quick 10^6, standard 3·10^7, thorough 5·10^8) and the result is INCOMPLETE" },
];

/** Preflight of a factorization-based operation; `extra` adds the work and memory of the function itself. */
export function factorPreflight(nDigits: number, effort: Effort | undefined, extra: { units?: number; memory?: number; basis?: string } = {}): CostEstimate {
  const bits = Math.max(1, (nDigits - 1) * 3.33 + 1) + 3.3;
  const cap = effortBudget(effort);
  const work = expectedFactorWork(nDigits, cap);
  const sieveMemory = nDigits >= 14 && nDigits <= 90 ? 2 ** 20 * Math.max(1, 2 ** ((nDigits - 40) / 8)) : 0;
  return {
    units: work * COST_UNITS_PER_WORK + (bits > 81 ? PROOF_WORK : 0) + (extra.units ?? 0),
    memory_bytes: 4 * 2 ** 20 + Math.min(sieveMemory, 256 * 2 ** 20) + (extra.memory ?? 0),
    basis: `n of ${nDigits} digits, effort ${effort ?? "standard"} (work budget ${cap.toExponential(0)} engine units)${extra.basis ? `; ${extra.basis}` : ""}`,
  };
}

/**
 * The factorization of a result is well formed (ascending distinct primes, exponents ≥ 1), each
 * prime passes a base-3 Fermat test (independent of the engine's base-2 strong test and Lucas
 * test), and Π p^e · unfactored = |n|.
 */
function checkFactorization(n: bigint, res: FactorResult<unknown>): string | null {
  let prev = 1n;
  let prod = res.unfactored;
  for (const { prime: p, exponent } of res.factorization) {
    if (p <= prev) return "the primes are not strictly ascending";
    prev = p;
    if (p > 3n && modPow(3n, p - 1n, p) !== 1n) return `${p} is listed as prime but fails a base-3 Fermat test`;
    prod *= p ** exponent;
  }
  if (prod !== n) return "the factorization times the unfactored part is not |n|";
  if (res.status === "INCOMPLETE" && res.unfactored === 1n) return "an incomplete result has an unfactored part 1";
  return null;
}

/** What a postcondition's independent check sees: |n|, the result's factorization and unfactored part. */
export interface FactorCheck<R> {
  n: bigint;
  factors: PrimePowers;
  unfactored: bigint;
  request: R;
}

/** What differs between the functions of the factorization of n. */
export interface FactorFunctionSpec<V extends Record<string, unknown>, X extends Record<string, unknown> = Record<never, never>> {
  id: string;
  title: string;
  /** The definition and conventions (φ(1) = 1, …); the shared sentences on factoring follow it. */
  summary: string;
  /** The value's name in "status COMPLETE gives …". */
  what: string;
  /** Its symbol, in the DOMAIN_ERROR at n = 0. */
  symbol: string;
  /** A sentence after the shared ones (an exception to them). */
  note?: string;
  keywords: string[];
  /** Request fields beyond n and effort. */
  request?: Record<string, unknown>;
  /** The value fields of a COMPLETE result (between certainty and factorization). */
  result: Record<string, unknown>;
  /** Output ports, by result field: field → description. */
  outputs?: Record<string, string>;
  value(factors: PrimePowers, req: FactorRequest & X, ctx: ExecutionContext): V;
  /** Independent check of a COMPLETE result's value against |n| and its factorization. */
  check(value: V, c: FactorCheck<FactorRequest & X>): string | null;
  /**
   * When a partial factorization already settles the value (μ = 0 once a square factor is seen):
   * the value, then a COMPLETE result whose unfactored part may exceed 1.
   */
  settle?(run: FactoredRun): V | undefined;
  bounds?: Bound[];
  /** Appended to the shared cost model (the function's own work). */
  cost?: string;
  /** Replaces the shared preflight (which it may call). */
  preflight?(req: FactorRequest & X, nDigits: number): CostEstimate;
  examples: Example[];
}

/** A function of the factorization of n ≠ 0 (taken at |n|), COMPLETE with its factorization or honestly INCOMPLETE. */
export function factorFunction<V extends Record<string, unknown>, X extends Record<string, unknown> = Record<never, never>>(
  s: FactorFunctionSpec<V, X>,
): ComputeDeclaration<FactorRequest & X, FactorResult<V>> {
  type Req = FactorRequest & X;
  const Request = request({
    n: integerField(FACTOR_MAX_DIGITS, "n: a non-zero integer as a decimal string (at most 1000 digits); the function is taken at |n|"),
    "effort?": EffortType,
    ...(s.request ?? {}),
  });
  const Result = resultOneOf<FactorResult<V>>([
    { status: type("'COMPLETE'"), certainty: CertaintyType, ...s.result, factorization: FactorizationType, unfactored: s.settle ? UnfactoredType() : one() },
    {
      status: type("'INCOMPLETE'").describe("the factorization did not complete within the work budget, so the value is not given"),
      factorization: FactorizationType,
      unfactored: UnfactoredType(),
    },
  ]);
  const outputs: Record<string, PortDeclaration> = {};
  for (const [field, description] of Object.entries(s.outputs ?? {})) outputs[field] = { field, description };
  const factorization = (f: PrimePowers): Factor[] => f.map(({ prime, exponent }) => ({ prime, exponent: BigInt(exponent) }));
  return arithmetic<Req, FactorResult<V>>({
    id: s.id,
    title: s.title,
    summary: `${s.summary} ${factorizationDescription(s.what)}${s.note ? ` ${s.note}` : ""}`,
    keywords: s.keywords,
    request: Request as unknown as Kinded<Req>,
    result: Result,
    providers: [{ id: "jacobian.builtin", purpose: "factorization (shared engine) and exact bigint arithmetic" }],
    bounds: [...FACTOR_BOUNDS, ...(s.bounds ?? [])],
    cost_model: FACTOR_COST_MODEL + (s.cost ? `; ${s.cost}` : ""),
    budget: { max_units: 2e11, max_memory_bytes: 512 * 2 ** 20, timeout_ms: 900_000 },
    progress_measure: "per stage, with a total only where the work is known: ECM curves of the current level out of its curve count, SIQS relations found out of those needed; trial division and Pollard–Brent rho without a total (the budget is a ceiling, not the work)",
    preflight(req) {
      const digits = abs(req.n).toString().length;
      return s.preflight ? s.preflight(req, digits) : factorPreflight(digits, req.effort);
    },
    ports: { inputs: { n: { field: "n", description: "the integer n" } }, outputs },
    execute(req, ctx) {
      if (req.n === 0n) throw domainError(`${s.symbol} is not defined at 0`, "payload.n", "give a non-zero integer; negative n is replaced by |n| (PARI/GP convention)");
      const run = factorForArithmetic(abs(req.n), req.effort, ctx);
      const found = { factorization: factorization(run.factors), unfactored: run.unfactored };
      const settled = s.settle?.(run);
      // A settled value is certain whatever the primes are: it rests on a repeated factor, not on primality.
      if (settled) return { status: "COMPLETE", certainty: "PROVEN", ...settled, ...found };
      if (!run.complete) return { status: "INCOMPLETE", ...found };
      return { status: "COMPLETE", certainty: run.certainty, ...s.value(run.factors, req, ctx), ...found };
    },
    postcondition(req, res) {
      const n = abs(req.n);
      const why = checkFactorization(n, res);
      if (why || res.status !== "COMPLETE") return why;
      const factors = res.factorization.map(({ prime, exponent }) => ({ prime, exponent: Number(exponent) }));
      return s.check(res as unknown as V, { n, factors, unfactored: res.unfactored, request: req });
    },
    examples: s.examples,
  });
}

/**
 * An example whose factorization completes with every prime proven: the expected value fields,
 * then the factorization as [prime, exponent] pairs (unfactored part 1).
 */
export function provenExample(title: string, payload: Example["payload"], value: Record<string, Json>, factors: [string | number, number][]): Example {
  const factorization = factors.map(([prime, exponent]) => ({ prime: String(prime), exponent: String(exponent) }));
  return { title, payload, expected: { status: "COMPLETE", certainty: "PROVEN", ...value, factorization, unfactored: "1" } };
}
