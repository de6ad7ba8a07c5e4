import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { binomialModPrime, catalan, log2Binomial, mulUnits } from "../../domain/math/combinatorics.js";
import { naturalString, strict } from "../_support/wire.js";
import { BUDGET, CHECK_PRIMES, decimalResidue, PARAM_DIGITS, RESULT_BOUND_DESCRIPTION, RESULT_CHARS, sized, small } from "./support.js";

const Request = strict(type({ n: naturalString(PARAM_DIGITS).describe("n ≥ 0 as a decimal string") }));
const Result = strict(type({ catalan: naturalString(RESULT_CHARS).describe("the Catalan number C_n = C(2n, n)/(n + 1)") }));
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default defineCompute<Req, Res>({
  id: "combinatorics.catalan.compute",
  version: "1.0.0",
  title: "Catalan number C_n",
  summary:
    "Exact Catalan number C_n = C(2n, n)/(n + 1) = (2n)!/(n!(n + 1)!) for n ≥ 0 (C_0 = 1), up to 1,000,000 digits (n ≤ about 1.66 million): the number of Dyck paths, " +
    "binary trees with n internal nodes, triangulations of an (n + 2)-gon, balanced bracket strings. Computed as Π p^e over the primes p ≤ 2n with " +
    "e = v_p((2n)!) − v_p(n!) − v_p((n + 1)!) (Legendre). Postcondition: (n + 1)·C_n ≡ C(2n, n) modulo two primes (Lucas' theorem).",
  keywords: ["catalan", "catalan number", "dyck path", "dyck words", "binary trees", "triangulations", "balanced parentheses", "ballot", "combinatorics", "counting"],
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
  cost_model: "b = log2 C(2n, n) − log2(n + 1) (log-gamma); units = 3·M(b) + n/2 (sieve to 2n, Legendre sums) + decimal conversion 3·M(b); M as in combinatorics.factorial.compute.",
  budget: BUDGET,
  progress_measure: "exponent bits of the prime-power product done",
  preflight(req) {
    const n = small(req.n);
    const bits = log2Binomial(BigInt(2 * n), BigInt(n)) - Math.log2(n + 1) + 2;
    return sized(bits, 3 * mulUnits(bits) + n / 2, n + bits * 2, `n = ${req.n}`);
  },
  ports: { inputs: {}, outputs: {} },
  execute(req, ctx) {
    return { catalan: catalan(small(req.n), ctx).toString() };
  },
  postcondition(req, res) {
    const n = small(req.n);
    for (const p of CHECK_PRIMES) {
      const lhs = (decimalResidue(res.catalan, p) * ((n + 1) % p)) % p;
      if (lhs !== binomialModPrime(BigInt(2 * n), BigInt(n), p)) return `(n + 1)·C_n mod ${p} differs from C(2n, n) mod ${p}`;
    }
    return res.catalan === "0" ? "Catalan numbers are positive" : null;
  },
  examples: [
    { title: "C_0 = 1", payload: { n: "0" }, expected: { catalan: "1" } },
    { title: "C_5 = 42", payload: { n: "5" }, expected: { catalan: "42" } },
    { title: "C_30", payload: { n: "30" }, expected: { catalan: "3814986502092304" } },
    { title: "C_100", payload: { n: "100" }, expected: { catalan: "896519947090131496687170070074100632420837521538745909320" } },
  ],
});
