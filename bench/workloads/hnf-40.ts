/** Hermite normal form of a 40×40 integer matrix (matrix.hermite_form.compute, without the transform). */
import { defineComputeWorkload } from "../support/compute-workload.js";
import { gpInts, gpPrinted, pyInts, smallIntegerRows, wireInts, type IntRows } from "../support/integer-matrix.js";

const N = 40, BOUND = 99;

/**
 * Ours is row-style (H = U·A upper triangular, entries above a pivot reduced), PARI's mathnf and
 * SymPy's hermite_normal_form column-style (a basis of the column lattice, upper triangular,
 * entries right of a pivot reduced). With J the reversal, rowHNF(A·J) = J·mathnf(Aᵀ)ᵀ·J: ours
 * gets A with its columns reversed, the others Aᵀ, and our H is mapped back for the comparison.
 */
const reversedColumns = (m: IntRows): IntRows => m.map((r) => r.slice().reverse());
const transpose = (m: IntRows): IntRows => m[0]!.map((_, j) => m.map((r) => r[j]!));

function fromOurs(v: unknown): string {
  const H = (v as { hermite: { rows: string[][] } }).hermite.rows;
  const n = H.length;
  // mathnf(Aᵀ) = (J·H·J)ᵀ: entry (i, j) is H[n−1−j][n−1−i]
  return gpPrinted(Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => H[n - 1 - j]![n - 1 - i]!)));
}

export default defineComputeWorkload<{ rows: IntRows }>({
  name: "hnf-40",
  description: `Hermite normal form of a ${N}×${N} matrix over ZZ with entries uniform in [−${BOUND}, ${BOUND}] (matrix.hermite_form.compute, transform: false; PARI mathnf, SymPy hermite_normal_form on the transpose). Compared: the whole form`,
  capabilityId: "matrix.hermite_form.compute",
  reps: 5,
  generate: (rng) => ({ rows: smallIntegerRows(rng, N, N, BOUND) }),
  describe: () => ({ dimension: N, ring: "ZZ", entries: `uniform in [−${BOUND}, ${BOUND}]` }),
  ours: { payload: ({ rows }) => ({ matrix: { ring: "ZZ", rows: wireInts(reversedColumns(rows)) }, transform: false }), result: fromOurs },
  pari: { definitions: ({ rows }) => `M = ${gpInts(transpose(rows))};`, call: "mathnf(M)" },
  sympy: {
    data: ({ rows }) => ({ rows: pyInts(transpose(rows)) }),
    setup: "from sympy.matrices.normalforms import hermite_normal_form\nM = sympy.Matrix([[int(x) for x in row] for row in data['rows']])",
    call: "hermite_normal_form(M)",
    resultString: "'[' + '; '.join(', '.join(str(x) for x in r.row(i)) for i in range(r.rows)) + ']'",
    warmup: false,
    budgetMs: 10_000,
    timeoutMs: 60_000,
  },
});
