/**
 * Factorization over ZZ of a degree-60 polynomial with 4 irreducible factors of degree 15 (random
 * signed 8-bit coefficients, monic), the product's modular factorization having many factors:
 * Zassenhaus with van Hoeij recombination (domain/math/poly/zzfactor.ts) vs PARI factor and SymPy factor_list.
 */
import { timeOurs } from "../support/ours.js";
import { timeGp } from "../support/gp.js";
import { exprOf, gpPol, mul, randomZZPoly } from "../support/poly-inputs.js";
import { Prng } from "../support/prng.js";
import { timePython } from "../support/python.js";
import type { BenchContext, Workload, WorkloadResult } from "../types.js";

const NAME = "poly-factor-60";

const factorPayload = (f: bigint[]) => ({ polynomial: { ring: "ZZ", variables: ["x"], terms: f.map((c, i) => ({ coefficient: c.toString(), exponents: [i] })).filter((t) => t.coefficient !== "0") } });

export function factorWorkload(name: string, description: string, build: (rng: Prng) => bigint[], reps: number, describe: Record<string, string | number>): Workload {
  return {
    name,
    call: (seed) => ({ capabilityId: "polynomial.factorization.compute", payload: factorPayload(build(Prng.derive(seed, name))) }),
    description,
    method: "ours: polynomial.factorization.compute through the JS API (Zassenhaus / van Hoeij, domain/math/poly/zzfactor.ts); PARI: factor(f); SymPy: factor_list(f). The result compared is the sorted list degree^multiplicity of the factors.",
    async run(ctx: BenchContext): Promise<WorkloadResult> {
      const reps0 = ctx.reps ?? reps;
      const f = build(Prng.derive(ctx.seed, name));
      ctx.log("ours (JS API) …");
      const ours = await timeOurs(ctx, {
        capabilityId: "polynomial.factorization.compute",
        payload: () => factorPayload(f),
        result: (v) => ((v as { factors: { factor: { terms: { exponents: number[] }[] }; multiplicity: number }[] }).factors).map((x) => `${x.factor.terms[0]!.exponents[0]}^${x.multiplicity}`).sort().join(","),
        reps: reps0,
        budgetMs: 20_000,
      });
      ctx.log("PARI/GP …");
      const pari = timeGp(ctx, {
        definitions: `f = ${gpPol(f)};`,
        call: 'my(F = factor(f)); strjoin(vecsort(vector(#F~, i, Str(poldegree(F[i,1]), "^", F[i,2]))), ",")',
        reps: reps0,
        budgetMs: 10_000,
        timeoutMs: 60_000,
      });
      ctx.log("SymPy …");
      const sympy = timePython(ctx, {
        data: { expr: exprOf(f) },
        setup: "x = sympy.Symbol('x')\nf = sympy.Poly(sympy.sympify(data['expr'].replace('^', '**')), x)",
        call: "sympy.factor_list(f)",
        resultString: "','.join(sorted(str(g.degree()) + '^' + str(m) for g, m in r[1]))",
        reps: reps0,
        budgetMs: 20_000,
        timeoutMs: 120_000,
        warmup: false,
      });
      return { ours, pari, sympy, inputs: { seed: ctx.seed, degree: f.length - 1, ...describe } };
    },
  };
}

export default factorWorkload(
  NAME,
  "factor over ZZ a degree-60 polynomial, product of 4 random monic degree-15 polynomials with signed 8-bit coefficients",
  (rng) => {
    let f: bigint[] = [1n];
    for (let i = 0; i < 4; i++) f = mul(f, randomZZPoly(rng, 15, 8, true));
    return f;
  },
  5,
  { factors: "4 × degree 15, monic, coefficients |c| < 2^8" },
);
