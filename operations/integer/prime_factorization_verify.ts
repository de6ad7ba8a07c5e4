import { type } from "arktype";
import { defineChecker, type ExecutionContext } from "../../domain/declaration.js";
import type { Json } from "../../domain/json.js";
import { bitLength, product } from "../../domain/math/integer.js";
import {
  checkPocklingtonCertificate, decidePrimality, DETERMINISTIC_MR_LIMIT, isStrongLucasProbablePrime, isStrongProbablePrime, provePrime, smallPrimes, type PocklingtonStep, type PrimalityDecision,
} from "../../domain/math/primality.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { integerString, naturalString, positiveString, strict } from "../_support/wire.js";

const MAX_DIGITS = 2000;
const MAX_FACTORS = 1000;
const MAX_EXPONENT_DIGITS = 4;
/** The product is computed exactly only when its size is at most about twice that of n (else it certainly exceeds n). */
const MAX_PRODUCT_DIGITS = 4100;

/**
 * Pollard–Brent allowance of the Pocklington proofs: per split of a composite, per prime proven,
 * and for the whole request, in iterations and in limb-weighted work (iterations · 2(L² + 4) for
 * L-limb numbers, about 2–4 seconds in all). Deterministic, so verdicts are reproducible.
 */
const PROOF_RHO_PER_SPLIT = 200_000;
const PROOF_RHO_PER_PRIME = 1_000_000;
const PROOF_RHO_TOTAL = 2_000_000;
const PROOF_RHO_WORK = 4e8;

const Factor = type({
  prime: positiveString(MAX_DIGITS).describe("a claimed prime factor p, as a decimal string"),
  exponent: positiveString(MAX_EXPONENT_DIGITS).describe("its multiplicity e ≥ 1, as a decimal string (at most 4 digits)"),
});
const Request = strict(
  type({
    n: positiveString(MAX_DIGITS).describe("the positive integer whose factorization is claimed (at most 2000 digits)"),
    factors: Factor.array().atMostLength(MAX_FACTORS).describe("the claim n = Π p^e: prime powers in any order (empty for n = 1)"),
  }),
);
type Req = typeof Request.infer;

const WitnessKind = type("'factor' | 'miller_rabin_base' | 'lucas'");
const Bindings = strict(
  type({
    "failure?": type("'product_mismatch' | 'not_prime'").describe("why the claim was rejected"),
    "product?": naturalString(MAX_PRODUCT_DIGITS).describe("product_mismatch: the product Π p^e of the claimed factors, which differs from n"),
    "product_log2_at_least?": naturalString(12).describe("product_mismatch, when the product is far larger than n: a lower bound Σ e·(bitlength(p) − 1) on log2 of the product, at least the bit length of n"),
    "factor?": positiveString(MAX_DIGITS).describe("not_prime: the claimed prime that is not prime"),
    "witness_kind?": WitnessKind.describe("not_prime: factor = a non-trivial divisor; miller_rabin_base = a base to which the factor is not a strong probable prime; lucas = the Selfridge D of a failed strong Lucas test"),
    "witness?": integerString(MAX_DIGITS).describe("not_prime: the divisor, base or D (absent when the factor is 1)"),
    "unproven?": positiveString(MAX_DIGITS).array().describe("non_conclusion: claimed primes that pass the Baillie–PSW test but could not be proven prime within budget"),
    "merged?": positiveString(MAX_DIGITS).array().describe("primes listed more than once; their exponents were added"),
  }),
);
type Bindings = typeof Bindings.infer;

const METHOD =
  "1. Product: the claimed prime powers are multiplied exactly (balanced product tree) and compared with n; when Σ e·bitlength(p) exceeds twice the bit length of n " +
  "the product certainly exceeds n and only that lower bound on its size is reported. A mismatch rejects. " +
  "2. Primality of each distinct claimed prime, smallest first: trial division by the primes below 1000 (complete below 10^6); deterministic Miller–Rabin with the 13 prime bases 2..41 below " +
  "3317044064679887385961981 (the least strong pseudoprime to all of them, Sorenson–Webster); above, Baillie–PSW (strong base-2 test, perfect-square test, strong Lucas test with Selfridge parameters). " +
  "A composite is rejected with a witness: a divisor or a Miller–Rabin base (both re-checkable in one step), rarely the Lucas parameter. " +
  "3. Proof: Baillie–PSW only makes a prime probable, so each such prime p gets a Pocklington certificate: a fully factored F | p − 1 with F² > p (trial division and bounded Pollard–Brent rho), " +
  "and for each prime q | F a base a with a^(p−1) ≡ 1 and gcd(a^((p−1)/q) − 1, p) = 1, the primes q proven the same way recursively. " +
  "The certificate is re-checked independently before acceptance and stored as evidence. If some prime has no proof within the rho budget the verdict is non_conclusion, naming it.";

type PrimeMethod = "small_prime_table" | "trial_division" | "deterministic_miller_rabin" | "pocklington";

interface Settled {
  prime: bigint;
  exponent: bigint;
  method: PrimeMethod;
  certificate?: PocklingtonStep[];
}

/** Distinct claimed primes with merged exponents (ascending), and the primes listed more than once. */
function mergeFactors(req: Req): { merged: Map<bigint, bigint>; repeated: bigint[] } {
  const merged = new Map<bigint, bigint>();
  const repeated = new Set<bigint>();
  for (const f of req.factors) {
    const p = BigInt(f.prime), e = BigInt(f.exponent);
    if (merged.has(p)) repeated.add(p);
    merged.set(p, (merged.get(p) ?? 0n) + e);
  }
  const sorted = new Map([...merged.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)));
  return { merged: sorted, repeated: [...repeated].sort((a, b) => (a < b ? -1 : 1)) };
}

/** The product of the claim, or a lower bound on its log2 when it is certainly larger than n. */
function claimedProduct(merged: Map<bigint, bigint>, n: bigint): { product: bigint } | { log2AtLeast: bigint } {
  let upper = 0n, lower = 0n;
  for (const [p, e] of merged) {
    if (p === 1n) continue;
    const b = BigInt(bitLength(p));
    upper += e * b;
    lower += e * (b - 1n);
  }
  // p ≥ 2 has bitLength(p) − 1 ≥ bitLength(p)/2, so lower ≥ upper/2: a large upper bound implies product > n.
  if (upper > 2n * BigInt(bitLength(n)) + 2n) return { log2AtLeast: lower };
  const powers: bigint[] = [];
  for (const [p, e] of merged) if (p !== 1n) powers.push(p ** e);
  return { product: product(powers) };
}

function methodFor(p: bigint): PrimeMethod {
  if (p <= BigInt(smallPrimes[smallPrimes.length - 1]!)) return "small_prime_table";
  if (p < 1_000_000n) return "trial_division";
  return "deterministic_miller_rabin";
}

const limbs = (p: bigint): number => Math.max(1, Math.ceil(bitLength(p) / 64));

function stepJson(s: PocklingtonStep): Json {
  const counts = new Map<bigint, number>();
  for (const q of s.factored) counts.set(q, (counts.get(q) ?? 0) + 1);
  return {
    n: s.n.toString(),
    factored: [...counts].map(([q, e]) => ({ prime: q.toString(), exponent: String(e) })),
    witnesses: s.witnesses.map((w) => ({ q: w.q.toString(), a: w.a.toString() })),
  };
}

function stepFromJson(j: Json): PocklingtonStep {
  const o = j as { n: string; factored: { prime: string; exponent: string }[]; witnesses: { q: string; a: string }[] };
  const factored: bigint[] = [];
  for (const f of o.factored) for (let i = 0; i < Number(f.exponent); i++) factored.push(BigInt(f.prime));
  return { n: BigInt(o.n), factored, witnesses: o.witnesses.map((w) => ({ q: BigInt(w.q), a: BigInt(w.a) })) };
}

function compositeFinding(p: bigint, d: PrimalityDecision, bindings: Bindings): CheckerFinding {
  const b: Bindings = { ...bindings, failure: "not_prime", factor: p.toString() };
  if (d.witness) {
    b.witness_kind = d.witness.kind;
    b.witness = d.witness.value.toString();
  }
  const how =
    p < 2n ? `${p} is not a prime`
    : d.witness?.kind === "factor" ? `${p} is divisible by ${d.witness.value}`
    : d.witness?.kind === "miller_rabin_base" ? `${p} is not a strong probable prime to base ${d.witness.value} (Miller–Rabin), so it is composite`
    : `${p} fails the strong Lucas test with Selfridge parameter D = ${d.witness?.value}, so it is composite`;
  return { verdict: "rejected", bindings: b, reason: `the claimed prime ${how}` };
}

async function settlePrimes(merged: Map<bigint, bigint>, ctx: ExecutionContext, base: Bindings): Promise<CheckerFinding | Settled[]> {
  const total = merged.size;
  let done = 0;
  const settled: Settled[] = [];
  const probable: { p: bigint; e: bigint }[] = [];
  for (const [p, e] of merged) {
    await ctx.yieldNow();
    const d = decidePrimality(p);
    if (!d.prime) return compositeFinding(p, d, base);
    if (d.status === "PROVEN") {
      settled.push({ prime: p, exponent: e, method: methodFor(p) });
      ctx.progress(++done, total, `${done} of ${total} primes checked`);
    } else {
      probable.push({ p, e });
    }
  }
  let itersLeft = PROOF_RHO_TOTAL;
  let workLeft = PROOF_RHO_WORK;
  const unproven: bigint[] = [];
  for (const { p, e } of probable) {
    await ctx.yieldNow();
    const l2 = 2 * (limbs(p) ** 2 + 4);
    const allowance = Math.max(0, Math.min(PROOF_RHO_PER_PRIME, itersLeft, Math.floor(workLeft / l2)));
    const meter = { remaining: allowance };
    const cert = provePrime(p, PROOF_RHO_PER_SPLIT, 0, () => ctx.checkpoint(), meter);
    const used = allowance - Math.min(allowance, meter.remaining);
    itersLeft -= used;
    workLeft -= used * l2;
    if (cert && checkPocklingtonCertificate(p, cert) === null) {
      settled.push({ prime: p, exponent: e, method: "pocklington", certificate: cert });
    } else {
      unproven.push(p);
    }
    ctx.progress(++done, total, `${done} of ${total} primes checked`);
  }
  if (unproven.length) {
    return {
      verdict: "non_conclusion",
      bindings: { ...base, unproven: unproven.map(String) },
      reason:
        `the product equals n and every claimed prime passes the Baillie–PSW test, but ${unproven.length === 1 ? "one of them" : `${unproven.length} of them`} could not be proven prime ` +
        "within the proof budget (no Pocklington certificate: p − 1 could not be factored far enough)",
    };
  }
  settled.sort((a, b) => (a.prime < b.prime ? -1 : 1));
  return settled;
}

export default defineChecker<Req>({
  id: "integer.prime_factorization.verify",
  version: "1.0.0",
  title: "Verify a claimed prime factorization of a positive integer",
  summary:
    "Checks a claim n = Π p^e (n up to 2000 digits): the product must equal n exactly and every listed p must be proven prime — deterministic Miller–Rabin below 3.3·10^24, " +
    "above that Baillie–PSW plus a Pocklington certificate (kept as evidence). Factors may come in any order; a prime listed twice is accepted with its exponents added (bindings.merged names it). " +
    "Rejected (product_mismatch with the product obtained, or not_prime with a divisor or Miller–Rabin base as witness); non_conclusion when a Baillie–PSW probable prime cannot be proven within budget.",
  keywords: [
    "prime factorization", "factorisation", "factorization", "factor", "factors", "prime factors", "verify", "check", "certificate", "primality", "prime", "composite",
    "miller rabin", "baillie psw", "bpsw", "pocklington", "integer", "multiplicity", "exponent",
  ],
  input_kinds: ["integer"],
  accepted_artifact_types: [],
  produced_artifact_types: ["evidence"],
  request: Request,
  bindings: Bindings,
  method: METHOD,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic: products, Miller–Rabin, Lucas, Pollard–Brent rho, Pocklington" }],
  bounds: [
    { name: "digits", limit: MAX_DIGITS, unit: "decimal digits", description: "n and each claimed prime have at most this many digits" },
    { name: "factors", limit: MAX_FACTORS, unit: "entries", description: "the claim lists at most this many prime powers" },
    { name: "exponent_digits", limit: MAX_EXPONENT_DIGITS, unit: "decimal digits", description: "each exponent is at most 9999" },
    {
      name: "proof_rho_iterations",
      limit: PROOF_RHO_TOTAL,
      unit: "Pollard–Brent iterations",
      description: `the Pocklington proofs of one request spend at most this many (at most ${PROOF_RHO_PER_PRIME} per prime, ${PROOF_RHO_PER_SPLIT} per split, and ${PROOF_RHO_WORK} limb-weighted units)`,
    },
  ],
  cost_model:
    "units ≈ 64-bit limb multiplications. Product: (Σ e·bits(p))²/64, or only the size comparison when the claim is certainly larger than n. " +
    "Primality of a b-bit claimed prime (L = ⌈b/64⌉ limbs): about 4·b·L² (one base-2 exponentiation plus a strong Lucas sequence; 13 small exponentiations below 3.3·10^24). " +
    "Proof of each prime above 3.3·10^24: at most min(10^6, iterations left)·2·(L² + 4) for Pollard–Brent, at most 4·10^8 for the request.",
  budget: { max_units: 3e9, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 60_000 },
  progress_measure: "distinct claimed primes checked (decided, and proof attempted where needed), out of the number of distinct claimed primes",
  preflight(req) {
    const nBits = req.n.length * 3.33;
    let upper = 0;
    let primality = 0;
    let proofs = 0;
    for (const f of req.factors) {
      const b = f.prime === "1" ? 0 : (f.prime.length - 1) * 3.32 + 1;
      upper += Number(f.exponent) * b;
      const L = Math.max(1, Math.ceil(b / 64));
      primality += 4 * b * L * L + 200;
      if (b >= 80) proofs += PROOF_RHO_PER_PRIME * 2 * (L * L + 4);
    }
    const chars = req.n.length + req.factors.reduce((s, f) => s + f.prime.length + 8, 0);
    if (upper > 2 * nBits + 8) {
      return { units: chars, memory_bytes: chars * 4, basis: `the claim's size (≥ ${Math.round(upper / 2)} bits) exceeds that of n (${Math.round(nBits)} bits): only sizes are compared` };
    }
    const units = (upper * upper) / 64 + primality + Math.min(proofs, PROOF_RHO_WORK) + chars;
    return {
      units,
      memory_bytes: chars * 8 + Math.ceil(upper / 8) * 8 + 2 ** 20,
      basis: `n of about ${Math.round(nBits)} bits, ${req.factors.length} claimed prime powers, largest claimed prime about ${Math.round(Math.max(0, ...req.factors.map((f) => f.prime.length)) * 3.32)} bits`,
    };
  },
  ports: {
    inputs: { n: { field: "n", kind: "integer", description: "the integer whose factorization is claimed" } },
    outputs: {},
  },
  async execute(req, ctx): Promise<CheckerFinding> {
    const n = BigInt(req.n);
    const { merged, repeated } = mergeFactors(req);
    const base: Bindings = repeated.length ? { merged: repeated.map(String) } : {};
    const prod = claimedProduct(merged, n);
    if ("log2AtLeast" in prod) {
      return {
        verdict: "rejected",
        bindings: { ...base, failure: "product_mismatch", product_log2_at_least: prod.log2AtLeast.toString() },
        reason: `the claimed factors multiply to at least 2^${prod.log2AtLeast}, but n has only ${bitLength(n)} bits`,
      };
    }
    if (prod.product !== n) {
      return {
        verdict: "rejected",
        bindings: { ...base, failure: "product_mismatch", product: prod.product.toString() },
        reason: `the claimed factors multiply to ${prod.product.toString().length > 60 ? `a ${prod.product.toString().length}-digit number` : prod.product}, not to n`,
      };
    }
    const settled = await settlePrimes(merged, ctx, base);
    if (!Array.isArray(settled)) return settled;
    const evidence: Json = {
      n: n.toString(),
      primes: settled.map((s) => ({
        prime: s.prime.toString(),
        exponent: s.exponent.toString(),
        method: s.method,
        ...(s.certificate ? { certificate: s.certificate.map(stepJson) } : {}),
      })),
      rules: {
        small_prime_table: "one of the primes below 1000",
        trial_division: "below 10^6 with no prime factor below 1000",
        deterministic_miller_rabin: "below 3317044064679887385961981: strong probable prime to each of the bases 2, 3, 5, …, 41",
        pocklington: "each step: F = Π prime^exponent divides n − 1, F² > n, and for each q | F: a^(n−1) ≡ 1 (mod n), gcd(a^((n−1)/q) − 1, n) = 1; each q below 3317044064679887385961981 is decided by deterministic Miller–Rabin, the others have their own step",
      },
    };
    return { verdict: "accepted", bindings: base, evidence };
  },
  postcondition(req, f) {
    const n = BigInt(req.n);
    const b = f.bindings as Bindings;
    const { merged, repeated } = mergeFactors(req);
    if ((b.merged ?? []).join(",") !== repeated.map(String).join(",")) return "the merged binding does not list the repeated primes";
    const prod = claimedProduct(merged, n);
    if (f.verdict === "rejected") {
      if (b.failure === "product_mismatch") {
        if ("log2AtLeast" in prod) return b.product_log2_at_least === prod.log2AtLeast.toString() && prod.log2AtLeast >= BigInt(bitLength(n)) ? null : "the product size bound is wrong";
        return b.product === prod.product.toString() && prod.product !== n ? null : "the product binding is not a product differing from n";
      }
      if (b.failure !== "not_prime" || b.factor === undefined) return "a rejection must carry its failure and counterexample";
      const p = BigInt(b.factor);
      if (!merged.has(p)) return "the rejected factor is not one of the claimed primes";
      if ("log2AtLeast" in prod || prod.product !== n) return "a product mismatch must be reported before primality";
      if (p < 2n) return null;
      if (b.witness === undefined) return "a composite factor needs a witness";
      const w = BigInt(b.witness);
      switch (b.witness_kind) {
        case "factor":
          return w > 1n && w < p && p % w === 0n ? null : "the witness is not a non-trivial divisor";
        case "miller_rabin_base":
          return (p & 1n) === 1n && w >= 2n && w < p - 1n && !isStrongProbablePrime(p, w) ? null : "the base does not witness compositeness";
        case "lucas":
          return (p & 1n) === 1n && !isStrongLucasProbablePrime(p) ? null : "the factor passes the strong Lucas test";
        default:
          return "unknown witness kind";
      }
    }
    if ("log2AtLeast" in prod || prod.product !== n) return "the product of the claimed factors is not n";
    if (b.failure !== undefined || b.factor !== undefined) return "only a rejection carries a failure";
    if (f.verdict === "non_conclusion") {
      if (!b.unproven?.length) return "a non-conclusion must name the unproven primes";
      return b.unproven.every((p) => merged.has(BigInt(p)) && BigInt(p) >= DETERMINISTIC_MR_LIMIT) ? null : "an unproven prime is not a large claimed prime";
    }
    // accepted: every distinct claimed prime is proven by the evidence, re-checked here
    const ev = f.evidence as { primes?: { prime: string; exponent: string; method: PrimeMethod; certificate?: Json[] }[] } | undefined;
    if (!ev?.primes || ev.primes.length !== merged.size) return "an acceptance must carry a proof for every distinct prime";
    for (const e of ev.primes) {
      const p = BigInt(e.prime);
      if (merged.get(p) !== BigInt(e.exponent)) return `the evidence lists ${p}^${e.exponent}, which is not in the claim`;
      if (p < DETERMINISTIC_MR_LIMIT) {
        const d = decidePrimality(p);
        if (!d.prime || d.status !== "PROVEN") return `${p} is not prime`;
      } else {
        if (e.method !== "pocklington" || !e.certificate) return `${p} has no certificate`;
        const why = checkPocklingtonCertificate(p, e.certificate.map(stepFromJson));
        if (why) return `the certificate of ${p} is invalid: ${why}`;
      }
    }
    return null;
  },
  examples: [
    {
      title: "a correct factorization is accepted",
      payload: { n: "360", factors: [{ prime: "2", exponent: "3" }, { prime: "3", exponent: "2" }, { prime: "5", exponent: "1" }] },
      expected: { verdict: "accepted", bindings: {} },
    },
    {
      title: "n = 1 has the empty factorization",
      payload: { n: "1", factors: [] },
      expected: { verdict: "accepted", bindings: {} },
    },
    {
      title: "a wrong exponent: the product is reported",
      payload: { n: "360", factors: [{ prime: "2", exponent: "2" }, { prime: "3", exponent: "2" }, { prime: "5", exponent: "1" }] },
      expected: { verdict: "rejected", bindings: { failure: "product_mismatch", product: "180" } },
    },
    {
      title: "a composite 'prime' (the Carmichael number 561 = 3·11·17) is rejected with a divisor",
      payload: { n: "1122", factors: [{ prime: "2", exponent: "1" }, { prime: "561", exponent: "1" }] },
      expected: { verdict: "rejected", bindings: { failure: "not_prime", factor: "561", witness_kind: "factor", witness: "3" } },
    },
    {
      title: "a strong pseudoprime to bases 2..37 is caught by Miller–Rabin base 41",
      payload: { n: "318665857834031151167461", factors: [{ prime: "318665857834031151167461", exponent: "1" }] },
      expected: { verdict: "rejected", bindings: { failure: "not_prime", factor: "318665857834031151167461", witness_kind: "miller_rabin_base", witness: "41" } },
    },
    {
      title: "the order of the factors does not matter; 2^64 + 1 = 274177 · 67280421310721",
      payload: { n: "18446744073709551617", factors: [{ prime: "67280421310721", exponent: "1" }, { prime: "274177", exponent: "1" }] },
      expected: { verdict: "accepted", bindings: {} },
    },
    {
      title: "a prime listed twice is merged: 12 = 2 · 2 · 3",
      payload: { n: "12", factors: [{ prime: "2", exponent: "1" }, { prime: "3", exponent: "1" }, { prime: "2", exponent: "1" }] },
      expected: { verdict: "accepted", bindings: { merged: ["2"] } },
    },
    {
      title: "the Mersenne prime 2^127 − 1 is proven by a Pocklington certificate",
      payload: { n: "170141183460469231731687303715884105727", factors: [{ prime: "170141183460469231731687303715884105727", exponent: "1" }] },
      expected: { verdict: "accepted", bindings: {} },
    },
  ],
});
