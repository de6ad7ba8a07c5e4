/** LLL reduction of a 40-dimensional knapsack lattice (matrix.lll_reduction.compute). */
import { defineComputeWorkload } from "../support/compute-workload.js";
import { gpInts, wireInts, type IntRows } from "../support/integer-matrix.js";

const D = 40, BITS = 100;

/**
 * fplll's `latticegen r d b` shape: d rows (w_i, e_i) in dimension d + 1, w_i uniform b-bit
 * integers, e_i the unit vectors. Ours takes the rows, PARI's qflll the columns (the transpose),
 * both with δ = 0.99 (PARI's default). LLL-reduced bases are not unique (PARI reduces in floating
 * point, ours exactly), so the compared value is the rank of the reduced lattice.
 */
function knapsack(rng: { below(n: number): number }): IntRows {
  return Array.from({ length: D }, (_, i) => {
    let w = 0n;
    for (let got = 0; got < BITS; got += 20) w = (w << 20n) | BigInt(rng.below(1 << 20));
    w &= (1n << BigInt(BITS)) - 1n;
    return [w, ...Array.from({ length: D }, (_, j) => (i === j ? 1n : 0n))];
  });
}
const transpose = (m: IntRows): IntRows => m[0]!.map((_, j) => m.map((r) => r[j]!));

export default defineComputeWorkload<{ rows: IntRows }>({
  name: "lll-40",
  description: `LLL reduction (δ = 0.99, transform: false) of a ${D}-dimensional knapsack lattice: rows (w_i, e_i) with w_i uniform ${BITS}-bit integers, in dimension ${D + 1} (matrix.lll_reduction.compute; PARI qflll). Compared: the rank of the reduced lattice (reduced bases are not unique)`,
  capabilityId: "matrix.lll_reduction.compute",
  reps: 5,
  generate: (rng) => ({ rows: knapsack(rng) }),
  describe: () => ({ rank: D, dimension: D + 1, weight_bits: BITS, ring: "ZZ", delta: "99/100" }),
  ours: { payload: ({ rows }) => ({ basis: { ring: "ZZ", rows: wireInts(rows) }, delta: "99/100", transform: false }), result: (v) => String((v as { rank: number }).rank) },
  pari: { definitions: ({ rows }) => `M = ${gpInts(transpose(rows))};`, call: "#qflll(M)" },
  sympy: { unavailable: "SymPy 1.11 has no LLL (DomainMatrix.lll arrived in 1.12)" },
});
