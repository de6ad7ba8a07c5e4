/** gcd over ZZ of two degree-500 polynomials with a common factor of degree 250 (polynomial.gcd.compute). */
import { defineComputeWorkload } from "../support/compute-workload.js";
import { exprOf, gpPol, mul, randomZZPoly } from "../support/poly-inputs.js";

const BITS = 16;
type In = { a: bigint[]; b: bigint[] };
const wire = (f: bigint[]) => ({ ring: "ZZ", variables: ["x"], terms: f.map((c, i) => ({ coefficient: c.toString(), exponents: [i] })).filter((t) => t.coefficient !== "0") });

export default defineComputeWorkload<In>({
  name: "poly-gcd-500",
  description: `gcd over ZZ of two degree-500 polynomials a = c·u, b = c·v, with c, u, v random of degree 250 and signed ${BITS}-bit coefficients (polynomial.gcd.compute)`,
  capabilityId: "polynomial.gcd.compute",
  reps: 5,
  generate: (rng) => {
    const c = randomZZPoly(rng, 250, BITS), u = randomZZPoly(rng, 250, BITS), v = randomZZPoly(rng, 250, BITS);
    return { a: mul(c, u), b: mul(c, v) };
  },
  describe: () => ({ degrees: "500 and 500", common_factor_degree: 250, coefficient_bits: BITS }),
  ours: {
    payload: ({ a, b }) => ({ left: wire(a), right: wire(b) }),
    result: (v) => {
      const g = (v as { gcd: { terms: { coefficient: string; exponents: number[] }[] } }).gcd.terms;
      return `${g[0]!.exponents[0]}:${g[0]!.coefficient}:${g[g.length - 1]!.coefficient}`;
    },
  },
  pari: {
    definitions: ({ a, b }) => `a = ${gpPol(a)}; b = ${gpPol(b)};`,
    call: 'my(g = gcd(a, b)); if(pollead(g) < 0, g = -g); Str(poldegree(g), ":", pollead(g), ":", polcoef(g, 0))',
  },
  sympy: {
    data: ({ a, b }) => ({ a: exprOf(a), b: exprOf(b) }),
    setup: "x = sympy.Symbol('x')\nA = sympy.Poly(sympy.sympify(data['a'].replace('^', '**')), x)\nB = sympy.Poly(sympy.sympify(data['b'].replace('^', '**')), x)",
    call: "sympy.gcd(A, B)",
    resultString: "(lambda g: str(g.degree()) + ':' + str(g.LC()) + ':' + str(g.nth(0)))(r if r.LC() > 0 else -r)",
    budgetMs: 20_000,
    timeoutMs: 120_000,
  },
});
