/** Resultant over ZZ of two random degree-100 polynomials with signed 32-bit coefficients (polynomial.resultant.compute). */
import { defineComputeWorkload } from "../support/compute-workload.js";
import { exprOf, gpPol, randomZZPoly } from "../support/poly-inputs.js";

const BITS = 32;
type In = { a: bigint[]; b: bigint[] };
const wire = (f: bigint[]) => ({ ring: "ZZ", variables: ["x"], terms: f.map((c, i) => ({ coefficient: c.toString(), exponents: [i] })).filter((t) => t.coefficient !== "0") });

export default defineComputeWorkload<In>({
  name: "poly-resultant-100",
  description: `resultant over ZZ of two random degree-100 polynomials with signed ${BITS}-bit coefficients (polynomial.resultant.compute)`,
  capabilityId: "polynomial.resultant.compute",
  reps: 5,
  generate: (rng) => ({ a: randomZZPoly(rng, 100, BITS), b: randomZZPoly(rng, 100, BITS) }),
  describe: () => ({ degrees: "100 and 100", coefficient_bits: BITS }),
  ours: {
    payload: ({ a, b }) => ({ left: wire(a), right: wire(b) }),
    result: (v) => (v as { resultant: string }).resultant,
  },
  pari: {
    definitions: ({ a, b }) => `a = ${gpPol(a)}; b = ${gpPol(b)};`,
    call: "polresultant(a, b)",
  },
  sympy: {
    data: ({ a, b }) => ({ a: exprOf(a), b: exprOf(b) }),
    setup: "x = sympy.Symbol('x')\nA = sympy.Poly(sympy.sympify(data['a'].replace('^', '**')), x)\nB = sympy.Poly(sympy.sympify(data['b'].replace('^', '**')), x)",
    call: "sympy.resultant(A, B)",
    resultString: "str(r)",
    warmup: false,
    budgetMs: 20_000,
    timeoutMs: 120_000,
  },
});
