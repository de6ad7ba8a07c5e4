/**
 * Fibonacci and Lucas numbers share one declaration shape (an integer n); each has its own
 * declaration file built from here. (Not a declaration itself.)
 */
import { type } from "arktype";
import { defineCompute, type ComputeDeclaration } from "../../domain/declaration.js";
import { fibonacci, fibonacciModPrime, LOG2_PHI, lucas, mulUnits } from "../../domain/math/combinatorics.js";
import { integerString, strict } from "../_support/wire.js";
import { BUDGET, CHECK_PRIMES, decimalResidue, PARAM_DIGITS, RESULT_BOUND_DESCRIPTION, RESULT_CHARS, sized, small } from "./support.js";

type Kind = "fibonacci" | "lucas";

export function fibonacciDeclaration(kind: Kind): ComputeDeclaration<{ n: string }, Record<string, string>> {
  const Request = strict(type({ n: integerString(PARAM_DIGITS).describe("the index n, any integer (negative indices extend the recurrence backwards)") }));
  const Result = strict(
    type({
      [kind]: integerString(RESULT_CHARS).describe(
        kind === "fibonacci" ? "F_n (F_0 = 0, F_1 = 1, F_{n+1} = F_n + F_{n−1}; F_{−n} = (−1)^{n+1} F_n)" : "L_n (L_0 = 2, L_1 = 1, L_{n+1} = L_n + L_{n−1}; L_{−n} = (−1)^n L_n)",
      ),
    }),
  );
  const compute = kind === "fibonacci" ? fibonacci : lucas;
  const name = kind === "fibonacci" ? "Fibonacci number F_n" : "Lucas number L_n";
  const examples =
    kind === "fibonacci"
      ? [
          { title: "F_10 = 55", payload: { n: "10" }, expected: { fibonacci: "55" } },
          { title: "F_0 = 0", payload: { n: "0" }, expected: { fibonacci: "0" } },
          { title: "negative index: F_{−8} = −21", payload: { n: "-8" }, expected: { fibonacci: "-21" } },
          { title: "F_100", payload: { n: "100" }, expected: { fibonacci: "354224848179261915075" } },
        ]
      : [
          { title: "L_10 = 123", payload: { n: "10" }, expected: { lucas: "123" } },
          { title: "L_0 = 2", payload: { n: "0" }, expected: { lucas: "2" } },
          { title: "negative index: L_{−5} = −11", payload: { n: "-5" }, expected: { lucas: "-11" } },
          { title: "L_100", payload: { n: "100" }, expected: { lucas: "792070839848372253127" } },
        ];
  return defineCompute<{ n: string }, Record<string, string>>({
    id: `combinatorics.${kind}.compute`,
    version: "1.0.0",
    title: name,
    summary:
      `Exact ${name} for any integer n with |n| up to about 4.78 million (1,000,000 digits). ` +
      (kind === "fibonacci" ? "F_0 = 0, F_1 = 1; F_{−n} = (−1)^{n+1} F_n. " : "L_0 = 2, L_1 = 1, L_n = F_{n−1} + F_{n+1}; L_{−n} = (−1)^n L_n. ") +
      "Fast doubling on the pair (F_k, L_k): F_2k = F_k·L_k, L_2k = L_k² − 2(−1)^k, about one multiplication and one squaring per bit of n. " +
      "Postcondition: recomputed modulo two primes by the 2×2 matrix power [[1, 1], [1, 0]]^n.",
    keywords:
      kind === "fibonacci"
        ? ["fibonacci", "fibonacci number", "fib", "golden ratio", "fast doubling", "linear recurrence", "combinatorics", "sequence"]
        : ["lucas", "lucas number", "lucas sequence", "fibonacci", "golden ratio", "fast doubling", "linear recurrence", "combinatorics", "sequence"],
    input_kinds: ["integer"],
    accepted_artifact_types: [],
    produced_artifact_types: [],
    request: Request as never,
    result: Result as never,
    effect: "read_only",
    providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic" }],
    bounds: [
      { name: "n_digits", limit: PARAM_DIGITS, unit: "decimal digits", description: "n is given with at most this many digits" },
      { name: "result_digits", limit: 1_000_000, unit: "decimal digits", description: RESULT_BOUND_DESCRIPTION },
    ],
    cost_model: "b = |n|·log2 φ bits; the doubling steps cost 2·M(b/2^i) at the i-th last bit: units ≈ 4·M(b) + decimal conversion 3·M(b); M as in combinatorics.factorial.compute.",
    budget: BUDGET,
    progress_measure: "bits of |n| processed",
    preflight(req) {
      const n = Math.abs(small(req.n));
      const bits = n * LOG2_PHI + 2;
      return sized(bits, 4 * mulUnits(bits), 8 * bits, `|n| = ${n}`);
    },
    ports: { inputs: {}, outputs: {} },
    execute(req, ctx) {
      return { [kind]: compute(BigInt(req.n), ctx).toString() };
    },
    postcondition(req, res) {
      const n = small(req.n);
      const m = Math.abs(n);
      const value = res[kind]!;
      // sign of the negative-index extension
      const flip = n < 0 && (kind === "fibonacci" ? m % 2 === 0 : m % 2 === 1);
      for (const p of CHECK_PRIMES) {
        let expected = fibonacciModPrime(m, p, kind === "lucas");
        if (flip && expected !== 0) expected = p - expected;
        if (decimalResidue(value, p) !== expected) return `${kind === "fibonacci" ? "F_n" : "L_n"} mod ${p} differs from the matrix power`;
      }
      if (value.startsWith("-") !== (flip && value !== "0")) return "wrong sign";
      return null;
    },
    examples,
  });
}
