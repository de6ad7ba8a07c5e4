/**
 * The polynomial wire parser: `{ ring, variables, expression }` or `{ ring, variables, terms }`
 * into the canonical sparse `Polynomial`.
 *
 * Expressions are read by a strict recursive-descent parser over this grammar (whitespace is
 * ignored between tokens):
 *
 *   expr   := sign? term (("+" | "-") term)*
 *   term   := factor ("*" factor)*
 *   factor := ("+" | "-") factor | atom ("^" natural)?
 *   atom   := integer ("/" integer)? | variable | "a" (the generator of GF(p^k)) | "(" expr ")"
 *
 * `/` appears only inside a rational coefficient literal ("3/4"); exponents are non-negative
 * integer literals. Every limit is enforced while reading, before the work it would allow: the
 * length (by the wire schema, before parsing), the nesting depth (an explicit counter far below the
 * JS stack), each exponent against the degree bound before the power is formed, the number of terms
 * of every intermediate value, the size of every coefficient, and the total number of coefficient
 * products the expansion may perform (estimated before a power is expanded). A violation is INVALID_PAYLOAD with the JSON path, the
 * character position and a hint.
 */
import { JacobianError } from "../../errors.js";
import { dMul, dPow } from "./dense.js";
import { coeffRing, parsePolyRingWire, reservedName } from "./rings.js";
import { compareExponents, constantExponents, degreeIn, sortTerms, fromDense, kronecker, makePolynomial, toDense, spConstant, spEq, spMul, spNeg, spPow, TermAccumulator, totalDegree, type Terms } from "./sparse.js";
import type { CoeffRing, Polynomial, PolynomialWire, PolyRing } from "./types.js";

/** Bounds of one polynomial field. */
export interface PolyLimits {
  /** Characters of the expression string (enforced by the wire schema's maxLength). */
  maxChars: number;
  maxVariables: number;
  /** Largest exponent of any variable and largest total degree. */
  maxDegree: number;
  /** Largest number of terms of the value and of any intermediate value of the expansion. */
  maxTerms: number;
  /** Decimal digits of any integer literal and (≈) of any coefficient the expansion produces. */
  maxCoeffDigits: number;
  /** Parenthesis / unary-sign nesting depth. */
  maxDepth?: number;
  /** Coefficient products the expansion of an expression may perform. */
  maxWork?: number;
  /** Digits of the characteristic p. */
  maxPrimeDigits?: number;
}

export const DEFAULT_MAX_DEPTH = 200;
export const DEFAULT_MAX_WORK = 2_000_000;

const IDENT = /^[A-Za-z][A-Za-z0-9_]*$/;
const RATIONAL_LITERAL = /^(0|-?[1-9][0-9]*)(\/[1-9][0-9]*)?$/;
const INTEGER_LITERAL = /^(0|-?[1-9][0-9]*)$/;
const LOG2_10 = Math.log2(10);

const invalid = (path: string, message: string, hint?: string): JacobianError => new JacobianError("INVALID_PAYLOAD", message, { path, ...(hint ? { hint } : {}) });

/** Check a variable list (identifiers, distinct, within the bound, not the generator name). */
export function checkVariables(ring: PolyRing, variables: readonly string[], path: string, maxVariables: number): void {
  if (variables.length > maxVariables) throw invalid(path, `${path} lists ${variables.length} variables; at most ${maxVariables} are allowed`);
  const seen = new Set<string>();
  const reserved = reservedName(ring);
  variables.forEach((v, i) => {
    if (!IDENT.test(v) || v.length > 32) throw invalid(`${path}[${i}]`, `${path}[${i}] is not a variable name`, "variable names are ASCII identifiers: a letter, then letters, digits or _ (at most 32 characters)");
    if (seen.has(v)) throw invalid(`${path}[${i}]`, `variable ${JSON.stringify(v)} is listed twice`);
    if (v === reserved) throw invalid(`${path}[${i}]`, `"${v}" names the generator of the extension field and cannot be a variable`, "rename the variable");
    seen.add(v);
  });
}

/**
 * Parse a polynomial wire value. When both `expression` and `terms` are given (the canonical
 * output form handed back), both are read and must agree.
 */
export function parsePolynomialWire(wire: PolynomialWire | { ring: string; variables: string[]; expression?: string; terms?: unknown[] }, path: string, limits: PolyLimits): Polynomial {
  const w = wire as { ring: string; variables: string[]; expression?: string; terms?: unknown[] };
  const ring = parsePolyRingWire(w.ring, `${path}.ring`, limits.maxPrimeDigits ?? 40);
  checkVariables(ring, w.variables, `${path}.variables`, limits.maxVariables);
  const R = coeffRing(ring);
  if (w.expression === undefined && w.terms === undefined) throw invalid(path, `${path} has neither "expression" nor "terms"`, 'give { ring, variables, expression: "x^2 - 1" } or { ring, variables, terms: [{ coefficient, exponents }] }');
  let fromTerms: Terms<unknown> | undefined;
  if (w.terms !== undefined) fromTerms = parseTermList(R, w.variables.length, w.terms, `${path}.terms`, limits);
  if (w.expression !== undefined) {
    const terms = parseExpression(R, w.variables, w.expression, `${path}.expression`, limits);
    if (fromTerms && !spEq(R, terms, fromTerms)) throw invalid(path, `${path}.expression and ${path}.terms describe different polynomials`, "give one of them, or both for the same polynomial");
    return makePolynomial(ring, w.variables, terms);
  }
  return makePolynomial(ring, w.variables, fromTerms!);
}

/** An integer literal of ZZ within the digit bound (the common case of programs' term lists), else undefined. */
function integerOfZZ<T>(R: CoeffRing<T>, s: string, maxDigits: number): bigint | undefined {
  return R.ring.kind === "ZZ" && s.length <= maxDigits && INTEGER_LITERAL.test(s) ? BigInt(s) : undefined;
}

/** Parse a coefficient string of the ring: an integer or "p/q", or (GF(p^k)) an expression in `a`. */
export function parseCoefficient<T>(R: CoeffRing<T>, s: string, path: string, limits: Pick<PolyLimits, "maxCoeffDigits">): T {
  const n = integerOfZZ(R, s, limits.maxCoeffDigits);
  if (n !== undefined) return n as T;
  if (RATIONAL_LITERAL.test(s)) {
    if (s.length > limits.maxCoeffDigits * 2 + 2) throw invalid(path, `${path} has more than ${limits.maxCoeffDigits} digits`);
    if (R.ring.kind === "ZZ" && s.indexOf("/") < 0) return BigInt(s) as T;
    const slash = s.indexOf("/");
    const num = BigInt(slash < 0 ? s : s.slice(0, slash));
    const den = slash < 0 ? 1n : BigInt(s.slice(slash + 1));
    const c = R.fromRational(num, den);
    if (c === undefined) throw new JacobianError("DOMAIN_ERROR", `${path}: ${s} is not an element of ${R.name}`, { path, hint: R.ring.kind === "ZZ" ? "write the polynomial over QQ for rational coefficients" : "the denominator is divisible by the characteristic" });
    return c;
  }
  if (R.generator !== undefined) {
    const terms = parseExpression(R, [], s, path, { maxChars: s.length, maxVariables: 0, maxDegree: 1_000_000, maxTerms: 1, maxCoeffDigits: limits.maxCoeffDigits });
    return (terms.length ? terms[0]!.coeff : R.zero) as T;
  }
  throw invalid(path, `${path} is not a coefficient of ${R.name}`, 'coefficients are integers "-3" or rationals "3/4" (GF(p^k): expressions in the generator a, like "a^2 + 1")');
}

function parseTermList<T>(R: CoeffRing<T>, nvars: number, terms: readonly unknown[], path: string, limits: PolyLimits): Terms<T> {
  if (terms.length > limits.maxTerms) throw invalid(path, `${path} has ${terms.length} terms; at most ${limits.maxTerms} are allowed`);
  const maxCoeffChars = Math.max(64, 2 * limits.maxCoeffDigits + 2);
  const out: { exponents: number[]; coeff: T }[] = [];
  // The paths of messages are built only for a message; terms are read as given.
  for (let j = 0; j < terms.length; j++) {
    const t = terms[j] as { coefficient?: unknown; exponents?: unknown } | null;
    const at = (): string => `${path}[${j}]`;
    if (t === null || typeof t !== "object" || Array.isArray(t)) throw invalid(at(), `${at()} is not a term { coefficient, exponents }`);
    for (const k in t) if (k !== "coefficient" && k !== "exponents") throw invalid(`${at()}.${k.slice(0, 32)}`, `${at()} has an unknown key ${JSON.stringify(k.slice(0, 32))}`, "a term has exactly the keys coefficient and exponents");
    const c = t.coefficient, ex = t.exponents;
    if (typeof c !== "string" || c.length > maxCoeffChars) throw invalid(`${at()}.coefficient`, `${at()}.coefficient must be a string of at most ${maxCoeffChars} characters`);
    if (!Array.isArray(ex)) throw invalid(`${at()}.exponents`, `${at()}.exponents must be an array of non-negative integers`);
    if (ex.length !== nvars) throw invalid(`${at()}.exponents`, `${at()}.exponents has ${ex.length} entries; the polynomial has ${nvars} variables`, "give one exponent per variable, in the order of `variables`");
    let total = 0;
    for (let i = 0; i < nvars; i++) {
      const e = ex[i];
      if (typeof e !== "number" || !Number.isSafeInteger(e) || e < 0) throw invalid(`${at()}.exponents[${i}]`, `${at()}.exponents[${i}] is not a non-negative integer`);
      total += e;
    }
    if (total > limits.maxDegree) throw invalid(`${at()}.exponents`, `${at()} has total degree ${total}, above the bound ${limits.maxDegree}`);
    // ZZ integers directly: parseCoefficient would need the message path built for every term
    const coeff = (integerOfZZ(R, c, limits.maxCoeffDigits) as T | undefined) ?? parseCoefficient(R, c, `${at()}.coefficient`, limits);
    if (!R.isZero(coeff)) out.push({ exponents: ex.slice() as number[], coeff });
  }
  // Terms in strictly descending or strictly ascending order (a program's dense list) need no sort
  // and no merge; otherwise sort, then merge repeated exponent vectors (adjacent after sorting).
  let order = 0;
  for (let j = 1; j < out.length; j++) {
    const d = compareExponents(out[j - 1]!.exponents, out[j]!.exponents);
    const o = d < 0 ? 1 : d > 0 ? -1 : 0;
    if (o === 0 || (order !== 0 && o !== order)) {
      order = 2;
      break;
    }
    order = o;
  }
  if (order === 1 || out.length < 2) return out;
  if (order === -1) return out.reverse();
  sortTerms(out);
  const merged: { exponents: number[]; coeff: T }[] = [];
  for (const t of out) {
    const last = merged[merged.length - 1];
    if (last && compareExponents(last.exponents, t.exponents) === 0) last.coeff = R.add(last.coeff, t.coeff);
    else merged.push(t);
  }
  return merged.filter((t) => !R.isZero(t.coeff));
}

/** Parse an expression over the given variables into canonical terms. */
export function parseExpression<T>(R: CoeffRing<T>, variables: readonly string[], src: string, path: string, limits: PolyLimits): Terms<T> {
  if (src.length > limits.maxChars) throw invalid(path, `${path} has more than ${limits.maxChars} characters`);
  return parseFlatExpression(R, variables, src, limits) ?? parseGeneralExpression(R, variables, src, path, limits);
}

/** The general recursive-descent parser alone (what `parseExpression` falls back to). */
export function parseGeneralExpression<T>(R: CoeffRing<T>, variables: readonly string[], src: string, path: string, limits: PolyLimits): Terms<T> {
  if (src.length > limits.maxChars) throw invalid(path, `${path} has more than ${limits.maxChars} characters`);
  return new ExpressionParser(R, variables, src, path, limits).parse();
}

/**
 * The fast path of `parseExpression` for an expanded polynomial, a sum of monomials (the canonical
 * output form, "3*x^2*y - x + 7"): each term a product of at most one unsigned integer literal and
 * declared variables with optional integer exponents, in any order, with optional whitespace. One
 * pass over the characters, no intermediate polynomials: a degree-500 expression in about a tenth
 * of the general parser's time. It returns undefined — and the general parser then reads the
 * string from the start, with its messages — for anything else (parentheses, "/", unary signs
 * inside a term, powers of numbers, several numbers in one term, the generator a, unknown names,
 * malformed input) and wherever a limit of the general parser could be reached (literal digits,
 * exponents and total degree above the degree bound, more terms than the bound, its work cap), so
 * what it accepts the general parser accepts with the same terms, and it accepts nothing else
 * (test/domain/math/poly/parse_fast.test.ts checks both differentially, hostile inputs included).
 */
export function parseFlatExpression<T>(R: CoeffRing<T>, variables: readonly string[], src: string, limits: PolyLimits): Terms<T> | undefined {
  const n = variables.length;
  const len = src.length;
  const maxWork = limits.maxWork ?? DEFAULT_MAX_WORK;
  // Terms in strictly descending order (the canonical form) are kept as they come, with no merging
  // to do; the first term out of that order moves them all into an accumulator.
  let sorted: { exponents: number[]; coeff: T }[] | undefined = [];
  let acc: TermAccumulator<T> | undefined;
  let pos = 0;
  let work = 0;
  while (pos < len && isSpace(src.charCodeAt(pos))) pos++;
  let negate = false;
  let c = src.charCodeAt(pos);
  if (c === Ch.Plus || c === Ch.Minus) {
    negate = c === Ch.Minus;
    pos++;
  }
  for (;;) {
    // one term: factor ("*" factor)*
    const exps = new Array<number>(n).fill(0);
    let coeff: bigint | undefined;
    let degree = 0;
    for (;;) {
      while (pos < len && isSpace(src.charCodeAt(pos))) pos++;
      if (pos >= len) return undefined;
      c = src.charCodeAt(pos);
      if (isDigit(c)) {
        if (coeff !== undefined) return undefined;
        const begin = pos;
        let value = 0;
        while (pos < len && isDigit((c = src.charCodeAt(pos)))) {
          value = value * 10 + (c - 48);
          pos++;
        }
        if (pos - begin > limits.maxCoeffDigits) return undefined;
        // up to 15 digits the double is exact
        coeff = pos - begin <= 15 ? BigInt(value) : BigInt(src.slice(begin, pos));
        // a "^" or "/" next ends the term where only "*", "+" or "-" may follow: declined below
      } else if (isIdentStart(c)) {
        const begin = pos;
        while (pos < len && isIdentPart(src.charCodeAt(pos))) pos++;
        let v = -1;
        for (let i = 0; i < n; i++) {
          const name = variables[i]!;
          if (name.length === pos - begin && src.startsWith(name, begin)) {
            v = i;
            break;
          }
        }
        if (v < 0) return undefined;
        while (pos < len && isSpace(src.charCodeAt(pos))) pos++;
        let e = 1;
        if (pos < len && src.charCodeAt(pos) === Ch.Caret) {
          pos++;
          while (pos < len && isSpace(src.charCodeAt(pos))) pos++;
          const begin2 = pos;
          e = 0;
          while (pos < len && isDigit((c = src.charCodeAt(pos)))) {
            e = e * 10 + (c - 48);
            pos++;
          }
          if (pos === begin2 || pos - begin2 > 12 || e > limits.maxDegree) return undefined;
        }
        exps[v] = exps[v]! + e;
        degree += e;
        if (degree > limits.maxDegree) return undefined;
      } else return undefined;
      while (pos < len && isSpace(src.charCodeAt(pos))) pos++;
      if (pos < len && src.charCodeAt(pos) === Ch.Star) {
        if (++work > maxWork) return undefined;
        pos++;
        continue;
      }
      break;
    }
    const k0 = coeff === undefined ? R.one : R.fromInteger(coeff);
    const k = negate ? R.neg(k0) : k0;
    if (sorted) {
      const last = sorted[sorted.length - 1];
      if (!last || compareExponents(last.exponents, exps) < 0) {
        if (!R.isZero(k)) sorted.push({ exponents: exps, coeff: k });
      } else {
        acc = new TermAccumulator(R);
        for (const t of sorted) acc.add(t.exponents, t.coeff);
        sorted = undefined;
      }
    }
    if (acc) acc.add(exps, k);
    if ((sorted ? sorted.length : acc!.size) > limits.maxTerms) return undefined;
    if (pos >= len) return sorted ?? acc!.terms();
    c = src.charCodeAt(pos);
    if (c !== Ch.Plus && c !== Ch.Minus) return undefined;
    negate = c === Ch.Minus;
    pos++;
    while (pos < len && isSpace(src.charCodeAt(pos))) pos++;
    // a sign right after the operator is a unary sign of the next factor: the general parser's case
    if (pos < len && (src.charCodeAt(pos) === Ch.Plus || src.charCodeAt(pos) === Ch.Minus)) return undefined;
  }
}

const enum Ch {
  Plus = 43,
  Minus = 45,
  Star = 42,
  Caret = 94,
  Slash = 47,
  LParen = 40,
  RParen = 41,
}

const isDigit = (c: number): boolean => c >= 48 && c <= 57;
const isIdentStart = (c: number): boolean => (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
const isIdentPart = (c: number): boolean => isIdentStart(c) || isDigit(c) || c === 95;
const isSpace = (c: number): boolean => c === 32 || c === 9 || c === 10 || c === 13;

class ExpressionParser<T> {
  private pos = 0;
  private depth = 0;
  private work = 0;
  private readonly n: number;
  private readonly index = new Map<string, number>();
  private readonly maxDepth: number;
  private readonly maxWork: number;
  private readonly maxBits: number;

  constructor(
    private readonly R: CoeffRing<T>,
    variables: readonly string[],
    private readonly src: string,
    private readonly path: string,
    private readonly limits: PolyLimits,
  ) {
    this.n = variables.length;
    variables.forEach((v, i) => this.index.set(v, i));
    this.maxDepth = limits.maxDepth ?? DEFAULT_MAX_DEPTH;
    this.maxWork = limits.maxWork ?? DEFAULT_MAX_WORK;
    this.maxBits = Math.ceil(limits.maxCoeffDigits * LOG2_10) + 64;
  }

  parse(): Terms<T> {
    this.skip();
    if (this.pos >= this.src.length) throw this.fail("the expression is empty", 'write "0" for the zero polynomial');
    const v = this.expr();
    this.skip();
    if (this.pos < this.src.length) {
      const c = this.src.charCodeAt(this.pos);
      if (c === Ch.RParen) throw this.fail('unbalanced ")"');
      throw this.fail(`unexpected ${this.describeHere()}`, this.hintHere());
    }
    return v;
  }

  private fail(message: string, hint?: string): JacobianError {
    return invalid(this.path, `${this.path}: ${message} at character ${this.pos}`, hint);
  }

  private describeHere(): string {
    if (this.pos >= this.src.length) return "end of expression";
    const cp = this.src.codePointAt(this.pos)!;
    const ch = String.fromCodePoint(cp);
    return cp < 32 || cp > 126 ? `character U+${cp.toString(16).toUpperCase().padStart(4, "0")}` : JSON.stringify(ch);
  }

  private hintHere(): string {
    return 'expressions use numbers, the declared variables, + - * ^ and parentheses, with an explicit "*" between factors ("3*x^2*y") and "/" only inside a rational literal ("3/4*x")';
  }

  private skip(): void {
    const s = this.src;
    while (this.pos < s.length && isSpace(s.charCodeAt(this.pos))) this.pos++;
  }

  private peek(): number {
    this.skip();
    return this.pos < this.src.length ? this.src.charCodeAt(this.pos) : -1;
  }

  private enter(): void {
    if (++this.depth > this.maxDepth) throw this.fail(`nesting deeper than ${this.maxDepth} levels`, "expand or flatten the expression");
  }

  private checkSize(v: Terms<T>): Terms<T> {
    if (v.length > this.limits.maxTerms) throw this.fail(`the expansion has more than ${this.limits.maxTerms} terms`, "give fewer terms or a smaller power");
    if (this.R.characteristic === 0n) {
      for (const t of v) if (this.R.bits(t.coeff) > this.maxBits) throw this.fail(`the expansion has a coefficient above about ${this.limits.maxCoeffDigits} digits`);
    }
    return v;
  }

  private charge(units: number): void {
    this.work += units;
    if (this.work > this.maxWork) throw this.fail(`expanding the expression needs more than the parser's cap of ${this.maxWork} work units (about one coefficient product each)`, "give the polynomial expanded or in the terms form, or compute large products and powers with polynomial.multiply.compute / polynomial.power.compute");
  }

  private expr(): Terms<T> {
    const acc = new TermAccumulator(this.R);
    let c = this.peek();
    let negate = false;
    if (c === Ch.Plus || c === Ch.Minus) {
      negate = c === Ch.Minus;
      this.pos++;
    }
    for (;;) {
      const t = this.term();
      for (const x of t) acc.add(x.exponents, negate ? this.R.neg(x.coeff) : x.coeff);
      if (acc.size > this.limits.maxTerms) throw this.fail(`the expansion has more than ${this.limits.maxTerms} terms`);
      c = this.peek();
      if (c !== Ch.Plus && c !== Ch.Minus) break;
      negate = c === Ch.Minus;
      this.pos++;
    }
    return acc.terms();
  }

  private term(): Terms<T> {
    let v = this.factor();
    for (;;) {
      const c = this.peek();
      if (c === Ch.Star) {
        this.pos++;
        const f = this.factor();
        v = this.checkSize(this.mul(v, f));
        if (totalDegree(v) > this.limits.maxDegree) throw this.fail(`the total degree exceeds the bound ${this.limits.maxDegree}`);
        continue;
      }
      if (c === Ch.Slash) throw this.fail('"/" is allowed only inside a rational coefficient literal such as 3/4', 'write the coefficient first: "1/2*x" rather than "x/2"');
      if (c === Ch.LParen || (c >= 0 && (isDigit(c) || isIdentStart(c)))) throw this.fail('implicit multiplication is not accepted', 'write an explicit "*" between factors ("3*x", "x*(y + 1)")');
      return v;
    }
  }

  private factor(): Terms<T> {
    const c = this.peek();
    if (c === Ch.Plus || c === Ch.Minus) {
      this.pos++;
      this.enter();
      const v = this.factor();
      this.depth--;
      return c === Ch.Minus ? spNeg(this.R, v) : v;
    }
    const start = this.pos;
    const [base, isRationalLiteral] = this.atom();
    if (this.peek() !== Ch.Caret) return base;
    if (isRationalLiteral) throw this.fail("a rational literal cannot be raised to a power without parentheses", 'write "(3/4)^2"');
    this.pos++;
    const e = this.exponent();
    return this.power(base, e, start);
  }

  private exponent(): number {
    this.skip();
    const s = this.src;
    const begin = this.pos;
    if (this.pos < s.length && s.charCodeAt(this.pos) === Ch.Minus) throw this.fail("negative exponents are not polynomials", "exponents are non-negative integers");
    while (this.pos < s.length && isDigit(s.charCodeAt(this.pos))) this.pos++;
    if (this.pos === begin) throw this.fail(`expected a non-negative integer exponent after "^", found ${this.describeHere()}`, 'exponents are integer literals: "x^3", "(x + 1)^2"');
    const digits = s.slice(begin, this.pos);
    if (digits.length > 12 || Number(digits) > this.limits.maxDegree) {
      this.pos = begin;
      throw this.fail(`the exponent ${digits.length > 12 ? digits.slice(0, 12) + "…" : digits} is above the degree bound ${this.limits.maxDegree}`, "the polynomial's degree is bounded; give a smaller exponent");
    }
    return Number(digits);
  }

  private power(base: Terms<T>, e: number, start: number): Terms<T> {
    if (e === 0) return spConstant(this.R, this.n, this.R.one);
    if (e === 1 || base.length === 0) return base;
    const deg = totalDegree(base);
    if (deg * e > this.limits.maxDegree) {
      this.pos = start;
      throw this.fail(`the power has degree ${deg}·${e}, above the bound ${this.limits.maxDegree}`);
    }
    if (this.R.characteristic === 0n) {
      let bits = 0;
      for (const t of base) bits = Math.max(bits, this.R.bits(t.coeff));
      const growth = e * (bits + Math.log2(base.length + 1));
      if (growth > this.maxBits) {
        this.pos = start;
        throw this.fail(`the power has coefficients of about ${Math.round(growth / LOG2_10)} digits, above the bound ${this.limits.maxCoeffDigits}`);
      }
    }
    if (base.length === 1) return spPow(this.R, base, e, this.n);
    const powRadix: number[] = [];
    for (let i = 0; i < this.n; i++) powRadix.push(degreeIn(base, i) * e + 1);
    const powSize = powRadix.reduce((x, y) => x * y, 1);
    if (powSize <= 4 * base.length * e + 64) {
      // Dense powering of the Kronecker image (one variable X, x_i ↦ X^(w_i)) with fast products:
      // the coefficient size was bounded above; the work is about log2(e) products of the final size.
      this.charge(2 * denseCost(powSize, this.R.characteristic === 0n ? e * (maxCoefficientBits(this.R, base) + Math.log2(base.length + 1)) : 2 * maxCoefficientBits(this.R, base)));
      const k = kronecker(powRadix);
      return this.checkSize(fromDense(this.R, dPow(this.R, toDense(this.R, base, k.weights), e), k));
    }
    // Refuse before any product when the estimated work of the whole powering is above the cap:
    // the terms of base^k are at most min(C(t+k−1, k), Π_i (k·deg_i + 1)).
    const degs: number[] = [];
    for (let i = 0; i < this.n; i++) degs.push(degreeIn(base, i));
    const est = (k: number): number => {
      let box = 1;
      for (const d of degs) box *= k * d + 1;
      let multisets = 1;
      for (let j = 1; j < base.length && multisets < box; j++) multisets = (multisets * (k + j)) / j;
      return Math.min(box, multisets);
    };
    let k = 0, planned = 0;
    for (const bit of e.toString(2)) {
      planned += est(k) ** 2;
      k *= 2;
      if (bit === "1") {
        planned += est(k) * base.length;
        k += 1;
      }
    }
    if (est(e) > this.limits.maxTerms) {
      this.pos = start;
      throw this.fail(`the power can have up to ${Math.round(est(e))} terms, above the bound ${this.limits.maxTerms}`, "give the polynomial expanded, or a smaller power");
    }
    if (this.work + planned > this.maxWork) {
      this.pos = start;
      throw this.fail(`expanding the power needs about ${Math.round(planned)} coefficient products, above the parser's cap of ${this.maxWork}`, "give the polynomial expanded or in the terms form, or compute the power with polynomial.power.compute");
    }
    // Binary powering, charging every product before it runs and checking every intermediate size.
    let result: Terms<T> = spConstant(this.R, this.n, this.R.one);
    for (const bit of e.toString(2)) {
      this.charge(result.length * result.length);
      result = this.checkSize(spMul(this.R, result, result));
      if (bit === "1") {
        this.charge(result.length * base.length);
        result = this.checkSize(spMul(this.R, result, base));
      }
    }
    return result;
  }

  /** A product, dense (Kronecker substitution) for univariate operands that are not too sparse. */
  private mul(a: Terms<T>, b: Terms<T>): Terms<T> {
    if (a.length > 1 && b.length > 1) {
      const radix: number[] = [];
      for (let i = 0; i < this.n; i++) radix.push(degreeIn(a, i) + degreeIn(b, i) + 1);
      const size = radix.reduce((x, y) => x * y, 1);
      if (size <= (a.length * b.length) / 4) {
        // Dense product of the Kronecker images (x_i ↦ X^(w_i)) by Kronecker substitution.
        this.charge(denseCost(size, maxCoefficientBits(this.R, a) + maxCoefficientBits(this.R, b) + Math.log2(Math.min(a.length, b.length))));
        const k = kronecker(radix);
        return fromDense(this.R, dMul(this.R, toDense(this.R, a, k.weights), toDense(this.R, b, k.weights)), k);
      }
    }
    this.charge(a.length * b.length);
    return spMul(this.R, a, b);
  }

  /** Returns the atom and whether it was a rational literal p/q. */
  private atom(): [Terms<T>, boolean] {
    const c = this.peek();
    const s = this.src;
    if (c === Ch.LParen) {
      this.pos++;
      this.enter();
      const v = this.expr();
      this.depth--;
      if (this.peek() !== Ch.RParen) throw this.fail(`expected ")" but found ${this.describeHere()}`);
      this.pos++;
      return [v, false];
    }
    if (c >= 0 && isDigit(c)) {
      const num = this.integerLiteral();
      if (this.peek() === Ch.Slash) {
        this.pos++;
        this.skip();
        if (!(this.pos < s.length && isDigit(s.charCodeAt(this.pos)))) throw this.fail(`expected a denominator after "/", found ${this.describeHere()}`, '"/" is allowed only inside a rational coefficient literal such as 3/4');
        const at = this.pos;
        const den = this.integerLiteral();
        if (den === 0n) {
          this.pos = at;
          throw this.fail("division by zero");
        }
        const q = this.R.fromRational(num, den);
        if (q === undefined) {
          this.pos = at;
          throw new JacobianError("DOMAIN_ERROR", `${this.path}: ${num}/${den} is not an element of ${this.R.name} (at character ${at})`, {
            path: this.path,
            hint: this.R.ring.kind === "ZZ" ? "write the polynomial over QQ for rational coefficients" : "the denominator is divisible by the characteristic",
          });
        }
        return [spConstant(this.R, this.n, q), true];
      }
      return [spConstant(this.R, this.n, this.R.fromInteger(num)), false];
    }
    if (c >= 0 && isIdentStart(c)) {
      const begin = this.pos;
      while (this.pos < s.length && isIdentPart(s.charCodeAt(this.pos))) this.pos++;
      const name = s.slice(begin, this.pos);
      const i = this.index.get(name);
      if (i !== undefined) {
        const e = constantExponents(this.n);
        e[i] = 1;
        return [[{ exponents: e, coeff: this.R.one }], false];
      }
      if (name === "a" && this.R.generator !== undefined) return [spConstant(this.R, this.n, this.R.generator), false];
      this.pos = begin;
      const shown = name.length > 32 ? name.slice(0, 32) + "…" : name;
      throw this.fail(`unknown variable ${JSON.stringify(shown)}`, this.index.size ? `the declared variables are ${[...this.index.keys()].join(", ")}; add it to "variables"` : 'declare the polynomial\'s variables in "variables"');
    }
    if (c < 0) throw this.fail("the expression ends where a number, a variable or \"(\" was expected");
    throw this.fail(`unexpected ${this.describeHere()}`, this.hintHere());
  }

  private integerLiteral(): bigint {
    const s = this.src;
    const begin = this.pos;
    while (this.pos < s.length && isDigit(s.charCodeAt(this.pos))) this.pos++;
    if (this.pos - begin > this.limits.maxCoeffDigits) {
      this.pos = begin;
      throw this.fail(`a number has more than ${this.limits.maxCoeffDigits} digits`);
    }
    return BigInt(s.slice(begin, this.pos));
  }
}

/**
 * Work units (≈ µs, the unit of the sparse products' count) of a Kronecker-substitution product
 * with `size` slots of `bits` bits: V8 multiplies n-limb integers in about 0.012·n^1.58 µs
 * (Karatsuba; measured with (x+1)^1000 squared: 31,250 limbs in 150 ms).
 */
const denseCost = (size: number, bits: number): number => size + 0.012 * Math.pow((size * (bits + 8)) / 64, 1.58);

/** Bits of the largest coefficient (ZZ/QQ: numerator+denominator; finite fields: element size). */
export function maxCoefficientBits<T>(R: CoeffRing<T>, terms: Terms<T>): number {
  let b = 0;
  for (const t of terms) b = Math.max(b, R.bits(t.coeff));
  return b;
}

