/**
 * The canonical wire form of a polynomial (docs/contract.md, "Polynomials"):
 * `{ ring, variables, expression, terms }` with `terms` in descending lexicographic order of the
 * exponent vectors and `expression` rendered from them:
 *
 * - terms joined by " + " / " - " in that order; "0" for the zero polynomial;
 * - a term is the coefficient and the monomial joined by "*" ("3*x^2*y", "1/2*x", "x", "-x*y");
 *   coefficient 1 is omitted (−1 becomes a leading "-") except in the constant term;
 * - variables in declared order, exponent 1 omitted ("x*y^2");
 * - ZZ/QQ coefficients signed ("-3/4"); GF(p) coefficients as residues 0..p−1 (never negative);
 *   GF(p^k) coefficients as expressions in the generator a, parenthesized when they are sums
 *   ("(a + 1)*x^2 + a*x + (2*a + 3)").
 *
 * The expression re-parses to the same polynomial (a property test checks it).
 *
 * Import discipline: imported by domain/kinds.ts (kind registration); uses kinds.ts exports only
 * inside functions.
 */
import { coeffRing, formatPolyRing } from "./rings.js";
import type { CoeffRing, Polynomial, PolynomialOutWire, Term } from "./types.js";

/** The canonical output form (each coefficient formatted once, for both forms). */
export function formatPolynomial<T>(p: Polynomial<T>): PolynomialOutWire {
  const R = coeffRing(p.ring) as CoeffRing<T>;
  const coefficients = p.terms.map((t) => R.format(t.coeff));
  return {
    ring: formatPolyRing(p.ring),
    variables: p.variables.slice(),
    expression: expressionOf(p.variables, p.terms, coefficients),
    terms: p.terms.map((t, j) => ({ coefficient: coefficients[j]!, exponents: t.exponents.slice() })),
  };
}

function monomial(variables: readonly string[], exponents: readonly number[]): string {
  if (exponents.length === 1) {
    const e = exponents[0]!;
    return e === 0 ? "" : e === 1 ? variables[0]! : `${variables[0]}^${e}`;
  }
  const parts: string[] = [];
  exponents.forEach((e, i) => {
    if (e === 1) parts.push(variables[i]!);
    else if (e > 1) parts.push(`${variables[i]}^${e}`);
  });
  return parts.join("*");
}

/** The canonical expression of canonical terms. */
export function formatExpression<T>(R: CoeffRing<T>, variables: readonly string[], terms: readonly Term<T>[]): string {
  return expressionOf(variables, terms, terms.map((t) => R.format(t.coeff)));
}

/** The expression of canonical terms whose coefficients are already formatted. */
function expressionOf<T>(variables: readonly string[], terms: readonly Term<T>[], coefficients: readonly string[]): string {
  if (!terms.length) return "0";
  let out = "";
  for (let j = 0; j < terms.length; j++) {
    const mono = monomial(variables, terms[j]!.exponents);
    let c = coefficients[j]!;
    let negative = false;
    if (c.charCodeAt(0) === 45) {
      negative = true;
      c = c.slice(1);
    }
    const sum = c.includes(" ");
    let body: string;
    if (mono === "") body = sum ? `(${c})` : c;
    else if (c === "1") body = mono;
    else body = `${sum ? `(${c})` : c}*${mono}`;
    out += j === 0 ? (negative ? `-${body}` : body) : negative ? ` - ${body}` : ` + ${body}`;
  }
  return out;
}
