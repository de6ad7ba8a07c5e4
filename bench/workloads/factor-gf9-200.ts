/** Factorization of a random monic degree-200 polynomial over GF(3^2) (default Conway modulus a^2 + 2a + 2; Zech tables). */
import { defineComputeWorkload } from "../support/compute-workload.js";

const DEGREE = 200;

interface Factor {
  factor: { terms: { exponents: number[] }[] };
  multiplicity: number;
}

/** c0 + c1·a as our wire string ("" for zero). */
const element = ([c0, c1]: readonly [number, number]): string => [c1 ? (c1 === 1 ? "a" : `${c1}*a`) : "", c0 ? String(c0) : ""].filter(Boolean).join(" + ");

export default defineComputeWorkload({
  name: "factor-gf9-200",
  description: `factorization of a random monic degree-${DEGREE} polynomial over GF(3^2) (polynomial.factorization.compute)`,
  capabilityId: "polynomial.factorization.compute",
  reps: 11,
  // Coefficients little-endian as (c0, c1) for c0 + c1·a; the leading one is 1.
  generate: (rng) => ({ coeffs: [...Array.from({ length: DEGREE }, () => [rng.below(3), rng.below(3)] as [number, number]), [1, 0] as [number, number]] }),
  describe: () => ({ degree: DEGREE, field: "GF(3^2), modulus a^2 + 2a + 2", coefficients: "uniform in GF(9), monic" }),
  ours: {
    payload: ({ coeffs }) => ({
      polynomial: {
        ring: "GF(3^2)",
        variables: ["x"],
        terms: coeffs.map((c, i) => ({ coefficient: element(c), exponents: [i] })).filter((t) => t.coefficient !== ""),
      },
    }),
    result: (v) =>
      ((v as unknown as { factors: Factor[] }).factors)
        .map((f) => [f.factor.terms[0]!.exponents[0]!, f.multiplicity] as const)
        .sort((a, b) => a[0] - b[0] || a[1] - b[1])
        .map(([d, m]) => `${d}:${m}`)
        .join(","),
  },
  pari: {
    definitions: ({ coeffs }) => `a = ffgen(Mod(1, 3)*(a^2 + 2*a + 2), 'a); f = Polrev([${coeffs.map(([c0, c1]) => `${c0} + ${c1}*a`).join(",")}]);`,
    call: `my(F = factor(f), v = vecsort(vector(#F~, i, [poldegree(F[i, 1]), F[i, 2]]))); strjoin(vector(#v, i, Str(v[i][1], ":", v[i][2])), ",")`,
  },
  sympy: { unavailable: "SymPy 1.11 factors over prime fields only (no GF(p^k) polynomial domain)" },
});
