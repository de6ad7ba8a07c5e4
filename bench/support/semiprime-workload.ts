/**
 * Factorization of a balanced semiprime p·q (p, q of d/2 digits, from the seeded PRNG): the shared
 * builder of the factor-30 / factor-40 / factor-50 workloads. Ours: integer.prime_factorization.compute;
 * PARI/GP: factor(n); SymPy: factorint(n). The canonical result is "p*q" with p ≤ q.
 */
import { decidePrimality } from "../../domain/math/primality.js";
import type { Workload } from "../types.js";
import { defineComputeWorkload } from "./compute-workload.js";
import type { Prng } from "./prng.js";

/** The least prime ≥ a random `digits`-digit integer that still has `digits` digits. */
function randomPrime(rng: Prng, digits: number): bigint {
  for (;;) {
    let p = BigInt(rng.decimalDigits(digits)) | 1n;
    while (!decidePrimality(p).prime) p += 2n;
    if (p.toString().length === digits) return p;
  }
}

export function semiprimeWorkload(digits: number, opts: { reps: number; sympyTimeoutMs: number }): Workload {
  return defineComputeWorkload({
    name: `factor-${digits}`,
    description: `prime factorization of a ${digits}-digit balanced semiprime p·q (integer.prime_factorization.compute)`,
    capabilityId: "integer.prime_factorization.compute",
    reps: opts.reps,
    generate: (rng) => {
      for (;;) {
        const p = randomPrime(rng, digits >> 1);
        const q = randomPrime(rng, digits - (digits >> 1));
        const n = p * q;
        if (p !== q && n.toString().length === digits) return { n: n.toString(), p: (p < q ? p : q).toString(), q: (p < q ? q : p).toString() };
      }
    },
    describe: ({ n, p, q }) => ({ digits, n, p, q }),
    ours: {
      payload: ({ n }) => ({ n }),
      result: (v) => {
        const f = (v as { factors?: { prime: string; exponent: string }[]; status?: string }).factors ?? [];
        if ((v as { status?: string }).status !== "COMPLETE") throw new Error(`factorization not complete: ${JSON.stringify(v).slice(0, 200)}`);
        return f.flatMap((x) => Array.from({ length: Number(x.exponent) }, () => x.prime)).join("*");
      },
      budgetMs: 20_000,
    },
    pari: {
      definitions: ({ n }) => `n = ${n};\njb_fs(m) = my(f = factor(m), s = ""); for(k = 1, #f~, for(e = 1, f[k,2], s = Str(s, if(#s, "*", ""), f[k,1]))); s;`,
      call: "jb_fs(n)",
    },
    sympy: {
      data: ({ n }) => ({ n }),
      setup: "N = int(data['n'])",
      call: "sympy.factorint(N)",
      resultString: "'*'.join(str(p) for p in sorted(r) for _ in range(r[p]))",
      timeoutMs: opts.sympyTimeoutMs,
      budgetMs: opts.sympyTimeoutMs,
      warmup: digits < 35,
    },
  });
}
