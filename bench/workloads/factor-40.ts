/** Prime factorization of a 40-digit balanced semiprime (seeded), ours vs PARI factor() vs SymPy factorint(). */
import { semiprimeWorkload } from "../support/semiprime-workload.js";

export default semiprimeWorkload(40, { reps: 15, sympyTimeoutMs: 60_000 });
