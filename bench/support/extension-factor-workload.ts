/**
 * Factorization of a random monic polynomial over GF(p^k) (polynomial.factorization.compute) against
 * PARI/GP's factor over ffgen, with our default modulus on both sides; SymPy 1.11 has no GF(p^k)
 * polynomial domain.
 */
import { defaultModulus } from "../../domain/math/poly/gfq.js";
import type { Workload } from "../types.js";
import { defineComputeWorkload } from "./compute-workload.js";

interface Factor {
  factor: { terms: { exponents: number[] }[] };
  multiplicity: number;
}

/** Σ c_i a^i as our wire string ("" for zero). */
function element(c: readonly number[]): string {
  return c
    .map((v, i) => (v === 0 ? "" : i === 0 ? String(v) : `${v === 1 ? "" : `${v}*`}a${i > 1 ? `^${i}` : ""}`))
    .filter(Boolean)
    .reverse()
    .join(" + ");
}

export function defineExtensionFactorWorkload(o: { name: string; p: number; k: number; degree: number; reps: number; why: string }): Workload {
  const { modulus, kind } = defaultModulus(BigInt(o.p), o.k);
  const m = modulus.map(Number);
  const modulusText = element(m.slice(0, o.k)) ? `a^${o.k} + ${element(m.slice(0, o.k))}` : `a^${o.k}`;
  return defineComputeWorkload({
    name: o.name,
    description: `factorization of a random monic degree-${o.degree} polynomial over GF(${o.p}^${o.k}) (polynomial.factorization.compute)`,
    capabilityId: "polynomial.factorization.compute",
    reps: o.reps,
    // Coefficients little-endian, each as its k residues; the leading one is 1.
    generate: (rng) => ({ coeffs: [...Array.from({ length: o.degree }, () => Array.from({ length: o.k }, () => rng.below(o.p))), [1, ...Array<number>(o.k - 1).fill(0)]] }),
    describe: () => ({ degree: o.degree, field: `GF(${o.p}^${o.k}), default (${kind}) modulus ${modulusText}`, coefficients: "uniform, monic", kernel: o.why }),
    ours: {
      payload: ({ coeffs }) => ({
        polynomial: {
          ring: `GF(${o.p}^${o.k})`,
          variables: ["x"],
          terms: coeffs.map((c, i) => ({ coefficient: element(c), exponents: [i] })).filter((t) => t.coefficient !== ""),
        },
      }),
      result: (v) =>
        (v as unknown as { factors: Factor[] }).factors
          .map((f) => [Math.max(...f.factor.terms.map((t) => t.exponents[0]!)), f.multiplicity] as const)
          .sort((a, b) => a[0] - b[0] || a[1] - b[1])
          .map(([d, mult]) => `${d}:${mult}`)
          .join(","),
    },
    pari: {
      definitions: ({ coeffs }) =>
        `a = ffgen(Mod(1, ${o.p})*Polrev([${m.join(",")}], 'a), 'a); f = Polrev([${coeffs.map((c) => `${c.map((v, i) => `${v}*a^${i}`).join(" + ")}`).join(",")}]);`,
      call: `my(F = factor(f), v = vecsort(vector(#F~, i, [poldegree(F[i, 1]), F[i, 2]]))); strjoin(vector(#v, i, Str(v[i][1], ":", v[i][2])), ",")`,
    },
    sympy: { unavailable: "SymPy 1.11 factors over prime fields only (no GF(p^k) polynomial domain)" },
  });
}
