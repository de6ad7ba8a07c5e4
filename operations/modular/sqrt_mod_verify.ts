import { type } from "arktype";
import { certifyPrimes } from "../../domain/math/arithmetic.js";
import { factorInteger, type Factorization } from "../../domain/math/factor.js";
import { jacobi, mod } from "../../domain/math/integer.js";
import { decidePrimality } from "../../domain/math/primality.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { request } from "../_support/kinds.js";
import { naturalString, positiveString, strict } from "../_support/wire.js";
import { factoringBounds, modularChecker } from "./factory.js";
import { checkNonSquareWitness, MAX_ROOTS, SQRT_MOD_KIND, SQRT_N_DIGITS, sqrtModClaimShapes, sqrtRequestFields } from "./sqrt_support.js";
import { bits, claimOf, finding, integerWire, effortBudget, factorCost, type FactorEntry, factorProduct, mulCost, PROOF_WORK, primalityCost, proofCost } from "./support.js";

/** Below this n the number of roots is counted by trying every x. */
const BRUTE_FORCE_LIMIT = 200_000n;

const Request = request({
  ...sqrtRequestFields,
  claim: claimOf(sqrtModClaimShapes, SQRT_MOD_KIND, "the value of modular.sqrt_mod.compute unchanged, or parts of it (roots as any representatives); the value of modular.sqrt_mod_prime.compute fits as well"),
});
type Req = typeof Request.infer;

type Failure = "not_a_root" | "duplicate_root" | "wrong_count" | "incomplete_roots" | "invalid_witness" | "has_roots" | "wrong_factorization";
type CountedBy = "enumeration" | "factorization" | "claimed_factorization";
type Established = "listed_roots" | "count" | "complete_list" | "no_root";
const Bindings = strict(
  type({
    "failure?": type("'not_a_root' | 'duplicate_root' | 'wrong_count' | 'incomplete_roots' | 'invalid_witness' | 'has_roots' | 'wrong_factorization'").describe("why the claim was rejected"),
    "root?": integerWire(SQRT_N_DIGITS).describe("not_a_root / duplicate_root: the offending listed root, as listed"),
    "square?": naturalString(SQRT_N_DIGITS).describe("not_a_root: root² mod n"),
    "count?": naturalString(SQRT_N_DIGITS).describe("the number of roots established by the checker (when it had to count)"),
    "detail?": "string",
    "unfactored?": positiveString(SQRT_N_DIGITS).describe("non_conclusion: the part of n the checker could not factor within budget"),
    "unproven?": positiveString(SQRT_N_DIGITS).array().describe("non_conclusion: probable primes of n that could not be proven"),
    "counted_by?": type("'enumeration' | 'factorization' | 'claimed_factorization'").describe("how the checker counted the roots: every x tried, its own factorization of n, or the claim's factorization (checked)"),
    "established?": type("'listed_roots' | 'count' | 'complete_list' | 'no_root'").describe(
      "accepted: what the claim states and the checker confirmed — the listed roots are roots; also the count; also that the list is complete; or that a has no square root modulo n",
    ),
    "claim_status?": "'INCOMPLETE'",
  }),
);
interface Found {
  failure?: Failure;
  root?: bigint;
  square?: bigint;
  count?: bigint;
  detail?: string;
  unfactored?: bigint;
  unproven?: bigint[];
  counted_by?: CountedBy;
  established?: Established;
  claim_status?: "INCOMPLETE";
}

/**
 * Number of x mod p^k with x² ≡ a, by the local rules: p^⌊k/2⌋ when p^k | a; 0 for an odd valuation v < k;
 * else, with u = a/p^v and j = k − v, the number of square roots of the unit u mod p^j (odd p: 1 + (u/p);
 * p = 2: 1, 2 or 4 when u ≡ 1 mod 2, 4, 8 for j = 1, 2, ≥ 3) times p^(v/2) lifts.
 */
function localCount(a: bigint, p: bigint, k: number): bigint {
  const pk = p ** BigInt(k);
  let r = mod(a, pk);
  if (r === 0n) return p ** BigInt(Math.floor(k / 2));
  let v = 0;
  while (r % p === 0n) {
    r /= p;
    v++;
  }
  if (v % 2 === 1) return 0n;
  const j = k - v;
  let units: bigint;
  if (p === 2n) units = j === 1 ? 1n : j === 2 ? (r % 4n === 1n ? 2n : 0n) : r % 8n === 1n ? 4n : 0n;
  else units = jacobi(r, p) === 1 ? 2n : 0n;
  return units * p ** BigInt(v / 2);
}

type Count = { count: bigint; by: CountedBy } | { unfactored: bigint } | { unproven: bigint[] } | { wrong: string };

/** The claimed factorization, checked: it multiplies to n and every listed prime is prime (composites are refuted, probable primes reported). */
function checkedFactorization(n: bigint, f: readonly FactorEntry[]): Factorization | { wrong: string } {
  if (factorProduct(f) !== n) return { wrong: "the claimed factorization does not multiply to n" };
  const seen = new Set<bigint>();
  const factors: Factorization["factors"] = [];
  for (const { prime, exponent } of f) {
    if (seen.has(prime)) return { wrong: `${prime} is listed twice` };
    seen.add(prime);
    const d = decidePrimality(prime);
    if (!d.prime) return { wrong: `${prime} is not prime` };
    factors.push({ prime, exponent: Number(exponent), status: d.status });
  }
  return { factors, cofactor: 1n, status: "COMPLETE" };
}

function countRoots(a: bigint, n: bigint, claimed: readonly FactorEntry[] | undefined, budget: number, checkpoint: () => void): Count {
  let f: Factorization;
  let by: CountedBy = "factorization";
  if (claimed) {
    const c = checkedFactorization(n, claimed);
    if ("wrong" in c) return c;
    f = c;
    by = "claimed_factorization";
  } else if (n <= BRUTE_FORCE_LIMIT) {
    const N = Number(n), A = Number(mod(a, n));
    let c = 0;
    for (let x = 0; x < N; x++) if ((x * x) % N === A) c++;
    return { count: BigInt(c), by: "enumeration" };
  } else {
    f = factorInteger(n, { budget, checkpoint });
    if (f.status === "INCOMPLETE") return { unfactored: f.cofactor };
  }
  const { probable } = certifyPrimes(f, { work: PROOF_WORK, checkpoint });
  if (probable.length) return { unproven: probable };
  let c = 1n;
  for (const q of f.factors) c *= localCount(a, q.prime, q.exponent);
  return { count: c, by };
}

const METHOD =
  "Each listed root x is reduced modulo n and x² − a is tested for divisibility by n; repeated residues are refused. Whenever the claim states more than 'these are roots' " +
  "(a total count, roots_complete, solvable: false without a witness, or solvable: true with no root listed) the checker counts the roots itself: with the claim's factorization of n when it gives one " +
  "(it must multiply to n and every prime is tested: composites refute it, probable primes need a Pocklington certificate), else for n ≤ 200,000 by trying every x, " +
  "else by factoring n with the shared engine within the `effort` budget (every prime proven — deterministic Miller–Rabin or a Pocklington certificate); the count is the product of the local counts " +
  "(p^⌊k/2⌋ for p^k | a; 0 for an odd valuation; else (1 + (u/p))·p^(v/2) for odd p, and 1, 2 or 4 roots of the unit part for p = 2). A non-square witness is re-checked by its local rule " +
  "(Legendre/Jacobi symbol −1, odd valuation, or the 2-adic conditions) on a divisor of n. An INCOMPLETE answer states no roots and no impossibility: non_conclusion. " +
  "The producer's Hensel lifting and CRT enumeration are not used.";

export default modularChecker<Req>({
  id: "modular.sqrt_mod.verify",
  title: "Verify square roots modulo n (and their completeness)",
  summary:
    "Checks a claim about x² ≡ a (mod n), n up to 500 digits: every listed root squares to a; a claimed count or a claimed complete list is confirmed by counting the roots independently " +
    "(with the claim's factorization of n once checked, by enumeration for n ≤ 200,000, else by factoring n), and 'no root' is accepted with a valid non-square witness or a count of 0. " +
    "The claim is the value of modular.sqrt_mod.compute unchanged (by reference on the `claim` port); the value of modular.sqrt_mod_prime.compute is accepted too (modulus = p), and then its roots are checked, not its completeness. " +
    "non_conclusion when the count is needed but n cannot be factored (or a prime of n proven) within budget, or when the claim is INCOMPLETE.",
  keywords: ["square root", "sqrt mod n", "verify", "check", "roots", "completeness", "count", "quadratic residue", "witness", "modular"],
  request: Request,
  bindings: Bindings,
  method: METHOD,
  purpose: "exact bigint arithmetic; the shared factorization engine",
  bounds: [
    ...factoringBounds({ modulus: { letter: "n", digits: SQRT_N_DIGITS }, factoring: "to factor n when the count must be established" }),
    { name: "roots", limit: MAX_ROOTS, unit: "roots", description: "at most this many listed roots" },
  ],
  cost_model:
    "units = (listed roots)·2(L² + 4) for the squarings + (when a count is needed) n ≤ 200,000 trials, or the factorization of n (256 × the expected engine work of integer.prime_factorization.compute, capped at the effort's budget; or the primality tests of the claimed primes), " +
    "Pocklington attempts above 3.3·10^24 (at most 4·10^7 units), and one Jacobi symbol per prime",
  budget: { max_units: 2e11, max_memory_bytes: 128 * 2 ** 20, timeout_ms: 900_000 },
  progress_measure: "none",
  preflight({ modulus, claim, effort }) {
    const b = bits(modulus);
    const roots = claim.status !== "INCOMPLETE" && claim.solvable ? claim.roots.length : 0;
    const claimed = claim.status !== "INCOMPLETE" && claim.solvable ? (claim.factorization?.length ?? 0) : 0;
    const counting = factorCost(b, effort) + proofCost(b) + claimed * primalityCost(b) + Number(BRUTE_FORCE_LIMIT) / 4;
    return { units: roots * mulCost(b) + counting, memory_bytes: roots * (b + 64) + 2 ** 20, basis: `n of ${b} bits, ${roots} listed roots, effort ${effort ?? "standard"}` };
  },
  ports: { inputs: { claim: { field: "claim", description: "the claim: the `sqrt_mod` output of modular.sqrt_mod.compute" } } },
  execute({ a, modulus: n, claim, effort }, ctx): CheckerFinding {
    const checkpoint = () => ctx.checkpoint();
    const reject = (b: Found, reason: string): CheckerFinding => finding("rejected", b, reason);
    if (claim.status === "INCOMPLETE") {
      return finding("non_conclusion", { claim_status: "INCOMPLETE" }, "the claim is INCOMPLETE: it states neither roots nor their absence, so there is nothing to accept or reject");
    }
    const counted = (factorization: readonly FactorEntry[] | undefined): CheckerFinding | { count: bigint; by: CountedBy } => {
      const c = countRoots(a, n, factorization, effortBudget(effort), checkpoint);
      if ("wrong" in c) return reject({ failure: "wrong_factorization", detail: c.wrong }, c.wrong);
      if ("unfactored" in c) return finding("non_conclusion", { unfactored: c.unfactored }, "the claim needs the number of roots, and n could not be factored within budget");
      if ("unproven" in c) return finding("non_conclusion", { unproven: c.unproven }, "the claim needs the number of roots, which rests on Baillie–PSW probable primes of n that could not be proven");
      return c;
    };
    if (!claim.solvable) {
      if (claim.witness) {
        const why = checkNonSquareWitness(a, n, claim.witness);
        if (why) return reject({ failure: "invalid_witness", detail: why }, `the non-square witness does not hold: ${why}`);
        return finding("accepted", { established: "no_root" }, `a is not a square modulo ${claim.witness.divisor}, a divisor of n`);
      }
      const c = counted(undefined);
      if ("verdict" in c) return c;
      if (c.count > 0n) return reject({ failure: "has_roots", count: c.count, counted_by: c.by }, `a has ${c.count} square roots modulo n`);
      return finding("accepted", { count: 0n, counted_by: c.by, established: "no_root" }, "a has no square root modulo n");
    }
    const seen = new Set<bigint>();
    const target = mod(a, n);
    for (let i = 0; i < claim.roots.length; i++) {
      if ((i & 255) === 255) checkpoint();
      const s = claim.roots[i]!;
      const x = mod(s, n);
      if (seen.has(x)) return reject({ failure: "duplicate_root", root: s }, `${s} repeats a root already listed (modulo n)`);
      seen.add(x);
      const sq = (x * x) % n;
      if (sq !== target) return reject({ failure: "not_a_root", root: s, square: sq }, `${s}² ≡ ${sq} (mod n), not a`);
    }
    const needsCount = claim.count !== undefined || claim.roots_complete === true || claim.roots.length === 0 || claim.factorization !== undefined;
    if (!needsCount) return finding("accepted", { established: "listed_roots" }, "every listed root squares to a modulo n");
    const c = counted(claim.factorization);
    if ("verdict" in c) return c;
    const base: Found = { count: c.count, counted_by: c.by };
    if (c.count === 0n) return reject({ ...base, failure: "wrong_count" }, "a has no square root modulo n");
    if (claim.count !== undefined && claim.count !== c.count) return reject({ ...base, failure: "wrong_count" }, `a has ${c.count} square roots modulo n, not ${claim.count}`);
    if (claim.roots_complete === true && BigInt(seen.size) !== c.count) return reject({ ...base, failure: "incomplete_roots" }, `the list has ${seen.size} roots but there are ${c.count}`);
    const established: Established = claim.roots_complete === true ? "complete_list" : claim.count !== undefined ? "count" : "listed_roots";
    return finding(
      "accepted",
      { ...base, established }, "every listed root is a root" + (claim.count !== undefined ? ", the count is right" : "") + (claim.roots_complete ? ", and the list is complete" : "") + (claim.factorization ? "; the factorization of n is right" : ""),
    );
  },
  // Re-check the counterexample or the cheap part of each verdict.
  postcondition({ a, modulus: n, claim }, f) {
    const b = f.bindings as Found;
    if (f.verdict === "non_conclusion") return b.unfactored || b.unproven?.length || (b.claim_status === "INCOMPLETE" && claim.status === "INCOMPLETE") ? null : "a non-conclusion says what could not be established";
    if (claim.status === "INCOMPLETE") return "an INCOMPLETE claim has no verdict";
    if (f.verdict === "rejected") {
      switch (b.failure) {
        case "not_a_root":
          return b.root !== undefined && b.square === mod(b.root * b.root, n) && b.square !== mod(a, n) ? null : "the named root squares to a";
        case "duplicate_root":
          return claim.solvable && claim.roots.filter((r) => mod(r, n) === mod(b.root!, n)).length >= 2 ? null : "the named root is not repeated";
        case "invalid_witness":
          return !claim.solvable && claim.witness && checkNonSquareWitness(a, n, claim.witness) !== null ? null : "the witness holds";
        case "wrong_factorization":
          return claim.solvable && claim.factorization && "wrong" in checkedFactorization(n, claim.factorization) ? null : "the claimed factorization is right";
        case "has_roots":
          return b.count !== undefined && b.count > 0n ? null : "has_roots needs a positive count";
        case "wrong_count":
        case "incomplete_roots":
          return b.count !== undefined && b.counted_by ? null : "a count rejection carries the established count";
        default:
          return "a rejection names its failure";
      }
    }
    if (!claim.solvable) return b.established === "no_root" ? null : "a 'no root' acceptance says so";
    for (const s of claim.roots) if (mod(s * s - a, n) !== 0n) return "accepted a non-root";
    if (claim.count !== undefined && b.count !== claim.count) return "accepted a count it did not establish";
    if (claim.roots_complete === true && b.established !== "complete_list") return "accepted a complete list without establishing it";
    return null;
  },
  examples: [
    {
      title: "the four roots of 4 modulo 15, claimed complete",
      payload: { a: "4", modulus: "15", claim: { solvable: true, roots: ["2", "7", "8", "13"], count: "4", roots_complete: true } },
      expected: { verdict: "accepted", bindings: { count: "4", counted_by: "enumeration", established: "complete_list" } },
    },
    {
      title: "a list that misses roots is not complete",
      payload: { a: "4", modulus: "15", claim: { solvable: true, roots: ["2", "13"], roots_complete: true } },
      expected: { verdict: "rejected", bindings: { failure: "incomplete_roots", count: "4" } },
    },
    {
      title: "a non-root",
      payload: { a: "4", modulus: "15", claim: { solvable: true, roots: ["2", "3"] } },
      expected: { verdict: "rejected", bindings: { failure: "not_a_root", root: "3", square: "9" } },
    },
    {
      title: "no root, with a Legendre witness at p = 3",
      payload: { a: "2", modulus: "15", claim: { solvable: false, witness: { reason: "legendre", divisor: "3", prime: "3", valuation: "0" } } },
      expected: { verdict: "accepted", bindings: { established: "no_root" } },
    },
    {
      title: "n = 1000003·1000033·1000037: the count 8 of the roots of 1 is established by factoring",
      payload: { a: "1", modulus: "1000073001431003663", claim: { solvable: true, roots: ["1", "1000073001431003662"], count: "8" } },
      expected: { verdict: "accepted", bindings: { count: "8", counted_by: "factorization", established: "count" } },
    },
    {
      title: "the value of modular.sqrt_mod_prime.compute for x² ≡ 2 (mod 7): its roots are checked",
      payload: { a: "2", modulus: "7", claim: { solvable: true, roots: ["3", "4"], certainty: "PROVEN" } },
      expected: { verdict: "accepted", bindings: { established: "listed_roots" } },
    },
  ],
});
