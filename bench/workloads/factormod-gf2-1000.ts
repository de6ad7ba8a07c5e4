/** Factorization of a random monic degree-1000 polynomial over GF(2) (the bit-packed kernel). */
import { defineComputeWorkload } from "../support/compute-workload.js";

const DEGREE = 1000;

interface Factor {
  factor: { terms: { exponents: number[] }[] };
  multiplicity: number;
}

export default defineComputeWorkload({
  name: "factormod-gf2-1000",
  description: `factorization of a random monic degree-${DEGREE} polynomial over GF(2) (polynomial.factorization.compute)`,
  capabilityId: "polynomial.factorization.compute",
  reps: 11,
  // Coefficients little-endian; the leading one is 1.
  generate: (rng) => ({ coeffs: [...Array.from({ length: DEGREE }, () => rng.below(2)), 1] }),
  describe: () => ({ degree: DEGREE, p: 2, coefficients: "uniform in {0, 1}, monic" }),
  ours: {
    payload: ({ coeffs }) => ({
      polynomial: {
        ring: "GF(2)",
        variables: ["x"],
        terms: coeffs.map((c, i) => ({ coefficient: String(c), exponents: [i] })).filter((t) => t.coefficient !== "0"),
      },
    }),
    // The factor degrees with multiplicities, "d:m" sorted: the same string from every engine.
    result: (v) =>
      ((v as unknown as { factors: Factor[] }).factors)
        .map((f) => [f.factor.terms[0]!.exponents[0]!, f.multiplicity] as const)
        .sort((a, b) => a[0] - b[0] || a[1] - b[1])
        .map(([d, m]) => `${d}:${m}`)
        .join(","),
  },
  pari: {
    definitions: ({ coeffs }) => `f = Polrev([${coeffs.join(",")}]);`,
    call: `my(F = factormod(f, 2), v = vecsort(vector(#F~, i, [poldegree(F[i, 1]), F[i, 2]]))); strjoin(vector(#v, i, Str(v[i][1], ":", v[i][2])), ",")`,
  },
  sympy: {
    data: ({ coeffs }) => ({ coeffs }),
    setup: `X = sympy.Symbol('x')\nF = sympy.Poly(list(reversed(data['coeffs'])), X, modulus=2)`,
    call: "F.factor_list()",
    resultString: "','.join(f'{d}:{m}' for d, m in sorted((g.degree(), m) for g, m in r[1]))",
    warmup: false,
    budgetMs: 10_000,
    timeoutMs: 60_000,
  },
});
