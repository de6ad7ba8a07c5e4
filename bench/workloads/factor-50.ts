/** Prime factorization of a 50-digit balanced semiprime (seeded), ours vs PARI factor() vs SymPy factorint(). */
import { semiprimeWorkload } from "../support/semiprime-workload.js";

export default semiprimeWorkload(50, { reps: 5, sympyTimeoutMs: 60_000 });
