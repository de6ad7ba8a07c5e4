import { type } from "arktype";
import { integers } from "../../domain/math/poly/rings.js";
import { cyclotomic } from "../../domain/math/poly/zz.js";
import { request, result } from "../_support/kinds.js";
import { dense, outputPolynomial, polyCompute, VariableName } from "./support.js";

const MAX_N = 10_000_000;
const Request = request({
  n: type(`1 <= number.integer <= ${MAX_N}`).describe(`the index n (1 ≤ n ≤ ${MAX_N})`),
  "variable?": VariableName.describe('the variable name (default "x")'),
});
const Result = result({ polynomial: outputPolynomial("Φ_n over ZZ, of degree φ(n)") });
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default polyCompute<Req, Res>({
  id: "polynomial.cyclotomic.compute",
  title: "Cyclotomic polynomial Φ_n",
  summary:
    "The n-th cyclotomic polynomial Φ_n(x) = Π over primitive n-th roots of unity ζ of (x − ζ), an irreducible integer polynomial of degree φ(n) (PARI's polcyclo). " +
    "Computed as Φ_rad(n)(x^(n/rad(n))) with Φ_r = Π_{d | r} (1 − x^d)^μ(r/d) expanded as a power series to degree φ(r): 2^ω(n) passes of φ(r) additions.",
  keywords: ["polynomial", "cyclotomic", "polcyclo", "roots of unity", "phi", "mobius", "irreducible", "x^n - 1"],
  request: Request,
  result: Result,
  bounds: [{ name: "n", limit: MAX_N, unit: "index", description: "n is at most this" }],
  cost_model: "2^ω(n) passes of φ(rad n) bigint additions (about 60 units each), plus formatting φ(n)+1 terms (about 80 units each)",
  budget: { max_units: 5e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 60_000 },
  preflight(req) {
    // ω(n) ≤ 8 for n ≤ 10^7; φ(n) ≤ n
    let omega = 0, m = req.n;
    for (let p = 2; p * p <= m; p++) if (m % p === 0) {
      omega++;
      while (m % p === 0) m /= p;
    }
    if (m > 1) omega++;
    return { units: (2 ** omega) * req.n * 60 + req.n * 80, memory_bytes: req.n * 200, basis: `n = ${req.n} with ${omega} distinct prime factors` };
  },
  ports: { outputs: { polynomial: { field: "polynomial", description: "Φ_n" } } },
  execute(req, ctx) {
    return { polynomial: dense(integers.ring, req.variable ?? "x", cyclotomic(req.n, { checkpoint: () => ctx.checkpoint() })) } as never;
  },
  postcondition: () => null,
  examples: [
    { title: "Φ_12", payload: { n: 12 }, expected: {"polynomial": {"ring": "ZZ", "variables": ["x"], "expression": "x^4 - x^2 + 1", "terms": [{"coefficient": "1", "exponents": [4]}, {"coefficient": "-1", "exponents": [2]}, {"coefficient": "1", "exponents": [0]}]}} },
    { title: "Φ_105 has a coefficient −2", payload: { n: 105, variable: "t" }, expected: {"polynomial": {"ring": "ZZ", "variables": ["t"], "expression": "t^48 + t^47 + t^46 - t^43 - t^42 - 2*t^41 - t^40 - t^39 + t^36 + t^35 + t^34 + t^33 + t^32 + t^31 - t^28 - t^26 - t^24 - t^22 - t^20 + t^17 + t^16 + t^15 + t^14 + t^13 + t^12 - t^9 - t^8 - 2*t^7 - t^6 - t^5 + t^2 + t + 1", "terms": [{"coefficient": "1", "exponents": [48]}, {"coefficient": "1", "exponents": [47]}, {"coefficient": "1", "exponents": [46]}, {"coefficient": "-1", "exponents": [43]}, {"coefficient": "-1", "exponents": [42]}, {"coefficient": "-2", "exponents": [41]}, {"coefficient": "-1", "exponents": [40]}, {"coefficient": "-1", "exponents": [39]}, {"coefficient": "1", "exponents": [36]}, {"coefficient": "1", "exponents": [35]}, {"coefficient": "1", "exponents": [34]}, {"coefficient": "1", "exponents": [33]}, {"coefficient": "1", "exponents": [32]}, {"coefficient": "1", "exponents": [31]}, {"coefficient": "-1", "exponents": [28]}, {"coefficient": "-1", "exponents": [26]}, {"coefficient": "-1", "exponents": [24]}, {"coefficient": "-1", "exponents": [22]}, {"coefficient": "-1", "exponents": [20]}, {"coefficient": "1", "exponents": [17]}, {"coefficient": "1", "exponents": [16]}, {"coefficient": "1", "exponents": [15]}, {"coefficient": "1", "exponents": [14]}, {"coefficient": "1", "exponents": [13]}, {"coefficient": "1", "exponents": [12]}, {"coefficient": "-1", "exponents": [9]}, {"coefficient": "-1", "exponents": [8]}, {"coefficient": "-2", "exponents": [7]}, {"coefficient": "-1", "exponents": [6]}, {"coefficient": "-1", "exponents": [5]}, {"coefficient": "1", "exponents": [2]}, {"coefficient": "1", "exponents": [1]}, {"coefficient": "1", "exponents": [0]}]}} },
  ],
});
