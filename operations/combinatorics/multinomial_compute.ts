import { binomialModPrime, log2Big, log2Binomial, mulUnits, multinomial } from "../../domain/math/combinatorics.js";
import { natural, ofKind, request, result } from "../_support/kinds.js";
import { combinatoricsOperation, described, resultBound } from "./factory.js";
import { checkPrimesFor, residue, RESULT_CHARS, sized } from "./support.js";

const MAX_PART_DIGITS = 1000;
const MAX_PARTS = 10_000;

const Request = request({
  // A list of integers; its field carries the element kind (no list kind is registered).
  counts: ofKind(
    natural(MAX_PART_DIGITS).array().atMostLength(MAX_PARTS).describe("the counts k_1, …, k_r ≥ 0 (r ≤ 10,000); the multinomial coefficient is (k_1 + … + k_r)!/(k_1!⋯k_r!)"),
    "integer",
  ),
});
const Result = result({ multinomial: described(natural(RESULT_CHARS), "integer", "(k_1 + … + k_r)!/(k_1!⋯k_r!) (1 for an empty list)") });

/** The binomial factors C(s_i, k_i) (s_i = running sum) in a fixed order: input order, zeros skipped. */
function factorsInInputOrder(counts: readonly bigint[]): [bigint, bigint][] {
  const out: [bigint, bigint][] = [];
  let s = 0n;
  for (const k of counts) {
    s += k;
    if (k > 0n) out.push([s, k]);
  }
  return out;
}

export default combinatoricsOperation<typeof Request.infer, typeof Result.infer>({
  object: "multinomial",
  title: "Multinomial coefficient",
  summary:
    "Exact multinomial coefficient (k_1 + … + k_r)!/(k_1!⋯k_r!) for up to 10,000 counts k_i ≥ 0 (each up to 1000 digits), with up to 1,000,000 result digits: " +
    "the number of ways to arrange a multiset, or the coefficient of x_1^{k_1}⋯x_r^{k_r} in (x_1 + … + x_r)^n. " +
    "Computed as a product of binomial coefficients C(k_1 + … + k_i, k_i) with the largest count first (each factor on its short side). " +
    "Postcondition: the result modulo random primes of [2^25, 2^26) drawn per call (enough that a wrong value passes with probability below 2^−32) equals the product of Lucas' theorem residues taken in input order.",
  keywords: ["multinomial", "multinomial coefficient", "multiset permutations", "arrangements", "multinomial theorem", "binomial", "combinatorics", "counting"],
  request: Request,
  result: Result,
  bounds: [
    { name: "counts", limit: MAX_PARTS, unit: "entries", description: "at most this many counts" },
    { name: "count_digits", limit: MAX_PART_DIGITS, unit: "decimal digits", description: "each count has at most this many digits" },
    resultBound(),
  ],
  cost_model:
    "With the counts sorted decreasingly, the factors C(s_i, k_i) have b_i = log2 C(s_i, k_i) bits (log-gamma) and the result b = Σ b_i bits. " +
    "units = Σ_i (k_i·3 + 3·M(b_i)) + 2·M(b) (the product tree) + decimal conversion 3·M(b); M as in combinatorics.factorial.compute.",
  progress_measure: "binomial factors done",
  preflight(req) {
    const parts = req.counts.filter((k) => k > 0n).sort((x, y) => (x < y ? 1 : x > y ? -1 : 0));
    let s = parts[0] ?? 0n;
    let bits = 1, work = 0, memory = 0;
    for (let i = 1; i < parts.length; i++) {
      const k = parts[i]!;
      s += k;
      const b = log2Binomial(s, k) + 1;
      bits += b;
      if (bits > 4e6) break;
      const K = Number(k);
      work += K * 3 + 3 * mulUnits(b);
      memory = Math.max(memory, K * (s >= 1n << 53n ? log2Big(s) / 8 + 48 : 9));
    }
    return sized(bits, work + 2 * mulUnits(bits), memory + bits / 2, `${req.counts.length} counts`);
  },
  execute(req, ctx) {
    return { multinomial: multinomial(req.counts, ctx) };
  },
  postcondition(req, res) {
    const factors = factorsInInputOrder(req.counts);
    const bits = factors.reduce((b, [s, k]) => b + log2Binomial(s, k) + 1, 1);
    for (const p of checkPrimesFor(res.multinomial, bits)) {
      let r = 1;
      for (const [s, k] of factors) {
        r = (r * binomialModPrime(s, k, p)) % p;
        if (r === 0) break;
      }
      if (residue(res.multinomial, p) !== r) return `the multinomial coefficient mod ${p} differs from the product of the Lucas residues`;
    }
    return res.multinomial > 0n ? null : "a multinomial coefficient is positive";
  },
  examples: [
    { title: "MISSISSIPPI: 11!/(1!·4!·4!·2!)", payload: { counts: ["1", "4", "4", "2"] }, expected: { multinomial: "34650" } },
    { title: "two counts give a binomial coefficient", payload: { counts: ["3", "2"] }, expected: { multinomial: "10" } },
    { title: "zeros are neutral; the empty list gives 1", payload: { counts: [] }, expected: { multinomial: "1" } },
    { title: "(10 + 10 + 10)!/(10!)^3", payload: { counts: ["10", "10", "10", "0"] }, expected: { multinomial: "5550996791340" } },
  ],
});
