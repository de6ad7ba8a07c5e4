/**
 * What the Gröbner-basis declarations share (not a declaration): request fields (generators,
 * monomial order), the checks that relate the polynomials of one request (one ring, one variable
 * list), ZZ → QQ promotion, the preflight model and the bridge from the execution context to the
 * domain's work options.
 */
import { type } from "arktype";
import type { Bound, CostEstimate, ExecutionContext } from "../../domain/declaration.js";
import { domainError } from "../../domain/errors.js";
import type { GroebnerOptions, MonomialOrder } from "../../domain/math/poly/groebner.js";
import { coeffRing, formatPolyRing, sameRing } from "../../domain/math/poly/rings.js";
import type { Rational } from "../../domain/math/rational.js";
import type { CoeffRing, Polynomial } from "../../domain/math/poly/types.js";
import { list } from "../_support/kinds.js";
import { inputPolynomial, outputPolynomial, polySize } from "./support.js";

/** Most generators of one ideal. */
export const MAX_GENERATORS = 64;
/** Most variables of a Gröbner computation (the input limit is larger). */
export const MAX_GB_VARIABLES = 12;
/** Largest total degree of one generator. */
export const MAX_GB_DEGREE = 64;
/** Most terms of one generator. */
export const MAX_GB_TERMS = 10_000;
/** Most basis elements returned. */
export const MAX_BASIS = 20_000;

export const OrderName = type("'lex' | 'grlex' | 'grevlex'").describe(
  'the monomial order: "lex" (lexicographic, variables in their declared order, x1 > x2 > …), "grlex" (total degree, then lex) or "grevlex" (total degree, then reverse lexicographic; the default, usually much cheaper)',
);
export type OrderName = typeof OrderName.infer;

export function monomialOrder(name: OrderName | undefined): MonomialOrder {
  return { name: name ?? "grevlex" } as MonomialOrder;
}

export const generatorsField = (what = "the generators of the ideal") =>
  list(inputPolynomial(), MAX_GENERATORS, `${what}: polynomials over one field (QQ, GF(p), GF(p^k); ZZ is read as QQ) with the same variable list, 1 to ${MAX_GENERATORS}`);
export const basisField = (what: string) => list(outputPolynomial(), MAX_BASIS, what);

/** The bounds of the family's Gröbner operations. */
export function groebnerBounds(): Bound[] {
  return [
    { name: "generators", limit: MAX_GENERATORS, unit: "polynomials", description: "the ideal has at most this many generators" },
    { name: "variables", limit: MAX_GB_VARIABLES, unit: "variables", description: "at most this many variables (Gröbner bases are doubly exponential in the number of variables in the worst case)" },
    { name: "degree", limit: MAX_GB_DEGREE, unit: "degree", description: "each generator has total degree at most this" },
    { name: "terms", limit: MAX_GB_TERMS, unit: "terms", description: "each generator has at most this many terms" },
    { name: "coefficient_digits", limit: 20_000, unit: "decimal digits", description: "each coefficient has at most about this many digits" },
    { name: "field_characteristic_digits", limit: 40, unit: "decimal digits", description: "p of GF(p) or GF(p^k) has at most 40 digits and must be a proven prime" },
  ];
}

/** ZZ polynomials are read in QQ[x] (same ideal of QQ[x]); other rings unchanged. */
export function overField(f: Polynomial): Polynomial {
  if (f.ring.kind !== "ZZ") return f;
  return { $kind: "polynomial", ring: { $kind: "ring", kind: "QQ" }, variables: f.variables, terms: f.terms.map((t) => ({ exponents: t.exponents, coeff: { num: t.coeff as bigint, den: 1n } as Rational })) };
}

/**
 * Check that all polynomials share one ring and one variable list and lie within the family's
 * bounds; returns them over a field with its arithmetic.
 */
export function prepare(polys: readonly Polynomial[], paths: readonly string[]): { polys: Polynomial[]; R: CoeffRing<unknown> } {
  if (!polys.length) throw domainError("no generators", "payload.generators", "give at least one polynomial");
  const fields = polys.map(overField);
  const first = fields[0]!;
  for (let k = 0; k < polys.length; k++) {
    const f = fields[k]!, path = paths[k]!;
    if (!sameRing(f.ring, first.ring))
      throw domainError(`the polynomials are over different rings: ${formatPolyRing(first.ring)} and ${formatPolyRing(f.ring)}`, `${path}.ring`, "give every polynomial over the same ring (ZZ and QQ mix: ZZ is read as QQ)");
    if (f.variables.length !== first.variables.length || f.variables.some((v, i) => v !== first.variables[i]))
      throw domainError(`the polynomials have different variable lists: [${first.variables.join(", ")}] and [${f.variables.join(", ")}]`, `${path}.variables`, "give every polynomial with the same variables in the same order");
    if (f.variables.length > MAX_GB_VARIABLES) throw domainError(`${f.variables.length} variables; at most ${MAX_GB_VARIABLES}`, `${path}.variables`, "Gröbner computations are limited to 12 variables");
    if (f.terms.length > MAX_GB_TERMS) throw domainError(`${f.terms.length} terms; at most ${MAX_GB_TERMS}`, path);
    for (const t of f.terms) {
      let d = 0;
      for (const e of t.exponents) d += e;
      if (d > MAX_GB_DEGREE) throw domainError(`a term of total degree ${d}; at most ${MAX_GB_DEGREE}`, path, "Gröbner computations are limited to generators of total degree 64");
    }
  }
  return { polys: fields, R: coeffRing(first.ring) as CoeffRing<unknown> };
}

function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return r;
}

/**
 * The preflight model. Gröbner bases are doubly exponential in the number of variables in the worst
 * case (Mayr–Meyer), so no polynomial-time estimate is an upper bound; the model is the classical
 * one for generic (regular) systems, which F4 meets on the standard benchmarks: linear algebra on
 * Macaulay-type matrices whose columns are the M = C(n + D, n) monomials of degree ≤ D, with D the
 * Macaulay bound Σ(d_i − 1) + 1 over the n largest degrees for graded orders, and the Bézout
 * number Π d_i for lex and elimination orders (the degree a lex basis can reach). Units ≈ M²/8
 * double-precision steps for GF(p) with p < 2^26; QQ multiplies by the number of primes, taken as
 * 4 + (input coefficient bits)/8, plus the exact check; other fields by a bigint factor. The
 * budget's timeout is what really bounds a call.
 */
export function groebnerEstimate(polys: readonly Polynomial[], lexLike: boolean, extra = 0): CostEstimate {
  if (!polys.length) return { units: 1, memory_bytes: 1024, basis: "no generators" };
  const sizes = polys.map(polySize);
  const n = Math.max(1, sizes[0]?.vars ?? 1);
  const degs = sizes.map((s) => Math.max(1, s.degree)).sort((a, b) => b - a).slice(0, n);
  const D = lexLike ? Math.min(1e6, degs.reduce((a, b) => a * b, 1)) : degs.reduce((a, d) => a + d - 1, 1);
  const M = Math.min(1e15, binomial(n + D, n));
  const terms = sizes.reduce((a, s) => a + s.terms, 0);
  const bits = Math.max(1, ...sizes.map((s) => s.bits));
  const ring = polys[0]!.ring;
  const small = ring.kind === "GF" && ring.p < 1n << 26n;
  const factor = small ? 1 : ring.kind === "QQ" || ring.kind === "ZZ" ? 8 * (4 + bits / 8) : 40 * (1 + bits / 64) ** 2;
  const units = Math.min(1e18, (M * M) / 8) * factor + 200 * terms * n + extra;
  return {
    units,
    memory_bytes: Math.min(1e13, 64 * M * (n + 4) + 400 * terms * n),
    basis: `${polys.length} generators in ${n} variables, degrees ≤ ${degs[0] ?? 0}; degree bound D = ${D} (${lexLike ? "Bézout number, lex/elimination order" : "Macaulay bound, graded order"}), ${M.toExponential(2)} monomials of degree ≤ D`,
  };
}

/** Domain work options from an execution context (deadline/cancellation and progress). */
export function workOptions(ctx: ExecutionContext): GroebnerOptions {
  return { checkpoint: () => ctx.checkpoint(), progress: (d, t, m) => ctx.progress(d, t, m) };
}

export const GROEBNER_BUDGET = { max_units: 5e11, max_memory_bytes: 2 * 2 ** 30, timeout_ms: 120_000 };
export const PROGRESS = "S-pairs treated out of pairs known (F4/Buchberger), or primes used (QQ modular phase)";
