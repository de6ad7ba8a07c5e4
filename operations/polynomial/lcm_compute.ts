import { lcmIn } from "../../domain/math/poly/univariate.js";
import { request, result } from "../_support/kinds.js";
import { clearedBits, dense, inputPolynomial, ioCost, memoryOf, outputPolynomial, polyCompute, polynomialBounds, polySize, productUnits, univariatePair, POLY_FORM } from "./support.js";
import { fieldEuclidUnits, modularGcdUnits, multivariateGcdUnits, multivariateLcm, multivariatePair, severalVariables } from "./zz_support.js";
import { makePolynomial } from "../../domain/math/poly/sparse.js";

const Request = request({ left: inputPolynomial("the left operand " + POLY_FORM + ": in one variable, or several over ZZ, QQ, GF(p) or GF(p^k)"), right: inputPolynomial("the right operand, over the same ring") });
const Result = result({ lcm: outputPolynomial("the least common multiple: over ZZ primitive up to the lcm of the contents, positive leading coefficient; over a field monic; 0 when an operand is 0") });
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default polyCompute<Req, Res>({
  id: "polynomial.lcm.compute",
  title: "Least common multiple of two polynomials",
  summary:
    "lcm of two polynomials in one variable over ZZ, QQ, GF(p) or GF(p^k), or in several variables over ZZ, QQ, GF(p) or GF(p^k): left·right / gcd(left, right), the gcd by the small-prime modular algorithm over ZZ and QQ (Brown's dense modular algorithm with several variables) and by Euclid over finite fields. " +
    "Normalised as PARI's lcm over ZZ (positive leading coefficient) and monic over a field.",
  keywords: ["polynomial", "lcm", "least common multiple", "common multiple", "gcd", "univariate", "multivariate"],
  request: Request,
  result: Result,
  bounds: polynomialBounds("each operand"),
  cost_model: "the gcd (see polynomial.gcd.compute) plus one exact division and one product by Kronecker substitution",
  budget: { max_units: 5e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 60_000 },
  preflight(req) {
    if (severalVariables(req.left, req.right)) {
      const sa = polySize(req.left), sb = polySize(req.right);
      return { units: multivariateGcdUnits(req.left, req.right) + 3 * productUnits(req.left, req.right) + 4 * (ioCost(sa) + ioCost(sb)), memory_bytes: 8 * memoryOf(sa.terms * sb.terms + 1, sa.bits + sb.bits + 64, sa.vars + sb.vars) + 2 ** 20, basis: `${sa.terms} and ${sb.terms} terms` };
    }
    const a = polySize(req.left), b = polySize(req.right);
    const n = Math.max(0, a.degree), m = Math.max(0, b.degree);
    const ab = clearedBits(req.left), bb = clearedBits(req.right);
    const g = req.left.ring.kind === "ZZ" || req.left.ring.kind === "QQ" ? modularGcdUnits(n, m, ab, bb) : fieldEuclidUnits(n, m, a.bits);
    const units = g + 3 * productUnits(req.left, req.right) + 4 * (ioCost(a) + ioCost(b));
    return { units, memory_bytes: memoryOf(4 * (n + m + 2), ab + bb + 64, 1), basis: `degrees ${n} and ${m}` };
  },
  ports: {
    inputs: { left: { field: "left", description: "the left operand" }, right: { field: "right", description: "the right operand" } },
    outputs: { lcm: { field: "lcm", description: "the least common multiple" } },
  },
  execute(req, ctx) {
    if (severalVariables(req.left, req.right)) {
      const { R, variables, left, right } = multivariatePair(req.left, req.right, "payload.right");
      return { lcm: makePolynomial(req.left.ring, variables, multivariateLcm(R, left, right, variables.length, () => ctx.checkpoint()) as never) } as never;
    }
    const { R, variable, A, B } = univariatePair(req.left, req.right, "payload.left", "payload.right");
    return { lcm: dense(req.left.ring, variable, lcmIn(R, A, B, () => ctx.checkpoint())) } as never;
  },
  postcondition: () => null,
  examples: [
    { title: "over ZZ", payload: { left: { ring: "ZZ", variables: ["x"], expression: "2*x^2 - 2" }, right: { ring: "ZZ", variables: ["x"], expression: "3*x^2 + 6*x + 3" } }, expected: {"lcm": {"ring": "ZZ", "variables": ["x"], "expression": "6*x^3 + 6*x^2 - 6*x - 6", "terms": [{"coefficient": "6", "exponents": [3]}, {"coefficient": "6", "exponents": [2]}, {"coefficient": "-6", "exponents": [1]}, {"coefficient": "-6", "exponents": [0]}]}} },
    { title: "over GF(3)", payload: { left: { ring: "GF(3)", variables: ["y"], expression: "y^2 + 1" }, right: { ring: "GF(3)", variables: ["y"], expression: "2*y^3 + 2*y" } }, expected: {"lcm": {"ring": "GF(3)", "variables": ["y"], "expression": "y^3 + y", "terms": [{"coefficient": "1", "exponents": [3]}, {"coefficient": "1", "exponents": [1]}]}} },
    { title: "several variables over QQ", payload: { left: { ring: "QQ", variables: ["x", "y"], expression: "x^2 - y^2" }, right: { ring: "QQ", variables: ["x", "y"], expression: "2*x*y + 2*y^2" } }, expected: {"lcm":{"ring":"QQ","variables":["x","y"],"expression":"x^2*y - y^3","terms":[{"coefficient":"1","exponents":[2,1]},{"coefficient":"-1","exponents":[0,3]}]}} },
    {
      title: "two variables over GF(5)",
      payload: {"left": {"ring": "GF(5)", "variables": ["x", "y"], "expression": "x^2 - y^2"}, "right": {"ring": "GF(5)", "variables": ["x", "y"], "expression": "x^2 + 2*x*y + y^2"}},
      expected: {"lcm":{"ring":"GF(5)","variables":["x","y"],"expression":"x^3 + x^2*y + 4*x*y^2 + 4*y^3","terms":[{"coefficient":"1","exponents":[3,0]},{"coefficient":"1","exponents":[2,1]},{"coefficient":"4","exponents":[1,2]},{"coefficient":"4","exponents":[0,3]}]}},
    },
  ],
});
