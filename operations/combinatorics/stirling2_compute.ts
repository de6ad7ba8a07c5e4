import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { linUnits, log2Stirling2, stirling2, stirling2ModPrime, stirling2Plan } from "../../domain/math/combinatorics.js";
import { naturalString, strict } from "../_support/wire.js";
import { BUDGET, decimalResidue, PARAM_DIGITS, RESULT_BOUND_DESCRIPTION, RESULT_CHARS, sized, small } from "./support.js";

/** Primes of the postcondition (the residue formula costs O(p²) per prime). */
const STIRLING_CHECK_PRIMES = [499, 503];

const Request = strict(
  type({
    n: naturalString(PARAM_DIGITS).describe("n ≥ 0 (number of elements)"),
    k: naturalString(PARAM_DIGITS).describe("k ≥ 0 (number of blocks)"),
  }),
);
const Result = strict(type({ stirling2: naturalString(RESULT_CHARS).describe("S(n, k): partitions of an n-element set into k non-empty blocks") }));
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default defineCompute<Req, Res>({
  id: "combinatorics.stirling2.compute",
  version: "1.0.0",
  title: "Stirling numbers of the second kind S(n, k)",
  summary:
    "Exact Stirling number of the second kind S(n, k) for n, k ≥ 0: the number of partitions of an n-element set into k non-empty blocks (S(0, 0) = 1, S(n, 0) = 0 for n > 0, " +
    "S(n, k) = 0 for k > n; PARI/GP stirling(n, k, 2)). Either the explicit sum S(n, k) = (1/k!) Σ_j (−1)^{k−j} C(k, j) j^n (powers built multiplicatively) or, when k is close to n, " +
    "the band of the recurrence S(i, j) = j·S(i − 1, j) + S(i − 1, j − 1) along the diagonals i − j ≤ n − k, whichever is estimated cheaper. " +
    "Postcondition: S(n, k) modulo two primes from the column generating function x^k/Π_{j≤k}(1 − jx) and Π_{j=1}^{p}(1 − jx) ≡ 1 − x^{p−1} (mod p).",
  keywords: ["stirling", "stirling number", "second kind", "stirling2", "stirling s2", "set partitions", "blocks", "surjections", "combinatorics", "counting"],
  input_kinds: ["integer"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic" }],
  bounds: [
    { name: "n_digits", limit: PARAM_DIGITS, unit: "decimal digits", description: "n and k have at most this many digits (the cost model bounds n)" },
    { name: "result_digits", limit: 1_000_000, unit: "decimal digits", description: RESULT_BOUND_DESCRIPTION },
  ],
  cost_model:
    "b = log2 S(n, k) (saddle-point bound n!/k!·(e^ρ − 1)^k/ρ^n). Explicit sum: k·(M(n·log2 k) + 2 linear) + 6·M(n·log2 k); band: (k·(n − k + 1) + (n − k)²/2)·2·linear(b); " +
    "the smaller is used. units = that + decimal conversion 3·M(b); M as in combinatorics.factorial.compute. Memory: the powers j^n for j ≤ k/2, or the n − k + 1 band entries.",
  budget: BUDGET,
  progress_measure: "terms of the explicit sum (out of k) or rows of the band (out of n)",
  preflight(req) {
    const n = small(req.n), k = small(req.k);
    const basis = `n = ${req.n}, k = ${req.k}`;
    if (k >= n || k <= 1) return sized(1, 10, 64, basis);
    const bits = log2Stirling2(n, k) + 2;
    if (bits > 1e7) return sized(bits, 0, 0, basis);
    if (k === 2) return sized(bits, 3 * linUnits(n), n / 4, basis);
    const plan = stirling2Plan(n, k);
    const memory = plan.method === "explicit" ? ((k / 2) * n * Math.log2(k)) / 8 + 64 * k : (n - k + 1) * (bits / 8 + 48);
    return sized(bits, plan.units, memory, `${basis} (${plan.method === "explicit" ? "explicit sum" : "recurrence band"})`);
  },
  ports: { inputs: {}, outputs: {} },
  execute(req, ctx) {
    return { stirling2: stirling2(small(req.n), small(req.k), ctx).toString() };
  },
  postcondition(req, res) {
    const n = small(req.n), k = small(req.k);
    for (const p of STIRLING_CHECK_PRIMES) if (decimalResidue(res.stirling2, p) !== stirling2ModPrime(n, k, p)) return `S(n, k) mod ${p} differs from the residue formula`;
    const zero = k > n || (k === 0 && n > 0);
    return zero === (res.stirling2 === "0") ? null : zero ? "S(n, k) must be 0 here" : "S(n, k) is positive here";
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
