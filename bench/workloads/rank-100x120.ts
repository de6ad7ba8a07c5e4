/** Rank of a 100×120 rational matrix (matrix.rank.compute). */
import type { Json } from "../../domain/json.js";
import { defineComputeWorkload } from "../support/compute-workload.js";
import { gpRows, pyRows, randomRationalRows, wireRows, type RatRows } from "../support/rational-matrix.js";

const M = 100, N = 120;

export default defineComputeWorkload<{ rows: RatRows }>({
  name: "rank-100x120",
  description: `rank of a ${M}×${N} matrix over QQ, numerators in [−99, 99], denominators in [1, 9] (matrix.rank.compute)`,
  capabilityId: "matrix.rank.compute",
  reps: 5,
  generate: (rng) => ({ rows: randomRationalRows(rng, M, N) }),
  describe: () => ({ rows: M, cols: N, ring: "QQ", entries: "p/q, p uniform in [−99, 99], q uniform in [1, 9]" }),
  ours: {
    payload: ({ rows }) => ({ matrix: { ring: "QQ", rows: wireRows(rows) } }),
    result: (v) => String((v as { rank: Json } as { rank: number }).rank),
  },
  pari: { definitions: ({ rows }) => `M = ${gpRows(rows)};`, call: "matrank(M)" },
  sympy: {
    data: ({ rows }) => ({ rows: pyRows(rows) }),
    setup: "M = sympy.Matrix([[sympy.Rational(p, q) for p, q in row] for row in data['rows']])",
    call: "M.rank()",
    warmup: false,
    budgetMs: 10_000,
    timeoutMs: 20_000,
  },
});
