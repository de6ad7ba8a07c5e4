/** Seeded random polynomials for the polynomial tests (wire form and PARI/GP form). */
import { splitmix } from "../../../operations/matrix/support.js";

export type RingName = "ZZ" | "QQ" | string;

export class Rng {
  private next: () => bigint;
  constructor(seed: number) {
    this.next = splitmix(BigInt(seed));
  }
  int(n: number): number {
    return Number(this.next() % BigInt(n));
  }
  big(bits: number): bigint {
    let x = 0n;
    for (let b = 0; b < bits; b += 64) x = (x << 64n) | this.next();
    return x % (1n << BigInt(bits));
  }
  signed(bits: number): bigint {
    const x = this.big(bits);
    return this.int(2) ? -x : x;
  }
}

/** A random coefficient string of the ring (never "0" when nonzero is asked). */
export function coeff(r: Rng, ring: RingName, bits: number, nonzero = false): string {
  for (;;) {
    let s: string;
    if (ring === "ZZ") s = r.signed(bits).toString();
    else if (ring === "QQ") {
      const n = r.signed(bits), d = r.big(Math.max(2, bits >> 1)) + 1n;
      s = d === 1n ? n.toString() : `${n}/${d}`;
    } else {
      const p = BigInt(/^GF\((\d+)\)$/.exec(ring)![1]!);
      s = (r.big(bits + 8) % p).toString();
    }
    if (!nonzero || !/^-?0(\/|$)/.test(s)) return s;
  }
}

/** A random dense univariate polynomial as a terms wire value and as a GP expression. */
export function randomUnivariate(r: Rng, ring: RingName, degree: number, bits: number, variable = "x"): { wire: any; gp: string; coeffs: string[] } {
  const coeffs: string[] = [];
  for (let i = 0; i <= degree; i++) coeffs.push(coeff(r, ring, bits, i === degree));
  const terms = coeffs.map((c, i) => ({ coefficient: c, exponents: [i] })).filter((t) => !/^-?0(\/|$)/.test(t.coefficient));
  return { wire: { ring, variables: [variable], terms }, gp: gpPoly(ring, coeffs, variable), coeffs };
}

/** A GP expression of little-endian coefficient strings. */
export function gpPoly(ring: RingName, coeffs: string[], variable = "x"): string {
  const body = coeffs.map((c, i) => `(${c})*${variable}^${i}`).join("+") || "0";
  const m = /^GF\((\d+)\)$/.exec(ring);
  return m ? `Mod(1,${m[1]})*(${body})` : `(${body})`;
}

/** A random sparse multivariate polynomial (terms wire form and GP expression). */
export function randomMultivariate(r: Rng, ring: RingName, variables: string[], terms: number, maxExp: number, bits: number): { wire: any; gp: string } {
  const ts: { coefficient: string; exponents: number[] }[] = [];
  for (let k = 0; k < terms; k++) ts.push({ coefficient: coeff(r, ring, bits, true), exponents: variables.map(() => r.int(maxExp + 1)) });
  const body = ts.map((t) => `(${t.coefficient})*${t.exponents.map((e, i) => `${variables[i]}^${e}`).join("*") || "1"}`).join("+") || "0";
  const m = /^GF\((\d+)\)$/.exec(ring);
  return { wire: { ring, variables, terms: ts }, gp: m ? `Mod(1,${m[1]})*(${body})` : `(${body})` };
}

/** GP code printing a univariate polynomial's coefficients, little-endian, lifted, comma-separated. */
export const gpCoeffs = (expr: string, variable = "x"): string => `{my(f=lift(${expr})); if(f==0, print("[]"), print(Vecrev(f,poldegree(f,${variable})+1)))}`;

/** Our output polynomial's dense coefficient strings in GP's print format "[a, b, c]". */
export function denseString(out: { terms: { coefficient: string; exponents: number[] }[] }): string {
  if (!out.terms.length) return "[]";
  const deg = out.terms[0]!.exponents[0] ?? 0;
  const cs = new Array<string>(deg + 1).fill("0");
  for (const t of out.terms) cs[t.exponents[0] ?? 0] = t.coefficient;
  return `[${cs.join(", ")}]`;
}
