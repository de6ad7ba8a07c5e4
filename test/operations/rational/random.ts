/** Seeded random rationals for the rational-pack tests: mixed sizes, signs, and unreduced forms. */
import { rng } from "../integer/random.js";

export type Rng = ReturnType<typeof rng>;

/** A wire rational string "p/q" or "p", sometimes unreduced (numerator and denominator share a factor). */
export function randomRational(r: Rng, maxDigits: number): string {
  const shape = r.int(0, 9);
  const d = () => r.int(1, maxDigits);
  if (shape === 0) return r.signedDigits(r.int(1, 3)).toString();
  if (shape === 1) return "0";
  let num = r.signedDigits(d());
  let den = r.digits(d());
  if (den === 0n) den = 1n;
  if (shape <= 4) {
    const k = r.digits(r.int(1, Math.max(1, Math.floor(maxDigits / 4)))) + 1n;
    num *= k;
    den *= k;
  }
  if (num === 0n) return "0";
  return `${num}/${den}`;
}

export { rng };
