/** Reduced grevlex Gröbner basis of cyclic-6 over GF(32003). */
import { defineGroebnerWorkload } from "../support/groebner-workload.js";
import { cyclic } from "../support/groebner-systems.js";

export default defineGroebnerWorkload({ name: "cyclic-6", description: "reduced grevlex Gröbner basis of cyclic-6 over GF(32003) (polynomial.groebner_basis.compute, F4) vs SymPy and Singular", system: () => cyclic(6), p: 32003, reps: 5, sympyTimeoutMs: 300_000 });
