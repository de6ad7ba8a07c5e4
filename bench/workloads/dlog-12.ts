/** Discrete logarithm modulo a 12-digit safe prime (seeded): ours vs PARI znlog vs SymPy discrete_log. */
import { dlogWorkload } from "../support/dlog-workload.js";

export default dlogWorkload(12, { reps: 15, sympyTimeoutMs: 30_000, sympyWarmup: true });
