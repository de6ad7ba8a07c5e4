import { binomial, binomialModPrimes, linUnits, log2Big, log2Binomial, mulUnits } from "../../domain/math/combinatorics.js";
import { integer, request, result } from "../_support/kinds.js";
import { combinatoricsOperation, described, resultBound } from "./factory.js";
import { checkPrimesFor, LOG10_2, residues, RESULT_CHARS, sized } from "./support.js";

const MAX_N_DIGITS = 10_000;

const Request = request({
  n: described(integer(MAX_N_DIGITS), "integer", "the upper index n, any integer (negative n uses C(n, k) = (−1)^k C(k − n − 1, k))"),
  k: described(integer(MAX_N_DIGITS), "integer", "the lower index k, any integer (C(n, k) = 0 for k < 0, as PARI/GP's binomial)"),
});
const Result = result({ binomial: described(integer(RESULT_CHARS), "integer", "C(n, k) = n(n − 1)⋯(n − k + 1)/k!") });
type Req = typeof Request.infer;

/** The non-negative problem C(N, K) (N ≥ 0) the request reduces to, and m = min(K, N − K) (−1 when the result is 0). */
function reduce({ n, k }: Req): { N: bigint; K: bigint; m: bigint; negative: boolean } {
  if (k < 0n) return { N: n < 0n ? -n : n, K: k, m: -1n, negative: false };
  const N = n < 0n ? k - n - 1n : n;
  const negative = n < 0n && (k & 1n) === 1n;
  if (k > N) return { N, K: k, m: -1n, negative };
  return { N, K: k, m: k < N - k ? k : N - k, negative };
}

/** Decimal digits of |v| from its bit length (no decimal conversion). */
const digits = (v: bigint): number => Math.max(1, Math.ceil(log2Big(v) * LOG10_2));

export default combinatoricsOperation<Req, typeof Result.infer>({
  object: "binomial",
  title: "Binomial coefficient C(n, k)",
  summary:
    "Exact binomial coefficient C(n, k) = n(n − 1)⋯(n − k + 1)/k! for any integers n and k (up to 10,000 digits each), with up to 1,000,000 result digits. " +
    "As PARI/GP's binomial, C(n, k) is the polynomial C(x, k) = x(x − 1)⋯(x − k + 1)/k! at x = n: 0 for every k < 0 (negative n included), 0 when 0 ≤ n < k, " +
    "and for negative n the extension C(n, k) = (−1)^k C(k − n − 1, k). " +
    "Computed on the short side m = min(k, n − k) without big divisions: for n ≤ 2^24 and m ≥ n/4 as Π_{p ≤ n} p^{e_p} with Legendre's exponents e_p = v_p(n!) − v_p(m!) − v_p((n − m)!) " +
    "(0 or 1 above √n); otherwise the numerator range is split over the primes ≤ m (Kummer/Legendre exponents). " +
    "Postcondition: the result modulo random primes of [2^25, 2^26) drawn per call (enough that a wrong value passes with probability below 2^−32) equals Lucas' theorem.",
  keywords: ["binomial", "binomial coefficient", "choose", "n choose k", "combinations", "nCr", "pascal", "pascal triangle", "kummer", "lucas theorem", "combinatorics", "counting"],
  request: Request,
  result: Result,
  bounds: [{ name: "index_digits", limit: MAX_N_DIGITS, unit: "decimal digits", description: "n and k have at most this many digits each" }, resultBound()],
  cost_model:
    "m = min(k, n − k) after the reduction of negative n; result bits b = log2 C(n, m) (log-gamma, or m·log2 n − log2 m! for m ≪ n). units = m·(3 + 3·ℓ) for the range sieve " +
    "(ℓ = linear bigint cost of n when n ≥ 2^53, else 0; the exponent route's pass over the primes ≤ n costs less) + 3·M(b) for the products + decimal conversion 3·M(b); M as in combinatorics.factorial.compute. " +
    "Memory: one 8-byte entry (or one bigint when n ≥ 2^53) per numerator term.",
  progress_measure: "exponent bits of the prime-power product done",
  preflight(req) {
    const { N, m } = reduce(req);
    const nDigits = digits(req.n);
    const basis = `n has ${nDigits} digits, k has ${digits(req.k)} digits`;
    if (m <= 1n) return sized(1 + Math.max(0, log2Big(N)), linUnits(3.33 * nDigits), 16 * nDigits, basis);
    const bits = log2Binomial(N, m) + 2;
    if (bits * LOG10_2 > 1e7 || m > 1n << 40n) return sized(bits, 0, 0, basis);
    const M = Number(m);
    const big = N >= 1n << 53n;
    const nBits = log2Big(N);
    const sieve = M * (3 + (big ? 3 * linUnits(nBits) : 0));
    return sized(bits, sieve + 3 * mulUnits(bits), M * (big ? nBits / 8 + 48 : 9) + 4 * bits, `${basis}, min(k, n − k) = ${m}`);
  },
  execute(req, ctx) {
    return { binomial: binomial(req.n, req.k, ctx) };
  },
  postcondition(req, res) {
    const value = res.binomial;
    if (req.k < 0n) return value === 0n ? null : "C(n, k) must be 0 for k < 0";
    const { N, K, negative } = reduce(req);
    const primes = checkPrimesFor(value, log2Binomial(N, K));
    const lucas = binomialModPrimes(N, K, primes);
    const actual = residues(value, primes);
    for (let i = 0; i < primes.length; i++) {
      const p = primes[i]!;
      let expected = lucas[i]!;
      if (negative && expected !== 0) expected = p - expected;
      if (actual[i] !== expected) return `C(n, k) mod ${p} differs from Lucas' theorem`;
    }
    const zero = req.n >= 0n && req.k > req.n;
    if (zero !== (value === 0n)) return zero ? "C(n, k) must be 0 for 0 ≤ n < k" : "C(n, k) is non-zero here";
    if (value < 0n !== (negative && !zero)) return "wrong sign: C(n, k) < 0 exactly when n < 0 and k is odd";
    return null;
  },
  examples: [
    { title: "5 choose 2", payload: { n: "5", k: "2" }, expected: { binomial: "10" } },
    { title: "k > n ≥ 0 gives 0", payload: { n: "3", k: "5" }, expected: { binomial: "0" } },
    { title: "negative n: C(−5, 3) = −C(7, 3)", payload: { n: "-5", k: "3" }, expected: { binomial: "-35" } },
    { title: "k < 0 gives 0 for every n, C(−1, −1) included (PARI/GP's convention)", payload: { n: "-1", k: "-1" }, expected: { binomial: "0" } },
    { title: "central binomial C(100, 50)", payload: { n: "100", k: "50" }, expected: { binomial: "100891344545564193334812497256" } },
    { title: "huge n, small k: C(10^30, 3)", payload: { n: "1000000000000000000000000000000", k: "3" }, expected: { binomial: "166666666666666666666666666666166666666666666666666666666667000000000000000000000000000000" } },
  ],
});
