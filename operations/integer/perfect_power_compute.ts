import { type } from "arktype";
import { perfectPowerDecomposition } from "../../domain/math/arithmetic.js";
import { bitLength, isqrt, perfectPower } from "../../domain/math/integer.js";
import { natural, request, result } from "../_support/kinds.js";
import { arithmetic, digitsBound, integerField, quadraticCost } from "./arithmetic_support.js";

const MAX_DIGITS = 100_000;
/** The postcondition re-derives maximality with the older, independent search below this size of the base. */
const INDEPENDENT_CHECK_BITS = 1000;

const Request = request({ n: integerField(MAX_DIGITS, "n: an integer as a decimal string (at most 100,000 digits)") });
const Result = result({
  is_square: type("boolean").describe("true when n = r² for an integer r (0 and 1 are squares; negative n never is)"),
  is_perfect_power: type("boolean").describe("true when n = b^k for integers b and k ≥ 2"),
  exponent: natural(7)
    .or(type("'unbounded'"))
    .describe('the largest k with n = base^k ("1" when n is not a perfect power; "unbounded" for n ∈ {−1, 0, 1}, which are k-th powers for every k, odd k for −1)'),
  base: integerField(MAX_DIGITS, "the base b with n = b^exponent (n itself when the exponent is 1 or unbounded); negative for negative n"),
});

/** n is not a perfect power: exponent 1 and base n. */
const notAPower = (n: bigint) => ({ is_square: false, is_perfect_power: false, exponent: 1n, base: n });

export default arithmetic<typeof Request.infer, typeof Result.infer>({
  id: "integer.perfect_power.compute",
  title: "Perfect power and perfect square detection",
  summary:
    "Whether an integer n (up to 100,000 digits) is a perfect square and a perfect power, with the largest exponent k and the base b such that n = b^k. " +
    "Negative n is a perfect power only with an odd exponent: −64 = (−4)^3; the exponent is then the largest odd one. " +
    'n ∈ {−1, 0, 1} gives exponent "unbounded". n that is not a perfect power gives exponent "1" and base n. ' +
    "Method: the valuations at the primes below 1000 bound the exponent (it divides their gcd), otherwise the base exceeds 1000; " +
    "all candidate prime exponents are screened by power-residue tests (residues of n from one remainder tree) and confirmed by exact integer roots.",
  keywords: ["perfect power", "ispower", "is perfect power", "perfect square", "is square", "issquare", "square test", "cube test", "exponent", "base", "root", "integer"],
  request: Request,
  result: Result,
  bounds: [digitsBound(MAX_DIGITS)],
  cost_model:
    "units ≈ 64-bit limb operations: 24·L² + bits·log2(bits) for n of L limbs — the small-prime valuations, a remainder tree for the residue screen of up to bits/10 candidate exponents, and an exact root (a few full-size divisions) per surviving candidate; " +
    "each exponent peeled off costs one more round on a number at most half as large",
  budget: { max_units: 3e9, max_memory_bytes: 256 * 2 ** 20, timeout_ms: 20_000 },
  preflight({ n }) {
    const bits = bitLength(n) + 8;
    return quadraticCost(bits, 24, { units: bits * Math.log2(bits), bytesPerByte: 48, memory: 2 ** 20, basis: `n of ${bits - 8} bits` });
  },
  ports: {
    inputs: { n: { field: "n", description: "the integer n" } },
    outputs: { base: { field: "base", description: "the base b with n = b^exponent" } },
  },
  execute({ n }, ctx) {
    if (n >= -1n && n <= 1n) return { is_square: n >= 0n, is_perfect_power: true, exponent: "unbounded" as const, base: n };
    const a = n < 0n ? -n : n;
    const { base, exponent } = perfectPowerDecomposition(a, () => ctx.checkpoint());
    if (exponent === 1n) return notAPower(n);
    if (n > 0n) return { is_square: exponent % 2n === 0n, is_perfect_power: true, exponent, base };
    // n = −(b^K) = (−b^(2^j))^(K/2^j): the largest odd exponent is the odd part of K.
    let odd = exponent, twos = 0n;
    while (odd % 2n === 0n) {
      odd /= 2n;
      twos++;
    }
    if (odd === 1n) return notAPower(n);
    return { is_square: false, is_perfect_power: true, exponent: odd, base: -(base ** (1n << twos)) };
  },
  postcondition({ n }, res) {
    const b = res.base;
    if (n >= -1n && n <= 1n) return res.exponent === "unbounded" && b === n && res.is_perfect_power && res.is_square === n >= 0n ? null : "−1, 0, 1 have an unbounded exponent";
    if (res.exponent === "unbounded") return "only −1, 0, 1 have an unbounded exponent";
    const k = res.exponent;
    if ((k === 1n ? b : b ** k) !== n) return "base^exponent ≠ n";
    if (res.is_perfect_power !== k > 1n) return "is_perfect_power must mean exponent ≥ 2";
    // is_square, independently: an even exponent makes n a square; otherwise n > 0 must be a
    // non-square, shown by a prime q with (n/q) = −1 (a quadratic non-residue is never a square),
    // falling back to the integer square root when no small q shows it.
    if (res.is_square !== (n > 0n && k % 2n === 0n)) return "is_square must mean an even exponent (for n > 1)";
    if (n > 0n && !res.is_square && !hasNonResidueWitness(n) && isqrt(n) ** 2n === n) return "n is a square but the exponent is odd";
    // Maximality: the base is not itself a perfect power (for negative n: not an odd power),
    // re-derived with the independent search of integer.ts for bases of moderate size.
    const ab = b < 0n ? -b : b;
    if (bitLength(ab) <= INDEPENDENT_CHECK_BITS) {
      const pp = perfectPower(ab);
      if (pp && (n > 0n || hasOddFactor(pp.exponent))) return "the base is itself a perfect power, so the exponent is not the largest";
    }
    return null;
  },
  examples: [
    { title: "64 = 2^6", payload: { n: "64" }, expected: { is_square: true, is_perfect_power: true, exponent: "6", base: "2" } },
    { title: "a negative number takes the largest odd exponent: −64 = (−4)^3", payload: { n: "-64" }, expected: { is_square: false, is_perfect_power: true, exponent: "3", base: "-4" } },
    { title: "2^60 · 3^30 = 12^30", payload: { n: "237376313799769806328950291431424" }, expected: { is_square: true, is_perfect_power: true, exponent: "30", base: "12" } },
    { title: "not a perfect power: exponent 1", payload: { n: "72" }, expected: { is_square: false, is_perfect_power: false, exponent: "1", base: "72" } },
    { title: "1 is every power of 1", payload: { n: "1" }, expected: { is_square: true, is_perfect_power: true, exponent: "unbounded", base: "1" } },
    { title: "(10^20 + 39)^7, a 7th power of a number without small factors", payload: { n: "100000000000000000273000000000000000319410000000000000207616500000000000080970435000000000018947081790000000002463120632700000000137231006679" }, expected: { is_square: false, is_perfect_power: true, exponent: "7", base: "100000000000000000039" } },
  ],
});

const WITNESS_PRIMES = [3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37, 41, 43, 47, 53, 59, 61, 67, 71, 73, 79, 83, 89, 97, 101, 103, 107, 109, 113, 127, 131, 137, 139, 149, 151, 157, 163, 167, 173, 179, 181, 191, 193, 197, 199, 211, 223, 227, 229, 233, 239, 241, 251, 257, 263, 269, 271, 277, 281, 283, 293, 307, 311, 313];
const WITNESS_PRODUCT = WITNESS_PRIMES.reduce((p, q) => p * BigInt(q), 1n);

/** Some small prime q with n^((q−1)/2) ≡ −1 (mod q), i.e. n is a quadratic non-residue mod q (Euler's criterion). */
function hasNonResidueWitness(n: bigint): boolean {
  const r = n % WITNESS_PRODUCT;
  for (const q of WITNESS_PRIMES) {
    const a = Number(r % BigInt(q));
    let x = 1, b = a, e = (q - 1) / 2;
    while (e > 0) {
      if (e & 1) x = (x * b) % q;
      b = (b * b) % q;
      e >>= 1;
    }
    if (x === q - 1) return true;
  }
  return false;
}

/** −c is an odd power (−d)^j, j ≥ 3 odd, exactly when c = d^E with E having an odd factor. */
function hasOddFactor(e: number): boolean {
  while (e % 2 === 0) e /= 2;
  return e > 1;
}
