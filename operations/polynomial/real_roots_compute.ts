import { type } from "arktype";
import { ratCompare, type Rational } from "../../domain/math/rational.js";
import { isolateRealRoots, refine } from "../../domain/math/poly/realroots.js";
import { domainError } from "../../domain/errors.js";
import { list, object, rational, request, result } from "../_support/kinds.js";
import { inputPolynomial, polyCompute, polynomialBounds, POLY_FORM } from "./support.js";
import { integerPolynomial, integerSize, isolationUnits } from "./zz_support.js";

const Request = request({
  polynomial: inputPolynomial("f ≠ 0 over ZZ or QQ " + POLY_FORM + ", in one variable"),
  "width?": rational(200, "refine every isolating interval to width ≤ this positive rational (default: isolation only)"),
});
const MAX_ROOTS = 100_000;
const Result = result({
  count: type("number.integer >= 0").describe("the number of distinct real roots"),
  roots: list(
    object({
      lower: rational(10_000_000, "lower end a"),
      upper: rational(10_000_000, "upper end b (= a when the root is exactly the rational a)"),
      exact: type("boolean").describe("true when the root is the rational a = b; otherwise exactly one root lies in the open interval (a, b)"),
    }),
    MAX_ROOTS,
    "the distinct real roots in ascending order, each in its own interval; intervals are disjoint",
  ),
});
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default polyCompute<Req, Res>({
  id: "polynomial.real_roots.compute",
  title: "Isolate the real roots of a polynomial with exact rational intervals",
  summary:
    "Isolates the distinct real roots of a nonzero polynomial in one variable over ZZ or QQ: disjoint intervals with dyadic rational endpoints, each holding exactly one root — an open interval (a, b), " +
    "or a = b when the root is that rational number — in ascending order, optionally refined by exact bisection to a requested width. Descartes' rule of signs with bisection (Vincent–Collins–Akritas) on the square-free part, " +
    "with integer polynomials only (scalings by 2, Taylor shifts by 1). The count agrees with PARI's polsturm; multiplicities are not reported (see polynomial.factorization.compute).",
  keywords: ["polynomial", "real roots", "root isolation", "isolating intervals", "descartes", "vincent collins akritas", "bisection", "sturm", "polrootsreal", "zeros", "solve", "exact"],
  request: Request,
  result: Result,
  bounds: [...polynomialBounds("the polynomial"), { name: "width", limit: 200, unit: "characters", description: "the refinement width is a positive rational of at most 200 characters; refinement costs one exact evaluation per halving" }],
  cost_model:
    "the square-free part (modular gcd), then Descartes tests: about deg² additions per node of the bisection tree on numbers of (bits + 2·deg) bits, estimated at 2·deg·(log2 deg + 4) nodes; " +
    "refinement: per root and halving one Horner evaluation (deg multiplications) on numbers growing by log2(1/width) bits",
  budget: { max_units: 5e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 60_000 },
  preflight(req) {
    const { degree, bits } = integerSize(req.polynomial);
    const d = Math.max(0, degree);
    let units = isolationUnits(d, bits);
    if (req.width) {
      const halvings = Math.max(0, bits + 2 + Math.log2(Number(req.width.den)) - Math.log2(Math.abs(Number(req.width.num)) || 1)) + 4;
      units += d * halvings * d * (Math.ceil((bits + d * halvings) / 64) + 2) * 4;
    }
    return { units, memory_bytes: 64 * (d + 1) * (d + 1) * Math.ceil((bits + 2 * d + 64) / 8) + 1e6, basis: `degree ${d}, coefficients of up to ${bits} bits` };
  },
  ports: { inputs: { polynomial: { field: "polynomial", description: "f" } }, outputs: { roots: { field: "roots", description: "the isolating intervals" } } },
  execute(req, ctx) {
    const tick = () => ctx.checkpoint();
    const { f } = integerPolynomial(req.polynomial, "payload.polynomial");
    if (!f.length) throw domainError("the zero polynomial vanishes everywhere: its real roots are not isolated", "payload.polynomial", "give a nonzero polynomial");
    const width = req.width as Rational | undefined;
    if (width && width.num <= 0n) throw domainError("the width must be positive", "payload.width");
    let ivs = isolateRealRoots(f, { checkpoint: tick });
    if (width) ivs = ivs.map((iv) => refine(f, iv, width, { checkpoint: tick }));
    return { count: ivs.length, roots: ivs.map((iv) => ({ lower: iv.lo, upper: iv.hi, exact: ratCompare(iv.lo, iv.hi) === 0 })) } as never;
  },
  postcondition: () => null,
  examples: [
    { title: "x^3 − 2x: the roots −√2, 0, √2", payload: { polynomial: { ring: "ZZ", variables: ["x"], expression: "x^3 - 2*x" } }, expected: {"count": 3, "roots": [{"lower": "-8", "upper": "0", "exact": false}, {"lower": "0", "upper": "0", "exact": true}, {"lower": "0", "upper": "8", "exact": false}]} },
    { title: "refined to width 1/1000", payload: { polynomial: { ring: "QQ", variables: ["x"], expression: "x^2 - 2" }, width: "1/1000" }, expected: {"count": 2, "roots": [{"lower": "-1449/1024", "upper": "-181/128", "exact": false}, {"lower": "181/128", "upper": "1449/1024", "exact": false}]} },
  ],
});
