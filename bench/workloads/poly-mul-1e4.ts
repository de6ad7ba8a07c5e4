/** Product of two degree-10,000 integer polynomials with random signed 32-bit coefficients. */
import type { Json } from "../../domain/json.js";
import { defineComputeWorkload } from "../support/compute-workload.js";

const DEG = 10_000;
const BITS = 32;
/** The coefficient compared across engines (the middle one, a sum of 10,001 products). */
const PROBE = DEG;

const coefficientAt = (v: Json, field: string, e: number): string => {
  const p = (v as Record<string, { terms: { coefficient: string; exponents: number[] }[] }>)[field]!;
  return p.terms.find((t) => t.exponents[0] === e)?.coefficient ?? "0";
};

export default defineComputeWorkload({
  name: "poly-mul-1e4",
  description: `product of two degree-${DEG} polynomials over ZZ with random signed ${BITS}-bit coefficients (polynomial.multiply.compute)`,
  capabilityId: "polynomial.multiply.compute",
  reps: 5,
  generate: (rng) => ({
    a: Array.from({ length: DEG + 1 }, () => rng.signedBits(BITS).toString()),
    b: Array.from({ length: DEG + 1 }, () => rng.signedBits(BITS).toString()),
  }),
  describe: () => ({ degree: DEG, coefficient_bits: BITS, ring: "ZZ", compared: `the coefficient of x^${PROBE}` }),
  ours: {
    payload: ({ a, b }) => ({
      left: { ring: "ZZ", variables: ["x"], terms: a.map((c, i) => ({ coefficient: c, exponents: [i] })) },
      right: { ring: "ZZ", variables: ["x"], terms: b.map((c, i) => ({ coefficient: c, exponents: [i] })) },
    }),
    result: (v) => coefficientAt(v, "product", PROBE),
  },
  pari: { definitions: ({ a, b }) => `A = Polrev([${a.join(",")}]); B = Polrev([${b.join(",")}]);`, call: `polcoef(A*B, ${PROBE})` },
  sympy: {
    data: ({ a, b }) => ({ a, b }),
    setup: "x = sympy.Symbol('x'); A = sympy.Poly([int(c) for c in reversed(data['a'])], x); B = sympy.Poly([int(c) for c in reversed(data['b'])], x)",
    call: `(A*B).coeff_monomial(x**${PROBE})`,
  },
});
