import { type } from "arktype";
import { domainError } from "../../domain/errors.js";
import { algebraicCombination, composedResultantBits, type AlgebraicOperation } from "../../domain/math/poly/algebraic.js";
import { countRealRoots, isolateRealRoots } from "../../domain/math/poly/realroots.js";
import { toDenseUnivariate } from "../../domain/math/poly/dense.js";
import { integerAssociate } from "../../domain/math/poly/univariate.js";
import { divExact } from "../../domain/math/poly/zz.js";
import type { Polynomial } from "../../domain/math/poly/types.js";
import { rational, type Rational } from "../../domain/math/rational.js";
import { list, object, rational as rationalField, request, result } from "../_support/kinds.js";
import { dense, inputPolynomial, ioCost, outputPolynomial, polyCompute, polynomialBounds, polySize } from "./support.js";
import { integerPolynomial, WORD_STEP } from "./zz_support.js";

/** deg f · deg g (the resultant's degree) is at most this: it is factored. */
const MAX_PRODUCT_DEGREE = 1000;
const MAX_RESULTANT_BITS = 2_000_000;

const Operand = (which: string) =>
  object({
    polynomial: inputPolynomial(`a nonzero polynomial in one variable over ZZ or QQ with ${which} as a root (its minimal polynomial, or any multiple of it)`),
    "real_root?": type("0 <= number.integer <= 1000").describe(`${which} as the real root of that index among the polynomial's distinct real roots in ascending order (0 = the smallest); omitted: any root`),
  });

const Request = request({
  operation: type("'sum' | 'difference' | 'product' | 'quotient'").describe("the combination: α + β, α − β, α·β or α/β (β ≠ 0)"),
  alpha: Operand("α"),
  beta: Operand("β"),
});
const Result = result({
  status: type("'DETERMINED' | 'AMBIGUOUS'").describe("DETERMINED: minimal_polynomial is the minimal polynomial of α∘β; AMBIGUOUS: the roots were not both chosen and the candidates differ (each is the minimal polynomial of α∘β for some choice)"),
  "minimal_polynomial?": outputPolynomial("the monic minimal polynomial of α∘β over QQ (DETERMINED)"),
  "interval?": object({ lower: rationalField(20_000, "lower end"), upper: rationalField(20_000, "upper end") }, undefined, "with α and β chosen as real roots: a closed interval [lower, upper] holding α∘β and no other root of minimal_polynomial"),
  candidates: list(outputPolynomial("a monic irreducible factor of the resultant"), MAX_PRODUCT_DEGREE + 1, "the distinct monic irreducible factors of the resultant (x too when a product or quotient may be 0), by ascending degree: the minimal polynomials of α_i∘β_j over all pairs of roots"),
  resultant: outputPolynomial("the resultant r (primitive over ZZ, degree deg f·deg g) whose roots are all α_i∘β_j: Res_y(f(y), g(x − y)) for a sum, Res_y(f(y), g(y − x)) for a difference, Res_y(f(y), y^deg g·g(x/y)) for a product, Res_y(g(y), f(x·y)) for a quotient (zero roots split off)"),
});
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default polyCompute<Req, Res>({
  id: "polynomial.algebraic_combination.compute",
  title: "Minimal polynomial of the sum, difference, product or quotient of two algebraic numbers",
  summary:
    "The minimal polynomial over QQ of α + β, α − β, α·β or α/β for algebraic numbers α, β given by polynomials they are roots of (e.g. √2 + √3 from x^2 − 2 and x^2 − 3), with each number optionally chosen as a real root by index. " +
    "Resultants (Res_y(f(y), g(x − y)) and the like) computed modulo word primes by evaluation and interpolation, Chinese remaindering up to a root-bound estimate of their coefficients, then factored (Zassenhaus / van Hoeij). " +
    "When both numbers are chosen as real roots, exact interval arithmetic on isolating intervals refined by bisection picks the factor vanishing at α∘β and returns an isolating interval; otherwise the answer is DETERMINED only when the resultant has a single irreducible factor, and AMBIGUOUS lists every candidate.",
  keywords: ["minimal polynomial", "algebraic number", "sum of algebraic numbers", "product of algebraic numbers", "sqrt(2) + sqrt(3)", "resultant", "composed sum", "composed product", "minpoly", "algebraic", "polynomial", "field extension"],
  request: Request,
  result: Result,
  purpose: "modular resultants on doubles, zz's factorization and exact real root isolation",
  bounds: [
    ...polynomialBounds("each polynomial"),
    { name: "resultant_degree", limit: MAX_PRODUCT_DEGREE, unit: "degree", description: "deg f · deg g is at most this" },
    { name: "resultant_bits", limit: MAX_RESULTANT_BITS, unit: "bits", description: "refused in preflight when the bound on the resultant's coefficients exceeds this" },
  ],
  cost_model:
    "N = deg f·deg g: the resultant takes about (bound bits)/25 word primes, each N + 1 images of (deg f + deg g)² modular steps and an O(N²) interpolation; then the factorization of a degree-N integer polynomial (about 50·N³·limbs²) and, with chosen real roots, interval refinement with root counts",
  budget: { max_units: 2e10, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 300_000 },
  preflight(req) {
    const f = integerPolynomial(req.alpha.polynomial, "payload.alpha.polynomial").f;
    const g = integerPolynomial(req.beta.polynomial, "payload.beta.polynomial").f;
    const m = Math.max(1, f.length - 1), n = Math.max(1, g.length - 1);
    const N = m * n;
    const bits = f.length > 1 && g.length > 1 && (req.operation !== "quotient" || g[0] !== 0n) ? composedResultantBits(f, g, req.operation as AlgebraicOperation) : 64;
    if (bits > MAX_RESULTANT_BITS) return { units: 1e18, memory_bytes: bits, basis: `the resultant's coefficients may have ${bits} bits, above ${MAX_RESULTANT_BITS}` };
    const primes = Math.ceil(bits / 25) + 2;
    const limbs = Math.ceil(bits / 64) + 1;
    const units = primes * ((N + 1) * ((m + n + 1) ** 2 * WORD_STEP * 2) + 3 * N * N) + 50 * N ** 3 * limbs * limbs / 4 + 4 * (ioCost(polySize(req.alpha.polynomial)) + ioCost(polySize(req.beta.polynomial)));
    return { units, memory_bytes: 64 * (N + 1) * (limbs * 8 + 64) + 2 ** 20, basis: `degrees ${m} and ${n}: a resultant of degree ${N} with coefficients of up to ${bits} bits` };
  },
  execute(req, ctx) {
    const { variable, f } = integerPolynomial(req.alpha.polynomial, "payload.alpha.polynomial");
    const { f: g } = integerPolynomial(req.beta.polynomial, "payload.beta.polynomial");
    for (const [p, path] of [[f, "payload.alpha.polynomial"], [g, "payload.beta.polynomial"]] as const) {
      if (p.length < 2) throw domainError("the polynomial must have degree at least 1 (a constant has no roots)", path, "give a polynomial the number is a root of, e.g. x^2 - 2 for √2");
    }
    if ((f.length - 1) * (g.length - 1) > MAX_PRODUCT_DEGREE) throw domainError(`deg f · deg g = ${(f.length - 1) * (g.length - 1)} exceeds ${MAX_PRODUCT_DEGREE}`, "payload", "give polynomials of lower degree");
    const op = req.operation as AlgebraicOperation;
    for (const [p, which, choice, path] of [[f, "α", req.alpha.real_root, "payload.alpha.real_root"], [g, "β", req.beta.real_root, "payload.beta.real_root"]] as const) {
      if (choice === undefined) continue;
      const roots = isolateRealRoots(p, { checkpoint: () => ctx.checkpoint() });
      if (choice >= roots.length) throw domainError(`${which}: the polynomial has ${roots.length} distinct real root${roots.length === 1 ? "" : "s"}; index ${choice} is out of range`, path, roots.length ? `give an index from 0 to ${roots.length - 1}` : "omit real_root: the polynomial has no real root");
      if (op === "quotient" && which === "β") {
        const iv = roots[choice]!;
        if (iv.lo.num === 0n && iv.hi.num === 0n) throw domainError("β = 0: the quotient is undefined", path, "choose a nonzero root");
      }
    }
    if (op === "quotient" && g.every((c, i) => i === g.length - 1 || c === 0n)) throw domainError("every root of β's polynomial is 0: the quotient is undefined", "payload.beta.polynomial", "give a polynomial with a nonzero root");
    const r = algebraicCombination(f, g, op, { realRoot: req.alpha.real_root }, { realRoot: req.beta.real_root }, { checkpoint: () => ctx.checkpoint() });
    const QQ = { $kind: "ring", kind: "QQ" } as const;
    const ZZ = { $kind: "ring", kind: "ZZ" } as const;
    const monic = (h: bigint[]) => dense(QQ, variable, h.map((c) => rational(c, h[h.length - 1]!)));
    const out: Record<string, unknown> = { status: r.status, candidates: r.candidates.map(monic), resultant: dense(ZZ, variable, r.resultant) };
    if (r.minimal) out.minimal_polynomial = monic(r.minimal);
    if (r.interval) out.interval = { lower: r.interval.lo, upper: r.interval.hi };
    return out as never;
  },
  postcondition(_req, res) {
    // the chosen polynomial is one of the resultant's factors, and an isolating interval isolates
    const v = res as unknown as { minimal_polynomial?: Polynomial; interval?: { lower: Rational; upper: Rational }; candidates: Polynomial[]; resultant: Polynomial };
    if (!v.minimal_polynomial) return null;
    const m = integerAssociate(toDenseUnivariate(v.minimal_polynomial) as Rational[]);
    const r = toDenseUnivariate(v.resultant) as bigint[];
    const isX = m.length === 2 && m[0] === 0n;
    if (!isX && (!r.length || divExact(r, m) === undefined)) return "the minimal polynomial does not divide the resultant";
    if (v.interval && countRealRoots(m, v.interval.lower, v.interval.upper) !== 1) return "the interval does not isolate a root of the minimal polynomial";
    return null;
  },
  examples: [
    {
      title: "√2 + √3: the resultant x^4 − 10x^2 + 1 is irreducible, so no root needs choosing",
      payload: {"operation": "sum", "alpha": {"polynomial": {"ring": "ZZ", "variables": ["x"], "expression": "x^2 - 2"}}, "beta": {"polynomial": {"ring": "ZZ", "variables": ["x"], "expression": "x^2 - 3"}}},
      expected: {"status":"DETERMINED","candidates":[{"ring":"QQ","variables":["x"],"expression":"x^4 - 10*x^2 + 1","terms":[{"coefficient":"1","exponents":[4]},{"coefficient":"-10","exponents":[2]},{"coefficient":"1","exponents":[0]}]}],"resultant":{"ring":"ZZ","variables":["x"],"expression":"x^4 - 10*x^2 + 1","terms":[{"coefficient":"1","exponents":[4]},{"coefficient":"-10","exponents":[2]},{"coefficient":"1","exponents":[0]}]},"minimal_polynomial":{"ring":"QQ","variables":["x"],"expression":"x^4 - 10*x^2 + 1","terms":[{"coefficient":"1","exponents":[4]},{"coefficient":"-10","exponents":[2]},{"coefficient":"1","exponents":[0]}]}},
    },
    {
      title: "the positive √2 plus the positive √2 is 2√2; without a choice of roots the sum is ambiguous (0 or ±2√2)",
      payload: {"operation": "sum", "alpha": {"polynomial": {"ring": "ZZ", "variables": ["x"], "expression": "x^2 - 2"}, "real_root": 1}, "beta": {"polynomial": {"ring": "ZZ", "variables": ["x"], "expression": "x^2 - 2"}, "real_root": 1}},
      expected: {"status":"DETERMINED","candidates":[{"ring":"QQ","variables":["x"],"expression":"x","terms":[{"coefficient":"1","exponents":[1]}]},{"ring":"QQ","variables":["x"],"expression":"x^2 - 8","terms":[{"coefficient":"1","exponents":[2]},{"coefficient":"-8","exponents":[0]}]}],"resultant":{"ring":"ZZ","variables":["x"],"expression":"x^4 - 8*x^2","terms":[{"coefficient":"1","exponents":[4]},{"coefficient":"-8","exponents":[2]}]},"minimal_polynomial":{"ring":"QQ","variables":["x"],"expression":"x^2 - 8","terms":[{"coefficient":"1","exponents":[2]},{"coefficient":"-8","exponents":[0]}]},"interval":{"lower":"2","upper":"4"}},
    },
    {
      title: "√2 + √2 with the roots unchosen: two candidates",
      payload: {"operation": "sum", "alpha": {"polynomial": {"ring": "ZZ", "variables": ["x"], "expression": "x^2 - 2"}}, "beta": {"polynomial": {"ring": "ZZ", "variables": ["x"], "expression": "x^2 - 2"}}},
      expected: {"status":"AMBIGUOUS","candidates":[{"ring":"QQ","variables":["x"],"expression":"x","terms":[{"coefficient":"1","exponents":[1]}]},{"ring":"QQ","variables":["x"],"expression":"x^2 - 8","terms":[{"coefficient":"1","exponents":[2]},{"coefficient":"-8","exponents":[0]}]}],"resultant":{"ring":"ZZ","variables":["x"],"expression":"x^4 - 8*x^2","terms":[{"coefficient":"1","exponents":[4]},{"coefficient":"-8","exponents":[2]}]}},
    },
    {
      title: "the real cube root of 2 times √3 (product)",
      payload: {"operation": "product", "alpha": {"polynomial": {"ring": "ZZ", "variables": ["x"], "expression": "x^3 - 2"}, "real_root": 0}, "beta": {"polynomial": {"ring": "QQ", "variables": ["x"], "expression": "x^2 - 3"}, "real_root": 1}},
      expected: {"status":"DETERMINED","candidates":[{"ring":"QQ","variables":["x"],"expression":"x^6 - 108","terms":[{"coefficient":"1","exponents":[6]},{"coefficient":"-108","exponents":[0]}]}],"resultant":{"ring":"ZZ","variables":["x"],"expression":"x^6 - 108","terms":[{"coefficient":"1","exponents":[6]},{"coefficient":"-108","exponents":[0]}]},"minimal_polynomial":{"ring":"QQ","variables":["x"],"expression":"x^6 - 108","terms":[{"coefficient":"1","exponents":[6]},{"coefficient":"-108","exponents":[0]}]},"interval":{"lower":"0","upper":"64"}},
    },
  ],
});
