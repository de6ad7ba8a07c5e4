import { type } from "arktype";
import { mod } from "../../domain/math/integer.js";
import { analyzeSqrt, certainty, combineRootFamilies } from "../../domain/math/modular.js";
import { request } from "../_support/kinds.js";
import { factoringBounds, modularCompute } from "./factory.js";
import {
  checkNonSquareWitness, DEFAULT_ROOTS, MAX_ROOTS, nonSquareWitness, SQRT_A_DIGITS, SQRT_MOD_KIND, SQRT_N_DIGITS, sqrtModCost, sqrtModResultShapes, sqrtRequestFields,
} from "./sqrt_support.js";
import { bits, CERTAINTY_NOTE, effortBudget, factorList, factorProduct, oneOf, PROOF_WORK } from "./support.js";

const Request = request({
  ...sqrtRequestFields,
  "max_roots?": type("1 <= number.integer <= 10000").describe("list at most this many roots (default 64); count always gives the exact total"),
});
const Result = oneOf(sqrtModResultShapes, SQRT_MOD_KIND);
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default modularCompute<Req, Res>({
  id: "modular.sqrt_mod.compute",
  title: "Square roots modulo n (composite moduli)",
  summary:
    "All x in [0, n) with x² ≡ a (mod n) for any n ≥ 1 up to 500 digits: n is factored, each prime power p^k solved (square root mod p, Hensel/Newton lifting; 2^k by 2-adic lifting; " +
    "a divisible by p handled through its valuation, e.g. p^⌊k/2⌋ roots of 0), then combined by CRT. count is exact; roots lists all solutions when there are at most max_roots (default 64), " +
    "else max_roots of them (roots_complete: false). No solution: solvable: false with a checkable witness (a prime power of n where a is not a square, or a Jacobi symbol −1 on the unfactored part). " +
    "When n cannot be factored within the work budget chosen by `effort` (the levels of integer.prime_factorization.compute) and no witness exists: status INCOMPLETE with the unfactored part. The whole answer is published on the `sqrt_mod` port; modular.sqrt_mod.verify takes it as its claim. " +
    CERTAINTY_NOTE,
  keywords: ["square root", "modular square root", "sqrt mod n", "composite modulus", "hensel", "hensel lifting", "chinese remainder", "quadratic congruence", "x^2 = a mod n", "roots", "all roots", "modular"],
  request: Request,
  result: Result,
  purpose: "exact bigint arithmetic; the shared factorization engine",
  bounds: [
    ...factoringBounds({ modulus: { letter: "n", digits: SQRT_N_DIGITS }, a: SQRT_A_DIGITS, factoring: "to factor n" }),
    { name: "max_roots", limit: MAX_ROOTS, unit: "roots", description: "at most this many roots are listed" },
  ],
  cost_model:
    "units = factorization of n (256 × the expected engine work of integer.prime_factorization.compute for n, capped at the effort's budget) + 16·bits(n) modular multiplications for the prime-power roots + " +
    "max_roots·(number of prime powers) multiplications for the CRT enumeration + Pocklington attempts for primes above 3.3·10^24",
  budget: { max_units: 2e11, max_memory_bytes: 256 * 2 ** 20, timeout_ms: 900_000 },
  progress_measure: "stages: 1 = n factored, 2 = prime-power roots found, 3 = roots combined",
  preflight(req) {
    const bn = bits(req.modulus), limit = req.max_roots ?? DEFAULT_ROOTS;
    return { units: sqrtModCost(bn, bits(req.a), limit, req.effort), memory_bytes: limit * bn + 2 ** 20, basis: `n of ${bn} bits, up to ${limit} roots listed, effort ${req.effort ?? "standard"}` };
  },
  ports: { outputs: { sqrt_mod: { field: ".", description: "the whole answer (roots, count and factorization, or a non-square witness): the claim of modular.sqrt_mod.verify" } } },
  execute({ a, modulus: n, max_roots, effort }, ctx): Res {
    const checkpoint = () => ctx.checkpoint();
    const an = analyzeSqrt(a, n, { factorBudget: effortBudget(effort), checkpoint });
    ctx.progress(1, 3, "n factored");
    if (an.status === "INCOMPLETE") {
      return { status: "INCOMPLETE", unfactored: an.unfactored, reason: `n could not be fully factored within the ${effort ?? "standard"} effort's budget; a may or may not be a square modulo the unfactored part ${an.unfactored}` };
    }
    if (!an.square) {
      const witness = "jacobi" in an ? nonSquareWitness({ jacobi: an.jacobi }) : nonSquareWitness({ reason: an.reason });
      const c = "reason" in an ? certainty(an.primes.filter((p) => p.prime === an.reason.prime), { proofWork: PROOF_WORK, checkpoint }) : "PROVEN";
      return { status: "COMPLETE", solvable: false, count: "0", witness, certainty: c };
    }
    ctx.progress(2, 3, "prime-power roots found");
    const r = combineRootFamilies(an.families, max_roots ?? DEFAULT_ROOTS, checkpoint);
    ctx.progress(3, 3, "roots combined");
    return {
      status: "COMPLETE",
      solvable: true,
      count: r.count,
      roots: r.roots,
      roots_complete: r.complete,
      factorization: factorList(new Map(an.primes.map((p) => [p.prime, p.exponent]))),
      certainty: certainty(an.primes, { proofWork: PROOF_WORK, checkpoint }),
    };
  },
  postcondition({ a, modulus: n, max_roots }, res) {
    if (res.status === "INCOMPLETE") return n % res.unfactored === 0n ? null : "the unfactored part does not divide n";
    if (!res.solvable) return checkNonSquareWitness(a, n, res.witness);
    if (factorProduct(res.factorization) !== n) return "the factorization does not multiply to n";
    const rs = res.roots;
    for (let i = 0; i < rs.length; i++) {
      if (rs[i]! >= n) return "a root is not in [0, n)";
      if (mod(rs[i]! * rs[i]! - a, n) !== 0n) return "a root does not square to a";
      if (i > 0 && rs[i]! <= rs[i - 1]!) return "the roots are not strictly ascending";
    }
    if (res.roots_complete !== (BigInt(rs.length) === res.count)) return "roots_complete disagrees with count";
    const limit = BigInt(max_roots ?? DEFAULT_ROOTS);
    if (BigInt(rs.length) !== (res.count < limit ? res.count : limit)) return "the number of listed roots is wrong";
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
