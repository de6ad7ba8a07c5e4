import { type } from "arktype";
import { ratCompare, type Rational } from "../../domain/math/rational.js";
import { countRealRoots } from "../../domain/math/poly/realroots.js";
import { domainError } from "../../domain/errors.js";
import { rational, request, result } from "../_support/kinds.js";
import { inputPolynomial, polyCompute, polynomialBounds, POLY_FORM } from "./support.js";
import { integerPolynomial, integerSize, isolationUnits } from "./zz_support.js";

const Request = request({
  polynomial: inputPolynomial("f ≠ 0 over ZZ or QQ " + POLY_FORM + ", in one variable"),
  "lower?": rational(10_000, "the lower end a of the closed interval [a, b] (default −∞)"),
  "upper?": rational(10_000, "the upper end b (default +∞)"),
});
const Result = result({ count: type("number.integer >= 0").describe("the number of distinct real roots of f in [a, b]") });
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default polyCompute<Req, Res>({
  id: "polynomial.root_count.compute",
  title: "Count the real roots of a polynomial in an interval",
  summary:
    "The number of distinct real roots of a nonzero polynomial in one variable over ZZ or QQ in a closed interval [a, b] with rational (or infinite) ends — PARI's polsturm(f, [a, b]). " +
    "Exact: the roots are isolated (Descartes' rule with bisection) and the isolating intervals that contain an end are split there by exact sign evaluation.",
  keywords: ["polynomial", "root count", "count roots", "real roots", "sturm", "polsturm", "descartes", "interval", "number of zeros"],
  request: Request,
  result: Result,
  bounds: [...polynomialBounds("the polynomial"), { name: "end_chars", limit: 10_000, unit: "characters", description: "each interval end is a rational of at most this many characters" }],
  cost_model: "that of polynomial.real_roots.compute (isolation), plus a few exact evaluations at the interval ends",
  budget: { max_units: 5e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 60_000 },
  preflight(req) {
    const { degree, bits } = integerSize(req.polynomial);
    const d = Math.max(0, degree);
    return { units: isolationUnits(d, bits) * 1.5, memory_bytes: 64 * (d + 1) * (d + 1) * Math.ceil((bits + 2 * d + 64) / 8) + 1e6, basis: `degree ${d}, coefficients of up to ${bits} bits` };
  },
  ports: { inputs: { polynomial: { field: "polynomial", description: "f" } } },
  execute(req, ctx) {
    const { f } = integerPolynomial(req.polynomial, "payload.polynomial");
    if (!f.length) throw domainError("the zero polynomial has infinitely many roots", "payload.polynomial", "give a nonzero polynomial");
    const a = req.lower as Rational | undefined, b = req.upper as Rational | undefined;
    if (a && b && ratCompare(a, b) > 0) throw domainError("the interval is empty: lower > upper", "payload.upper");
    return { count: countRealRoots(f, a, b, { checkpoint: () => ctx.checkpoint() }) };
  },
  postcondition: () => null,
  examples: [
    { title: "all real roots", payload: { polynomial: { ring: "ZZ", variables: ["x"], expression: "x^5 - 5*x^3 + 4*x" } }, expected: {"count": 5} },
    { title: "in a closed interval (its ends count)", payload: { polynomial: { ring: "ZZ", variables: ["x"], expression: "x^5 - 5*x^3 + 4*x" }, lower: "-1", upper: "3/2" }, expected: {"count": 3} },
  ],
});
