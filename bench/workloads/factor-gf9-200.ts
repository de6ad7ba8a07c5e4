/** Factorization of a random monic degree-200 polynomial over GF(3^2) (default Conway modulus a^2 + 2a + 2; Zech tables). */
import { defineExtensionFactorWorkload } from "../support/extension-factor-workload.js";

export default defineExtensionFactorWorkload({ name: "factor-gf9-200", p: 3, k: 2, degree: 200, reps: 11, why: "Zech logarithm tables (order ≤ 2^16)" });
