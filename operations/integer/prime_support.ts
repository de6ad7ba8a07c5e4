/**
 * Shared pieces of the prime operations (primality, next/previous/n-th prime, π(x), certificate
 * checker): the primality certificate's shape (emitted by integer.primality.compute, checked by
 * integer.primality_certificate.verify), the cost model of modular arithmetic, independent small
 * checks, and the factory of the next/previous prime searches. (Not a declaration.)
 */
import { type } from "arktype";
import type { ComputeDeclaration, CostEstimate, Example } from "../../domain/declaration.js";
import { domainError } from "../../domain/errors.js";
import { bitLength, gcd, isSquare, product } from "../../domain/math/integer.js";
import { DETERMINISTIC_MR_LIMIT, smallPrimes, type PocklingtonStep } from "../../domain/math/primality.js";
import { nextPrime, previousPrime, searchSieveBound } from "../../domain/math/primes.js";
import { object, ofKind, request, result } from "../_support/kinds.js";
import { builtinCompute, integerField, positiveField } from "./builtin.js";

/* ---------------- primality certificates ---------------- */

/** The kind of a primality certificate: integer.primality.compute's `certificate`, the checker's `certificate`. */
export const PRIMALITY_CERTIFICATE_KIND = "integer.primality_certificate";
/** Largest number (digits) a certificate step may carry. */
export const CERT_MAX_DIGITS = 2000;
/** At most this many steps in one certificate, and prime powers / witnesses in one step. */
export const CERT_MAX_STEPS = 500;
export const CERT_MAX_FACTORS = 500;

const primePower = () => object({ prime: positiveField(CERT_MAX_DIGITS, "a prime q"), exponent: positiveField(5, "its exponent e ≥ 1") });
const stepNumber = () => positiveField(CERT_MAX_DIGITS, "the number m this step proves prime");

const pocklingtonStep = () =>
  object(
    {
      n: stepNumber(),
      factored: primePower().array().atMostLength(CERT_MAX_FACTORS).describe("a factored part F = Π q^e of m − 1 with F² > m"),
      witnesses: object({
        q: positiveField(CERT_MAX_DIGITS, "a prime q of F"),
        a: positiveField(CERT_MAX_DIGITS, "a base with a^(m−1) ≡ 1 and gcd(a^((m−1)/q) − 1, m) = 1 (mod m)"),
      })
        .array()
        .atMostLength(CERT_MAX_FACTORS)
        .describe("one witness base per distinct prime q of F"),
    },
    undefined,
    "one Pocklington step: F | m − 1 completely factored, F² > m, and a witness for each prime of F",
  );

const prattStep = () =>
  object(
    {
      n: stepNumber(),
      a: positiveField(CERT_MAX_DIGITS, "a primitive root candidate: a^(m−1) ≡ 1 and a^((m−1)/q) ≢ 1 (mod m) for every prime q | m − 1"),
      factors: primePower().array().atMostLength(CERT_MAX_FACTORS).describe("the complete factorization m − 1 = Π q^e"),
    },
    undefined,
    "one Pratt (Lucas) step: the full factorization of m − 1 and an element of order m − 1",
  );

const SMALL_PRIMES_NEED_NO_STEP = "smaller primes are settled by the checker itself";

/** A Pocklington (N − 1) certificate: what integer.primality.compute emits. */
export const pocklingtonCertificate = () =>
  object(
    { format: "'pocklington'", steps: pocklingtonStep().array().atMostLength(CERT_MAX_STEPS) },
    PRIMALITY_CERTIFICATE_KIND,
    `a Pocklington (N − 1) certificate: one step per prime that is not below 3317044064679887385961981 (${SMALL_PRIMES_NEED_NO_STEP})`,
  );

/** A Pocklington or a Pratt certificate: what integer.primality_certificate.verify checks. */
export const anyCertificate = () =>
  ofKind(
    pocklingtonCertificate()
      .or(object({ format: "'pratt'", steps: prattStep().array().atMostLength(CERT_MAX_STEPS) }))
      .describe(
        `a certificate: { format: "pocklington", steps } as integer.primality.compute emits it, or { format: "pratt", steps } (one step per prime that is not below 3317044064679887385961981; ${SMALL_PRIMES_NEED_NO_STEP})`,
      ),
    PRIMALITY_CERTIFICATE_KIND,
  );

export type PrimePower = { prime: bigint; exponent: bigint };
/** A Pocklington step as carried on the wire (prime powers), parsed. */
export type PocklingtonStepValue = { n: bigint; factored: PrimePower[]; witnesses: { q: bigint; a: bigint }[] };
export type PrattStepValue = { n: bigint; a: bigint; factors: PrimePower[] };
export type CertificateValue = { format: "pocklington"; steps: PocklingtonStepValue[] } | { format: "pratt"; steps: PrattStepValue[] };

/** A library certificate step in the wire's form: the factored part as prime powers, witnesses in order. */
export function stepToPowers(s: PocklingtonStep): PocklingtonStepValue {
  const counts = new Map<bigint, bigint>();
  for (const q of s.factored) counts.set(q, (counts.get(q) ?? 0n) + 1n);
  return { n: s.n, factored: [...counts].map(([prime, exponent]) => ({ prime, exponent })), witnesses: s.witnesses.map(({ q, a }) => ({ q, a })) };
}

/** The wire's step back as a library step (exponents expanded). */
export function stepFromPowers(j: PocklingtonStepValue): PocklingtonStep {
  const factored: bigint[] = [];
  for (const f of j.factored) for (let i = 0n; i < f.exponent; i++) factored.push(f.prime);
  return { n: j.n, factored, witnesses: j.witnesses.map(({ q, a }) => ({ q, a })) };
}

/* ---------------- costs and independent checks ---------------- */

/**
 * Cost of one modular multiplication of b-bit numbers, in 64-bit limb operations: a product and a
 * division, schoolbook up to 40 limbs, Karatsuba-like (L^1.585) above, as V8's BigInt does.
 */
export function mulmodUnits(bits: number): number {
  const L = Math.max(1, Math.ceil(bits / 64));
  return L <= 40 ? 2.5 * L * L + 8 : 2.5 * 40 ** 0.415 * L ** 1.585 + 8;
}

/** Cost of one Baillie–PSW test (a strong base-2 test and a strong Lucas test) on a b-bit number. */
export function bpswUnits(bits: number): number {
  return 3 * bits * mulmodUnits(bits) + 400;
}

/** Bits of |n|, at least 1 (so cost formulas never see 0). */
export const bitsOf = (n: bigint): number => Math.max(1, bitLength(n));

/**
 * Primality of a safe integer m by trial division with 2, 3 and the numbers 6k ± 1 up to √m:
 * independent of the library's tests (used by postconditions and checkers). Returns the least
 * divisor > 1 when m is composite, 0 when m is prime, 1 when m < 2.
 */
export function leastDivisorByTrial(m: number): number {
  if (!Number.isSafeInteger(m)) throw new RangeError("leastDivisorByTrial: m must be a safe integer");
  if (m < 2) return 1;
  if (m % 2 === 0) return m === 2 ? 0 : 2;
  if (m % 3 === 0) return m === 3 ? 0 : 3;
  for (let d = 5; d * d <= m; d += 6) {
    if (m % d === 0) return d;
    if (m % (d + 2) === 0) return d + 2;
  }
  return 0;
}

export const PRIMORIAL_1000 = product(smallPrimes.map(BigInt));

/** The statuses a primality answer can have (results and claims share this type). */
export const PrimalityStatus = type("'PROVEN' | 'PROBABLE'");

/* ---------------- next / previous prime ---------------- */

export const PRIME_SEARCH_MAX_DIGITS = 1500;

const PRIME_SEARCH_COST_MODEL =
  "units ≈ 64-bit limb operations. Below 2^40: a segmented sieve of a few thousand numbers (≈ 10^5 units). Above, for b-bit n: the sieve by the primes up to B " +
  "(B = 0.2·b², between 2^10 and 2^21) costs π(B)·L bigint residues; about 0.56·ln(n)/ln(B) survivors are expected before the prime (gaps are about ln n), " +
  "each costing one strong base-2 test (b modular multiplications), and the prime one Baillie–PSW test; the estimate takes twice the expected number of survivors.";

export function primeSearchPreflight(n: bigint): CostEstimate {
  const bits = bitsOf(n);
  if (bits <= 41) return { units: 1e5, memory_bytes: 2 ** 20, basis: `n of ${bits} bits: sieve` };
  const B = searchSieveBound(bits);
  const L = Math.max(1, Math.ceil(bits / 64));
  const survivors = (2 * 0.5615 * bits * Math.LN2) / Math.log(B);
  const units = (B / Math.log(B)) * L + survivors * bits * mulmodUnits(bits) + bpswUnits(bits);
  return { units, memory_bytes: B + Math.ceil(bits / 8) * 64 + 2 ** 20, basis: `n of ${bits} bits: about ${Math.round(survivors / 2)} candidates expected` };
}

/**
 * Cheap, independent checks of a prime p found next to n: the status fits the size; p ≤ 10^12 is
 * prime by trial division, larger p has no prime factor below 1000 and is not a square; when both
 * ends are below 10^9, every number strictly between them is composite by trial division.
 */
export function checkSearchResult(n: bigint, p: bigint, status: "PROVEN" | "PROBABLE"): string | null {
  if ((status === "PROVEN") !== p < DETERMINISTIC_MR_LIMIT) return "the status does not fit the size of p (PROVEN exactly below 3317044064679887385961981)";
  if (p <= 1_000_000_000_000n) {
    if (leastDivisorByTrial(Number(p)) !== 0) return "p is not prime (trial division)";
  } else if (gcd(p, PRIMORIAL_1000) !== 1n || isSquare(p)) return "p has a small factor or is a square";
  const lo = n < p ? n : p, hi = n < p ? p : n;
  if (hi < 1_000_000_000n) {
    for (let m = Number(lo) + 1; m < Number(hi); m++) if (m >= 2 && leastDivisorByTrial(m) === 0) return `${m} is a prime between n and p`;
  }
  return null;
}

/** What differs between integer.next_prime.compute and integer.previous_prime.compute. */
export interface PrimeSearchSpec {
  id: string;
  title: string;
  summary: string;
  keywords: string[];
  /** next: the smallest prime p > n (any n < 2 gives 2); previous: the largest prime p < n (n ≥ 3). */
  direction: "next" | "previous";
  examples: Example[];
}

const SEARCH_WORDS = {
  next: { n: "the starting integer (any n < 2 gives 2)", prime: "the smallest prime p > n", distance: "p − n", resultDigits: PRIME_SEARCH_MAX_DIGITS + 1 },
  previous: { n: "the starting integer n ≥ 3", prime: "the largest prime p < n", distance: "n − p", resultDigits: PRIME_SEARCH_MAX_DIGITS },
} as const;

/** A declaration of the search for the prime next to n in one direction. */
export function primeSearchDeclaration(spec: PrimeSearchSpec) {
  const next = spec.direction === "next";
  const words = SEARCH_WORDS[spec.direction];
  const Request = request({ n: integerField(PRIME_SEARCH_MAX_DIGITS, words.n) });
  const Result = result({
    prime: positiveField(words.resultDigits, words.prime),
    status: PrimalityStatus.describe(
      "primality of p: PROVEN below 3317044064679887385961981 (sieve or deterministic Miller–Rabin), PROBABLE (Baillie–PSW) above. Every number strictly between n and p is proven composite either way",
    ),
    distance: positiveField(words.resultDigits, words.distance),
  });
  type Req = typeof Request.infer;
  type Res = typeof Result.infer;
  const decl: ComputeDeclaration<Req, Res> = builtinCompute<Req, Res>({
    id: spec.id,
    title: spec.title,
    summary: spec.summary,
    keywords: spec.keywords,
    request: Request,
    result: Result,
    purpose: "segmented sieve, Miller–Rabin, Baillie–PSW on bigints",
    bounds: [{ name: "digits", limit: PRIME_SEARCH_MAX_DIGITS, unit: "decimal digits", description: "n has at most this many digits" }],
    cost_model: PRIME_SEARCH_COST_MODEL,
    budget: { max_units: 2e11, max_memory_bytes: 256 * 2 ** 20, timeout_ms: 120_000 },
    preflight: (req) => primeSearchPreflight(req.n),
    ports: {
      inputs: { n: { field: "n", description: "the starting integer" } },
      outputs: { prime: { field: "prime", description: `the ${spec.direction} prime` } },
    },
    progress_measure: "sieve windows searched (no total: the gap is not known in advance)",
    execute(req, ctx) {
      const n = req.n;
      const opts = { checkpoint: () => ctx.checkpoint(), progress: (d: number, t?: number, m?: string) => ctx.progress(d, t, m) };
      const r = next ? nextPrime(n, opts) : previousPrime(n, opts);
      if (!r) throw domainError(`there is no prime less than ${n}`, "payload.n", "2 is the smallest prime: give n ≥ 3");
      return { prime: r.prime, status: r.status, distance: next ? r.prime - n : n - r.prime };
    },
    postcondition(req, res) {
      const n = req.n, p = res.prime;
      if ((next ? p - n : n - p) !== res.distance) return `distance ≠ ${words.distance}`;
      if (next) {
        if (n < 2n) return p === 2n && res.status === "PROVEN" ? null : "the next prime after n < 2 is 2";
        if (p <= n) return "p is not greater than n";
      } else if (p >= n || p < 2n) return "p is not in [2, n)";
      return checkSearchResult(n, p, res.status);
    },
    examples: spec.examples,
  });
  return decl;
}
