/** Rank of a 2000×2000 sparse matrix over GF(p) (matrix.sparse_rank.compute, Wiedemann). */
import { defineComputeWorkload } from "../support/compute-workload.js";

const N = 2000, PER_ROW = 10, P = 1_000_003;

interface Sparse { entries: [row: number, col: number, value: number][] }

/** PER_ROW distinct random columns per row with random nonzero values; the last 50 rows repeat combinations of others (rank ≤ N − 50). */
function generate(rng: { below(n: number): number }): Sparse {
  const entries: [number, number, number][] = [];
  const rows: Map<number, number>[] = [];
  for (let i = 0; i < N - 50; i++) {
    const row = new Map<number, number>();
    while (row.size < PER_ROW) row.set(rng.below(N), 1 + rng.below(P - 1));
    rows.push(row);
  }
  for (let i = 0; i < 50; i++) {
    // row = c1·row_a + c2·row_b (up to 2·PER_ROW nonzeros)
    const a = rows[rng.below(rows.length)]!, b = rows[rng.below(rows.length)]!;
    const c1 = 1 + rng.below(P - 1), c2 = 1 + rng.below(P - 1);
    const row = new Map<number, number>();
    for (const [j, v] of a) row.set(j, Number((BigInt(c1) * BigInt(v)) % BigInt(P)));
    for (const [j, v] of b) row.set(j, Number((BigInt(row.get(j) ?? 0) + BigInt(c2) * BigInt(v)) % BigInt(P)));
    rows.push(row);
  }
  rows.forEach((row, i) => { for (const [j, v] of row) if (v !== 0) entries.push([i, j, v]); });
  return { entries };
}

export default defineComputeWorkload<Sparse>({
  name: "sparse-rank-2000",
  description: `rank of a ${N}×${N} sparse matrix over GF(${P}): ${PER_ROW} random nonzeros in each of ${N - 50} rows, the last 50 rows random combinations of two others (matrix.sparse_rank.compute, Wiedemann; PARI matrank of the dense Mod matrix; SymPy DomainMatrix rank over GF(p)). Compared: the rank`,
  capabilityId: "matrix.sparse_rank.compute",
  reps: 3,
  generate,
  describe: ({ entries }) => ({ rows: N, cols: N, nonzeros: entries.length, ring: `GF(${P})` }),
  ours: {
    payload: ({ entries }) => ({ ring: `GF(${P})`, rows: N, cols: N, entries: entries.map(([row, col, value]) => ({ row, col, value: String(value) })) }),
    result: (v) => String((v as { rank: number }).rank),
    budgetMs: 60_000,
  },
  pari: {
    definitions: ({ entries }) => `E = [${entries.map(([i, j, v]) => `${i + 1}, ${j + 1}, ${v}`).join("; ")}];\nM = matrix(${N}, ${N}); for (k = 1, #E[,1], M[E[k, 1], E[k, 2]] = E[k, 3]); M = M * Mod(1, ${P});`,
    call: "matrank(M)",
    timeoutMs: 120_000,
  },
  sympy: {
    data: ({ entries }) => ({ entries }),
    setup:
      "from sympy.polys.matrices.sdm import SDM\nfrom sympy.polys.matrices import DomainMatrix\nfrom sympy import GF\nK = GF(" + P + ")\nd = {}\nfor i, j, v in data['entries']:\n    d.setdefault(i, {})[j] = K(v)\nM = DomainMatrix.from_rep(SDM(d, (" + N + ", " + N + "), K)) if hasattr(DomainMatrix, 'from_rep') else DomainMatrix(d, (" + N + ", " + N + "), K)",
    call: "M.rank()",
    warmup: false,
    budgetMs: 10_000,
    timeoutMs: 60_000,
  },
});
