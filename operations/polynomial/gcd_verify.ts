import { type } from "arktype";
import { dAdd, dDivRem, dMul, toDenseUnivariate } from "../../domain/math/poly/dense.js";
import { formatPolyRing, integers as integersR, primeField } from "../../domain/math/poly/rings.js";
import { gfpGcd } from "../../domain/math/poly/gfp.js";
import { gcdField } from "../../domain/math/poly/mfield.js";
import { lineImageModP } from "../../domain/math/poly/mfactorp.js";
import { gcdP, largePrime, reduceP } from "../../domain/math/poly/smallprime.js";
import { integerAssociate, resultantIn } from "../../domain/math/poly/univariate.js";
import { content, divExact } from "../../domain/math/poly/zz.js";
import { gcd as igcd } from "../../domain/math/integer.js";
import type { Rational } from "../../domain/math/rational.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { object, request } from "../_support/kinds.js";
import { clearedBits, inputPolynomial, ioCost, polyChecker, polynomialBounds, polySize, univariatePair } from "./support.js";
import { fieldEuclidUnits, GCD_KIND, modularResultantUnits, multivariateGcdUnits, multivariatePair, severalVariables } from "./zz_support.js";
import { gcdZ, integerAssociateTerms } from "../../domain/math/poly/mgcd.js";
import { integerContentOf, lineImage, lineImageIn, remapTo } from "../../domain/math/poly/mpoly.js";
import { defaultField, extensionFieldRing } from "../../domain/math/poly/gfq.js";
import { ffGcd, ffRoots } from "../../domain/math/poly/ffactor.js";
import { spDivExact, type Terms } from "../../domain/math/poly/sparse.js";
import { gcd as zgcd } from "../../domain/math/poly/zz.js";
import { SeededRandom } from "../../domain/math/seeded-random.js";
import type { CoeffRing, Polynomial } from "../../domain/math/poly/types.js";

const claimShape = () => ({
  gcd: inputPolynomial("the claimed gcd"),
  "left_cofactor?": inputPolynomial("left / gcd (not needed: recomputed)"),
  "right_cofactor?": inputPolynomial("right / gcd (not needed: recomputed)"),
  "s?": inputPolynomial("a Bézout coefficient: s·left + t·right = gcd (checked when given with t)"),
  "t?": inputPolynomial("the other Bézout coefficient"),
});
const Request = request({
  left: inputPolynomial("the left operand: in one variable, or several over ZZ, QQ, GF(p) or GF(p^k)"),
  right: inputPolynomial("the right operand, same ring"),
  claim: object(claimShape(), GCD_KIND, "the claim: the value of polynomial.gcd.compute unchanged, or { gcd } alone"),
});
type Req = typeof Request.infer;

const Bindings = type({
  ring: type("string").describe("the coefficient ring"),
  degree: type("number.integer >= -1").describe("degree of the claimed gcd (−1 for zero)"),
  "coprimality?": type("'modular' | 'resultant' | 'line'").describe("how left/gcd and right/gcd were shown coprime: gcd 1 modulo a prime not dividing their leading coefficients, a nonzero resultant, or (several variables) coprime restrictions to a degree-preserving line"),
  "prime?": type("number.integer > 0").describe("the prime of the modular coprimality proof"),
  "failure?": type("'normalisation' | 'not_a_divisor' | 'not_greatest' | 'bezout'").describe("rejected: which property fails"),
});

export default polyChecker<Req>({
  id: "polynomial.gcd.verify",
  title: "Verify a claimed gcd of two polynomials",
  summary:
    "Checks that a claimed polynomial is the normalised gcd of two polynomials in one variable over ZZ, QQ, GF(p) or GF(p^k), or in several variables over ZZ, QQ, GF(p) or GF(p^k): it divides both operands exactly, the two cofactors are coprime " +
    "(gcd 1 modulo a word prime not dividing their leading coefficients, or a nonzero resultant; several variables: coprime restrictions to a line x = a + b·t keeping both total degrees; over ZZ also coprime contents), it is normalised (ZZ: positive leading coefficient; fields: monic), " +
    "and given Bézout coefficients satisfy s·left + t·right = gcd. Rejections name the failing property.",
  keywords: ["polynomial", "gcd", "verify", "check", "greatest common divisor", "bezout", "certificate", "coprime", "resultant", "cofactor"],
  request: Request,
  bindings: Bindings as never,
  method:
    "Exact division of each operand by the claim (the cofactors are recomputed, the claim's are not trusted), then coprimality of the cofactors: a word prime p not dividing both leading coefficients " +
    "with gcd(cofactors mod p) = 1 proves them coprime over QQ (a common factor would survive mod p with its degree); failing three primes, the resultant decides (zero ⇔ common factor). " +
    "Several variables: a common factor h of the cofactors restricts to a line x = a + b·t with deg h(a + b t) = tdeg h whenever both cofactors keep their total degrees (the top homogeneous part of h divides theirs), so a univariate gcd 1 of the restrictions proves them coprime; " +
    "over GF(p) the lines are over GF(p) (a and b random residues) and up to 12 are tried, then for p < 2^24 up to 8 lines over the extension GF(p^k) with p^k ≥ 2^24 (small fields may have no degree-preserving line with coprime images). Over GF(p^k) the lines are over GF(p^k) (12), then for p^k < 2^24 over GF(p^(k·m)) ≥ 2^24 (8), GF(p^k) embedded by a root of its modulus." +
    "Up to 6 lines (ZZ, QQ) are tried, then a common factor found by the multivariate gcd and checked by exact division refutes the claim, or the verdict is non_conclusion. " +
    "The producer uses the modular gcd with a division test or Euclid; this checker needs neither gcd nor Euclid over ZZ/QQ in one variable.",
  bounds: polynomialBounds("each polynomial"),
  cost_model: "two exact divisions (Kronecker substitution over ZZ/QQ, schoolbook over fields) plus one or a few modular gcds of the cofactors (n·m word operations each); the resultant only when three primes fail",
  budget: { max_units: 5e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 60_000 },
  preflight(req) {
    if (severalVariables(req.left, req.right)) {
      const sa = polySize(req.left), sb = polySize(req.right);
      return { units: multivariateGcdUnits(req.left, req.right) + 8 * (ioCost(sa) + ioCost(sb)), memory_bytes: 64 * (sa.terms + sb.terms) * (Math.max(sa.bits, sb.bits) / 8 + 128) + 2 ** 20, basis: `${sa.terms} and ${sb.terms} terms` };
    }
    const a = polySize(req.left), b = polySize(req.right);
    const n = Math.max(0, a.degree), m = Math.max(0, b.degree);
    const bits = Math.max(clearedBits(req.left), clearedBits(req.right));
    const units = (req.left.ring.kind === "ZZ" || req.left.ring.kind === "QQ" ? modularResultantUnits(n, m, bits, bits) / 20 : fieldEuclidUnits(n, m, a.bits) * 4) + 8 * (ioCost(a) + ioCost(b));
    return { units, memory_bytes: 64 * (n + m + 2) * (bits + 64), basis: `degrees ${n} and ${m}` };
  },
  ports: {
    inputs: {
      left: { field: "left", description: "the left operand" },
      right: { field: "right", description: "the right operand" },
      claim: { field: "claim", description: "the claimed gcd: the whole value of polynomial.gcd.compute" },
    },
  },
  execute(req, ctx): CheckerFinding {
    const tick = () => ctx.checkpoint();
    if (severalVariables(req.left, req.right) || req.claim.gcd.variables.length > 1) return verifyMultivariate(req, tick);
    const { R, A, B } = univariatePair(req.left, req.right, "payload.left", "payload.right");
    const ring = formatPolyRing(req.left.ring);
    const claim = req.claim;
    const G = toDenseUnivariate(univariatePair(req.left, claim.gcd, "payload.left", "payload.claim.gcd") && claim.gcd);
    const base = { ring, degree: G.length - 1 };
    const reject = (failure: string, reason: string): CheckerFinding => ({ verdict: "rejected", bindings: { ...base, failure }, reason });
    // normalisation
    if (G.length) {
      const l = G[G.length - 1];
      if (R.ring.kind === "ZZ" ? (l as bigint) < 0n : !R.eq(l, R.one)) return reject("normalisation", R.ring.kind === "ZZ" ? "the gcd over ZZ is normalised with a positive leading coefficient" : `over a field the gcd is monic; the leading coefficient is ${R.format(l)}`);
    }
    if (!G.length) {
      return A.length || B.length ? reject("not_a_divisor", "0 divides only 0, and an operand is nonzero") : { verdict: "accepted", bindings: base };
    }
    // exact division
    const divide = (X: unknown[]): unknown[] | undefined => {
      if (R.ring.kind === "ZZ") return divExact(X as bigint[], G as bigint[]);
      const { q, r } = dDivRem(R, X, G, tick);
      return r.length ? undefined : q;
    };
    const ca = divide(A), cb = divide(B);
    if (!ca) return reject("not_a_divisor", "the claim does not divide the left operand");
    if (!cb) return reject("not_a_divisor", "the claim does not divide the right operand");
    if (!ca.length || !cb.length) {
      const other = ca.length ? ca : cb;
      const unit = other.length === 1 && (R.ring.kind !== "ZZ" || other[0] === 1n || other[0] === -1n);
      return unit ? { verdict: "accepted", bindings: { ...base, coprimality: "modular" } } : reject("not_greatest", ZERO_OPERAND);
    }
    if (R.ring.kind === "ZZ" && igcd(content(ca as bigint[]), content(cb as bigint[])) !== 1n) return reject("not_greatest", "the cofactors have a common constant factor: the gcd of the contents is missing");
    // coprimality of the cofactors
    let proof: { coprimality: "modular" | "resultant"; prime?: number } | undefined;
    if (ca.length <= 1 || cb.length <= 1) proof = { coprimality: "modular" };
    else if (R.ring.kind === "ZZ" || R.ring.kind === "QQ") {
      const fa = R.ring.kind === "QQ" ? integerAssociate(ca as Rational[]) : (ca as bigint[]);
      const fb = R.ring.kind === "QQ" ? integerAssociate(cb as Rational[]) : (cb as bigint[]);
      const lcs = fa[fa.length - 1]! * fb[fb.length - 1]!;
      for (let i = 0, tried = 0; tried < 3; i++) {
        tick();
        const p = largePrime(i);
        if (lcs % BigInt(p) === 0n) continue;
        tried++;
        if (gcdP(reduceP(fa, p), reduceP(fb, p), p).length === 1) {
          proof = { coprimality: "modular", prime: p };
          break;
        }
      }
    }
    if (!proof) {
      const r = resultantIn(R, ca, cb, tick);
      if (R.isZero(r)) return reject("not_greatest", "the cofactors left/gcd and right/gcd have a common factor (their resultant is 0): the claim is a common divisor but not the greatest");
      proof = { coprimality: "resultant" };
    }
    if (claim.s && claim.t) {
      const s = toDenseUnivariate(claim.s), t = toDenseUnivariate(claim.t);
      const lhs = dAdd(R, dMul(R, s, A), dMul(R, t, B));
      if (!(lhs.length === G.length && lhs.every((c, i) => R.eq(c, G[i])))) return reject("bezout", "s·left + t·right ≠ gcd");
    }
    return { verdict: "accepted", bindings: { ...base, ...proof } };
  },
  postcondition(req, f) {
    if (f.verdict === "non_conclusion" && !severalVariables(req.left, req.right)) return "this checker always decides in one variable";
    return f.verdict === "rejected" && !f.bindings.failure ? "a rejection names the failing property" : null;
  },
  examples: [
    {
      title: "the gcd over ZZ with its cofactors",
      payload: {
        left: { ring: "ZZ", variables: ["x"], expression: "4*x^4 - 4" },
        right: { ring: "ZZ", variables: ["x"], expression: "6*x^3 - 6*x^2 + 6*x - 6" },
        claim: { gcd: { ring: "ZZ", variables: ["x"], expression: "2*x^3 - 2*x^2 + 2*x - 2" } },
      },
      expected: { verdict: "accepted", bindings: { ring: "ZZ", degree: 3, coprimality: "modular" } },
    },
    {
      title: "a common divisor that is not the greatest",
      payload: {
        left: { ring: "QQ", variables: ["x"], expression: "x^3 - x" },
        right: { ring: "QQ", variables: ["x"], expression: "x^2 - 1" },
        claim: { gcd: { ring: "QQ", variables: ["x"], expression: "x - 1" } },
      },
      expected: { verdict: "rejected", bindings: { ring: "QQ", degree: 1, failure: "not_greatest" } },
    },
    {
      title: "wrong Bézout coefficients over GF(5)",
      payload: {
        left: { ring: "GF(5)", variables: ["t"], expression: "t^3 + t + 1" },
        right: { ring: "GF(5)", variables: ["t"], expression: "t^2 + 2" },
        claim: { gcd: { ring: "GF(5)", variables: ["t"], expression: "1" }, s: { ring: "GF(5)", variables: ["t"], expression: "t" }, t: { ring: "GF(5)", variables: ["t"], expression: "1" } },
      },
      expected: { verdict: "rejected", bindings: { ring: "GF(5)", degree: 0, failure: "bezout" } },
    },
    {
      title: "several variables over GF(5): the cofactors are coprime on a line over GF(5)",
      payload: {"left": {"ring": "GF(5)", "variables": ["x", "y"], "expression": "x^2 - y^2"}, "right": {"ring": "GF(5)", "variables": ["x", "y"], "expression": "x^2 + 2*x*y + y^2"}, "claim": {"gcd": {"ring": "GF(5)", "variables": ["x", "y"], "expression": "x + y"}}},
      expected: {"verdict":"accepted","bindings":{"ring":"GF(5)","degree":1,"coprimality":"line"}},
    },
  ],
});

/** The claim check with several variables over ZZ, QQ, GF(p) or GF(p^k). */
function verifyMultivariate(req: Req, tick: () => void): CheckerFinding {
  const { R, variables } = multivariatePair(req.left, req.right, "payload.right");
  const claim = req.claim;
  const all = [...variables];
  for (const v of claim.gcd.variables) if (!all.includes(v)) all.push(v);
  const to = (p: Polynomial): Terms<unknown> => remapTo(p, all);
  const A = to(req.left), B = to(req.right), G = to(claim.gcd);
  const n = all.length;
  const ring = formatPolyRing(req.left.ring);
  if (!sameRingKind(claim.gcd, req.left)) return { verdict: "rejected", bindings: { ring, degree: -1, failure: "normalisation" }, reason: "the claimed gcd is over another ring" };
  const tdeg = (t: Terms<unknown>) => t.reduce((m, x) => Math.max(m, x.exponents.reduce((a, b) => a + b, 0)), -1);
  const base = { ring, degree: tdeg(G) };
  const reject = (failure: string, reason: string): CheckerFinding => ({ verdict: "rejected", bindings: { ...base, failure }, reason });
  if (!G.length) return A.length || B.length ? reject("not_a_divisor", "0 divides only 0, and an operand is nonzero") : { verdict: "accepted", bindings: base };
  const lead = G[0]!.coeff;
  if (R.ring.kind === "ZZ" ? (lead as bigint) < 0n : !R.eq(lead, R.one)) return reject("normalisation", R.ring.kind === "ZZ" ? "the gcd over ZZ has a positive leading coefficient (descending lexicographic order)" : `over ${ring} the gcd is monic (leading coefficient 1 in the descending lexicographic order)`);
  const ca = spDivExact(R, A, G, tick), cb = spDivExact(R, B, G, tick);
  if (!ca) return reject("not_a_divisor", "the claim does not divide the left operand");
  if (!cb) return reject("not_a_divisor", "the claim does not divide the right operand");
  if (!ca.length || !cb.length) {
    const other = ca.length ? ca : cb;
    const unit = other.length === 1 && other[0]!.exponents.every((e) => e === 0) && (R.ring.kind !== "ZZ" || other[0]!.coeff === 1n || other[0]!.coeff === -1n);
    return unit ? { verdict: "accepted", bindings: { ...base, coprimality: "line" } } : reject("not_greatest", ZERO_OPERAND);
  }
  if (R.ring.kind === "GF") return coprimeModP(ca as Terms<bigint>, cb as Terms<bigint>, n, R.ring.p, base, reject, tick);
  if (R.ring.kind === "GFq") return coprimeOverExtension(R as CoeffRing<bigint[]>, ca as Terms<bigint[]>, cb as Terms<bigint[]>, n, base, reject, tick);
  const za = R.ring.kind === "QQ" ? integerAssociateTerms(ca as Terms<Rational>) : (ca as Terms<bigint>);
  const zb = R.ring.kind === "QQ" ? integerAssociateTerms(cb as Terms<Rational>) : (cb as Terms<bigint>);
  if (R.ring.kind === "ZZ" && igcd(integerContentOf(za), integerContentOf(zb)) !== 1n) return reject("not_greatest", "the cofactors have a common constant factor: the gcd of the contents is missing");
  const constant = (t: Terms<bigint>) => t.length <= 1 && (t.length === 0 || t[0]!.exponents.every((e) => e === 0));
  if (constant(za) || constant(zb)) return { verdict: "accepted", bindings: { ...base, coprimality: "line" } };
  const da = tdeg(za as Terms<unknown>), db = tdeg(zb as Terms<unknown>);
  const rng = new SeededRandom(0x6cd + n * 17 + da * 7 + db);
  for (let attempt = 0; attempt < 6; attempt++) {
    tick();
    const range = 3 + 4 * attempt;
    const a = Array.from({ length: n }, () => BigInt(rng.below(2 * range + 1) - range));
    const b = Array.from({ length: n }, () => BigInt((1 + rng.below(range)) * (rng.below(2) ? 1 : -1)));
    const ia = lineImage(za, a, b), ib = lineImage(zb, a, b);
    if (ia.length - 1 !== da || ib.length - 1 !== db) continue;
    if (zgcd(ia, ib, { checkpoint: tick }).length === 1) return { verdict: "accepted", bindings: { ...base, coprimality: "line" } };
  }
  const h = gcdZ(za, zb, n, { checkpoint: tick });
  if (!constant(h) && spDivExact(integersRing(), za, h, tick) && spDivExact(integersRing(), zb, h, tick)) {
    return reject("not_greatest", "the cofactors left/gcd and right/gcd have a common factor (found and checked by exact division): the claim is a common divisor but not the greatest");
  }
  return { verdict: "non_conclusion", bindings: base, reason: "the cofactors' restrictions to 6 lines were not coprime, and no common factor was found" };
}

function sameRingKind(a: Polynomial, b: Polynomial): boolean {
  return formatPolyRing(a.ring) === formatPolyRing(b.ring);
}

function integersRing(): CoeffRing<bigint> {
  return integersR;
}

/** The rejection when an operand is 0: gcd(0, f) is f itself (normalised), so the other cofactor must be a unit. */
const ZERO_OPERAND = "an operand is 0 and the other operand divided by the claim is not a unit: gcd(0, f) is f itself (normalised), so the claim is a common divisor but not the greatest";

/**
 * Cofactors over GF(q), q = p^k: coprime restrictions to a line over GF(q) keeping both total degrees; for
 * q < 2^24 also lines over GF(p^(k·m)) ≥ 2^24, GF(q) embedded by a root of its modulus there; else a common
 * factor found by the multivariate gcd and checked by exact division, or non_conclusion.
 */
function coprimeOverExtension(R: CoeffRing<bigint[]>, ca: Terms<bigint[]>, cb: Terms<bigint[]>, n: number, base: { ring: string; degree: number }, reject: (failure: string, reason: string) => CheckerFinding, tick: () => void): CheckerFinding {
  const constant = (t: Terms<bigint[]>) => t.length === 1 && t[0]!.exponents.every((e) => e === 0);
  if (constant(ca) || constant(cb)) return { verdict: "accepted", bindings: { ...base, coprimality: "line" } };
  const F = R.ring as Extract<typeof R.ring, { kind: "GFq" }>;
  const tdeg = (t: Terms<bigint[]>) => t.reduce((m, x) => Math.max(m, x.exponents.reduce((a, b) => a + b, 0)), -1);
  const da = tdeg(ca), db = tdeg(cb);
  const rng = new SeededRandom(0x6d1 + n * 17 + da * 7 + db);
  const residue = () => (F.p <= 0x7fffffffn ? BigInt(rng.below(Number(F.p))) : (BigInt(rng.nextU32()) * 2n ** 32n + BigInt(rng.nextU32())) % F.p);
  const tryLines = <E>(E: CoeffRing<E>, element: () => E, lift: (c: bigint[]) => E, attempts: number): boolean => {
    for (let attempt = 0; attempt < attempts; attempt++) {
      tick();
      const a = Array.from({ length: n }, element), b = Array.from({ length: n }, element);
      const ia = lineImageIn(E, ca, a, b, lift), ib = lineImageIn(E, cb, a, b, lift);
      if (ia.length - 1 !== da || ib.length - 1 !== db) continue;
      if (ffGcd(E, ia, ib).length === 1) return true;
    }
    return false;
  };
  const elementOf = (k: number) => (): bigint[] => {
    const c = Array.from({ length: k }, residue);
    while (c.length && c[c.length - 1] === 0n) c.pop();
    return c;
  };
  if (tryLines(R, elementOf(F.k), (c) => c, 12)) return { verdict: "accepted", bindings: { ...base, coprimality: "line" } };
  const q = F.p ** BigInt(F.k);
  if (q < EXTENSION_LINES_BELOW) {
    const m = Math.ceil(24 / Math.log2(Number(q)));
    const E = extensionFieldRing(defaultField(F.p, F.k * m));
    const beta = ffRoots(E, F.modulus.map((c) => E.fromInteger(c)))[0]!.root; // GF(q) ↪ GF(q^m): a ↦ β
    const lift = (c: bigint[]): bigint[] => {
      let v = E.zero;
      for (let i = c.length - 1; i >= 0; i--) v = E.add(E.mul(v, beta), E.fromInteger(c[i]!));
      return v;
    };
    if (tryLines(E, elementOf(F.k * m), lift, 8)) return { verdict: "accepted", bindings: { ...base, coprimality: "line" } };
  }
  const h = gcdField(R, ca, cb, n, tick);
  if (!constant(h) && h.length && spDivExact(R, ca, h, tick) && spDivExact(R, cb, h, tick)) {
    return reject("not_greatest", "the cofactors left/gcd and right/gcd have a common factor (found and checked by exact division): the claim is a common divisor but not the greatest");
  }
  return { verdict: "non_conclusion", bindings: base, reason: `the cofactors' restrictions to lines over ${R.name}${q < EXTENSION_LINES_BELOW ? " and over an extension of it" : ""} were not coprime, and no common factor was found` };
}

/** Below this characteristic the coprimality proof also tries lines over an extension field. */
const EXTENSION_LINES_BELOW = 1n << 24n;

/** Cofactors over GF(p): coprime restrictions to a line over GF(p) keeping both total degrees, or a common factor checked by exact division. */
function coprimeModP(ca: Terms<bigint>, cb: Terms<bigint>, n: number, p: bigint, base: { ring: string; degree: number }, reject: (failure: string, reason: string) => CheckerFinding, tick: () => void): CheckerFinding {
  const constant = (t: Terms<bigint>) => t.length <= 1 && (t.length === 0 || t[0]!.exponents.every((e) => e === 0));
  if (constant(ca) || constant(cb)) return { verdict: "accepted", bindings: { ...base, coprimality: "line" } };
  const tdeg = (t: Terms<bigint>) => t.reduce((m, x) => Math.max(m, x.exponents.reduce((a, b) => a + b, 0)), -1);
  const da = tdeg(ca), db = tdeg(cb);
  const rng = new SeededRandom(0x6cf + n * 17 + da * 7 + db);
  const residue = () => (p <= 0x7fffffffn ? BigInt(rng.below(Number(p))) : (BigInt(rng.nextU32()) * 2n ** 32n + BigInt(rng.nextU32())) % p);
  for (let attempt = 0; attempt < 12; attempt++) {
    tick();
    const a = Array.from({ length: n }, residue), b = Array.from({ length: n }, residue);
    const ia = lineImageModP(ca, a, b, p), ib = lineImageModP(cb, a, b, p);
    if (ia.length - 1 !== da || ib.length - 1 !== db) continue;
    if (gfpGcd(ia, ib, p).length === 1) return { verdict: "accepted", bindings: { ...base, coprimality: "line" } };
  }
  // Small fields may have no such line: lines over an extension GF(p^k) of at least 2^24 elements keep the
  // argument (a common factor of the cofactors restricts to a common factor of the images of full degree).
  if (p < EXTENSION_LINES_BELOW) {
    const k = Math.ceil(24 / Math.log2(Number(p)));
    const E = extensionFieldRing(defaultField(p, k));
    const element = (): bigint[] => {
      const c = Array.from({ length: k }, residue);
      while (c.length && c[c.length - 1] === 0n) c.pop();
      return c;
    };
    const lift = (c: bigint): bigint[] => E.fromInteger(c);
    for (let attempt = 0; attempt < 8; attempt++) {
      tick();
      const a = Array.from({ length: n }, element), b = Array.from({ length: n }, element);
      const ia = lineImageIn(E, ca, a, b, lift), ib = lineImageIn(E, cb, a, b, lift);
      if (ia.length - 1 !== da || ib.length - 1 !== db) continue;
      if (ffGcd(E, ia, ib).length === 1) return { verdict: "accepted", bindings: { ...base, coprimality: "line" } };
    }
  }
  const R = primeField(p);
  const h = gcdField(R, ca, cb, n, tick);
  if (!constant(h) && spDivExact(R, ca, h, tick) && spDivExact(R, cb, h, tick)) {
    return reject("not_greatest", "the cofactors left/gcd and right/gcd have a common factor (found and checked by exact division): the claim is a common divisor but not the greatest");
  }
  return { verdict: "non_conclusion", bindings: base, reason: `the cofactors' restrictions to 12 lines over GF(${p})${p < EXTENSION_LINES_BELOW ? " and 8 over an extension of it" : ""} were not coprime, and no common factor was found` };
}
