/**
 * Declaration factories of the modular pack: each declaration file states only what differs
 * (id, texts, bounds, the mathematics, its independent check, examples). (Not a declaration.)
 */
import { type } from "arktype";
import { defineChecker, defineCompute, type Bound, type CheckerDeclaration, type ComputeDeclaration } from "../../domain/declaration.js";
import { domainError } from "../../domain/errors.js";
import type { Json } from "../../domain/json.js";
import { FACTOR_EFFORT } from "../../domain/math/factor.js";
import { certainty } from "../../domain/math/modular.js";
import { decidePrimality } from "../../domain/math/primality.js";
import { request, result } from "../_support/kinds.js";
import { bits, Certainty, int, pos, primalityCost, PROOF_WORK, proofCost, type CertaintyValue } from "./support.js";

type Fixed = "kind" | "version" | "accepted_artifact_types" | "produced_artifact_types" | "effect" | "providers";

/** What every modular declaration shares: version 1.0.0, no artifacts (checkers publish no evidence), read-only, the builtin provider. */
function shared(purpose: string) {
  return { version: "1.0.0", accepted_artifact_types: [], produced_artifact_types: [], effect: "read_only" as const, providers: [{ id: "jacobian.builtin", purpose }] };
}

export function modularCompute<Req, Res>({ purpose, ...d }: Omit<ComputeDeclaration<Req, Res>, Fixed> & { purpose: string }): ComputeDeclaration<Req, Res> {
  return defineCompute<Req, Res>({ ...shared(purpose), ...d });
}

export function modularChecker<Req>({ purpose, ...d }: Omit<CheckerDeclaration<Req>, Fixed> & { purpose: string }): CheckerDeclaration<Req> {
  return defineChecker<Req>({ ...shared(purpose), ...d });
}

/**
 * The bounds of an operation that factors its modulus (and perhaps takes an a): digit caps and
 * the factorization work allowed, `factoring` saying what is factored.
 */
export function factoringBounds(spec: { modulus: { letter: string; digits: number }; a?: number; factoring: string }): Bound[] {
  const { letter, digits } = spec.modulus;
  return [
    { name: "modulus_digits", limit: digits, unit: "decimal digits", description: `${letter} has at most this many digits` },
    ...(spec.a !== undefined ? [{ name: "a_digits", limit: spec.a, unit: "decimal digits", description: "a has at most this many digits" }] : []),
    factorWorkBound(spec.factoring),
  ];
}

/** The bound on the factoring work of one call, `factoring` saying what is factored. */
export function factorWorkBound(factoring: string): Bound {
  return {
    name: "work",
    limit: FACTOR_EFFORT.thorough,
    unit: "engine work units",
    description: `the factorizations ${factoring} share the effort's budget (quick 10^6, standard 3·10^7, thorough 5·10^8, as for integer.prime_factorization.compute); beyond it the answer is INCOMPLETE`,
  };
}

type Example = { title: string; payload: { [k: string]: Json }; expected: { [k: string]: Json } };

// ---------------------------------------------------------------------------------------------
// Quadratic symbols (a/n) computed without factoring n: Jacobi and Kronecker.

const SYMBOL_DIGITS = 20_000;
export const SymbolType = type("'-1' | '0' | '1'");
export type SymbolValue = typeof SymbolType.infer;
export const symbolOf = (s: -1 | 0 | 1): SymbolValue => String(s) as SymbolValue;

/** A symbol (a/n) of two integers of up to 20,000 digits, by a reciprocity algorithm. */
export function symbolDeclaration(spec: {
  id: string;
  title: string;
  summary: string;
  keywords: string[];
  /** The description of n (and whether it must be positive). */
  n: { positive: boolean; description: string };
  symbolDescription: string;
  /** The symbol; may throw a DOMAIN_ERROR for an n outside its domain. */
  symbol(a: bigint, n: bigint): -1 | 0 | 1;
  /** An independent recomputation, or null where none is cheap. */
  check(a: bigint, n: bigint): -1 | 0 | 1 | null;
  examples: Example[];
}) {
  const Request = request({
    a: int(SYMBOL_DIGITS, "the integer a (at most 20,000 digits)"),
    n: (spec.n.positive ? pos : int)(SYMBOL_DIGITS, spec.n.description),
  });
  const Result = result({ symbol: SymbolType.describe(spec.symbolDescription) });
  type Req = typeof Request.infer;
  type Res = typeof Result.infer;
  return modularCompute<Req, Res>({
    id: spec.id,
    title: spec.title,
    summary: spec.summary,
    keywords: spec.keywords,
    request: Request,
    result: Result,
    purpose: "exact bigint arithmetic",
    bounds: [{ name: "digits", limit: SYMBOL_DIGITS, unit: "decimal digits", description: "a and n have at most this many digits each" }],
    cost_model: "units = bits(n)²/32 + bits(a)·bits(n)/4096: a Euclid-like sequence of reductions",
    budget: { max_units: 3e9, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 30_000 },
    preflight(req) {
      const bn = bits(req.n), ba = bits(req.a);
      return { units: (bn * bn) / 32 + (ba * bn) / 4096, memory_bytes: (ba + bn) * 4, basis: `n of ${bn} bits, a of ${ba} bits` };
    },
    execute: (req) => ({ symbol: symbolOf(spec.symbol(req.a, req.n)) }),
    postcondition(req, res) {
      const s = spec.check(req.a, req.n);
      return s === null || symbolOf(s) === res.symbol ? null : `an independent recomputation gives ${s}`;
    },
    examples: spec.examples,
  });
}

// ---------------------------------------------------------------------------------------------
// Operations on an integer a modulo a prime p that is tested first: Legendre symbol, square roots.

const A_DIGITS = 10_000;
const P_DIGITS = 1000;

/**
 * An operation on (a, p) with p a prime of up to 1000 digits: p is tested (a composite p is a
 * DOMAIN_ERROR with `compositeHint`), the certainty of its primality is reported, and `compute`
 * gives the rest of the answer. A Pocklington proof of a large p is attempted only on request
 * (`prove`): a failed attempt costs hundreds of times the operation itself.
 */
export function overPrimeDeclaration<const S extends Record<string, unknown>, Out extends object>(spec: {
  id: string;
  title: string;
  summary: string;
  keywords: string[];
  aDescription: string;
  /** The answer's fields besides `certainty`. */
  shape: S;
  purpose: string;
  compositeHint: string;
  /** Refuse p outside the operation's domain before testing primality (e.g. p = 2). */
  refuse?(p: bigint): Error | undefined;
  compute(a: bigint, p: bigint, checkpoint: () => void): Out;
  /** The independent check of the answer. */
  check(a: bigint, p: bigint, out: Out): string | null;
  /** Units of `compute` for p of `pBits` bits and a of `aBits` bits. */
  cost: { model: string; units(pBits: number, aBits: number): number };
  examples: Example[];
}) {
  const Request = request({
    a: int(A_DIGITS, spec.aDescription),
    prime: pos(P_DIGITS, "a prime p (at most 1000 digits); its primality is checked"),
    "prove?": type("boolean").describe(
      "when p ≥ 3317044064679887385961981 passes Baillie–PSW: also try to prove it prime (Pocklington N − 1 certificate within bounded work, which can take a good part of a second); " +
        "certainty is then PROVEN when a certificate is found. Default false: such a p is reported PROBABLE (below that bound p is always PROVEN)",
    ),
  });
  const Result = result({ ...spec.shape, certainty: Certainty });
  type Req = typeof Request.infer;
  type Res = Out & { certainty: CertaintyValue };
  return modularCompute<Req, Res>({
    id: spec.id,
    title: spec.title,
    summary: spec.summary,
    keywords: spec.keywords,
    request: Request,
    result: Result as never,
    purpose: spec.purpose,
    bounds: [
      { name: "a_digits", limit: A_DIGITS, unit: "decimal digits", description: "a has at most this many digits" },
      { name: "prime_digits", limit: P_DIGITS, unit: "decimal digits", description: "p has at most this many digits" },
    ],
    cost_model:
      "units = Baillie–PSW of p (4·bits·2(L² + 4), L = limbs of p) + with prove: true a Pocklington attempt above 3.3·10^24 (at most 4·10^7 limb-weighted Pollard–Brent units) + " + spec.cost.model,
    budget: { max_units: 3e9, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 60_000 },
    preflight(req) {
      const bp = bits(req.prime), ba = bits(req.a);
      return { units: primalityCost(bp) + (req.prove ? proofCost(bp) : 0) + spec.cost.units(bp, ba), memory_bytes: (ba + bp) * 8 + 2 ** 16, basis: `p of ${bp} bits, a of ${ba} bits` };
    },
    execute(req, ctx) {
      const p = req.prime;
      const refused = spec.refuse?.(p);
      if (refused) throw refused;
      const d = decidePrimality(p);
      if (!d.prime) throw domainError(`p = ${bits(p) > 130 ? `a ${bits(p)}-bit number` : p} is not prime`, "payload.prime", spec.compositeHint);
      const checkpoint = () => ctx.checkpoint();
      const c = req.prove ? certainty([{ prime: p, status: d.status }], { proofWork: PROOF_WORK, checkpoint }) : d.status;
      return { ...spec.compute(req.a, p, checkpoint), certainty: c };
    },
    postcondition: (req, res) => spec.check(req.a, req.prime, res),
    examples: spec.examples,
  });
}
