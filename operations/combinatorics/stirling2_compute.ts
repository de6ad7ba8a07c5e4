import { linUnits, log2Stirling2, stirling2, stirling2ModPrime, stirling2Plan } from "../../domain/math/combinatorics.js";
import { natural, result } from "../_support/kinds.js";
import { described, stirlingNumber } from "./factory.js";
import { residue, RESULT_CHARS, sized, STIRLING_CHECK_PRIMES, stirlingVanishes } from "./support.js";

const Result = result({ stirling2: described(natural(RESULT_CHARS), "integer", "S(n, k): partitions of an n-element set into k non-empty blocks") });

export default stirlingNumber<typeof Result.infer>({
  object: "stirling2",
  kCounts: "blocks",
  title: "Stirling numbers of the second kind S(n, k)",
  summary:
    "Exact Stirling number of the second kind S(n, k) for n, k ≥ 0: the number of partitions of an n-element set into k non-empty blocks (S(0, 0) = 1, S(n, 0) = 0 for n > 0, " +
    "S(n, k) = 0 for k > n; PARI/GP stirling(n, k, 2)). Either the explicit sum S(n, k) = (1/k!) Σ_j (−1)^{k−j} C(k, j) j^n (powers built multiplicatively) or, when k is close to n, " +
    "the band of the recurrence S(i, j) = j·S(i − 1, j) + S(i − 1, j − 1) along the diagonals i − j ≤ n − k, whichever is estimated cheaper. " +
    "Postcondition: S(n, k) modulo two primes from the column generating function x^k/Π_{j≤k}(1 − jx) and Π_{j=1}^{p}(1 − jx) ≡ 1 − x^{p−1} (mod p).",
  keywords: ["stirling", "stirling number", "second kind", "stirling2", "stirling s2", "set partitions", "blocks", "surjections", "combinatorics", "counting"],
  result: Result,
  cost_model:
    "b = log2 S(n, k) (saddle-point bound n!/k!·(e^ρ − 1)^k/ρ^n). Explicit sum: k·(M(n·log2 k) + 2 linear) + 6·M(n·log2 k); band: (k·(n − k + 1) + (n − k)²/2)·2·linear(b); " +
    "the smaller is used. units = that + decimal conversion 3·M(b); M as in combinatorics.factorial.compute. Memory: the powers j^n for j ≤ k/2, or the n − k + 1 band entries.",
  progress_measure: "terms of the explicit sum (out of k) or rows of the band (out of n)",
  estimate(n, k, basis) {
    if (k >= n || k <= 1) return sized(1, 10, 64, basis);
    const bits = log2Stirling2(n, k) + 2;
    if (bits > 1e7) return sized(bits, 0, 0, basis);
    if (k === 2) return sized(bits, 3 * linUnits(n), n / 4, basis);
    const plan = stirling2Plan(n, k);
    const memory = plan.method === "explicit" ? ((k / 2) * n * Math.log2(k)) / 8 + 64 * k : (n - k + 1) * (bits / 8 + 48);
    return sized(bits, plan.units, memory, `${basis} (${plan.method === "explicit" ? "explicit sum" : "recurrence band"})`);
  },
  compute: (n, k, ctx) => ({ stirling2: stirling2(n, k, ctx) }),
  check(n, k, res) {
    for (const p of STIRLING_CHECK_PRIMES) if (residue(res.stirling2, p) !== stirling2ModPrime(n, k, p)) return `S(n, k) mod ${p} differs from the residue formula`;
    const zero = stirlingVanishes(n, k);
    if (zero) return res.stirling2 === 0n ? null : "S(n, k) must be 0 here";
    return res.stirling2 > 0n ? null : "S(n, k) is positive here";
  },
  examples: [
    { title: "S(10, 3) = 9330", payload: { n: "10", k: "3" }, expected: { stirling2: "9330" } },
    { title: "S(0, 0) = 1", payload: { n: "0", k: "0" }, expected: { stirling2: "1" } },
    { title: "S(n, k) = 0 for k > n", payload: { n: "3", k: "7" }, expected: { stirling2: "0" } },
    { title: "S(30, 15)", payload: { n: "30", k: "15" }, expected: { stirling2: "12879868072770626040000" } },
    {
      title: "S(100, 50)",
      payload: { n: "100", k: "50" },
      expected: { stirling2: "430983237009366340421514301547258695943520289614340613912441741131280319058853783145598261659992013900" },
    },
  ],
});
