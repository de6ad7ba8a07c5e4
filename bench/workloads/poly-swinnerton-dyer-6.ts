/** Irreducibility of the Swinnerton-Dyer polynomial S_6 (degree 64, 32 factors modulo every prime): the van Hoeij recombination test case. */
import { swinnertonDyer } from "../support/poly-inputs.js";
import { factorWorkload } from "./poly-factor-60.js";

export default factorWorkload(
  "poly-swinnerton-dyer-6",
  "factor over ZZ the Swinnerton-Dyer polynomial S_6 = Π(x ± √2 ± √3 ± √5 ± √7 ± √11 ± √13), degree 64, irreducible, 32 quadratic factors modulo every good prime",
  () => swinnertonDyer(6),
  3,
  { polynomial: "S_6" },
);
