import type { OperationPack } from "../../domain/declaration.js";
import absoluteValue from "./absolute_value.js";
import bestApproximation from "./best_approximation.js";
import canonical from "./canonical.js";
import ceiling from "./ceiling.js";
import compare from "./compare.js";
import continuedFraction from "./continued_fraction.js";
import difference from "./difference.js";
import floor from "./floor.js";
import negation from "./negation.js";
import power from "./power.js";
import product from "./product.js";
import quotient from "./quotient.js";
import reciprocal from "./reciprocal.js";
import sum from "./sum.js";

export const rationalPack: OperationPack = {
  name: "rational",
  version: "0.1.0",
  description: "Exact rational numbers: arithmetic, comparison, floor and ceiling, powers, continued fractions and best approximations",
  operations: [canonical, sum, difference, product, quotient, negation, reciprocal, absoluteValue, floor, ceiling, compare, power, continuedFraction, bestApproximation],
};
