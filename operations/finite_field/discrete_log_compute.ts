import { JacobianError } from "../../domain/errors.js";
import { gf2IndexCalculusGroupOps, gf2IndexCalculusMemory, gf2IndexCalculusPreferred } from "../../domain/math/gf2_index_calculus.js";
import { StepAllowanceExceeded } from "../../domain/math/poly/gfq.js";
import { natural, oneOf, positive, request } from "../_support/kinds.js";
import { arithOf, FIELD_BOUNDS, ffCompute, fieldElement, fieldSize, groupOrderOf, groupOrderUnits, incompleteShape, mulUnits, requireSameField } from "./support.js";

const Request = request({ base: fieldElement("the base g { field, element }, nonzero"), target: fieldElement("the target h { field, element }, nonzero, same field") });
const Result = oneOf([
  { status: "'COMPLETE'", exists: "true", log: natural(2600, "the least x ≥ 0 with g^x = h"), base_order: positive(2600, "the order n of g; every solution is x + t·n") },
  { status: "'COMPLETE'", exists: "false", base_order: positive(2600, "the order n of g"), reason: "string" },
  incompleteShape,
]);
type Res = typeof Result.infer;
const MAX_STEPS = 2e8;

export default ffCompute<typeof Request.infer, Res>({
  id: "finite_field.discrete_log.compute",
  title: "Discrete logarithm in the multiplicative group of a finite field",
  summary:
    "The least x ≥ 0 with g^x = h in GF(q)^* (q = p^k), or exists: false when h ∉ ⟨g⟩ (in the cyclic group GF(q)^*, exactly when h^ord(g) ≠ 1). " +
    "Pohlig–Hellman over the factored order of g, with baby-step giant-step (primes below 2^40) or Pollard rho in each prime-order subgroup, digits of prime powers one at a time, then CRT; " +
    "in GF(2^k) with 20 ≤ k ≤ 63, a prime r ≥ 2^28 of the order goes to index calculus where that is cheaper than 2√r steps (factor base: the irreducible polynomials of degree ≤ b = min(11, round(k/5)); relations from Coppersmith's pairs u = x^h·A + B, v = u^(2^e) mod f when the modulus is x^k plus a low-degree tail and that pays (the default moduli for k = 59, 61, 62), topped up by balanced rational reconstruction; sparse structured elimination modulo r; the answer checked by exponentiation). " +
    "q − 1 is factored through its cyclotomic pieces (standard effort; INCOMPLETE otherwise). Refused when the largest prime of the order needs more than 2·10^8 group operations.",
  keywords: ["finite field", "discrete logarithm", "discrete log", "fflog", "pohlig-hellman", "baby-step giant-step", "pollard rho", "galois field", "gf", "extension field", "index"],
  request: Request,
  result: Result,
  bounds: [...FIELD_BOUNDS, { name: "group_operations", limit: MAX_STEPS, unit: "multiplications", description: "the subgroup searches together use at most this many group operations (≈ 2√r per prime r of the order; index calculus counted at its estimate)" }],
  cost_model: "units ≈ factoring q − 1 + (Σ over primes r^e of q − 1 of e·2√r — or, for index calculus in GF(2^k), e·(300·Coppersmith pairs + 450·reconstructions + 10·|factor base|²)/100, each candidate kept with the exact probability that both its sides are b-smooth — + ω·bits(q)) multiplications of 2·k²·limbs(p)² each; preflight assumes the order of g is q − 1",
  budget: { max_units: 1e12, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 300_000 },
  preflight(req) {
    const s = fieldSize(req.base.field);
    const A = arithOf(req.base.field);
    const fac = A.groupOrder({ factorBudget: 1e5 });
    let steps = 0, generic = 0, icMemory = 0;
    // for p = 2 the modulus as a bit pattern (Coppersmith's relations need a low tail), else unused
    const f = req.base.field.p === 2n ? A.index(A.mod) : 0n;
    const ic = (r: bigint): boolean => req.base.field.p === 2n && gf2IndexCalculusPreferred(s.k, r, f);
    if (fac.status === "COMPLETE")
      for (const { prime, exponent } of fac.factors) {
        if (ic(prime)) {
          steps += exponent * gf2IndexCalculusGroupOps(s.k, f);
          icMemory = gf2IndexCalculusMemory(s.k);
        } else {
          steps += exponent * 2 * Math.sqrt(Number(prime));
          generic = Math.max(generic, 2 * Math.sqrt(Number(prime)));
        }
      }
    else steps = generic = 2 * Math.sqrt(Number(fac.unfactored));
    if (steps > MAX_STEPS) throw new JacobianError("DOMAIN_ERROR", `a prime of q − 1 needs about ${steps.toExponential(2)} group operations (more than ${MAX_STEPS})`, { path: "payload.base.field", hint: "use a field whose q − 1 has smaller prime factors" });
    return { units: groupOrderUnits(req.base.field) + (steps + 40 * s.qbits) * mulUnits(req.base.field), memory_bytes: 2 ** 22 + 64 * Math.min(generic, 2 ** 21) * s.k + icMemory, basis: `about ${Math.round(steps)} subgroup steps` };
  },
  execute({ base, target }, ctx): Res {
    requireSameField(base, target, "payload.target");
    const A = arithOf(base.field);
    const fac = groupOrderOf(base.field, () => ctx.checkpoint());
    if (fac.status === "INCOMPLETE") return { status: "INCOMPLETE", unfactored: fac.unfactored.toString(), reason: "q − 1 could not be fully factored within the standard effort" };
    try {
      const g = A.from(base.value), h = A.from(target.value);
      const r = A.discreteLog(g, h, fac, { maxSteps: MAX_STEPS, checkpoint: () => ctx.checkpoint() });
      if (!r) return { status: "COMPLETE", exists: false, base_order: A.order(g, fac), reason: "h^ord(g) ≠ 1: h is not a power of g" } as never;
      return { status: "COMPLETE", exists: true, log: r.log, base_order: r.order } as never;
    } catch (e) {
      if (e instanceof StepAllowanceExceeded) throw new JacobianError("DOMAIN_ERROR", e.message, { path: "payload.base" });
      throw e;
    }
  },
  postcondition({ base, target }, res) {
    if (res.status !== "COMPLETE" || !("log" in res)) return null;
    const A = arithOf(base.field);
    return A.eq(A.pow(A.from(base.value), BigInt(res.log as unknown as bigint)), A.from(target.value)) ? null : "g^log ≠ h";
  },
  examples: [
    { title: "log_a(a + 1) in GF(3^2)", payload: { base: { field: "GF(3^2)", element: "a" }, target: { field: "GF(3^2)", element: "a + 1" } }, expected: { status: "COMPLETE", exists: true, log: "2", base_order: "8" } },
    { title: "GF(2^61): the order 2^61 − 1 is a Mersenne prime, so index calculus (a generic search would need ~3·10^9 steps)", payload: { base: { field: "GF(2^61)", element: "a + 1" }, target: { field: "GF(2^61)", element: "a^60 + a^7 + 1" } }, expected: { status: "COMPLETE", exists: true, log: "1178304529535127820", base_order: "2305843009213693951" } },
    { title: "no solution: a is not a power of a^3 (order 5) in GF(2^4)", payload: { base: { field: "GF(2^4)", element: "a^3" }, target: { field: "GF(2^4)", element: "a" } }, expected: { status: "COMPLETE", exists: false, base_order: "5", reason: "h^ord(g) ≠ 1: h is not a power of g" } },
  ],
});
