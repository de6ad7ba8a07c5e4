/** Reduced grevlex Gröbner basis of katsura-6 over QQ. */
import { defineGroebnerWorkload } from "../support/groebner-workload.js";
import { katsura } from "../support/groebner-systems.js";

export default defineGroebnerWorkload({ name: "katsura-6", description: "reduced grevlex Gröbner basis of katsura-6 (7 variables) over QQ (polynomial.groebner_basis.compute, modular + exact check) vs SymPy and Singular", system: () => katsura(6), p: 0, reps: 3, sympyTimeoutMs: 300_000 });
