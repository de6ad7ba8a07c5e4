import { type } from "arktype";
import { defineChecker } from "../../domain/declaration.js";
import { jacobi, mod } from "../../domain/math/integer.js";
import { certifyPrimes } from "../../domain/math/arithmetic.js";
import { factorInteger } from "../../domain/math/factor.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { integerString, naturalString, positiveString, strict } from "../_support/wire.js";
import { bitsOf, checkNonSquareWitness, FACTOR_BUDGET, factorCost, mulCost, NonSquareWitness, PROOF_WORK } from "./support.js";

const MAX_N_DIGITS = 500;
const MAX_A_DIGITS = 1000;
const MAX_ROOTS = 10_000;
/** Below this n the number of roots is counted by trying every x. */
const BRUTE_FORCE_LIMIT = 200_000n;

const Factor = type({ prime: positiveString(MAX_N_DIGITS), exponent: positiveString(4) });
const Claim = type({
  "status?": "'COMPLETE'",
  solvable: "true",
  roots: integerString(MAX_N_DIGITS).array().atMostLength(MAX_ROOTS).describe("claimed square roots of a modulo n (distinct modulo n)"),
  "count?": positiveString(MAX_N_DIGITS).describe("the claimed total number of roots in [0, n)"),
  "roots_complete?": type("boolean").describe("the claim that roots lists every root"),
  "factorization?": Factor.array().describe("informational; not relied on"),
  "certainty?": "'PROVEN' | 'PROBABLE'",
}).or({
  "status?": "'COMPLETE'",
  solvable: "false",
  "count?": "'0'",
  "witness?": NonSquareWitness,
  "certainty?": "'PROVEN' | 'PROBABLE'",
});
const Request = strict(
  type({
    a: integerString(MAX_A_DIGITS).describe("the integer a (at most 1000 digits)"),
    modulus: positiveString(MAX_N_DIGITS).describe("the modulus n ≥ 1 (at most 500 digits)"),
    claim: Claim.describe("a COMPLETE result of modular.sqrt_mod.compute, or the same shape from elsewhere"),
  }),
);
type Req = typeof Request.infer;

const Bindings = strict(
  type({
    "failure?": type("'not_a_root' | 'duplicate_root' | 'wrong_count' | 'incomplete_roots' | 'invalid_witness' | 'has_roots'").describe("why the claim was rejected"),
    "root?": integerString(MAX_N_DIGITS).describe("not_a_root / duplicate_root: the offending listed root"),
    "square?": naturalString(MAX_N_DIGITS).describe("not_a_root: root² mod n"),
    "count?": naturalString(MAX_N_DIGITS).describe("the number of roots established by the checker (when it had to count)"),
    "detail?": "string",
    "unfactored?": positiveString(MAX_N_DIGITS).describe("non_conclusion: the part of n the checker could not factor within budget"),
    "unproven?": positiveString(MAX_N_DIGITS).array().describe("non_conclusion: probable primes of n that could not be proven"),
    "counted_by?": type("'enumeration' | 'factorization'").describe("how the checker counted the roots"),
  }),
);
type Bindings = typeof Bindings.infer;

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

type Count = { count: bigint; by: "enumeration" | "factorization" } | { unfactored: bigint } | { unproven: bigint[] };

function countRoots(a: bigint, n: bigint, checkpoint: () => void): Count {
  if (n <= BRUTE_FORCE_LIMIT) {
    const N = Number(n), A = Number(mod(a, n));
    let c = 0;
    for (let x = 0; x < N; x++) if ((x * x) % N === A) c++;
    return { count: BigInt(c), by: "enumeration" };
  }
  const f = factorInteger(n, { budget: FACTOR_BUDGET, checkpoint });
  if (f.status === "INCOMPLETE") return { unfactored: f.cofactor };
  const { probable } = certifyPrimes(f, { work: PROOF_WORK, checkpoint });
  if (probable.length) return { unproven: probable };
  let c = 1n;
  for (const q of f.factors) c *= localCount(a, q.prime, q.exponent);
  return { count: c, by: "factorization" };
}

const METHOD =
  "Each listed root x is reduced modulo n and x² − a is tested for divisibility by n; repeated residues are refused. Whenever the claim states more than 'these are roots' " +
  "(a total count, roots_complete, solvable: false without a witness, or solvable: true with no root listed) the checker counts the roots itself: for n ≤ 200,000 by trying every x, " +
  "otherwise by factoring n (trial division, Pollard–Brent; every prime proven — deterministic Miller–Rabin or a Pocklington certificate) and multiplying the local counts " +
  "(p^⌊k/2⌋ for p^k | a; 0 for an odd valuation; else (1 + (u/p))·p^(v/2) for odd p, and 1, 2 or 4 roots of the unit part for p = 2). A non-square witness is re-checked by its local rule " +
  "(Legendre/Jacobi symbol −1, odd valuation, or the 2-adic conditions) on a divisor of n. The producer's Hensel lifting and CRT enumeration are not used.";

export default defineChecker<Req>({
  id: "modular.sqrt_mod.verify",
  version: "1.0.0",
  title: "Verify square roots modulo n (and their completeness)",
  summary:
    "Checks a claim about x² ≡ a (mod n), n up to 500 digits: every listed root squares to a; a claimed count or a claimed complete list is confirmed by counting the roots independently " +
    "(enumeration for n ≤ 200,000, else factorization and local root counts); 'no root' is accepted with a valid non-square witness or a count of 0. " +
    "Takes a COMPLETE result of modular.sqrt_mod.compute as the claim. non_conclusion when the count is needed but n cannot be factored (or a prime of n proven) within budget.",
  keywords: ["square root", "sqrt mod n", "verify", "check", "roots", "completeness", "count", "quadratic residue", "witness", "modular"],
  input_kinds: ["integer"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  bindings: Bindings,
  method: METHOD,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic; the shared factorization engine" }],
  bounds: [
    { name: "modulus_digits", limit: MAX_N_DIGITS, unit: "decimal digits", description: "n has at most this many digits" },
    { name: "roots", limit: MAX_ROOTS, unit: "roots", description: "at most this many listed roots" },
    { name: "factor_budget", limit: FACTOR_BUDGET, unit: "Pollard–Brent iterations", description: "work allowed to factor n when the count must be established" },
  ],
  cost_model:
    "units = (listed roots)·2(L² + 4) for the squarings + (when a count is needed) n ≤ 200,000 trials, or the factorization of n (≤ 3·10^5 Pollard–Brent iterations, Pocklington attempts above 3.3·10^24, at most 4·10^7 units) and one Jacobi symbol per prime",
  budget: { max_units: 3e9, max_memory_bytes: 128 * 2 ** 20, timeout_ms: 60_000 },
  progress_measure: "none",
  preflight(req) {
    const b = bitsOf(req.modulus);
    const roots = req.claim.solvable ? req.claim.roots.length : 0;
    const counting = factorCost(b) + (b > 81 ? PROOF_WORK : 0) + Number(BRUTE_FORCE_LIMIT) / 4;
    return { units: roots * mulCost(b) + counting, memory_bytes: roots * (req.modulus.length + 64) + 2 ** 20, basis: `n of ${req.modulus.length} digits, ${roots} listed roots` };
  },
  ports: { inputs: {}, outputs: {} },
  execute(req, ctx): CheckerFinding {
    const a = BigInt(req.a), n = BigInt(req.modulus);
    const checkpoint = () => ctx.checkpoint();
    const claim = req.claim;
    const reject = (b: Bindings, reason: string): CheckerFinding => ({ verdict: "rejected", bindings: b, reason });
    const counted = (): CheckerFinding | { count: bigint; by: "enumeration" | "factorization" } => {
      const c = countRoots(a, n, checkpoint);
      if ("unfactored" in c) return { verdict: "non_conclusion", bindings: { unfactored: c.unfactored.toString() }, reason: "the claim needs the number of roots, and n could not be factored within budget" };
      if ("unproven" in c) return { verdict: "non_conclusion", bindings: { unproven: c.unproven.map(String) }, reason: "the claim needs the number of roots, which rests on Baillie–PSW probable primes of n that could not be proven" };
      return c;
    };
    if (!claim.solvable) {
      if (claim.witness) {
        const why = checkNonSquareWitness(a, n, claim.witness);
        if (why) return reject({ failure: "invalid_witness", detail: why }, `the non-square witness does not hold: ${why}`);
        return { verdict: "accepted", bindings: {}, reason: `a is not a square modulo ${claim.witness.divisor}, a divisor of n` };
      }
      const c = counted();
      if ("verdict" in c) return c;
      if (c.count > 0n) return reject({ failure: "has_roots", count: c.count.toString(), counted_by: c.by }, `a has ${c.count} square roots modulo n`);
      return { verdict: "accepted", bindings: { count: "0", counted_by: c.by }, reason: "a has no square root modulo n" };
    }
    const seen = new Set<bigint>();
    for (let i = 0; i < claim.roots.length; i++) {
      if ((i & 255) === 255) checkpoint();
      const s = claim.roots[i]!;
      const x = mod(BigInt(s), n);
      if (seen.has(x)) return reject({ failure: "duplicate_root", root: s }, `${s} repeats a root already listed (modulo n)`);
      seen.add(x);
      const sq = (x * x) % n;
      if (sq !== mod(a, n)) return reject({ failure: "not_a_root", root: s, square: sq.toString() }, `${s}² ≡ ${sq} (mod n), not a`);
    }
    const needsCount = claim.count !== undefined || claim.roots_complete === true || claim.roots.length === 0;
    if (!needsCount) return { verdict: "accepted", bindings: {}, reason: "every listed root squares to a modulo n" };
    const c = counted();
    if ("verdict" in c) return c;
    const base: Bindings = { count: c.count.toString(), counted_by: c.by };
    if (c.count === 0n) return reject({ ...base, failure: "wrong_count" }, "a has no square root modulo n");
    if (claim.count !== undefined && BigInt(claim.count) !== c.count) return reject({ ...base, failure: "wrong_count" }, `a has ${c.count} square roots modulo n, not ${claim.count}`);
    if (claim.roots_complete === true && BigInt(seen.size) !== c.count) return reject({ ...base, failure: "incomplete_roots" }, `the list has ${seen.size} roots but there are ${c.count}`);
    return { verdict: "accepted", bindings: base, reason: "every listed root is a root" + (claim.count !== undefined ? ", the count is right" : "") + (claim.roots_complete ? ", and the list is complete" : "") };
  },
  postcondition(req, f) {
    const b = f.bindings as Bindings;
    if (f.verdict === "rejected") return b.failure ? null : "a rejection names its failure";
    if (f.verdict === "non_conclusion") return b.unfactored || b.unproven?.length ? null : "a non-conclusion says what could not be established";
    const a = BigInt(req.a), n = BigInt(req.modulus);
    if (req.claim.solvable) {
      for (const s of req.claim.roots) if (mod(BigInt(s) * BigInt(s) - a, n) !== 0n) return "accepted a non-root";
      if (req.claim.count !== undefined && b.count !== req.claim.count) return "accepted a count it did not establish";
    }
    return null;
  },
  examples: [
    {
      title: "the four roots of 4 modulo 15, claimed complete",
      payload: { a: "4", modulus: "15", claim: { solvable: true, roots: ["2", "7", "8", "13"], count: "4", roots_complete: true } },
      expected: { verdict: "accepted", bindings: { count: "4", counted_by: "enumeration" } },
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
      expected: { verdict: "accepted", bindings: {} },
    },
    {
      title: "n = 1000003·1000033·1000037: the count 8 of the roots of 1 is established by factoring",
      payload: { a: "1", modulus: "1000073001431003663", claim: { solvable: true, roots: ["1", "1000073001431003662"], count: "8" } },
      expected: { verdict: "accepted", bindings: { count: "8", counted_by: "factorization" } },
    },
  ],
});
