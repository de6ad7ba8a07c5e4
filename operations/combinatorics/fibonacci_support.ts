/**
 * Fibonacci and Lucas numbers share one declaration shape (an integer n, fast doubling, a
 * matrix-power check); each declaration file states its number's definition, negative-index rule
 * and examples. (Not a declaration itself.)
 */
import type { ComputeDeclaration, ExecutionContext, Example } from "../../domain/declaration.js";
import { fibonacciModPrime, LOG2_PHI, mulUnits } from "../../domain/math/combinatorics.js";
import { integer } from "../_support/kinds.js";
import { described, indexedNumber } from "./factory.js";
import { checkPrimesFor, PARAM_DIGITS, residues, RESULT_CHARS, sized } from "./support.js";

export interface FibonacciLikeSpec {
  /** The result field and id object (`fibonacci`, `lucas`). */
  name: "fibonacci" | "lucas";
  /** The symbol of the n-th number (`F_n`). */
  symbol: string;
  title: string;
  /** The initial values, recurrence and negative-index rule, stated for the result field and the summary. */
  definition: string;
  keywords: string[];
  compute(n: bigint, ctx: ExecutionContext): bigint;
  /** Whether the value at −m is the negated value at m (m > 0). */
  negatedAt(m: number): boolean;
  examples: Example[];
}

export function fibonacciLike(spec: FibonacciLikeSpec): ComputeDeclaration<{ n: bigint }, Record<string, bigint>> {
  return indexedNumber<bigint>({
    object: spec.name,
    field: spec.name,
    index: described(integer(PARAM_DIGITS), "integer", "the index n, any integer (negative indices extend the recurrence backwards)"),
    value: described(integer(RESULT_CHARS), "integer", `${spec.symbol} (${spec.definition})`),
    title: spec.title,
    summary:
      `Exact ${spec.title} for any integer n with |n| up to about 4.78 million (1,000,000 digits). ${spec.definition}. ` +
      "Fast doubling on the pair (F_k, L_k): F_2k = F_k·L_k, L_2k = L_k² − 2(−1)^k, about one multiplication and one squaring per bit of n. " +
      "Postcondition: recomputed modulo random primes of [2^25, 2^26) drawn per call (enough that a wrong value passes with probability below 2^−32) by the 2×2 matrix power [[1, 1], [1, 0]]^n.",
    keywords: spec.keywords,
    cost_model: "b = |n|·log2 φ bits; the doubling steps cost 2·M(b/2^i) at the i-th last bit: units ≈ 4·M(b) + decimal conversion 3·M(b); M as in combinatorics.factorial.compute.",
    progress_measure: "bits of |n| processed",
    estimate(n) {
      const m = Math.abs(n);
      const bits = m * LOG2_PHI + 2;
      return sized(bits, 4 * mulUnits(bits), 8 * bits, `|n| = ${m}`);
    },
    compute: (n, ctx) => spec.compute(BigInt(n), ctx),
    check(n, value) {
      const m = Math.abs(n);
      const flip = n < 0 && spec.negatedAt(m);
      const primes = checkPrimesFor(value, m * LOG2_PHI + 2);
      const actual = residues(value, primes);
      for (let i = 0; i < primes.length; i++) {
        const p = primes[i]!;
        let expected = fibonacciModPrime(m, p, spec.name === "lucas");
        if (flip && expected !== 0) expected = p - expected;
        if (actual[i] !== expected) return `${spec.symbol} mod ${p} differs from the matrix power`;
      }
      if (value < 0n !== (flip && value !== 0n)) return "wrong sign";
      return null;
    },
    examples: spec.examples,
  });
}
