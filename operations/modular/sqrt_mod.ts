import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { mod } from "../../domain/math/integer.js";
import { analyzeSqrt, certainty, combineRootFamilies } from "../../domain/math/modular.js";
import { integerString, naturalString, positiveString, strict } from "../_support/wire.js";
import {
  bitsOf, Certainty, CERTAINTY_NOTE, checkNonSquareWitness, FACTOR_BUDGET, factorCost, mulCost, nonSquareWitness, NonSquareWitness, PROOF_WORK,
} from "./support.js";

const MAX_N_DIGITS = 500;
const MAX_A_DIGITS = 1000;
const MAX_ROOTS = 10_000;
const DEFAULT_ROOTS = 64;

const Request = strict(
  type({
    a: integerString(MAX_A_DIGITS).describe("the integer a whose square roots modulo n are wanted (at most 1000 digits)"),
    modulus: positiveString(MAX_N_DIGITS).describe("the modulus n ≥ 1 (at most 500 digits); it is factored"),
    "max_roots?": type("1 <= number.integer <= 10000").describe("list at most this many roots (default 64); count always gives the exact total"),
  }),
);
const Factor = type({ prime: positiveString(MAX_N_DIGITS), exponent: positiveString(4) });
const Result = strict(
  type({
    status: "'COMPLETE'",
    solvable: "true",
    count: positiveString(MAX_N_DIGITS).describe("the exact number of solutions x in [0, n)"),
    roots: naturalString(MAX_N_DIGITS).array().atMostLength(MAX_ROOTS).describe("solutions in [0, n), ascending: all of them when roots_complete, else max_roots of them"),
    roots_complete: type("boolean").describe("whether roots lists every solution"),
    factorization: Factor.array().describe("the factorization of n used"),
    certainty: Certainty,
  })
    .or({
      status: "'COMPLETE'",
      solvable: "false",
      count: "'0'",
      witness: NonSquareWitness,
      certainty: Certainty,
    })
    .or({
      status: "'INCOMPLETE'",
      unfactored: positiveString(MAX_N_DIGITS).describe("the composite part of n that could not be factored within budget"),
      reason: "string",
    }),
);
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export function sqrtModCost(nDigits: number, aDigits: number, maxRoots: number): number {
  const bn = Math.ceil(nDigits * 3.33) + 1;
  const components = Math.max(1, Math.min(60, bn / 4));
  // factorization; Hensel lifting and roots mod each prime power (≈ 16·bits multiplications in all); CRT enumeration; Pocklington attempts for large primes.
  return factorCost(bn) + 16 * bn * mulCost(bn) + maxRoots * components * mulCost(bn) + (bn > 81 ? PROOF_WORK : 0) + (aDigits * bn) / 64;
}

export default defineCompute<Req, Res>({
  id: "modular.sqrt_mod.compute",
  version: "1.0.0",
  title: "Square roots modulo n (composite moduli)",
  summary:
    "All x in [0, n) with x² ≡ a (mod n) for any n ≥ 1 up to 500 digits: n is factored, each prime power p^k solved (square root mod p, Hensel/Newton lifting; 2^k by 2-adic lifting; " +
    "a divisible by p handled through its valuation, e.g. p^⌊k/2⌋ roots of 0), then combined by CRT. count is exact; roots lists all solutions when there are at most max_roots (default 64), " +
    "else max_roots of them (roots_complete: false). No solution: solvable: false with a checkable witness (a prime power of n where a is not a square, or a Jacobi symbol −1 on the unfactored part). " +
    "When n cannot be factored within budget and no witness exists: status INCOMPLETE with the unfactored part. " +
    CERTAINTY_NOTE,
  keywords: ["square root", "modular square root", "sqrt mod n", "composite modulus", "hensel", "hensel lifting", "chinese remainder", "quadratic congruence", "x^2 = a mod n", "roots", "all roots", "modular"],
  input_kinds: ["integer"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic; the shared factorization engine" }],
  bounds: [
    { name: "modulus_digits", limit: MAX_N_DIGITS, unit: "decimal digits", description: "n has at most this many digits" },
    { name: "a_digits", limit: MAX_A_DIGITS, unit: "decimal digits", description: "a has at most this many digits" },
    { name: "max_roots", limit: MAX_ROOTS, unit: "roots", description: "at most this many roots are listed" },
    { name: "factor_budget", limit: FACTOR_BUDGET, unit: "Pollard–Brent iterations", description: "work allowed to factor n" },
  ],
  cost_model:
    "units = factorization of n (trial division, primality tests, at most 3·10^5 Pollard–Brent iterations, 2(L² + 4) each for L limbs of n) + 16·bits(n) modular multiplications for the prime-power roots + " +
    "max_roots·(number of prime powers) multiplications for the CRT enumeration + Pocklington attempts for primes above 3.3·10^24",
  budget: { max_units: 3e9, max_memory_bytes: 256 * 2 ** 20, timeout_ms: 60_000 },
  progress_measure: "stages: 1 = n factored, 2 = prime-power roots found, 3 = roots combined",
  preflight(req) {
    const units = sqrtModCost(req.modulus.length, req.a.replace("-", "").length, req.max_roots ?? DEFAULT_ROOTS);
    return { units, memory_bytes: (req.max_roots ?? DEFAULT_ROOTS) * req.modulus.length * 4 + 2 ** 20, basis: `n of ${req.modulus.length} digits, up to ${req.max_roots ?? DEFAULT_ROOTS} roots listed` };
  },
  ports: { inputs: {}, outputs: {} },
  execute(req, ctx): Res {
    const a = BigInt(req.a), n = BigInt(req.modulus);
    const checkpoint = () => ctx.checkpoint();
    const an = analyzeSqrt(a, n, { factorBudget: FACTOR_BUDGET, checkpoint });
    ctx.progress(1, 3, "n factored");
    if (an.status === "INCOMPLETE") {
      return { status: "INCOMPLETE", unfactored: an.unfactored.toString(), reason: `n could not be fully factored within budget; a may or may not be a square modulo the unfactored part ${an.unfactored}` };
    }
    if (!an.square) {
      const witness = "jacobi" in an ? nonSquareWitness({ jacobi: an.jacobi }) : nonSquareWitness({ reason: an.reason });
      const c = "reason" in an ? certainty(an.primes.filter((p) => p.prime === an.reason.prime), { proofWork: PROOF_WORK, checkpoint }) : "PROVEN";
      return { status: "COMPLETE", solvable: false, count: "0", witness, certainty: c };
    }
    ctx.progress(2, 3, "prime-power roots found");
    const limit = req.max_roots ?? DEFAULT_ROOTS;
    const r = combineRootFamilies(an.families, limit, checkpoint);
    ctx.progress(3, 3, "roots combined");
    return {
      status: "COMPLETE",
      solvable: true,
      count: r.count.toString(),
      roots: r.roots.map(String),
      roots_complete: r.complete,
      factorization: an.primes.map((p) => ({ prime: p.prime.toString(), exponent: String(p.exponent) })),
      certainty: certainty(an.primes, { proofWork: PROOF_WORK, checkpoint }),
    };
  },
  postcondition(req, res) {
    const a = BigInt(req.a), n = BigInt(req.modulus);
    if (res.status === "INCOMPLETE") return n % BigInt(res.unfactored) === 0n ? null : "the unfactored part does not divide n";
    if (!res.solvable) return checkNonSquareWitness(a, n, res.witness);
    let prod = 1n;
    for (const f of res.factorization) prod *= BigInt(f.prime) ** BigInt(f.exponent);
    if (prod !== n) return "the factorization does not multiply to n";
    const rs = res.roots.map(BigInt);
    for (let i = 0; i < rs.length; i++) {
      if (rs[i]! >= n) return "a root is not in [0, n)";
      if (mod(rs[i]! * rs[i]! - a, n) !== 0n) return "a root does not square to a";
      if (i > 0 && rs[i]! <= rs[i - 1]!) return "the roots are not strictly ascending";
    }
    const count = BigInt(res.count);
    if (res.roots_complete !== (BigInt(rs.length) === count)) return "roots_complete disagrees with count";
    if (rs.length !== Math.min(Number(count > 100_000n ? 100_000n : count), req.max_roots ?? DEFAULT_ROOTS)) return "the number of listed roots is wrong";
    return null;
  },
  examples: [
    { title: "x² ≡ 4 (mod 15): four roots", payload: { a: "4", modulus: "15" }, expected: { status: "COMPLETE", solvable: true, count: "4", roots: ["2", "7", "8", "13"], roots_complete: true, factorization: [{ prime: "3", exponent: "1" }, { prime: "5", exponent: "1" }], certainty: "PROVEN" } },
    {
      title: "x² ≡ 1 (mod 2^5·3): eight roots from the 2-adic part and two from 3",
      payload: { a: "1", modulus: "96" },
      expected: { status: "COMPLETE", solvable: true, count: "8", roots: ["1", "17", "31", "47", "49", "65", "79", "95"], roots_complete: true, factorization: [{ prime: "2", exponent: "5" }, { prime: "3", exponent: "1" }], certainty: "PROVEN" },
    },
    {
      title: "x² ≡ 0 (mod 3^6): the 27 multiples of 27; three listed",
      payload: { a: "0", modulus: "729", max_roots: 3 },
      expected: { status: "COMPLETE", solvable: true, count: "27", roots: ["0", "27", "54"], roots_complete: false, factorization: [{ prime: "3", exponent: "6" }], certainty: "PROVEN" },
    },
    {
      title: "no root: 2 is a non-residue modulo the prime factor 5 of 35",
      payload: { a: "2", modulus: "35" },
      expected: { status: "COMPLETE", solvable: false, count: "0", witness: { reason: "legendre", divisor: "5", prime: "5", valuation: "0" }, certainty: "PROVEN" },
    },
    {
      title: "no root: v_3(3) = 1 is odd while 9 | n",
      payload: { a: "3", modulus: "45" },
      expected: { status: "COMPLETE", solvable: false, count: "0", witness: { reason: "odd_valuation", divisor: "9", prime: "3", valuation: "1" }, certainty: "PROVEN" },
    },
    {
      title: "a 21-digit semiprime modulus (factored by Pollard–Brent): a = 1234567²",
      payload: { a: "1524155677489", modulus: "300000000580000000019" },
      expected: {
        status: "COMPLETE",
        solvable: true,
        count: "4",
        roots: ["1234567", "139284391804641578493", "160715608775358421526", "300000000579998765452"],
        roots_complete: true,
        factorization: [{ prime: "10000000019", exponent: "1" }, { prime: "30000000001", exponent: "1" }],
        certainty: "PROVEN",
      },
    },
  ],
});
