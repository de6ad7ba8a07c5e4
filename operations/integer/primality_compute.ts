import { type } from "arktype";
import { gcd, isSquare } from "../../domain/math/integer.js";
import {
  checkPocklingtonCertificate, decidePrimality, DETERMINISTIC_MR_LIMIT, isStrongLucasProbablePrime, isStrongProbablePrime, provePrime, type PrimalityDecision,
} from "../../domain/math/primality.js";
import { object, request, result } from "../_support/kinds.js";
import { builtinCompute, integerField } from "./builtin.js";
import { bitsOf, bpswUnits, mulmodUnits, pocklingtonCertificate, PrimalityStatus, PRIMORIAL_1000, stepFromPowers, stepToPowers } from "./prime_support.js";

const MAX_DIGITS = 10_000;
/** A proof is attempted only up to this size (each witness costs full exponentiations). */
const PROVE_MAX_DIGITS = 2000;
/**
 * Pollard–Brent allowance of a proof: per split, per prime, in total, and in limb-weighted work
 * (iterations · 2(L² + 4) for L-limb numbers): a few seconds at most. Deterministic.
 */
const PROOF_RHO_PER_SPLIT = 200_000;
const PROOF_RHO_TOTAL = 1_500_000;
const PROOF_RHO_WORK = 4e8;

const Method = type("'definition' | 'trial_division' | 'deterministic_miller_rabin' | 'baillie_psw' | 'pocklington'");
const Request = request({
  n: integerField(MAX_DIGITS, "the integer to test (negative numbers, 0 and 1 are not prime)"),
  "prove?": type("boolean").describe(
    "when n ≥ 3317044064679887385961981 is a probable prime: also try to prove it (Pocklington N − 1 certificate within a fixed budget, n up to 2000 digits). Default false.",
  ),
});
const Result = result({
  prime: type("boolean").describe("whether n is prime"),
  status: PrimalityStatus.describe(
    "PROVEN: certain (every composite answer; primes below 3317044064679887385961981; primes with a certificate). PROBABLE: n passed the Baillie–PSW test (no counterexample is known) but has no proof",
  ),
  method: Method.describe(
    "how it was decided: definition (n < 2), trial_division (a prime factor below 1000, or n < 10^6), deterministic_miller_rabin (bases 2..41, n < 3317044064679887385961981), " +
      "baillie_psw (strong base-2 test, square test, strong Lucas test with Selfridge parameters), pocklington (a certificate, given in `certificate`)",
  ),
  "witness?": object(
    {
      kind: type("'factor' | 'miller_rabin_base' | 'lucas'").describe("factor: a non-trivial divisor; miller_rabin_base: a base to which n is not a strong probable prime; lucas: the Selfridge D of a failed strong Lucas test"),
      value: integerField(MAX_DIGITS, "the divisor, base or D"),
    },
    undefined,
    "for a composite n ≥ 4: a re-checkable reason",
  ),
  "certificate?": pocklingtonCertificate(),
  "note?": type("string").atMostLength(400).describe("why a requested proof is missing"),
});
type Req = typeof Request.infer;
type Res = typeof Result.infer;

function methodOf(n: bigint, d: PrimalityDecision): Res["method"] {
  if (n < 2n) return "definition";
  if (d.witness?.kind === "factor" && d.witness.value < 1000n) return "trial_division";
  if (d.prime && n < 1_000_000n) return "trial_division";
  return n < DETERMINISTIC_MR_LIMIT ? "deterministic_miller_rabin" : "baillie_psw";
}

const limbs = (bits: number): number => Math.max(1, Math.ceil(bits / 64));
/** Proofs are attempted for n of at most PROVE_MAX_DIGITS digits. */
const PROVE_LIMIT = 10n ** BigInt(PROVE_MAX_DIGITS);
const provable = (n: bigint): boolean => n < PROVE_LIMIT;

export default builtinCompute<Req, Res>({
  id: "integer.primality.compute",
  title: "Primality test (Baillie–PSW, deterministic below 3.3·10^24, optional Pocklington proof)",
  summary:
    "Decides whether an integer n (up to 10,000 digits) is prime. Composites are always PROVEN, with a witness (a divisor or a Miller–Rabin base). " +
    "Primes are PROVEN below 3317044064679887385961981 (trial division below 10^6, then deterministic Miller–Rabin with the prime bases 2..41); " +
    "above, the answer is Baillie–PSW and PROBABLE (no counterexample is known) unless `prove: true` asks for a proof: a Pocklington N − 1 certificate " +
    "(n − 1 factored far enough by trial division and Pollard–Brent within a fixed budget, recursively), returned in `certificate` with status PROVEN, or a note when none was found. " +
    "The certificate is published on the `certificate` port, which integer.primality_certificate.verify takes.",
  keywords: [
    "prime", "primality", "is prime", "isprime", "primality test", "probable prime", "ispseudoprime", "baillie psw", "bpsw", "miller rabin", "lucas", "composite",
    "primality proof", "primality certificate", "pocklington", "n-1", "integer",
  ],
  request: Request,
  result: Result,
  purpose: "exact bigint arithmetic: Miller–Rabin, strong Lucas, Pollard–Brent, Pocklington",
  bounds: [
    { name: "digits", limit: MAX_DIGITS, unit: "decimal digits", description: "n has at most this many digits" },
    { name: "prove_digits", limit: PROVE_MAX_DIGITS, unit: "decimal digits", description: "a proof (prove: true) is attempted only for n of at most this many digits" },
    { name: "proof_rho_iterations", limit: PROOF_RHO_TOTAL, unit: "Pollard–Brent iterations", description: `a proof spends at most this many (and ${PROOF_RHO_WORK} limb-weighted units) factoring p − 1 for the primes of the certificate` },
  ],
  cost_model:
    "units ≈ 64-bit limb operations. One modular multiplication of b-bit numbers (L = ⌈b/64⌉ limbs) costs 2.5·L² + 8 (schoolbook), 2.5·40^0.415·L^1.585 + 8 above 40 limbs. " +
    "Baillie–PSW: 3·b multiplications (b for the base-2 test, 2b for the Lucas chain). A proof adds about 40 exponentiations (b multiplications each) and the Pollard–Brent allowance.",
  budget: { max_units: 5e10, max_memory_bytes: 256 * 2 ** 20, timeout_ms: 120_000 },
  preflight(req) {
    const bits = bitsOf(req.n);
    let units = bpswUnits(bits);
    if (req.prove && provable(req.n) && bits >= 80) units += 40 * bits * mulmodUnits(bits) + Math.min(PROOF_RHO_TOTAL * 2 * (limbs(bits) ** 2 + 4), PROOF_RHO_WORK);
    return { units, memory_bytes: Math.ceil(bits / 8) * 64 + 2 ** 20, basis: `n of about ${bits} bits${req.prove ? ", proof requested" : ""}` };
  },
  ports: {
    inputs: { n: { field: "n", description: "the integer to test" } },
    outputs: { certificate: { field: "certificate", description: "the Pocklington certificate (prove: true, when found): what integer.primality_certificate.verify checks" } },
  },
  progress_measure: "none (one test; a proof reports nothing either)",
  async execute(req, ctx) {
    const n = req.n;
    const d = decidePrimality(n);
    const method = methodOf(n, d);
    if (!d.prime) {
      return { prime: false, status: "PROVEN", method, ...(d.witness ? { witness: { kind: d.witness.kind, value: d.witness.value } } : {}) };
    }
    if (d.status === "PROVEN") return { prime: true, status: "PROVEN", method };
    const probable: Res = { prime: true, status: "PROBABLE", method: "baillie_psw" };
    if (!req.prove) return probable;
    if (!provable(n)) return { ...probable, note: `no proof attempted: proofs are tried for n of at most ${PROVE_MAX_DIGITS} digits` };
    await ctx.yieldNow();
    const bits = bitsOf(n);
    const allowance = Math.max(0, Math.min(PROOF_RHO_TOTAL, Math.floor(PROOF_RHO_WORK / (2 * (limbs(bits) ** 2 + 4)))));
    const cert = provePrime(n, PROOF_RHO_PER_SPLIT, 0, () => ctx.checkpoint(), { remaining: allowance });
    if (!cert) {
      return {
        ...probable,
        note: "no Pocklington certificate within the proof budget: n − 1 (or p − 1 for a prime p of its factored part) could not be factored far enough (a factored part F with F² > n is needed)",
      };
    }
    return { prime: true, status: "PROVEN", method: "pocklington", certificate: { format: "pocklington" as const, steps: cert.map(stepToPowers) } };
  },
  postcondition(req, res) {
    const n = req.n;
    if (n < 2n) return !res.prime && res.status === "PROVEN" && res.method === "definition" && !res.witness ? null : "n < 2 is not prime, by definition";
    if (!res.prime) {
      if (res.status !== "PROVEN" || res.certificate) return "a composite answer is proven and has no certificate";
      const w = res.witness;
      if (!w) return "a composite answer needs a witness";
      const v = w.value;
      if (w.kind === "factor") return v > 1n && v < n && n % v === 0n ? null : "the factor witness does not divide n";
      if (w.kind === "miller_rabin_base") return (n & 1n) === 1n && v >= 2n && v <= n - 2n && !isStrongProbablePrime(n, v) ? null : "the base does not witness compositeness";
      return (n & 1n) === 1n && !isSquare(n) && !isStrongLucasProbablePrime(n) ? null : "n passes the strong Lucas test";
    }
    if (res.witness) return "a prime has no compositeness witness";
    // cheap, independent of the test that decided: no prime factor below 1000 (unless n is one), not a square
    if (n > 1000n && gcd(n, PRIMORIAL_1000) !== 1n) return "n has a prime factor below 1000";
    if (isSquare(n)) return "n is a perfect square";
    if (res.method === "pocklington") {
      if (res.status !== "PROVEN" || !res.certificate) return "a Pocklington answer carries its certificate";
      const why = checkPocklingtonCertificate(n, res.certificate.steps.map(stepFromPowers));
      return why ? `the certificate is invalid: ${why}` : null;
    }
    if (res.certificate) return "only a Pocklington answer carries a certificate";
    if (res.status === "PROVEN") {
      if (n >= DETERMINISTIC_MR_LIMIT) return "above the deterministic range a prime needs a certificate to be PROVEN";
      // n < ψ13: the 13 deterministic bases (or n < 10^6 with no factor below 1000, checked above)
      for (const a of [2n, 3n, 5n, 7n, 11n, 13n, 17n, 19n, 23n, 29n, 31n, 37n, 41n]) if (n > a + 1n && !isStrongProbablePrime(n, a)) return `n is not a strong probable prime to base ${a}`;
      return null;
    }
    return n >= DETERMINISTIC_MR_LIMIT && res.method === "baillie_psw" ? null : "only Baillie–PSW answers above the deterministic range are PROBABLE";
  },
  examples: [
    { title: "a small prime", payload: { n: "97" }, expected: { prime: true, status: "PROVEN", method: "trial_division" } },
    {
      title: "the Carmichael number 561 is composite, with a divisor",
      payload: { n: "561" },
      expected: { prime: false, status: "PROVEN", method: "trial_division", witness: { kind: "factor", value: "3" } },
    },
    {
      title: "a strong pseudoprime to the bases 2..31 is caught by base 37",
      payload: { n: "3825123056546413051" },
      expected: { prime: false, status: "PROVEN", method: "deterministic_miller_rabin", witness: { kind: "miller_rabin_base", value: "37" } },
    },
    { title: "2^61 − 1 is prime (deterministic range)", payload: { n: "2305843009213693951" }, expected: { prime: true, status: "PROVEN", method: "deterministic_miller_rabin" } },
    {
      title: "2^127 − 1 passes Baillie–PSW: PROBABLE without a proof",
      payload: { n: "170141183460469231731687303715884105727" },
      expected: { prime: true, status: "PROBABLE", method: "baillie_psw" },
    },
    {
      title: "with prove: true, 2^127 − 1 gets a Pocklington certificate",
      payload: { n: "170141183460469231731687303715884105727", prove: true },
      expected: { prime: true, status: "PROVEN", method: "pocklington" },
      compare: ["prime", "status", "method"],
    },
    { title: "negative numbers, 0 and 1 are not prime", payload: { n: "-7" }, expected: { prime: false, status: "PROVEN", method: "definition" } },
  ],
});
