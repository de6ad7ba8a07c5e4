import { type } from "arktype";
import { domainError } from "../../domain/errors.js";
import { signedFloorRoot } from "../../domain/math/arithmetic.js";
import { bitLength } from "../../domain/math/integer.js";
import { request, result } from "../_support/kinds.js";
import { arithmetic, digitsBound, integerField, quadraticCost, upToPowerOfTenField } from "./arithmetic_support.js";

const MAX_DIGITS = 100_000;
const MAX_K = 10 ** 9;

const Request = request({
  n: integerField(MAX_DIGITS, "n: an integer as a decimal string (at most 100,000 digits); negative only with an odd k"),
  k: upToPowerOfTenField(9, "k ≥ 1: the root index, as a decimal string (at most 1,000,000,000; for k above the bit length of n the root is 0, 1, −1 or −2)"),
});
const Result = result({
  root: integerField(MAX_DIGITS, "r = ⌊n^(1/k)⌋: the largest integer r with r^k ≤ n"),
  exact: type("boolean").describe("true when r^k = n (n is a perfect k-th power)"),
});

export default arithmetic<typeof Request.infer, typeof Result.infer>({
  id: "integer.root.compute",
  title: "Integer k-th root ⌊n^(1/k)⌋ with exactness flag",
  summary:
    "r = ⌊n^(1/k)⌋, the largest integer with r^k ≤ n, and whether r^k = n, for n of up to 100,000 digits and 1 ≤ k ≤ 10^9. " +
    "Negative n is allowed for odd k and the floor is taken on the real line: ⌊(−9)^(1/3)⌋ = −3 (the real root is −2.08…); an even root of a negative number is a DOMAIN_ERROR. " +
    "Newton's iteration with precision doubling (the root of the top half of n seeds each level; a double-precision estimate below 100 bits), quadratic from the first step for every k.",
  keywords: ["nth root", "kth root", "integer root", "cube root", "floor root", "sqrtnint", "iroot", "perfect power", "exact root", "radical", "integer"],
  request: Request,
  result: Result,
  bounds: [
    digitsBound(MAX_DIGITS),
    { name: "k", limit: MAX_K, unit: "root index", description: "the root index k" },
  ],
  cost_model: "units ≈ 64-bit limb operations: 12·L²·(1 + log2(min(k, bits))/8) for n of L limbs — Newton's iteration with precision doubling costs a few full-size steps, each raising a (bits/k)-bit number to the power k − 1 (about log2(k) multiplications) and dividing n by it",
  budget: { max_units: 3e9, max_memory_bytes: 128 * 2 ** 20, timeout_ms: 20_000 },
  preflight({ n, k }) {
    const bits = bitLength(n);
    return quadraticCost(bits + 8, 12 * (1 + Math.log2(Math.min(Number(k), bits + 8)) / 8), { units: bits / 3.3, bytesPerByte: 16, basis: `n of ${bits} bits, k = ${k}` });
  },
  ports: {
    inputs: { n: { field: "n", description: "the integer n" } },
    outputs: { root: { field: "root", description: "⌊n^(1/k)⌋" } },
  },
  execute({ n, k }) {
    if (n < 0n && k % 2n === 0n) throw domainError("an even root of a negative integer is not real", "payload.n", "use an odd k, or n ≥ 0");
    return signedFloorRoot(n, Number(k));
  },
  postcondition({ n, k: K }, { root: r, exact }) {
    const nBits = BigInt(bitLength(n));
    // sign of x^k − n, without forming x^k when it is certainly far larger than |n|
    const cmpPow = (x: bigint): number => {
      const ax = x < 0n ? -x : x;
      let p: bigint;
      if (ax <= 1n) p = x === -1n && K % 2n === 1n ? -1n : ax;
      else if (K * BigInt(bitLength(ax) - 1) > nBits + 1n) return x > 0n || K % 2n === 0n ? 1 : -1;
      else p = x ** K;
      return p < n ? -1 : p > n ? 1 : 0;
    };
    const lo = cmpPow(r), hi = cmpPow(r + 1n);
    if (!(lo <= 0 && hi > 0)) return "not r^k ≤ n < (r + 1)^k";
    return exact === (lo === 0) ? null : "exact must mean r^k = n";
  },
  examples: [
    { title: "⌊∛30⌋ = 3", payload: { n: "30", k: "3" }, expected: { root: "3", exact: false } },
    { title: "an exact 5th power: 3^100 = (3^20)^5", payload: { n: "515377520732011331036461129765621272702107522001", k: "5" }, expected: { root: "3486784401", exact: true } },
    { title: "negative n, odd k: the floor on the real line, ⌊(−9)^(1/3)⌋ = −3", payload: { n: "-9", k: "3" }, expected: { root: "-3", exact: false } },
    { title: "an exact negative cube: ∛(−27) = −3", payload: { n: "-27", k: "3" }, expected: { root: "-3", exact: true } },
    { title: "⌊(10^30)^(1/7)⌋ = 19306", payload: { n: "1000000000000000000000000000000", k: "7" }, expected: { root: "19306", exact: false } },
    { title: "k = 1 returns n", payload: { n: "-5", k: "1" }, expected: { root: "-5", exact: true } },
  ],
});
