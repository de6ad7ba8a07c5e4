/** The arithmetic-function operations of the integer pack, listed once for pack.ts. (Not a declaration.) */
import type { OperationDeclaration } from "../../domain/declaration.js";
import absoluteValue from "./absolute_value.js";
import baseConversion from "./base_conversion.js";
import bigomega from "./bigomega.js";
import carmichaelLambda from "./carmichael_lambda.js";
import digits from "./digits.js";
import divides from "./divides.js";
import divisorCount from "./divisor_count.js";
import divisorSum from "./divisor_sum.js";
import divisors from "./divisors.js";
import lcm from "./lcm.js";
import moebius from "./moebius.js";
import omega from "./omega.js";
import perfectPower from "./perfect_power.js";
import radical from "./radical.js";
import root from "./root.js";
import sign from "./sign.js";
import sqrt from "./sqrt.js";
import totient from "./totient.js";
import valuation from "./valuation.js";

export const arithmeticOperations: OperationDeclaration[] = [
  lcm, absoluteValue, sign, divides, valuation, sqrt, root, perfectPower, digits, baseConversion,
  divisors, divisorCount, divisorSum, totient, carmichaelLambda, moebius, radical, omega, bigomega,
];
