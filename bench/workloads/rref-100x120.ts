/** RREF of a 100×120 rational matrix (matrix.rref.compute); the compared result is the sum of its entries. */
import type { Json } from "../../domain/json.js";
import { defineComputeWorkload } from "../support/compute-workload.js";
import { gpRows, pyRows, randomRationalRows, sumRationalStrings, wireRows, type RatRows } from "../support/rational-matrix.js";

const M = 100, N = 120;

export default defineComputeWorkload<{ rows: RatRows }>({
  name: "rref-100x120",
  description:
    `reduced row echelon form of a ${M}×${N} matrix over QQ (numerators in [−99, 99], denominators in [1, 9]; matrix.rref.compute). ` +
    "PARI/GP has no RREF function: it is timed as matsolve(M[,1..100], M), the RREF when the first 100 columns are independent (as here). Compared: the sum of all entries.",
  capabilityId: "matrix.rref.compute",
  reps: 5,
  generate: (rng) => ({ rows: randomRationalRows(rng, M, N) }),
  describe: () => ({ rows: M, cols: N, ring: "QQ", entries: "p/q, p uniform in [−99, 99], q uniform in [1, 9]" }),
  ours: {
    payload: ({ rows }) => ({ matrix: { ring: "QQ", rows: wireRows(rows) } }),
    result: (v) => sumRationalStrings(((v as { rref: Json }).rref as { rows: string[][] }).rows.flat()),
  },
  pari: { definitions: ({ rows }) => `M = ${gpRows(rows)};`, call: `vecsum(concat(Vec(matsolve(M[,1..${M}], M))))` },
  sympy: {
    data: ({ rows }) => ({ rows: pyRows(rows) }),
    setup: "M = sympy.Matrix([[sympy.Rational(p, q) for p, q in row] for row in data['rows']])",
    call: "M.rref()[0]",
    resultString: "str(sum(r))",
    warmup: false,
    budgetMs: 10_000,
    timeoutMs: 20_000,
  },
});
