/** The three generators of degree-k polynomials over GF(p) share this request, result and factory. */
import { type } from "arktype";
import { GF, parseRingWire } from "../../domain/kinds.js";
import { makePolynomial } from "../../domain/math/poly/sparse.js";
import { positive, polynomial, request, result } from "../_support/kinds.js";
import { ffCompute } from "./support.js";

export const PolyGenRequest = request({
  prime: positive(40, "the characteristic p, a proven prime of at most 40 digits"),
  degree: type("1 <= number.integer <= 256").describe("the degree k"),
  "variable?": type("/^[a-z][a-z0-9_]{0,31}$/").describe('the variable of the result (default "x")'),
});
export const PolyGenResult = result({ polynomial: polynomial({ maxChars: 1_000_000, maxVariables: 1, maxDegree: 256, maxTerms: 257, maxCoeffDigits: 40 }, "the monic polynomial over GF(p)") });
type Req = typeof PolyGenRequest.infer;
type Res = typeof PolyGenResult.infer;

export function requirePrime(p: bigint): void {
  parseRingWire(`GF(${p})`, "payload.prime");
}

export function polyOut(p: bigint, coeffs: readonly bigint[], variable = "x"): Res {
  const terms = [];
  for (let i = coeffs.length - 1; i >= 0; i--) if (coeffs[i] !== 0n) terms.push({ exponents: [i], coeff: coeffs[i]! });
  return { polynomial: makePolynomial(GF(p), [variable], terms) } as never;
}

export function polyGenerator(d: { id: string; title: string; summary: string; keywords: string[]; cost_model: string; units: (req: Req) => number; make: (req: Req, checkpoint: () => void) => bigint[]; examples: { title: string; payload: Record<string, unknown>; expected: Record<string, unknown> }[] }) {
  return ffCompute<Req, Res>({
    id: d.id,
    title: d.title,
    summary: d.summary,
    keywords: d.keywords,
    request: PolyGenRequest,
    result: PolyGenResult,
    bounds: [
      { name: "prime_digits", limit: 40, unit: "decimal digits", description: "p has at most 40 digits (proven prime)" },
      { name: "degree", limit: 256, unit: "degree", description: "k ≤ 256" },
    ],
    cost_model: d.cost_model,
    budget: { max_units: 5e10, max_memory_bytes: 256 * 2 ** 20, timeout_ms: 120_000 },
    preflight: (req) => ({ units: d.units(req), memory_bytes: 2 ** 22, basis: `degree ${req.degree} over GF(p) of ${req.prime.toString(2).length} bits` }),
    execute(req, ctx) {
      requirePrime(req.prime);
      return polyOut(req.prime, d.make(req, () => ctx.checkpoint()), req.variable);
    },
    postcondition: () => null,
    examples: d.examples as never,
  });
}
