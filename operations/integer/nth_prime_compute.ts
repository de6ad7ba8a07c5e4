import { decidePrimality } from "../../domain/math/primality.js";
import { nthPrime, primesUpTo } from "../../domain/math/primes.js";
import { request, result } from "../_support/kinds.js";
import { builtinCompute, positiveField } from "./builtin.js";
import { leastDivisorByTrial } from "./prime_support.js";

const MAX_DIGITS = 13;

const Request = request({ n: positiveField(MAX_DIGITS, "the index n ≥ 1 (n < 10^13); p_1 = 2") });
const Result = result({ prime: positiveField(16, "p_n, the n-th prime") });
type Req = typeof Request.infer;
type Res = typeof Result.infer;

/** Rosser / Dusart: n(ln n + ln ln n − 1) < p_n < n(ln n + ln ln n) for n ≥ 6. */
function bounds(n: number): [number, number] {
  const L = Math.log(n), LL = Math.log(L);
  return [n * (L + LL - 1), n * (L + LL)];
}

export default builtinCompute<Req, Res>({
  id: "integer.nth_prime.compute",
  title: "The n-th prime p_n",
  summary:
    "The n-th prime (p_1 = 2, p_2 = 3, …) for 1 ≤ n < 10^13, exactly. Inverts π: an estimate x0 ≈ R^{-1}(n) (Riemann's R by Newton's method), " +
    "π(x0) exactly by the Lagarias–Miller–Odlyzko / Deléglise–Rivat method (integer.prime_count.compute), then a segmented sieve from x0 to p_n. PARI/GP prime(n).",
  keywords: ["nth prime", "n-th prime", "prime(n)", "kth prime", "prime number n", "prime index", "p_n", "primes", "integer"],
  request: Request,
  result: Result,
  purpose: "prime counting and segmented sieving on typed arrays",
  bounds: [{ name: "n_digits", limit: MAX_DIGITS, unit: "decimal digits", description: "n < 10^13 (p_n < 3.3·10^14)" }],
  cost_model: "units = p_n^{2/3} with p_n ≈ n·ln n (the π computation dominates; the final sieve covers about √p_n·ln p_n numbers)",
  budget: { max_units: 1.1e10, max_memory_bytes: 512 * 2 ** 20, timeout_ms: 300_000 },
  preflight(req) {
    const n = Number(req.n);
    const est = n < 6 ? 13 : n * (Math.log(n) + Math.log(Math.log(n)));
    return { units: Math.max(1000, est ** (2 / 3)), memory_bytes: 2 * Math.sqrt(est) + 400 * Math.cbrt(est) + 2 ** 21, basis: `p_n ≈ ${est.toExponential(2)}` };
  },
  ports: {
    inputs: { n: { field: "n", description: "the index n" } },
    outputs: { prime: { field: "prime", description: "the n-th prime" } },
  },
  progress_measure: "segments of the π(x0) sieve done, out of the total",
  execute(req, ctx) {
    return { prime: BigInt(nthPrime(Number(req.n), { checkpoint: () => ctx.checkpoint(), progress: (d, t, m) => ctx.progress(d, t, m) })) };
  },
  postcondition(req, res) {
    const n = Number(req.n), p = Number(res.prime);
    // p is prime (trial division up to 10^12, deterministic Miller–Rabin above), and in the explicit range of Rosser and Dusart; small n re-counted by a sieve
    if (p <= 1e12 ? leastDivisorByTrial(p) !== 0 : decidePrimality(BigInt(p)).status !== "PROVEN" || !decidePrimality(BigInt(p)).prime) return "p_n is not prime";
    if (n <= 100_000) {
      const ps = primesUpTo(p);
      return ps.length === n && ps[n - 1] === p ? null : "p_n is not the n-th prime of a direct sieve";
    }
    const [lo, hi] = bounds(n);
    return p > lo && p < hi ? null : "p_n is outside n(ln n + ln ln n − 1) < p_n < n(ln n + ln ln n)";
  },
  examples: [
    { title: "p_1 = 2", payload: { n: "1" }, expected: { prime: "2" } },
    { title: "the 25th prime", payload: { n: "25" }, expected: { prime: "97" } },
    { title: "the 10,000th prime", payload: { n: "10000" }, expected: { prime: "104729" } },
    { title: "the 10^9-th prime", payload: { n: "1000000000" }, expected: { prime: "22801763489" } },
  ],
});
