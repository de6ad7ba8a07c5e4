import { dTaylorShift } from "../../domain/math/poly/dense.js";
import { parseCoefficient } from "../../domain/math/poly/parse.js";
import { request, result, ringElement } from "../_support/kinds.js";
import { clearedBits, dense, inputPolynomial, kroneckerUnits, memoryOf, outputPolynomial, polyCompute, polynomialBounds, polySize, univariateOne } from "./support.js";

const MAX_SHIFT_CHARS = 10_000;
const Request = request({
  polynomial: inputPolynomial("the polynomial f in one variable"),
  shift: ringElement(MAX_SHIFT_CHARS, 'the shift c, an element of the ring ("3", "-1/2"; GF(p^k): an expression in a)'),
});
const Result = result({ shifted: outputPolynomial("f(x + c) in canonical form") });
type Req = typeof Request.infer;

export default polyCompute<Req, typeof Result.infer>({
  id: "polynomial.shift.compute",
  title: "Taylor shift f(x + c) of a univariate polynomial",
  summary:
    "The Taylor shift f(x + c) of a polynomial in one variable over ZZ, QQ, GF(p) or GF(p^k) by a ring element c. " +
    "Divide and conquer: f = lo + x^h·hi gives lo(x+c) + (x+c)^h·hi(x+c), with Kronecker-substitution products (O(M(n) log n)); a quadratic scheme below 32 coefficients.",
  keywords: ["polynomial", "taylor shift", "shift", "translate", "f(x+c)", "change of variable", "substitute x+c"],
  request: Request,
  result: Result,
  bounds: [...polynomialBounds("the polynomial"), { name: "shift_chars", limit: MAX_SHIFT_CHARS, unit: "characters", description: "the shift string has at most this many characters" }],
  cost_model: "log2(n) levels of Kronecker-substitution products of total size n coefficients of (bits(f) + n·bits(c)) bits: units ≈ 2·log2(n)·12·L^1.58 for L = n·bits/64 limbs",
  budget: { max_units: 5e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 60_000 },
  preflight(req) {
    const s = polySize(req.polynomial);
    const n = Math.max(1, s.degree + 1);
    const cb = req.shift.length * 3.33 + 2;
    const exact = req.polynomial.ring.kind === "ZZ" || req.polynomial.ring.kind === "QQ";
    const bits = exact ? clearedBits(req.polynomial) + n * cb + n : s.bits;
    return { units: 2 * Math.log2(n + 1) * kroneckerUnits(n, bits) + 32 * n * (bits / 16 + 60), memory_bytes: 6 * memoryOf(n, bits, 1), basis: `degree ${s.degree}, result coefficients up to about ${Math.round(bits)} bits` };
  },
  ports: { inputs: { polynomial: { field: "polynomial", description: "f" } }, outputs: { shifted: { field: "shifted", description: "f(x + c)" } } },
  execute(req, ctx) {
    const { R, variable, A } = univariateOne(req.polynomial, "payload.polynomial");
    const c = parseCoefficient(R, req.shift, "payload.shift", { maxCoeffDigits: MAX_SHIFT_CHARS });
    return { shifted: dense(req.polynomial.ring, variable, dTaylorShift(R, A, c, () => ctx.checkpoint())) };
  },
  postcondition: () => null,
  examples: [
    {
      title: "x^3 shifted by 1",
      payload: { polynomial: { ring: "ZZ", variables: ["x"], expression: "x^3" }, shift: "1" },
      expected: { shifted: { ring: "ZZ", variables: ["x"], expression: "x^3 + 3*x^2 + 3*x + 1", terms: [{ coefficient: "1", exponents: [3] }, { coefficient: "3", exponents: [2] }, { coefficient: "3", exponents: [1] }, { coefficient: "1", exponents: [0] }] } },
    },
    {
      title: "over QQ",
      payload: { polynomial: { ring: "QQ", variables: ["t"], expression: "t^2 - 2*t" }, shift: "-1/2" },
      expected: { shifted: { ring: "QQ", variables: ["t"], expression: "t^2 - 3*t + 5/4", terms: [{ coefficient: "1", exponents: [2] }, { coefficient: "-3", exponents: [1] }, { coefficient: "5/4", exponents: [0] }] } },
    },
  ],
});
