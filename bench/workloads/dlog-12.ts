/** Discrete logarithm modulo a 12-digit safe prime (seeded): ours vs PARI znlog vs SymPy discrete_log. */
import { dlogWorkload } from "../support/dlog-workload.js";

// 31 repetitions: the index-calculus code reaches its steady state after some twenty calls of a fresh process (JIT), as in factor-30.
export default dlogWorkload(12, { reps: 31, sympyTimeoutMs: 30_000, sympyWarmup: true });
