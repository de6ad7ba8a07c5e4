import { domainError } from "../../domain/errors.js";
import { certifyPrimes } from "../../domain/math/arithmetic.js";
import { COST_UNITS_PER_WORK, expectedFactorWork, FACTOR_EFFORT, factorInteger, TRIAL_DIVISION_BOUND } from "../../domain/math/factor.js";
import { decimalDigits, isSquare, modPow } from "../../domain/math/integer.js";
import { isStrongLucasProbablePrime, isStrongProbablePrime } from "../../domain/math/primality.js";
import { request, result } from "../_support/kinds.js";
import { builtinCompute, integerField } from "./builtin.js";
import { EFFORT_LEVELS, effortBudget } from "../_support/effort.js";
import { EFFORT, FACTORIZATION_KIND, factorizationShape } from "./factorization_support.js";

const MAX_DIGITS = 1000;

/** Limb-weighted rho work for the Pocklington proofs of BPSW-probable primes. */
const PROOF_WORK = 4e7;

const Request = request({
  n: integerField(MAX_DIGITS, "the non-zero integer to factor (a negative n gets unit −1)"),
  "effort?": EFFORT.describe(`work budget of the factoring engine: ${EFFORT_LEVELS}`),
});
type Req = typeof Request.infer;
const Result = result(factorizationShape(MAX_DIGITS), FACTORIZATION_KIND);
type Res = typeof Result.infer;

const lower = (digits: number) => Math.max(1, (digits - 1) * 3.3219);

export default builtinCompute<Req, Res>({
  id: "integer.prime_factorization.compute",
  title: "Prime factorization of an integer",
  summary:
    "Factors n ≠ 0 (up to 1000 digits) into primes: trial division below 2^16, perfect powers, Pollard–Brent rho, ECM (Montgomery curves, Suyama parametrisation, two stages) " +
    "and a self-initialising quadratic sieve (SIQS, 14–90 digits; 50-digit balanced semiprimes take about a second), all within a work budget chosen by `effort`. " +
    "status COMPLETE gives every prime power; when the budget runs out the result is INCOMPLETE with the unfactored composite cofactor (never a guess). " +
    "Each prime is PROVEN (deterministic below 3.3·10^24, else a Pocklington certificate) or PROBABLE (Baillie–PSW only). n = unit · Π p^e; ±1 has no prime factors; n = 0 is a DOMAIN_ERROR. " +
    "Deterministic: the randomised methods use a PRNG seeded from n. The whole result is published on the `factorization` port; integer.prime_factorization.verify takes it as its claim.",
  keywords: [
    "prime factorization", "factorization", "factorisation", "factor", "factorint", "factors", "prime factors", "integer", "divisors", "semiprime",
    "trial division", "pollard rho", "brent", "ecm", "elliptic curve method", "lenstra", "quadratic sieve", "siqs", "mpqs", "multiplicity",
  ],
  request: Request,
  result: Result,
  purpose: "exact bigint factorization engine (trial division, rho, ECM, SIQS) and Pocklington proofs",
  bounds: [
    { name: "digits", limit: MAX_DIGITS, unit: "decimal digits", description: "n has at most this many digits" },
    { name: "work", limit: FACTOR_EFFORT.thorough, unit: "engine work units", description: "the factorization stops at the effort's budget (quick 10^6, standard 3·10^7, thorough 5·10^8) and returns INCOMPLETE" },
  ],
  cost_model:
    `units ≈ 64-bit limb multiplications = ${COST_UNITS_PER_WORK} × engine work units (one engine unit ≈ 0.25 µs: a modular multiplication of ~100-bit numbers, or 200 sieve steps). ` +
    "For n of d digits (b bits): trial division and primality ≈ b²/16; below 14 digits Pollard–Brent rho ≈ 3·2^(b/4); from 14 digits the expected SIQS work 4·10^6·12^((d − 50)/10) (plus a 3–15 % ECM pretest from 36 digits, included in the 15 % margin); " +
    "everything capped by the effort's work budget (the computation stops there with INCOMPLETE), plus at most 4·10^7 limb-weighted units of Pocklington proofs.",
  budget: { max_units: 2e11, max_memory_bytes: 512 * 2 ** 20, timeout_ms: 900_000 },
  progress_measure: "per stage, with a total only where the work is known: ECM curves of the current level out of its curve count, SIQS relations found out of those needed; trial division and Pollard–Brent rho without a total (the budget is a ceiling, not the work)",
  preflight(req) {
    if (req.n === 0n) throw ZERO();
    const digits = decimalDigits(req.n);
    const bits = lower(digits) + 3.3;
    const cap = effortBudget(req.effort);
    const work = expectedFactorWork(digits, cap);
    // SIQS: sieve array, factor base, relations, partial relations (tens of thousands from 60 digits), the GF(2) matrix.
    const sieveMemory = digits >= 14 && digits <= 90 ? 2 ** 20 * Math.max(1, 2 ** ((digits - 30) / 6)) : 0;
    return {
      units: work * COST_UNITS_PER_WORK + (bits > 81 ? PROOF_WORK : 0),
      memory_bytes: 4 * 2 ** 20 + Math.min(sieveMemory, 256 * 2 ** 20),
      basis: `n of ${digits} digits, effort ${req.effort ?? "standard"} (work budget ${cap.toExponential(0)} engine units)`,
    };
  },
  ports: {
    inputs: { n: { field: "n", description: "the integer to factor" } },
    outputs: { factorization: { field: ".", description: "the whole result: the claim of integer.prime_factorization.verify" } },
  },
  execute(req, ctx) {
    const n = req.n;
    if (n === 0n) throw ZERO();
    const f = factorInteger(n, {
      budget: effortBudget(req.effort),
      checkpoint: () => ctx.checkpoint(),
      progress: (done, total, message) => ctx.progress(done, total, message),
    });
    // Upgrade BPSW-probable primes with Pocklington certificates where p − 1 factors far enough.
    const { probable } = certifyPrimes(f, { work: PROOF_WORK, checkpoint: () => ctx.checkpoint() });
    const stillProbable = new Set(probable);
    return {
      unit: n < 0n ? "-1" : "1",
      factors: f.factors.map((p) => ({ prime: p.prime, exponent: BigInt(p.exponent), status: p.status === "PROVEN" || !stillProbable.has(p.prime) ? "PROVEN" : "PROBABLE" })),
      status: f.status,
      ...(f.status === "INCOMPLETE" ? { cofactor: f.cofactor } : {}),
      methods: f.methods ?? [],
    };
  },
  postcondition(req, res) {
    // Independent of the engine: the product, the order, a base-3 Fermat test of every prime (the engine uses base 2 and a Lucas test),
    // and for an INCOMPLETE cofactor a proof that it is composite (base-3 strong test or strong Lucas test fails).
    const n = req.n;
    if ((n < 0n ? "-1" : "1") !== res.unit) return "the unit is not the sign of n";
    let prod = 1n;
    let prev = 1n;
    for (const f of res.factors) {
      const p = f.prime;
      if (p <= prev) return "the primes are not strictly ascending";
      prev = p;
      if (p < BigInt(TRIAL_DIVISION_BOUND) ? !smallPrime(p) : modPow(3n, p - 1n, p) !== 1n) return `${p} is listed as prime but is not (base-3 Fermat test)`;
      prod *= p ** f.exponent;
    }
    if (res.status === "COMPLETE") {
      if (res.cofactor !== undefined) return "a complete factorization has a cofactor";
    } else {
      if (res.cofactor === undefined) return "an incomplete factorization has no cofactor";
      const c = res.cofactor;
      if (c < 4n) return "the cofactor of an incomplete factorization is not composite";
      if ((c & 1n) === 0n) return "the cofactor is even: 2 was not divided out";
      if (c % 3n !== 0n && isStrongProbablePrime(c, 3n) && !isSquare(c) && isStrongLucasProbablePrime(c)) return "the cofactor of an incomplete factorization looks prime";
      prod *= c;
    }
    if (prod !== (n < 0n ? -n : n)) return "the prime powers (times the cofactor) do not multiply to |n|";
    return null;
  },
  examples: [
    {
      title: "360 = 2^3 · 3^2 · 5",
      payload: { n: "360" },
      expected: { unit: "1", factors: [{ prime: "2", exponent: "3", status: "PROVEN" }, { prime: "3", exponent: "2", status: "PROVEN" }, { prime: "5", exponent: "1", status: "PROVEN" }], status: "COMPLETE", methods: ["trial_division"] },
    },
    {
      title: "a negative n gets the unit −1; ±1 have no prime factors",
      payload: { n: "-1" },
      expected: { unit: "-1", factors: [], status: "COMPLETE", methods: [] },
    },
    {
      title: "1000036000099 = 1000003 · 1000033 (Pollard–Brent rho)",
      payload: { n: "1000036000099" },
      expected: { unit: "1", factors: [{ prime: "1000003", exponent: "1", status: "PROVEN" }, { prime: "1000033", exponent: "1", status: "PROVEN" }], status: "COMPLETE", methods: ["rho"] },
    },
    {
      title: "the Fermat number 2^64 + 1 = 274177 · 67280421310721",
      payload: { n: "18446744073709551617" },
      expected: { unit: "1", factors: [{ prime: "274177", exponent: "1", status: "PROVEN" }, { prime: "67280421310721", exponent: "1", status: "PROVEN" }], status: "COMPLETE", methods: ["siqs"] },
    },
    {
      title: "2^128 + 1 = 59649589127497217 · 5704689200685129054721 (17- and 22-digit factors)",
      payload: { n: "340282366920938463463374607431768211457" },
      expected: { unit: "1", factors: [{ prime: "59649589127497217", exponent: "1", status: "PROVEN" }, { prime: "5704689200685129054721", exponent: "1", status: "PROVEN" }], status: "COMPLETE", methods: ["siqs"] },
    },
    {
      title: "a 30-digit balanced semiprime (quadratic sieve)",
      payload: { n: "89451320566257253566578828867" },
      expected: { unit: "1", factors: [{ prime: "134260422626063", exponent: "1", status: "PROVEN" }, { prime: "666252338676109", exponent: "1", status: "PROVEN" }], status: "COMPLETE", methods: ["siqs"] },
    },
    {
      title: "a perfect power times a small prime: 7 · 1000003^3",
      payload: { n: "7000063000189000189" },
      expected: { unit: "1", factors: [{ prime: "7", exponent: "1", status: "PROVEN" }, { prime: "1000003", exponent: "3", status: "PROVEN" }], status: "COMPLETE", methods: ["trial_division", "perfect_power"] },
    },
    {
      title: "3 · (2^127 − 1): the 39-digit Mersenne prime is proven by a Pocklington certificate",
      payload: { n: "510423550381407695195061911147652317181" },
      expected: { unit: "1", factors: [{ prime: "3", exponent: "1", status: "PROVEN" }, { prime: "170141183460469231731687303715884105727", exponent: "1", status: "PROVEN" }], status: "COMPLETE", methods: ["trial_division"] },
    },
    {
      title: "effort quick on a 60-digit semiprime: the budget runs out, INCOMPLETE with the cofactor",
      payload: { n: "153171506802969686761236217369218132134258635534849871978873", effort: "quick" },
      expected: { unit: "1", factors: [], status: "INCOMPLETE", cofactor: "153171506802969686761236217369218132134258635534849871978873", methods: [] },
    },
  ],
});

function ZERO() {
  return domainError("0 has no prime factorization", "payload.n", "give a non-zero integer; a negative n is factored as −1 · |n|");
}

/** Primality of p < 2^16 by trial division (independent of the engine). */
function smallPrime(p: bigint): boolean {
  const x = Number(p);
  if (x < 2) return false;
  for (let d = 2; d * d <= x; d++) if (x % d === 0) return false;
  return true;
}
