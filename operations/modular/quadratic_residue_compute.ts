import { type } from "arktype";
import { gcd, isqrt, mod } from "../../domain/math/integer.js";
import { analyzeSqrt, anyRoot, certainty, combineRootFamilies } from "../../domain/math/modular.js";
import { request } from "../_support/kinds.js";
import { factoringBounds, modularCompute } from "./factory.js";
import { checkNonSquareWitness, nonSquareWitness, NonSquareWitness, SQRT_A_DIGITS, SQRT_N_DIGITS, sqrtModCost, sqrtRequestFields } from "./sqrt_support.js";
import { bits, Certainty, CERTAINTY_NOTE, effortBudget, incompleteShape, nat, oneOf, pos, PROOF_WORK } from "./support.js";

/** When a has at most this many roots, the least one is returned. */
const LEAST_ROOT_LIMIT = 1024;

const Request = request(sqrtRequestFields);
const Result = oneOf([
  {
    status: "'COMPLETE'",
    square: "true",
    quadratic_residue: type("boolean").describe("a is a square and gcd(a, n) = 1 (the classical definition of a quadratic residue)"),
    root: nat(SQRT_N_DIGITS, "a square root x of a modulo n, 0 ≤ x < n (the least one when a has at most 1024 roots)"),
    root_is_least: type("boolean").describe("whether root is the least square root"),
    certainty: Certainty,
  },
  { status: "'COMPLETE'", square: "false", quadratic_residue: "false", witness: NonSquareWitness, certainty: Certainty },
  incompleteShape({ unfactored: pos(SQRT_N_DIGITS, "the composite part of n that could not be factored within budget") }),
]);
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default modularCompute<Req, Res>({
  id: "modular.quadratic_residue.compute",
  title: "Is a a square (quadratic residue) modulo n? With proof",
  summary:
    "Decides whether x² ≡ a (mod n) is solvable, for any n ≥ 1 up to 500 digits, and proves the answer: a root when it is (the least root when there are at most 1024), " +
    "or a witness when it is not — a prime power p^k ∥ n with Legendre symbol (u/p) = −1 for the unit part u of a, an odd valuation of a, a failed 2-adic condition (mod 4 / mod 8), " +
    "or a Jacobi symbol −1 on the unfactored part of n. square covers all a (e.g. 4 mod 8); quadratic_residue is the classical notion (square and coprime to n). " +
    "When n cannot be factored within the work budget chosen by `effort` (the levels of integer.prime_factorization.compute), a mod n that is a perfect square of an integer still gets its root, and a Jacobi symbol −1 still proves a non-square; otherwise status INCOMPLETE. " +
    CERTAINTY_NOTE,
  keywords: ["quadratic residue", "quadratic non-residue", "is square", "square modulo n", "issquare", "legendre", "jacobi", "euler criterion", "witness", "proof", "modular"],
  request: Request,
  result: Result,
  purpose: "exact bigint arithmetic; the shared factorization engine",
  bounds: factoringBounds({ modulus: { letter: "n", digits: SQRT_N_DIGITS }, a: SQRT_A_DIGITS, factoring: "to factor n" }),
  cost_model:
    "units = factorization of n (256 × the expected engine work of integer.prime_factorization.compute for n, capped at the effort's budget) + 16·bits(n) modular multiplications for the prime-power roots + 1024·(prime powers) for the least root + Pocklington attempts above 3.3·10^24",
  budget: { max_units: 2e11, max_memory_bytes: 256 * 2 ** 20, timeout_ms: 900_000 },
  progress_measure: "stages: 1 = n factored, 2 = decided",
  preflight(req) {
    const bn = bits(req.modulus);
    return { units: sqrtModCost(bn, bits(req.a), LEAST_ROOT_LIMIT, req.effort), memory_bytes: LEAST_ROOT_LIMIT * bn + 2 ** 20, basis: `n of ${bn} bits, effort ${req.effort ?? "standard"}` };
  },
  execute({ a, modulus: n, effort }, ctx): Res {
    const checkpoint = () => ctx.checkpoint();
    const an = analyzeSqrt(a, n, { factorBudget: effortBudget(effort), checkpoint });
    ctx.progress(1, 2, "n factored");
    if (an.status === "INCOMPLETE") {
      // Still decidable when a mod n is a perfect square of an integer (0 included): that integer is a root.
      const r = mod(a, n);
      const s = isqrt(r);
      if (s * s === r) {
        ctx.progress(2, 2, "decided");
        return { status: "COMPLETE", square: true, quadratic_residue: gcd(a, n) === 1n, root: s, root_is_least: false, certainty: "PROVEN" };
      }
      return { status: "INCOMPLETE", unfactored: an.unfactored, reason: `n could not be fully factored within the ${effort ?? "standard"} effort's budget and the Jacobi symbol of a modulo the unfactored part ${an.unfactored} is not −1` };
    }
    if (!an.square) {
      const witness = "jacobi" in an ? nonSquareWitness({ jacobi: an.jacobi }) : nonSquareWitness({ reason: an.reason });
      const c = "reason" in an ? certainty(an.primes.filter((p) => p.prime === an.reason.prime), { proofWork: PROOF_WORK, checkpoint }) : "PROVEN";
      return { status: "COMPLETE", square: false, quadratic_residue: false, witness, certainty: c };
    }
    const all = combineRootFamilies(an.families, LEAST_ROOT_LIMIT, checkpoint);
    const least = all.complete;
    ctx.progress(2, 2, "decided");
    return {
      status: "COMPLETE",
      square: true,
      quadratic_residue: gcd(a, n) === 1n,
      root: least ? all.roots[0]! : anyRoot(an.families),
      root_is_least: least,
      // The root is checked exactly; only root_is_least relies on the primes of n.
      certainty: least ? certainty(an.primes, { proofWork: PROOF_WORK, checkpoint }) : "PROVEN",
    };
  },
  postcondition({ a, modulus: n }, res) {
    if (res.status === "INCOMPLETE") return n % res.unfactored === 0n ? null : "the unfactored part does not divide n";
    if (!res.square) return checkNonSquareWitness(a, n, res.witness);
    const x = res.root;
    if (x >= n) return "the root is not in [0, n)";
    if (mod(x * x - a, n) !== 0n) return "the root does not square to a";
    if (res.quadratic_residue !== (gcd(a, n) === 1n)) return "quadratic_residue must be square ∧ gcd(a, n) = 1";
    if (res.root_is_least && n <= 100_000n) {
      for (let y = 0n; y < x; y++) if (mod(y * y - a, n) === 0n) return "a smaller root exists";
    }
    return null;
  },
  examples: [
    { title: "2 is a quadratic residue modulo 7", payload: { a: "2", modulus: "7" }, expected: { status: "COMPLETE", square: true, quadratic_residue: true, root: "3", root_is_least: true, certainty: "PROVEN" } },
    {
      title: "4 is a square modulo 8 but not a quadratic residue (not coprime)",
      payload: { a: "4", modulus: "8" },
      expected: { status: "COMPLETE", square: true, quadratic_residue: false, root: "2", root_is_least: true, certainty: "PROVEN" },
    },
    {
      title: "(2/15) = 1 but 2 is not a square modulo 15: witness at the prime 3",
      payload: { a: "2", modulus: "15" },
      expected: { status: "COMPLETE", square: false, quadratic_residue: false, witness: { reason: "legendre", divisor: "3", prime: "3", valuation: "0" }, certainty: "PROVEN" },
    },
    {
      title: "5 is not a square modulo 16 (5 ≢ 1 mod 8)",
      payload: { a: "5", modulus: "16" },
      expected: { status: "COMPLETE", square: false, quadratic_residue: false, witness: { reason: "mod_8", divisor: "16", prime: "2", valuation: "0" }, certainty: "PROVEN" },
    },
    {
      title: "−1 is a square modulo 5·13·17 (all ≡ 1 mod 4)",
      payload: { a: "-1", modulus: "1105" },
      expected: { status: "COMPLETE", square: true, quadratic_residue: true, root: "47", root_is_least: true, certainty: "PROVEN" },
    },
  ],
});
