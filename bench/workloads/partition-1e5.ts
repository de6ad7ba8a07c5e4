/** The partition number p(10^5) (347 digits). */
import { defineComputeWorkload } from "../support/compute-workload.js";

const N = 100_000;

export default defineComputeWorkload({
  name: "partition-1e5",
  description: `the partition number p(${N.toLocaleString("en")}) (combinatorics.partition.compute; Hardy–Ramanujan–Rademacher in all three engines)`,
  capabilityId: "combinatorics.partition.compute",
  reps: 31,
  generate: () => ({ n: N }),
  describe: ({ n }) => ({ n, result_digits: 347 }),
  ours: {
    payload: ({ n }) => ({ n: String(n) }),
    result: (v) => String((v as { partitions: string }).partitions),
  },
  pari: {
    definitions: ({ n }) => `n = ${n};`,
    call: "numbpart(n)",
  },
  sympy: {
    data: ({ n }) => ({ n }),
    // npartitions (sympy.ntheory; Rademacher with mpmath) does not cache its result between calls.
    setup: "from sympy.ntheory import npartitions as _npartitions\nN = int(data['n'])",
    call: "_npartitions(N)",
  },
});
