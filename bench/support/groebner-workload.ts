/**
 * Gröbner-basis workloads: ours (polynomial.groebner_basis.compute through the JS API), SymPy's
 * groebner and Singular's std (when `Singular` is on PATH; it has no column of its own in the
 * table, so its time and ratio are reported in a note and in the JSON record). PARI/GP has no
 * Gröbner bases: "n/a". Results compared: number of basis elements and of terms.
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { Json } from "../../domain/json.js";
import type { BenchContext, Measurement, Workload, WorkloadResult } from "../types.js";
import { render, type SystemPoly } from "./groebner-systems.js";
import { timeOurs } from "./ours.js";
import { timePython } from "./python.js";

export interface GroebnerWorkloadSpec {
  name: string;
  description: string;
  system: () => SystemPoly[];
  /** 0 for QQ. */
  p: number;
  reps: number;
  sympyTimeoutMs: number;
}

function singular(ctx: BenchContext, sys: SystemPoly[], vars: string[], p: number, reps: number): { ms: number; result: string } | { error: string } {
  const which = spawnSync("Singular", ["-v"], { encoding: "utf8", timeout: 10_000, input: "quit;\n" });
  if (which.error) return { error: "Singular is not on PATH" };
  const file = path.join(ctx.tmpDir, "gb.sing");
  const src = [
    `ring r = ${p}, (${vars.join(",")}), dp;`,
    "option(redSB);",
    `ideal i = ${sys.map((f) => render(f, vars)).join(", ")};`,
    'system("--ticks-per-sec", 1000000);',
    "ideal g; int k; int t0; int best = -1;",
    `for (k = 1; k <= ${reps}; k++) { t0 = rtimer; g = std(i); t0 = rtimer - t0; if (best < 0 || t0 < best) { best = t0; } }`,
    "int terms = 0; for (k = 1; k <= size(g); k++) { terms = terms + size(g[k]); }",
    'print(string(size(g)) + " elements, " + string(terms) + " terms"); print(best);',
    "quit;",
  ].join("\n");
  writeFileSync(file, src);
  const r = spawnSync("Singular", ["-q", file], { encoding: "utf8", timeout: 300_000 });
  if (r.status !== 0) return { error: `Singular failed: ${r.stderr || r.stdout}` };
  const lines = r.stdout.trim().split("\n").map((s) => s.trim());
  return { result: lines[0]!, ms: Number(lines[1]) / 1000 };
}

export function defineGroebnerWorkload(spec: GroebnerWorkloadSpec): Workload {
  return {
    name: spec.name,
    description: spec.description,
    method:
      "median wall-clock ms per call; ours via createJacobian().run() after one warm-up, batched below 50 ms; SymPy groebner(..., order='grevlex') inside python (perf_counter), one call; " +
      "Singular std with option(redSB) (best of the reps, rtimer in µs) reported as a note and under ours.extra",
    async run(ctx: BenchContext): Promise<WorkloadResult> {
      const sys = spec.system();
      const n = sys[0]![0]!.e.length;
      const vars = Array.from({ length: n }, (_, i) => `x${i}`);
      const ring = spec.p ? `GF(${spec.p})` : "QQ";
      const reps = ctx.reps ?? spec.reps;
      ctx.log("ours (JS API) …");
      const ours = await timeOurs(ctx, {
        capabilityId: "polynomial.groebner_basis.compute",
        payload: () => ({ generators: sys.map((f) => ({ ring, variables: vars, expression: render(f, vars) })), order: "grevlex" }),
        result: (v) => {
          const basis = (v as { basis: { terms: Json[] }[] }).basis;
          return `${basis.length} elements, ${basis.reduce((s, g) => s + g.terms.length, 0)} terms`;
        },
        reps,
        budgetMs: 60_000,
      });
      ctx.log("Singular …");
      const sing = singular(ctx, sys, vars, spec.p, Math.max(3, reps));
      if (ours.status === "ok") {
        ours.extra = { ...(ours.extra ?? {}) };
        if ("ms" in sing) {
          ours.extra.singular_ms = sing.ms;
          ours.extra.singular_result = sing.result;
          ours.extra.ours_over_singular = ours.median_ms / sing.ms;
          ours.note = `Singular std ${sing.ms.toFixed(1)} ms (${sing.result}${sing.result === ours.result ? ", agrees" : ", DIFFERS"}); ours/Singular = ${(ours.median_ms / sing.ms).toFixed(2)}`;
        } else ours.note = `Singular: ${sing.error}`;
      }
      ctx.log("SymPy …");
      const sympy: Measurement = timePython(ctx, {
        data: { polys: sys.map((f) => render(f, vars, "**")), n, p: spec.p },
        setup: "X = sympy.symbols('x0:%d' % data['n']); F = [sympy.sympify(s, locals={str(x): x for x in X}) for s in data['polys']]; kw = {'modulus': data['p']} if data['p'] else {}",
        call: "sympy.groebner(F, *X, order='grevlex', **kw)",
        resultString: "'%d elements, %d terms' % (len(r.exprs), sum(len(sympy.Poly(g, *X).terms()) for g in r.exprs))",
        reps: 1,
        budgetMs: 1,
        timeoutMs: spec.sympyTimeoutMs,
        warmup: false,
      });
      const pari: Measurement = { status: "n/a" };
      return { ours, pari, sympy, inputs: { operation: "polynomial.groebner_basis.compute", system: spec.name, ring, variables: n, order: "grevlex" } };
    },
  };
}
