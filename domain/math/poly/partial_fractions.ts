/**
 * Partial fraction decomposition over QQ of a rational function P/Q in one variable:
 *
 *   P/Q = A + Σ_i Σ_{k=1..e_i} c_ik / q_i^k,   deg c_ik < deg q_i,
 *
 * with q_i the distinct monic irreducible factors of the reduced denominator and e_i their
 * multiplicities. The fraction is first reduced (gcd), A and R come from the division P = A·Q + R;
 * Q = lc·Π q_i^{e_i} is factored (Zassenhaus / van Hoeij, zzfactor.ts); for each i the numerator
 * N_i = R·C_i^{-1} mod q_i^{e_i} with C_i = Q / q_i^{e_i} (Chinese remaindering: Σ N_i C_i ≡ R modulo
 * every q_i^{e_i}, and both sides have degree < deg Q); N_i is then expanded in powers of q_i
 * (repeated division), N_i = Σ_k d_k q_i^k, giving d_k / q_i^{e_i − k}. The decomposition with
 * deg c_ik < deg q_i is unique.
 */
import { dDivRem, dMul, dXgcd } from "./dense.js";
import { gcdIn } from "./univariate.js";
import { rationals } from "./rings.js";
import type { Rational } from "../rational.js";
import { factorOverRationals } from "./zzfactor.js";

type Q = Rational[];

export interface PartialFractions {
  /** The reduced numerator and denominator (denominator monic). */
  numerator: Q;
  denominator: Q;
  /** The polynomial part A. */
  polynomial: Q;
  /** Terms c / q^k, by factor (the factorization's order), then ascending k. */
  terms: { numerator: Q; factor: Q; power: number }[];
}

export function partialFractions(P: readonly Rational[], Qd: readonly Rational[], opts: { checkpoint?: () => void } = {}): PartialFractions {
  const R = rationals;
  const tick = opts.checkpoint ?? (() => {});
  if (!Qd.length) throw new RangeError("partialFractions: zero denominator");
  // lowest terms, denominator monic
  const g = gcdIn(R, P.length ? P : Qd, Qd, tick);
  let num = P.length ? dDivRem(R, P, g, tick).q : [];
  let den = dDivRem(R, Qd, g, tick).q;
  const lcInv = R.inv(den[den.length - 1]!);
  num = num.map((c) => R.mul(c, lcInv));
  den = den.map((c) => R.mul(c, lcInv));
  const { q: poly, r: rem } = dDivRem(R, num, den, tick);
  const terms: PartialFractions["terms"] = [];
  if (den.length > 1 && rem.length) {
    const fz = factorOverRationals(den, { checkpoint: tick });
    for (const { factor, multiplicity } of fz.factors) {
      tick();
      let Qi: Q = [R.one];
      for (let k = 0; k < multiplicity; k++) Qi = dMul(R, Qi, factor);
      const Ci = dDivRem(R, den, Qi, tick).q;
      const x = dXgcd(R, dDivRem(R, Ci, Qi, tick).r, Qi, tick); // s·C_i + t·Q_i = 1
      let Ni = dDivRem(R, dMul(R, rem, x.s), Qi, tick).r;
      // N_i = Σ_k d_k q^k
      for (let k = 0; k < multiplicity && Ni.length; k++) {
        const { q, r } = dDivRem(R, Ni, factor, tick);
        if (r.length) terms.push({ numerator: r, factor, power: multiplicity - k });
        Ni = q;
      }
    }
    // by factor, then ascending power
    const order = new Map(fz.factors.map((f, i) => [f.factor, i] as const));
    terms.sort((a, b) => order.get(a.factor)! - order.get(b.factor)! || a.power - b.power);
  }
  return { numerator: num, denominator: den, polynomial: poly, terms };
}
