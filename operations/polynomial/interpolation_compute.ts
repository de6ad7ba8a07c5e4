import { domainError } from "../../domain/errors.js";
import { coeffRing } from "../../domain/math/poly/rings.js";
import { interpolate } from "../../domain/math/poly/interpolate.js";
import type { Rational } from "../../domain/math/rational.js";
import { list, object, polyRing, rational, request, result } from "../_support/kinds.js";
import { coeffMulCost, dense, outputPolynomial, polyCompute, VariableName } from "./support.js";

const MAX_POINTS = 5_000;
const Request = request({
  ring: polyRing(),
  points: list(object({ x: rational(2_000, "the node x_i"), y: rational(2_000, "the value y_i") }), MAX_POINTS, "the points (x_i, y_i) with pairwise distinct x_i; over GF(p) the rationals are mapped into the field"),
  "variable?": VariableName.describe('the variable name (default "x")'),
});
const Result = result({ polynomial: outputPolynomial("the unique polynomial of degree < (number of points) through the points") });
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default polyCompute<Req, Res>({
  id: "polynomial.interpolation.compute",
  title: "Polynomial interpolation through given points",
  summary:
    "The unique polynomial of degree below n through n points (x_i, y_i) with distinct nodes, over QQ or GF(p) (PARI's polinterpolate): Newton's divided differences, O(n²) field operations. " +
    "Points are rationals; over GF(p) they are mapped into the field (a denominator divisible by p is a DOMAIN_ERROR), and nodes must stay distinct there.",
  keywords: ["polynomial", "interpolation", "lagrange", "newton", "divided differences", "polinterpolate", "fit", "points", "finite field"],
  request: Request,
  result: Result,
  bounds: [{ name: "points", limit: MAX_POINTS, unit: "points", description: "at most this many points" }, { name: "entry_chars", limit: 2_000, unit: "characters", description: "each coordinate is a rational of at most this many characters" }],
  cost_model: "n²/2 divided differences and n² Horner steps, each a field multiplication of numbers growing to about n·(entry bits) bits over QQ (element size over GF(p))",
  budget: { max_units: 5e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 60_000 },
  preflight(req) {
    const n = req.points.length;
    let bits = 8;
    for (const { x, y } of req.points) bits = Math.max(bits, bitsOf(x as Rational), bitsOf(y as Rational));
    const elemBits = req.ring.kind === "QQ" ? Math.min(n * 2 * bits + 64, 1e7) : req.ring.kind === "GF" ? req.ring.p.toString(2).length : 64;
    return { units: 2 * n * n * (coeffMulCost(elemBits, elemBits) * 3 + 100), memory_bytes: 4 * n * Math.ceil(elemBits / 8 + 64) + 1e5, basis: `${n} points` };
  },
  ports: { outputs: { polynomial: { field: "polynomial", description: "the interpolating polynomial" } } },
  execute(req, ctx) {
    if (req.ring.kind !== "QQ" && req.ring.kind !== "GF") throw domainError(`interpolation is offered over QQ and GF(p); the ring is ${req.ring.kind === "ZZ" ? "ZZ (the interpolant need not be integral: use QQ)" : "an extension field"}`, "payload.ring", 'use "QQ" or "GF(p)"');
    const R = coeffRing(req.ring);
    const conv = (r: Rational, path: string) => {
      const v = R.fromRational(r.num, r.den);
      if (v === undefined) throw domainError(`the denominator of ${r.num}/${r.den} is not invertible in ${R.name}`, path);
      return v;
    };
    const xs = req.points.map((p, i) => conv(p.x as Rational, `payload.points.${i}.x`));
    const ys = req.points.map((p, i) => conv(p.y as Rational, `payload.points.${i}.y`));
    return { polynomial: dense(req.ring, req.variable ?? "x", interpolate(R, xs, ys, () => ctx.checkpoint())) } as never;
  },
  postcondition: () => null,
  examples: [
    { title: "a parabola over QQ", payload: { ring: "QQ", points: [{ x: "0", y: "1" }, { x: "1", y: "3" }, { x: "2", y: "7" }] }, expected: {"polynomial": {"ring": "QQ", "variables": ["x"], "expression": "x^2 + x + 1", "terms": [{"coefficient": "1", "exponents": [2]}, {"coefficient": "1", "exponents": [1]}, {"coefficient": "1", "exponents": [0]}]}} },
    { title: "rational nodes", payload: { ring: "QQ", points: [{ x: "1/2", y: "1" }, { x: "-1", y: "0" }], variable: "t" }, expected: {"polynomial": {"ring": "QQ", "variables": ["t"], "expression": "2/3*t + 2/3", "terms": [{"coefficient": "2/3", "exponents": [1]}, {"coefficient": "2/3", "exponents": [0]}]}} },
    { title: "over GF(7)", payload: { ring: "GF(7)", points: [{ x: "1", y: "2" }, { x: "2", y: "4" }, { x: "3", y: "1" }] }, expected: {"polynomial": {"ring": "GF(7)", "variables": ["x"], "expression": "x^2 + 6*x + 2", "terms": [{"coefficient": "1", "exponents": [2]}, {"coefficient": "6", "exponents": [1]}, {"coefficient": "2", "exponents": [0]}]}} },
  ],
});

function bitsOf(r: Rational): number {
  const a = r.num < 0n ? -r.num : r.num;
  return a.toString(2).length + r.den.toString(2).length;
}
