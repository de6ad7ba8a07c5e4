/** The prime operations of the integer pack, listed once for pack.ts. (Not a declaration.) */
import type { OperationDeclaration } from "../../domain/declaration.js";
import nextPrime from "./next_prime.js";
import nthPrime from "./nth_prime.js";
import previousPrime from "./previous_prime.js";
import primality from "./primality.js";
import primalityCertificateVerify from "./primality_certificate_verify.js";
import primeCount from "./prime_count.js";

export const primeOperations: OperationDeclaration[] = [primality, nextPrime, previousPrime, nthPrime, primeCount, primalityCertificateVerify];
