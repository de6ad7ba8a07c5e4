/**
 * Factorization over GF(32003) of a product of three random polynomials in x, y, z (total degree
 * ≤ 5, 8 terms with random coefficients plus x^5 each): the multivariate GF(p) factorization
 * (domain/math/poly/mfactorp.ts: evaluation, y-adic lifting and recombination in two variables,
 * lifting of the bivariate factors through z) vs PARI factor(f·Mod(1, p)) and Singular's factorize
 * (a note: it has no column of its own); SymPy cannot factor multivariate polynomials over finite
 * fields (unavailable). Compared: the sorted
 * list "total degree^multiplicity" of the factors.
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { timeOurs } from "../support/ours.js";
import { timeGp } from "../support/gp.js";
import { Prng } from "../support/prng.js";
import type { BenchContext, Measurement, Workload, WorkloadResult } from "../types.js";

const NAME = "poly-mfactor-gf32003";
const P = 32003;
const VARS = ["x", "y", "z"];

function randomFactor(rng: Prng): string {
  const parts: string[] = [];
  for (let i = 0; i < 8; i++) {
    const a = rng.below(6), b = rng.below(6 - a), c = rng.below(6 - a - b);
    parts.push(`${1 + rng.below(P - 1)}*x^${a}*y^${b}*z^${c}`);
  }
  parts.push("x^5");
  return parts.join(" + ");
}

/** Singular's factorize, best of `reps` (rtimer in µs), and its result in the compared form. */
function singular(ctx: BenchContext, expr: string, reps: number): { ms: number; result: string } | { error: string } {
  const which = spawnSync("Singular", ["-v"], { encoding: "utf8", timeout: 10_000, input: "quit;\n" });
  if (which.error) return { error: "Singular is not on PATH" };
  const file = path.join(ctx.tmpDir, "mfactor.sing");
  writeFileSync(file, [
    `ring r = ${P}, (${VARS.join(",")}), lp;`,
    `poly f = ${expr};`,
    'system("--ticks-per-sec", 1000000);',
    "list L; int k; int t0; int best = -1;",
    `for (k = 1; k <= ${reps}; k++) { t0 = rtimer; L = factorize(f); t0 = rtimer - t0; if (best < 0 || t0 < best) { best = t0; } }`,
    'string s = ""; for (k = 2; k <= size(L[1]); k++) { s = s + string(deg(L[1][k])) + "^" + string(L[2][k]) + ","; }',
    "print(s); print(best);",
    "quit;",
  ].join("\n"));
  const r = spawnSync("Singular", ["-q", file], { encoding: "utf8", timeout: 120_000 });
  if (r.status !== 0) return { error: `Singular failed: ${r.stderr || r.stdout}` };
  const lines = r.stdout.trim().split("\n").map((s) => s.trim());
  return { result: lines[0]!.split(",").filter(Boolean).sort().join(","), ms: Number(lines[1]) / 1000 };
}

const workload: Workload = {
  name: NAME,
  description: "factor over GF(32003) a product of three random polynomials in x, y, z (total degree ≤ 5, 9 terms each)",
  method:
    "median wall-clock ms per call; ours polynomial.factorization.compute through the JS API; PARI factor(f*Mod(1, p)) timed inside gp (one call, 60 s limit); SymPy has no multivariate factorization over finite fields; " +
    "Singular factorize (best of the reps, rtimer in µs) as a note and under ours.extra. Compared: the sorted list total-degree^multiplicity",
  async run(ctx: BenchContext): Promise<WorkloadResult> {
    const rng = Prng.derive(ctx.seed, NAME);
    const expr = [0, 1, 2].map(() => `(${randomFactor(rng)})`).join("*");
    const reps = ctx.reps ?? 7;
    ctx.log("ours (JS API) …");
    const ours = await timeOurs(ctx, {
      capabilityId: "polynomial.factorization.compute",
      payload: () => ({ polynomial: { ring: `GF(${P})`, variables: VARS, expression: expr } }),
      result: (v) => (v as { factors: { factor: { terms: { exponents: number[] }[] }; multiplicity: number }[] }).factors
        .map((x) => `${Math.max(...x.factor.terms.map((t) => t.exponents.reduce((a, b) => a + b, 0)))}^${x.multiplicity}`).sort().join(","),
      reps,
      budgetMs: 20_000,
    });
    ctx.log("Singular …");
    const sing = singular(ctx, expr, Math.max(3, reps));
    if (ours.status === "ok") {
      ours.extra = { ...(ours.extra ?? {}) };
      if ("ms" in sing) {
        ours.extra.singular_ms = sing.ms;
        ours.extra.singular_result = sing.result;
        ours.extra.ours_over_singular = ours.median_ms / sing.ms;
        ours.note = `Singular factorize ${sing.ms.toFixed(2)} ms (${sing.result === ours.result ? "agrees" : `DIFFERS: ${sing.result}`}); ours/Singular = ${(ours.median_ms / sing.ms).toFixed(1)}`;
      } else ours.note = `Singular: ${sing.error}`;
    }
    ctx.log("PARI/GP …");
    const pari = timeGp(ctx, {
      definitions: `f = (${expr})*Mod(1, ${P});`,
      call: 'my(F = factor(f)); strjoin(vecsort(vector(#F~, i, Str(poldegree(substvec(lift(F[i,1]), [x, y, z], [t*x, t*y, t*z]), t), "^", F[i,2]))), ",")',
      reps: 1,
      budgetMs: 1,
      timeoutMs: 60_000,
    });
    // SymPy 1.11: factor_list(Poly(f, x, y, z, modulus=p)) raises NotImplementedError("multivariate polynomials over finite fields")
    const sympy: Measurement = { status: "unavailable", reason: "SymPy has no multivariate factorization over finite fields (dmp_gf_factor raises NotImplementedError)" };
    return { ours, pari, sympy, inputs: { seed: ctx.seed, ring: `GF(${P})`, variables: 3, factors: "3 × total degree ≤ 5, 9 terms" } };
  },
};

export default workload;
