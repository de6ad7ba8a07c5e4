/** Factorization of a random monic degree-100 polynomial over GF((10^9+7)^2) (default modulus a^2 + 3a + 5; flat residue kernel). */
import { defineExtensionFactorWorkload } from "../support/extension-factor-workload.js";

export default defineExtensionFactorWorkload({ name: "factor-gfp2-100", p: 1000000007, k: 2, degree: 100, reps: 7, why: "flat residue arrays with Kronecker products (order > 2^16, p < 2^31)" });
