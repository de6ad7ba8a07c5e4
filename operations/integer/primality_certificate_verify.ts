import { type } from "arktype";
import type { Json } from "../../domain/json.js";
import { gcd, modPow } from "../../domain/math/integer.js";
import { checkPocklingtonCertificate, DETERMINISTIC_MR_LIMIT, isStrongProbablePrime } from "../../domain/math/primality.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { request, strict } from "../_support/kinds.js";
import { builtinChecker, positiveField, positiveText } from "./builtin.js";
import { anyCertificate, bitsOf, CERT_MAX_DIGITS, type CertificateValue, leastDivisorByTrial, mulmodUnits, stepFromPowers } from "./prime_support.js";

/** Below this a number is settled by trial division; up to ψ13 by deterministic Miller–Rabin. */
const TRIAL_LIMIT = 2n ** 32n;
const PSI13 = 3317044064679887385961981n; // the least strong pseudoprime to all of the prime bases 2..41
const MR_BASES = [2n, 3n, 5n, 7n, 11n, 13n, 17n, 19n, 23n, 29n, 31n, 37n, 41n];

const Request = request({
  n: positiveField(CERT_MAX_DIGITS, "the number claimed prime"),
  "prove?": type("boolean").describe("ignored: accepted so that the payload of integer.primality.compute can be sent unchanged with its certificate"),
  certificate: anyCertificate(),
});
type Req = typeof Request.infer;
/** The certificate as parsed (the union's inferred type, spelled out). */
type Certificate = CertificateValue;

const Failure = type(
  "'composite' | 'missing_step' | 'duplicate_step' | 'malformed_step' | 'not_a_divisor' | 'factored_part_too_small' | 'product_mismatch' | 'missing_witness' | 'fermat_failed' | 'order_failed'",
);
const Bindings = strict(
  type({
    "failure?": Failure.describe(
      "why the certificate was rejected: composite (a number that needs no step is not prime), missing_step (a number ≥ 3317044064679887385961981 without a step), duplicate_step, malformed_step, " +
        "not_a_divisor (F ∤ m − 1), factored_part_too_small (F² ≤ m), product_mismatch (Pratt: Π q^e ≠ m − 1), missing_witness, fermat_failed (a^(m−1) ≢ 1), order_failed (gcd(a^((m−1)/q) − 1, m) ≠ 1, Pratt: a^((m−1)/q) ≡ 1)",
    ),
    "number?": positiveText(CERT_MAX_DIGITS).describe("the number whose proof failed (a step's m, or a number settled directly)"),
    "prime?": positiveText(CERT_MAX_DIGITS).describe("the prime q of the step concerned"),
    "base?": positiveText(CERT_MAX_DIGITS).describe("the witness base a concerned (for composite: a Miller–Rabin base to which the number is not a strong probable prime)"),
    "divisor?": positiveText(CERT_MAX_DIGITS).describe("composite: a divisor found by trial division"),
    "detail?": type("string").atMostLength(300).describe("malformed_step: what is wrong"),
  }),
);
/** The bindings as the checker builds them (numbers as bigints; the pipeline formats them). */
type Found = { failure?: typeof Failure.infer; number?: bigint; prime?: bigint; base?: bigint; divisor?: bigint; detail?: string };

const METHOD =
  "Independent of the producer: the checker has its own arithmetic (right-to-left binary powering, Euclid's gcd, trial division) and uses none of the library's tests. " +
  "Every step of the certificate is checked, in increasing order of its number m: Pocklington: F = Π q^e divides m − 1, F² > m, and for each distinct prime q of F its witness a (1 < a < m) has " +
  "a^(m−1) ≡ 1 and gcd(a^((m−1)/q) − 1, m) = 1 — then every prime factor of m is ≡ 1 (mod F) and exceeds √m, so m is prime. Pratt: Π q^e = m − 1 exactly, a^(m−1) ≡ 1 and a^((m−1)/q) ≢ 1 " +
  "for each prime q — then a has order m − 1 and m is prime (Lucas). Then n and, recursively, every prime q used by a step must be proven: by its own step, or, without one, below 2^32 by trial division " +
  "(2, 3 and 6k ± 1 up to √q), below 3317044064679887385961981 by Miller–Rabin with the 13 prime bases 2..41 (deterministic there, Sorenson–Webster 2015); larger numbers need a step. " +
  "The first failure rejects, naming the number, prime and base concerned.";

/* ---------------- the checker's own arithmetic ---------------- */

function powmod(b: bigint, e: bigint, m: bigint): bigint {
  let r = 1n % m;
  b %= m;
  while (e > 0n) {
    if (e & 1n) r = (r * b) % m;
    e >>= 1n;
    if (e > 0n) b = (b * b) % m;
  }
  return r;
}

function euclid(a: bigint, b: bigint): bigint {
  if (a < 0n) a = -a;
  if (b < 0n) b = -b;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

/** Strong probable prime to base a (odd m > a + 1). */
function spsp(m: bigint, a: bigint): boolean {
  let d = m - 1n, s = 0;
  while ((d & 1n) === 0n) {
    d >>= 1n;
    s++;
  }
  let x = powmod(a, d, m);
  if (x === 1n || x === m - 1n) return true;
  for (let i = 1; i < s; i++) {
    x = (x * x) % m;
    if (x === m - 1n) return true;
  }
  return false;
}

/** Settle m < ψ13 directly: null when prime, else the reason. */
function settleSmall(m: bigint): { divisor?: bigint; base?: bigint; method: "trial_division" | "deterministic_miller_rabin" } | null {
  if (m < TRIAL_LIMIT) {
    const d = leastDivisorByTrial(Number(m));
    if (d === 0) return null;
    return { divisor: d === 1 ? m : BigInt(d), method: "trial_division" };
  }
  if ((m & 1n) === 0n) return { divisor: 2n, method: "deterministic_miller_rabin" };
  for (const a of MR_BASES) if (!spsp(m, a)) return { base: a, method: "deterministic_miller_rabin" };
  return null;
}

interface Step {
  m: bigint;
  format: "pocklington" | "pratt";
  /** prime powers */
  factors: [bigint, bigint][];
  witnesses: Map<bigint, bigint>;
  /** Pratt base */
  a?: bigint;
}

/** The steps in the checker's own form (the first witness per prime counts). */
function stepsOf(cert: Certificate): Step[] {
  if (cert.format === "pocklington") {
    return cert.steps.map((s) => {
      const witnesses = new Map<bigint, bigint>();
      for (const w of s.witnesses) if (!witnesses.has(w.q)) witnesses.set(w.q, w.a);
      return { m: s.n, format: "pocklington" as const, factors: s.factored.map((f) => [f.prime, f.exponent] as [bigint, bigint]), witnesses };
    });
  }
  return cert.steps.map((s) => ({ m: s.n, format: "pratt" as const, factors: s.factors.map((f) => [f.prime, f.exponent] as [bigint, bigint]), witnesses: new Map(), a: s.a }));
}

const bitLen = (m: bigint): number => m.toString(2).length;

/** Π q^e, or undefined as soon as it certainly exceeds `cap` (so huge exponents cost nothing). */
function boundedProduct(factors: Iterable<[bigint, bigint]>, cap: bigint): bigint | undefined {
  const capBits = BigInt(bitLen(cap));
  let F = 1n;
  for (const [q, e] of factors) {
    if (q < 2n) continue;
    if (BigInt(bitLen(q) - 1) * e > capBits) return undefined;
    F *= q ** e;
    if (F > cap) return undefined;
  }
  return F;
}

/** Check one step on its own: null when it proves m prime (given its primes q are prime). */
function checkStep(st: Step): Found | null {
  const m = st.m;
  const num = m;
  if (m < 3n) return { failure: "malformed_step", number: num, detail: "a step proves a number m ≥ 3" };
  const distinct = new Map<bigint, bigint>();
  for (const [q, e] of st.factors) {
    if (q < 2n) return { failure: "malformed_step", number: num, detail: "a prime of the factored part is below 2" };
    distinct.set(q, (distinct.get(q) ?? 0n) + e);
  }
  const F = boundedProduct(distinct, m - 1n);
  if (F === undefined) return st.format === "pratt" ? { failure: "product_mismatch", number: num } : { failure: "not_a_divisor", number: num };
  if (st.format === "pratt") {
    if (F !== m - 1n) return { failure: "product_mismatch", number: num };
  } else {
    if ((m - 1n) % F !== 0n) return { failure: "not_a_divisor", number: num };
    if (F * F <= m) return { failure: "factored_part_too_small", number: num };
    for (const q of st.witnesses.keys()) if (!distinct.has(q)) return { failure: "malformed_step", number: num, prime: q, detail: "a witness names a prime that is not in the factored part" };
  }
  const fermatDone = new Set<bigint>();
  for (const q of distinct.keys()) {
    const a = st.format === "pratt" ? st.a! : st.witnesses.get(q);
    if (a === undefined) return { failure: "missing_witness", number: num, prime: q };
    if (a < 2n || a >= m) return { failure: "malformed_step", number: num, prime: q, base: a, detail: "a witness base must satisfy 1 < a < m" };
    if (!fermatDone.has(a)) {
      if (powmod(a, m - 1n, m) !== 1n) return { failure: "fermat_failed", number: num, base: a };
      fermatDone.add(a);
    }
    const t = powmod(a, (m - 1n) / q, m);
    const ok = st.format === "pratt" ? t !== 1n : euclid(t - 1n, m) === 1n;
    if (!ok) return { failure: "order_failed", number: num, prime: q, base: a };
  }
  return null;
}

export default builtinChecker<Req>({
  id: "integer.primality_certificate.verify",
  title: "Verify a primality certificate (Pocklington N − 1 or Pratt)",
  summary:
    "Checks a certificate that n (up to 2000 digits) is prime: the Pocklington (N − 1) certificate integer.primality.compute emits with prove: true, or a Pratt certificate " +
    "(the full factorization of m − 1 and an element of order m − 1, recursively). Every step is re-checked with the checker's own arithmetic; primes without a step are settled " +
    "by trial division below 2^32 and deterministic Miller–Rabin below 3317044064679887385961981. Accepted, or rejected naming the failed step, prime and base. " +
    "The certificate can be bound by reference: the `certificate` output of integer.primality.compute goes to the `certificate` port.",
  keywords: ["primality certificate", "prime certificate", "certificate", "verify", "check", "proof", "primality proof", "pocklington", "pratt", "lucas", "n-1", "prime", "integer"],
  request: Request,
  bindings: Bindings,
  method: METHOD,
  evidence: true,
  purpose: "exact bigint arithmetic: modular powers, gcd, trial division",
  bounds: [
    { name: "digits", limit: CERT_MAX_DIGITS, unit: "decimal digits", description: "n and every number of the certificate have at most this many digits" },
    { name: "steps", limit: 500, unit: "steps", description: "at most this many steps" },
    { name: "factors", limit: 500, unit: "prime powers", description: "per step, at most this many prime powers (and witnesses)" },
  ],
  cost_model:
    "units ≈ 64-bit limb operations: per step on a b-bit m, (distinct primes + distinct bases) modular exponentiations of b modular multiplications each (2.5·L² + 8 limb operations, L = ⌈b/64⌉); " +
    "per number settled directly, √q/3 trial divisions below 2^32 or 13 Miller–Rabin rounds below 3.3·10^24",
  budget: { max_units: 5e10, max_memory_bytes: 256 * 2 ** 20, timeout_ms: 60_000 },
  preflight(req) {
    // A number without a step costs √q/3 trial divisions below 2^32 (10^10 here, a safe bound), 13 Miller–Rabin rounds below ψ13.
    const settle = (q: bigint): number => (q < 10_000_000_000n ? Math.sqrt(Number(q)) / 3 : q < DETERMINISTIC_MR_LIMIT ? 13 * 90 * 20 : 10);
    let units = 1000 + settle(req.n);
    let bitsTotal = bitsOf(req.n);
    const steps = stepsOf(req.certificate);
    for (const st of steps) {
      const bits = bitsOf(st.m);
      units += (2 * st.factors.length + 1) * bits * mulmodUnits(bits);
      bitsTotal += bits;
      for (const [q] of st.factors) {
        units += settle(q);
        bitsTotal += bitsOf(q);
      }
    }
    return { units, memory_bytes: bitsTotal * 4 + 2 ** 20, basis: `${steps.length} steps, n of ${bitsOf(req.n)} bits` };
  },
  ports: {
    inputs: {
      n: { field: "n", description: "the number claimed prime" },
      certificate: { field: "certificate", description: "the certificate: the `certificate` output of integer.primality.compute (prove: true)" },
    },
  },
  progress_measure: "steps checked, out of the total",
  async execute(req, ctx): Promise<CheckerFinding> {
    const n = req.n;
    const steps = stepsOf(req.certificate).sort((x, y) => (x.m < y.m ? -1 : x.m > y.m ? 1 : 0));
    const byM = new Map<bigint, Step>();
    for (const st of steps) {
      if (byM.has(st.m)) return reject({ failure: "duplicate_step", number: st.m }, `two steps prove the same number ${short(st.m)}`);
      byM.set(st.m, st);
    }
    const proven: { number: string; method: string }[] = [];
    let done = 0;
    for (const st of steps) {
      await ctx.yieldNow();
      const bad = checkStep(st);
      if (bad) return reject(bad, describe(bad));
      proven.push({ number: st.m.toString(), method: `${st.format}_step` });
      ctx.progress(++done, steps.length, `${done} of ${steps.length} steps checked`);
    }
    // n and every prime used by a step must be proven: by a (checked) step, or directly below ψ13
    const settled = new Set<bigint>();
    const need = [n, ...steps.flatMap((st) => st.factors.map(([q]) => q))];
    for (const q of need) {
      if (settled.has(q)) continue;
      settled.add(q);
      if (byM.has(q)) continue;
      if (q >= PSI13) return reject({ failure: "missing_step", number: q }, `${short(q)} is at least 3317044064679887385961981 and has no step`);
      const why = settleSmall(q);
      if (why) {
        const b: Found = { failure: "composite", number: q };
        if (why.divisor !== undefined) b.divisor = why.divisor;
        if (why.base !== undefined) b.base = why.base;
        return reject(b, `${q} is not prime (${why.divisor !== undefined ? `divisible by ${why.divisor}` : `not a strong probable prime to base ${why.base}`})`);
      }
      proven.push({ number: q.toString(), method: q < TRIAL_LIMIT ? "trial_division" : "deterministic_miller_rabin" });
    }
    const evidence: Json = {
      n: n.toString(),
      format: req.certificate.format,
      proven,
      rules: {
        pocklington_step: "F = Π q^e divides m − 1, F² > m, and for each prime q of F: a^(m−1) ≡ 1 and gcd(a^((m−1)/q) − 1, m) = 1 (mod m)",
        pratt_step: "Π q^e = m − 1, a^(m−1) ≡ 1 and a^((m−1)/q) ≢ 1 (mod m) for each prime q",
        trial_division: "below 2^32: no divisor among 2, 3 and 6k ± 1 up to √m",
        deterministic_miller_rabin: "below 3317044064679887385961981: a strong probable prime to each of the bases 2, 3, 5, …, 41",
      },
    };
    return { verdict: "accepted", bindings: {}, evidence };
  },
  postcondition(req, f) {
    const b = f.bindings as Found;
    const n = req.n;
    const steps = stepsOf(req.certificate);
    if (f.verdict === "non_conclusion") return "this checker always concludes";
    if (f.verdict === "accepted") {
      if (b.failure) return "an acceptance carries no failure";
      // re-check with the library's own routines (a second implementation)
      if (req.certificate.format === "pocklington") {
        const why = checkPocklingtonCertificate(n, req.certificate.steps.map(stepFromPowers));
        return why ? `the library rejects the certificate: ${why}` : null;
      }
      for (const st of steps) {
        if (boundedProduct(st.factors, st.m - 1n) !== st.m - 1n || modPow(st.a!, st.m - 1n, st.m) !== 1n) return `Pratt step ${short(st.m)} does not hold`;
        for (const [q] of st.factors) if (modPow(st.a!, (st.m - 1n) / q, st.m) === 1n) return `Pratt step ${short(st.m)}: a^((m−1)/q) ≡ 1 for q = ${short(q)}`;
      }
      return null;
    }
    if (!b.failure || b.number === undefined) return "a rejection names its failure and number";
    const m = b.number;
    const st = steps.find((s) => s.m === m);
    const inRequest = m === n || steps.some((s) => s.m === m || s.factors.some(([q]) => q === m));
    if (!inRequest) return "the failed number does not occur in the request";
    switch (b.failure) {
      case "composite":
        if (m >= DETERMINISTIC_MR_LIMIT || st) return "only numbers settled directly can be found composite";
        if (b.divisor !== undefined) return m < 2n || (b.divisor > 1n && b.divisor < m && m % b.divisor === 0n) ? null : "the divisor does not divide the number";
        return b.base !== undefined && (m & 1n) === 1n && !isStrongProbablePrime(m, b.base) ? null : "the base does not witness compositeness";
      case "missing_step":
        return m >= DETERMINISTIC_MR_LIMIT && !st ? null : "the number has a step or needs none";
      case "duplicate_step":
        return steps.filter((s) => s.m === m).length > 1 ? null : "the number has only one step";
      case "fermat_failed":
        return st && b.base !== undefined && modPow(b.base, m - 1n, m) !== 1n ? null : "a^(m−1) ≡ 1 after all";
      case "order_failed": {
        if (!st || b.base === undefined || b.prime === undefined) return "order_failed names its step, prime and base";
        const t = modPow(b.base, (m - 1n) / b.prime, m);
        return (st.format === "pratt" ? t === 1n : gcd(t - 1n, m) !== 1n) ? null : "the order condition holds after all";
      }
      case "not_a_divisor":
      case "factored_part_too_small":
      case "product_mismatch": {
        if (!st) return "the failure names a step";
        const F = boundedProduct(st.factors, m - 1n);
        if (b.failure === "product_mismatch") return F !== m - 1n ? null : "the product is m − 1 after all";
        if (b.failure === "not_a_divisor") return F === undefined || (m - 1n) % F !== 0n ? null : "F divides m − 1 after all";
        return F !== undefined && F * F <= m ? null : "F² > m after all";
      }
      case "missing_witness":
        return st && b.prime !== undefined && !st.witnesses.has(b.prime) ? null : "the witness is there";
      case "malformed_step":
        return st || m < 3n ? null : "malformed_step names a step";
      default:
        return "unknown failure";
    }
  },
  examples: [
    {
      title: "2^127 − 1 with the one-step Pocklington certificate integer.primality.compute gives (here F = n − 1 = 2·3^3·7^2·19·43·73·127·337·5419·92737·649657·77158673929)",
      payload: {
        n: "170141183460469231731687303715884105727",
        certificate: {
          format: "pocklington",
          steps: [
            {
              n: "170141183460469231731687303715884105727",
              factored: [
                { prime: "2", exponent: "1" }, { prime: "3", exponent: "3" }, { prime: "7", exponent: "2" }, { prime: "19", exponent: "1" }, { prime: "43", exponent: "1" },
                { prime: "73", exponent: "1" }, { prime: "127", exponent: "1" }, { prime: "337", exponent: "1" }, { prime: "5419", exponent: "1" }, { prime: "92737", exponent: "1" },
                { prime: "649657", exponent: "1" }, { prime: "77158673929", exponent: "1" },
              ],
              witnesses: [
                { q: "2", a: "3" }, { q: "3", a: "5" }, { q: "7", a: "3" }, { q: "19", a: "3" }, { q: "43", a: "3" }, { q: "73", a: "3" }, { q: "127", a: "2" },
                { q: "337", a: "3" }, { q: "5419", a: "3" }, { q: "92737", a: "3" }, { q: "649657", a: "3" }, { q: "77158673929", a: "3" },
              ],
            },
          ],
        },
      },
      expected: { verdict: "accepted", bindings: {} },
    },
    {
      title: "a Pratt certificate for 1000003 (1000002 = 2·3·166667, primitive root 2); the small primes are settled by trial division",
      payload: { n: "1000003", certificate: { format: "pratt", steps: [{ n: "1000003", a: "2", factors: [{ prime: "2", exponent: "1" }, { prime: "3", exponent: "1" }, { prime: "166667", exponent: "1" }] }] } },
      expected: { verdict: "accepted", bindings: {} },
    },
    {
      title: "a small number needs no step: 97 is settled by trial division",
      payload: { n: "97", certificate: { format: "pocklington", steps: [] } },
      expected: { verdict: "accepted", bindings: {} },
    },
    {
      title: "a composite without a step is rejected with a divisor",
      payload: { n: "561", certificate: { format: "pratt", steps: [] } },
      expected: { verdict: "rejected", bindings: { failure: "composite", number: "561", divisor: "3" } },
    },
    {
      title: "a large number without a step is rejected",
      payload: { n: "170141183460469231731687303715884105727", certificate: { format: "pocklington", steps: [] } },
      expected: { verdict: "rejected", bindings: { failure: "missing_step", number: "170141183460469231731687303715884105727" } },
    },
    {
      title: "a Pocklington step whose witness fails: 3^((m−1)/3) ≡ 1 for m = 2^61 − 1",
      payload: {
        n: "2305843009213693951",
        certificate: {
          format: "pocklington",
          steps: [
            {
              n: "2305843009213693951",
              factored: [
                { prime: "2", exponent: "1" }, { prime: "3", exponent: "2" }, { prime: "5", exponent: "2" }, { prime: "7", exponent: "1" }, { prime: "11", exponent: "1" },
                { prime: "13", exponent: "1" }, { prime: "31", exponent: "1" }, { prime: "41", exponent: "1" }, { prime: "61", exponent: "1" }, { prime: "151", exponent: "1" },
                { prime: "331", exponent: "1" }, { prime: "1321", exponent: "1" },
              ],
              witnesses: [
                { q: "2", a: "3" }, { q: "3", a: "3" }, { q: "5", a: "3" }, { q: "7", a: "3" }, { q: "11", a: "3" }, { q: "13", a: "3" }, { q: "31", a: "3" }, { q: "41", a: "3" },
                { q: "61", a: "3" }, { q: "151", a: "3" }, { q: "331", a: "3" }, { q: "1321", a: "3" },
              ],
            },
          ],
        },
      },
      expected: { verdict: "rejected", bindings: { failure: "order_failed", number: "2305843009213693951", prime: "3", base: "3" } },
    },
    {
      title: "a wrong factorization in a Pratt step is rejected",
      payload: { n: "1000003", certificate: { format: "pratt", steps: [{ n: "1000003", a: "2", factors: [{ prime: "2", exponent: "1" }, { prime: "166667", exponent: "1" }] }] } },
      expected: { verdict: "rejected", bindings: { failure: "product_mismatch", number: "1000003" } },
    },
  ],
});

function reject(b: Found, reason: string): CheckerFinding {
  const clean: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(b)) if (v !== undefined) clean[k] = v;
  return { verdict: "rejected", bindings: clean as CheckerFinding["bindings"], reason };
}

function short(m: bigint): string {
  const s = m.toString();
  return s.length > 40 ? `${s.slice(0, 12)}…${s.slice(-8)} (${s.length} digits)` : s;
}

function describe(b: Found): string {
  const m = short(b.number!);
  switch (b.failure) {
    case "not_a_divisor": return `step ${m}: the factored part F does not divide m − 1`;
    case "factored_part_too_small": return `step ${m}: F² ≤ m, so Pocklington's theorem does not apply`;
    case "product_mismatch": return `step ${m}: the prime powers do not multiply to m − 1`;
    case "missing_witness": return `step ${m}: no witness for the prime ${b.prime}`;
    case "fermat_failed": return `step ${m}: ${b.base}^(m−1) ≢ 1 (mod m), so m is composite (or the base shares a factor with m)`;
    case "order_failed": return `step ${m}: the condition for q = ${b.prime} fails with base ${b.base}`;
    case "malformed_step": return `step ${m}: ${b.detail}`;
    default: return `step ${m}: ${b.failure}`;
  }
}
