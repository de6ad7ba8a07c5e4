import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { factorial, legendre, log2Factorial, mulUnits } from "../../domain/math/combinatorics.js";
import { naturalString, strict } from "../_support/wire.js";
import { BUDGET, CHECK_PRIMES, decimalResidue, PARAM_DIGITS, RESULT_BOUND_DESCRIPTION, RESULT_CHARS, sized, small, trailingZeros } from "./support.js";

const Request = strict(type({ n: naturalString(PARAM_DIGITS).describe("n ≥ 0 as a decimal string") }));
const Result = strict(type({ factorial: naturalString(RESULT_CHARS).describe("n! = 1·2⋯n (0! = 1)") }));
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default defineCompute<Req, Res>({
  id: "combinatorics.factorial.compute",
  version: "1.0.0",
  title: "Factorial n!",
  summary:
    "Exact n! for n ≥ 0 (0! = 1) with up to 1,000,000 digits (n ≤ 205,022). Computed from the prime factorization n! = Π p^{v_p(n!)} (Legendre's formula), " +
    "grouped by the bits of the exponents so that the large multiplications are squarings. Postcondition: the trailing decimal zeros equal v_5(n!) and n! is recomputed modulo two primes.",
  keywords: ["factorial", "n!", "gamma", "permutations", "number of permutations", "product", "legendre", "combinatorics", "counting"],
  input_kinds: ["integer"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic" }],
  bounds: [
    { name: "n_digits", limit: PARAM_DIGITS, unit: "decimal digits", description: "n is given with at most this many digits" },
    { name: "result_digits", limit: 1_000_000, unit: "decimal digits", description: RESULT_BOUND_DESCRIPTION },
  ],
  cost_model:
    "result bits b = log2 n! (log-gamma); units = 3·M(b) (the squaring chain of the prime-power product and the cofactor products) + n/4 (sieve, Legendre sums, the postcondition's residue loops) " +
    "+ decimal conversion 3·M(b), where M(b) = min(L^1.465, 6·L·log2 L) + 30 for L = b/64 limbs. Memory ≈ 10 bytes per result bit + a sieve byte per odd number ≤ n.",
  budget: BUDGET,
  progress_measure: "exponent bits of the prime-power product done",
  preflight(req) {
    const n = small(req.n);
    const bits = log2Factorial(n) + 1;
    return sized(bits, 3 * mulUnits(bits) + n / 4, n / 2 + bits * 2, `n = ${req.n}`);
  },
  ports: { inputs: {}, outputs: {} },
  execute(req, ctx) {
    return { factorial: factorial(small(req.n), ctx).toString() };
  },
  postcondition(req, res) {
    const n = small(req.n);
    const v5 = legendre(n, 5);
    if (trailingZeros(res.factorial) !== v5) return `n! must end in exactly v_5(n!) = ${v5} zeros`;
    for (const p of CHECK_PRIMES) {
      let r = 1;
      for (let i = 2; i <= n && r !== 0; i++) r = (r * (i % p)) % p;
      if (decimalResidue(res.factorial, p) !== r) return `n! mod ${p} differs from the product 1·2⋯n mod ${p}`;
    }
    return null;
  },
  examples: [
    { title: "0! = 1", payload: { n: "0" }, expected: { factorial: "1" } },
    { title: "10!", payload: { n: "10" }, expected: { factorial: "3628800" } },
    { title: "25! (beyond 2^53)", payload: { n: "25" }, expected: { factorial: "15511210043330985984000000" } },
    {
      title: "100! has 158 digits and 24 trailing zeros",
      payload: { n: "100" },
      expected: {
        factorial:
          "93326215443944152681699238856266700490715968264381621468592963895217599993229915608941463976156518286253697920827223758251185210916864000000000000000000000000",
      },
    },
  ],
});
