/** Prime factorization of a 30-digit balanced semiprime (seeded), ours vs PARI factor() vs SymPy factorint(). */
import { semiprimeWorkload } from "../support/semiprime-workload.js";

export default semiprimeWorkload(30, { reps: 31, sympyTimeoutMs: 30_000 });
