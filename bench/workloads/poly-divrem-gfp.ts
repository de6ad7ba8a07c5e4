/** Division with remainder of a degree-20,000 by a degree-10,000 polynomial over GF(1000003). */
import type { Json } from "../../domain/json.js";
import { defineComputeWorkload } from "../support/compute-workload.js";

const P = 1_000_003;
const DA = 20_000, DB = 10_000;
const PROBE = 5_000;

const coefficientAt = (v: Json, field: string, e: number): string => {
  const p = (v as Record<string, { terms: { coefficient: string; exponents: number[] }[] }>)[field]!;
  return p.terms.find((t) => t.exponents[0] === e)?.coefficient ?? "0";
};

export default defineComputeWorkload({
  name: "poly-divrem-gfp",
  description: `quotient and remainder of a degree-${DA} by a degree-${DB} polynomial over GF(${P}) (polynomial.division.compute)`,
  capabilityId: "polynomial.division.compute",
  reps: 5,
  generate: (rng) => ({
    a: Array.from({ length: DA + 1 }, (_, i) => String(i === DA ? 1 + rng.below(P - 1) : rng.below(P))),
    b: Array.from({ length: DB + 1 }, (_, i) => String(i === DB ? 1 + rng.below(P - 1) : rng.below(P))),
  }),
  describe: () => ({ dividend_degree: DA, divisor_degree: DB, ring: `GF(${P})`, compared: `the remainder's coefficient of x^${PROBE}` }),
  ours: {
    payload: ({ a, b }) => ({
      dividend: { ring: `GF(${P})`, variables: ["x"], terms: a.map((c, i) => ({ coefficient: c, exponents: [i] })).filter((t) => t.coefficient !== "0") },
      divisor: { ring: `GF(${P})`, variables: ["x"], terms: b.map((c, i) => ({ coefficient: c, exponents: [i] })).filter((t) => t.coefficient !== "0") },
    }),
    result: (v) => coefficientAt(v, "remainder", PROBE),
  },
  pari: { definitions: ({ a, b }) => `A = Mod(1,${P})*Polrev([${a.join(",")}]); B = Mod(1,${P})*Polrev([${b.join(",")}]);`, call: `lift(polcoef(A % B, ${PROBE}))` },
  sympy: {
    data: ({ a, b }) => ({ a, b }),
    setup: `x = sympy.Symbol('x'); A = sympy.Poly([int(c) for c in reversed(data['a'])], x, modulus=${P}, symmetric=False); B = sympy.Poly([int(c) for c in reversed(data['b'])], x, modulus=${P}, symmetric=False)`,
    call: `A.rem(B).coeff_monomial(x**${PROBE}) % ${P}`,
  },
});
