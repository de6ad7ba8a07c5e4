/** Solve a 2000×2000 sparse nonsingular system over GF(p) (matrix.sparse_solve.compute, Wiedemann). */
import { defineComputeWorkload } from "../support/compute-workload.js";

const N = 2000, PER_ROW = 10, P = 1_000_003;

interface Sparse { entries: [row: number, col: number, value: number][]; b: number[] }

/** PER_ROW distinct random columns per row plus the diagonal (so no column is empty), random nonzero values. */
function generate(rng: { below(n: number): number }): Sparse {
  const entries: [number, number, number][] = [];
  for (let i = 0; i < N; i++) {
    const row = new Map<number, number>([[i, 1 + rng.below(P - 1)]]);
    while (row.size < PER_ROW) row.set(rng.below(N), 1 + rng.below(P - 1));
    for (const [j, v] of row) entries.push([i, j, v]);
  }
  return { entries, b: Array.from({ length: N }, () => rng.below(P)) };
}

export default defineComputeWorkload<Sparse>({
  name: "sparse-solve-2000",
  description: `solve A·x = b for a ${N}×${N} sparse matrix over GF(${P}) with ${PER_ROW} nonzeros per row (one on the diagonal) (matrix.sparse_solve.compute, Wiedemann; PARI matsolve of the dense Mod matrix; SymPy DomainMatrix lu_solve over GF(p)). Compared: the solution, entries joined by commas`,
  capabilityId: "matrix.sparse_solve.compute",
  reps: 3,
  generate,
  describe: ({ entries }) => ({ rows: N, cols: N, nonzeros: entries.length, ring: `GF(${P})` }),
  ours: {
    payload: ({ entries, b }) => ({ ring: `GF(${P})`, rows: N, cols: N, entries: entries.map(([row, col, value]) => ({ row, col, value: String(value) })), rhs: { ring: `GF(${P})`, entries: b.map(String) } }),
    result: (v) => ((v as { solution?: { entries: string[] } }).solution?.entries ?? []).join(","),
    budgetMs: 60_000,
  },
  pari: {
    definitions: ({ entries, b }) => `E = [${entries.map(([i, j, v]) => `${i + 1}, ${j + 1}, ${v}`).join("; ")}];\nM = matrix(${N}, ${N}); for (k = 1, #E[,1], M[E[k, 1], E[k, 2]] = E[k, 3]); M = M * Mod(1, ${P}); B = [${b.join(", ")}]~ * Mod(1, ${P});`,
    call: 'strjoin(apply(x->Str(lift(x)), Vec(matsolve(M, B))), ",")',
    timeoutMs: 120_000,
  },
  sympy: {
    data: ({ entries, b }) => ({ entries, b }),
    setup:
      "from sympy.polys.matrices.sdm import SDM\nfrom sympy.polys.matrices import DomainMatrix\nfrom sympy import GF\nK = GF(" + P + ")\nd = {}\nfor i, j, v in data['entries']:\n    d.setdefault(i, {})[j] = K(v)\nM = DomainMatrix(d, (" + N + ", " + N + "), K)\nB = DomainMatrix({i: {0: K(v)} for i, v in enumerate(data['b']) if v}, (" + N + ", 1), K)",
    call: "M.lu_solve(B)",
    resultString: "','.join(str(int(x) % " + P + ") for x in r.to_Matrix())",
    warmup: false,
    budgetMs: 10_000,
    timeoutMs: 60_000,
  },
});
