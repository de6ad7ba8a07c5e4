/** Smith normal form of a 40×40 integer matrix (matrix.smith_form.compute, without transforms). */
import { defineComputeWorkload } from "../support/compute-workload.js";
import { gpInts, pyInts, smallIntegerRows, wireInts, type IntRows } from "../support/integer-matrix.js";

const N = 40, BOUND = 99;

export default defineComputeWorkload<{ rows: IntRows }>({
  name: "snf-40",
  description: `Smith normal form of a ${N}×${N} matrix over ZZ with entries uniform in [−${BOUND}, ${BOUND}] (matrix.smith_form.compute, transforms: false; PARI matsnf, SymPy smith_normal_form). Compared: the invariant factors, ascending`,
  capabilityId: "matrix.smith_form.compute",
  reps: 5,
  generate: (rng) => ({ rows: smallIntegerRows(rng, N, N, BOUND) }),
  describe: () => ({ dimension: N, ring: "ZZ", entries: `uniform in [−${BOUND}, ${BOUND}]` }),
  ours: { payload: ({ rows }) => ({ matrix: { ring: "ZZ", rows: wireInts(rows) }, transforms: false }), result: (v) => (v as { invariant_factors: string[] }).invariant_factors.join(",") },
  // matsnf lists d_n, …, d_1 (descending); reversed here at the cost of one vector copy.
  pari: { definitions: ({ rows }) => `M = ${gpInts(rows)};`, call: 'strjoin(apply(x->Str(x), Vecrev(matsnf(M))), ",")' },
  sympy: {
    data: ({ rows }) => ({ rows: pyInts(rows) }),
    setup: "from sympy.matrices.normalforms import smith_normal_form\nM = sympy.Matrix([[int(x) for x in row] for row in data['rows']])",
    call: "smith_normal_form(M)",
    resultString: "','.join(sorted((str(abs(r[i, i])) for i in range(min(r.shape)) if r[i, i] != 0), key=int))",
    warmup: false,
    budgetMs: 10_000,
    timeoutMs: 60_000,
  },
});
