/** Discrete logarithm modulo a 20-digit safe prime (seeded): ours vs PARI znlog vs SymPy discrete_log (SymPy: one call, 30 s hard limit). */
import { dlogWorkload } from "../support/dlog-workload.js";

export default dlogWorkload(20, { reps: 7, sympyTimeoutMs: 30_000, sympyWarmup: false });
