/** Solve a 100×100 rational system A·x = b (matrix.solve.compute). */
import { defineComputeWorkload } from "../support/compute-workload.js";
import { gpRows, pyRows, randomRationalRows, wireRows, type RatRows } from "../support/rational-matrix.js";

const N = 100;

export default defineComputeWorkload<{ a: RatRows; b: RatRows }>({
  name: "solve-100",
  description: `solve A·x = b for a ${N}×${N} matrix A and a vector b over QQ (numerators in [−99, 99], denominators in [1, 9]; matrix.solve.compute). Compared: the solution, entries joined by commas`,
  capabilityId: "matrix.solve.compute",
  reps: 5,
  generate: (rng) => ({ a: randomRationalRows(rng, N, N), b: randomRationalRows(rng, 1, N) }),
  describe: () => ({ rows: N, cols: N, ring: "QQ", entries: "p/q, p uniform in [−99, 99], q uniform in [1, 9]" }),
  ours: {
    payload: ({ a, b }) => ({ matrix: { ring: "QQ", rows: wireRows(a) }, rhs: { ring: "QQ", entries: wireRows(b)[0]! } }),
    result: (v) => ((v as { solution?: { entries: string[] } }).solution?.entries ?? []).join(","),
  },
  // gpRows of one row is a row vector: its transpose is the column B.
  pari: { definitions: ({ a, b }) => `M = ${gpRows(a)}; B = ${gpRows(b)}~;`, call: 'strjoin(apply(x->Str(x), Vec(matsolve(M, B))), ",")' },
  sympy: {
    data: ({ a, b }) => ({ a: pyRows(a), b: pyRows(b) }),
    setup:
      "M = sympy.Matrix([[sympy.Rational(p, q) for p, q in row] for row in data['a']])\nB = sympy.Matrix([sympy.Rational(p, q) for p, q in data['b'][0]])",
    call: "M.LUsolve(B)",
    resultString: "','.join(str(x) for x in r)",
    warmup: false,
    budgetMs: 10_000,
    timeoutMs: 20_000,
  },
});
