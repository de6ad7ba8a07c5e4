import { expect } from "chai";
import fc from "fast-check";
import { factorMultivariateModP } from "../../../../domain/math/poly/mfactorp.js";
import { isConstantTerms, monicTerms } from "../../../../domain/math/poly/mfield.js";
import { KRONECKER_MAX_DEGREE, kroneckerFactorsModP } from "../../../../domain/math/poly/mkronecker.js";
import type { ZTerms } from "../../../../domain/math/poly/mpoly.js";
import { primeField } from "../../../../domain/math/poly/rings.js";
import { degreeIn, sortTerms, spDivExact, spEq, spMul } from "../../../../domain/math/poly/sparse.js";
import type { Term } from "../../../../domain/math/poly/types.js";

/* ---------- a deliberately naive reference: every candidate divisor tried ---------- */

/** A polynomial from its dense coefficient list over the exponent box Π (deg_i + 1) (first variable most significant). */
function fromBox(coeffs: readonly bigint[], degs: readonly number[]): ZTerms {
  const out: Term<bigint>[] = [];
  coeffs.forEach((c, k) => {
    if (c === 0n) return;
    const e = new Array<number>(degs.length);
    let r = k;
    for (let v = degs.length - 1; v >= 0; v--) {
      e[v] = r % (degs[v]! + 1);
      r = Math.floor(r / (degs[v]! + 1));
    }
    out.push({ exponents: e, coeff: c });
  });
  return sortTerms(out);
}

/** Irreducible by exhaustion: no monic nonconstant h with deg_i h ≤ deg_i g other than g itself divides g. */
function bruteIrreducible(g: ZTerms, n: number, p: bigint): boolean {
  const R = primeField(p);
  if (isConstantTerms(g)) return false;
  const degs = Array.from({ length: n }, (_, i) => degreeIn(g, i));
  const slots = degs.reduce((a, d) => a * (d + 1), 1);
  const P = Number(p);
  const total = P ** slots;
  const digits = new Array<bigint>(slots).fill(0n);
  for (let k = 1; k < total; k++) {
    let r = k;
    for (let i = 0; i < slots; i++) {
      digits[i] = BigInt(r % P);
      r = Math.floor(r / P);
    }
    const h = fromBox(digits, degs);
    if (isConstantTerms(h) || h[0]!.coeff !== 1n) continue; // monic nonconstant candidates only
    if (spEq(R, h, monicTerms(R, g))) continue;
    if (spDivExact(R, g, h)) return false;
  }
  return true;
}

const show = (f: ZTerms): string => f.map((t) => `${t.coeff}*[${t.exponents.join(",")}]`).join(" + ");

const randomPoly = (n: number, degs: number[], p: bigint) =>
  fc.array(fc.bigInt({ min: 0n, max: p - 1n }), { minLength: degs.reduce((a, d) => a * (d + 1), 1), maxLength: degs.reduce((a, d) => a * (d + 1), 1) })
    .map((c) => fromBox(c, degs))
    .filter((f) => !isConstantTerms(f));

describe("domain/math/poly/mkronecker — factorization over small GF(p) by Kronecker substitution", () => {
  it("the factors of random products over GF(2) and GF(3) multiply back and are irreducible by exhaustive search", () => {
    for (const [p, degs, count] of [[2n, [1, 2], 2], [2n, [2, 1], 3], [3n, [1, 1], 2], [2n, [1, 1, 1], 2]] as const) {
      const n = degs.length;
      const R = primeField(p);
      fc.assert(
        fc.property(fc.array(randomPoly(n, [...degs], p), { minLength: 1, maxLength: count }), (parts) => {
          let f: ZTerms = parts[0]!;
          for (const q of parts.slice(1)) f = spMul(R, f, q);
          const g = monicTerms(R, f);
          const r = factorMultivariateModP(g, n, p);
          let prod: ZTerms = [{ exponents: new Array<number>(n).fill(0), coeff: r.unit }];
          for (const x of r.factors) {
            for (let k = 0; k < x.multiplicity; k++) prod = spMul(R, prod, x.factor);
            expect(bruteIrreducible(x.factor, n, p), `GF(${p}): factor of ${show(g)}`).to.equal(true);
          }
          expect(spEq(R, prod, g)).to.equal(true);
        }),
        { numRuns: 40 },
      );
    }
  });

  it("kroneckerFactorsModP alone agrees with exhaustive search on square-free inputs (including ones with an admissible point)", () => {
    const p = 2n;
    const R = primeField(p);
    fc.assert(
      fc.property(randomPoly(2, [2, 2], p), randomPoly(2, [1, 1], p), (a, b) => {
        const g = monicTerms(R, spMul(R, a, b));
        const fs = kroneckerFactorsModP(g, 2, p);
        expect(fs).to.not.equal(undefined);
        let prod: ZTerms = [{ exponents: [0, 0], coeff: 1n }];
        for (const h of fs!) {
          prod = spMul(R, prod, h);
          expect(bruteIrreducible(h, 2, p)).to.equal(true);
        }
        expect(spEq(R, prod, g)).to.equal(true);
      }),
      { numRuns: 60 },
    );
  });

  it("(x·y + 1)·((y + 1)·x + y) over GF(2), which has no admissible evaluation point, factors; an irreducible input stays whole", () => {
    const R = primeField(2n);
    const A: ZTerms = [{ exponents: [1, 1], coeff: 1n }, { exponents: [0, 0], coeff: 1n }];
    const B: ZTerms = [{ exponents: [1, 1], coeff: 1n }, { exponents: [1, 0], coeff: 1n }, { exponents: [0, 1], coeff: 1n }];
    const r = factorMultivariateModP(spMul(R, A, B), 2, 2n);
    expect(r.factors.map((x) => x.factor)).to.have.deep.members([A, B]);
    // x^2·y + x·y^2 + 1: irreducible (checked exhaustively) and kept whole
    const C: ZTerms = [{ exponents: [2, 1], coeff: 1n }, { exponents: [1, 2], coeff: 1n }, { exponents: [0, 0], coeff: 1n }];
    expect(bruteIrreducible(C, 2, 2n)).to.equal(true);
    expect(kroneckerFactorsModP(C, 2, 2n)).to.deep.equal([C]);
  });

  it("says nothing (undefined) when the image would exceed its degree cap", () => {
    const d = Math.ceil(Math.sqrt(KRONECKER_MAX_DEGREE)) + 1;
    const g: ZTerms = [{ exponents: [d, 0], coeff: 1n }, { exponents: [0, d], coeff: 1n }, { exponents: [0, 0], coeff: 1n }];
    expect(kroneckerFactorsModP(g, 2, 2n)).to.equal(undefined);
  });
});
