import { type } from "arktype";
import type { ExecutionContext } from "../../domain/declaration.js";
import { domainError } from "../../domain/errors.js";
import type { Json } from "../../domain/json.js";
import { bitLength, product } from "../../domain/math/integer.js";
import {
  checkPocklingtonCertificate, decidePrimality, DETERMINISTIC_MR_LIMIT, isStrongLucasProbablePrime, isStrongProbablePrime, provePrime, smallPrimes, type PocklingtonStep, type PrimalityDecision,
} from "../../domain/math/primality.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { object, request, strict } from "../_support/kinds.js";
import { builtinChecker, integerField, integerText, naturalText, positiveText } from "./builtin.js";
import { EFFORT, FACTORIZATION_KIND, factorizationClaimShape, MAX_EXPONENT_DIGITS, MAX_FACTORS } from "./factorization_support.js";
import { bitsOf, stepFromPowers, stepToPowers, type PocklingtonStepValue } from "./prime_support.js";

const MAX_DIGITS = 2000;
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

const Request = request({
  n: integerField(MAX_DIGITS, "the non-zero integer whose factorization is claimed"),
  "effort?": EFFORT.describe("ignored: accepted so that the payload of integer.prime_factorization.compute can be sent unchanged, with its value as the claim"),
  claim: object(
    factorizationClaimShape(MAX_DIGITS),
    FACTORIZATION_KIND,
    "the claim n = unit · Π p^e (· cofactor): the value of integer.prime_factorization.compute unchanged, or just { factors }",
  ),
});
type Req = typeof Request.infer;
type Claim = Req["claim"];

const WitnessKind = type("'factor' | 'miller_rabin_base' | 'lucas'");
const Bindings = strict(
  type({
    "failure?": type("'unit_mismatch' | 'product_mismatch' | 'cofactor_not_composite' | 'not_prime'").describe("why the claim was rejected"),
    "product?": naturalText(MAX_PRODUCT_DIGITS).describe("product_mismatch: the product Π p^e (· cofactor) of the claim, which differs from |n|"),
    "product_log2_at_least?": naturalText(12).describe("product_mismatch, when the product is far larger than n: a lower bound Σ e·(bitlength(p) − 1) on log2 of the product, at least the bit length of n"),
    "factor?": positiveText(MAX_DIGITS).describe("not_prime: the claimed prime that is not prime"),
    "witness_kind?": WitnessKind.describe("not_prime: factor = a non-trivial divisor; miller_rabin_base = a base to which the factor is not a strong probable prime; lucas = the Selfridge D of a failed strong Lucas test"),
    "witness?": integerText(MAX_DIGITS).describe("not_prime: the divisor, base or D (absent when the factor is 1)"),
    "cofactor_status?": type("'composite' | 'probable_prime'").describe(
      "INCOMPLETE claims: composite when the cofactor is proven composite (accepted), probable_prime when it passes Baillie–PSW so that its compositeness can be neither confirmed nor refuted (non_conclusion)",
    ),
    "cofactor_witness_kind?": WitnessKind.describe("cofactor_status composite: the kind of witness of compositeness"),
    "cofactor_witness?": integerText(MAX_DIGITS).describe("cofactor_status composite: the divisor, Miller–Rabin base or Selfridge D"),
    "unproven?": positiveText(MAX_DIGITS).array().describe("non_conclusion: claimed primes that pass the Baillie–PSW test but could not be proven prime within budget"),
    "merged?": positiveText(MAX_DIGITS).array().describe("primes listed more than once; their exponents were added"),
  }),
);
/** The bindings as the checker builds them: witnesses as bigints (the pipeline formats them). */
type Found = Omit<typeof Bindings.infer, "witness" | "cofactor_witness"> & { witness?: bigint; cofactor_witness?: bigint };
type WitnessKind = typeof WitnessKind.infer;
/** What every finding binds: the primes listed more than once. */
type Base = { merged?: string[] };

const METHOD =
  "0. The unit, when the claim gives one, must be the sign of n. " +
  "1. Product: the claimed prime powers (times the cofactor of an INCOMPLETE claim) are multiplied exactly (balanced product tree) and compared with |n|; when Σ e·bitlength(p) exceeds twice the bit length of n " +
  "the product certainly exceeds |n| and only that lower bound on its size is reported. A mismatch rejects. " +
  "2. The cofactor of an INCOMPLETE claim must be composite: a divisor, a Miller–Rabin base or a failed strong Lucas test proves it; 1 or a proven prime rejects; a Baillie–PSW probable prime is a non_conclusion. " +
  "3. Primality of each distinct claimed prime, smallest first: trial division by the primes below 1000 (complete below 10^6); deterministic Miller–Rabin with the 13 prime bases 2..41 below " +
  "3317044064679887385961981 (the least strong pseudoprime to all of them, Sorenson–Webster); above, Baillie–PSW (strong base-2 test, perfect-square test, strong Lucas test with Selfridge parameters). " +
  "A composite is rejected with a witness: a divisor or a Miller–Rabin base (both re-checkable in one step), rarely the Lucas parameter. The claim's own statuses are ignored. " +
  "4. Proof: Baillie–PSW only makes a prime probable, so each such prime p gets a Pocklington certificate: a fully factored F | p − 1 with F² > p (trial division and bounded Pollard–Brent rho), " +
  "and for each prime q | F a base a with a^(p−1) ≡ 1 and gcd(a^((p−1)/q) − 1, p) = 1, the primes q proven the same way recursively. " +
  "The certificate is re-checked independently before acceptance and stored as evidence. If some prime has no proof within the rho budget the verdict is non_conclusion, naming it.";

type PrimeMethod = "small_prime_table" | "trial_division" | "deterministic_miller_rabin" | "pocklington";

interface Settled {
  prime: bigint;
  exponent: bigint;
  method: PrimeMethod;
  certificate?: PocklingtonStep[];
}

/** The evidence of an acceptance, as built (numbers as bigints; the pipeline formats them). */
interface Evidence {
  n: bigint;
  primes: { prime: bigint; exponent: bigint; method: PrimeMethod; certificate?: PocklingtonStepValue[] }[];
  cofactor?: { value: bigint; witness_kind: WitnessKind; witness: bigint };
  rules: Record<string, string>;
}

const abs = (n: bigint): bigint => (n < 0n ? -n : n);
const unitOf = (n: bigint): "1" | "-1" => (n < 0n ? "-1" : "1");

/** Distinct claimed primes with merged exponents (ascending), and the primes listed more than once. */
function mergeFactors(claim: Claim): { merged: Map<bigint, bigint>; repeated: bigint[] } {
  const merged = new Map<bigint, bigint>();
  const repeated = new Set<bigint>();
  for (const { prime: p, exponent: e } of claim.factors) {
    if (merged.has(p)) repeated.add(p);
    merged.set(p, (merged.get(p) ?? 0n) + e);
  }
  const sorted = new Map([...merged.entries()].sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)));
  return { merged: sorted, repeated: [...repeated].sort((a, b) => (a < b ? -1 : 1)) };
}

/** The product of the claim (prime powers · cofactor), or a lower bound on its log2 when it is certainly larger than |n|. */
function claimedProduct(merged: Map<bigint, bigint>, cofactor: bigint | undefined, n: bigint): { product: bigint } | { log2AtLeast: bigint } {
  const parts: [bigint, bigint][] = [...merged];
  if (cofactor !== undefined) parts.push([cofactor, 1n]);
  let upper = 0n, lower = 0n;
  for (const [p, e] of parts) {
    if (p === 1n) continue;
    const b = BigInt(bitLength(p));
    upper += e * b;
    lower += e * (b - 1n);
  }
  // p ≥ 2 has bitLength(p) − 1 ≥ bitLength(p)/2, so lower ≥ upper/2: a large upper bound implies product > |n|.
  if (upper > 2n * BigInt(bitLength(n)) + 2n) return { log2AtLeast: lower };
  return { product: product(parts.filter(([p]) => p !== 1n).map(([p, e]) => p ** e)) };
}

function methodFor(p: bigint): PrimeMethod {
  if (p <= BigInt(smallPrimes[smallPrimes.length - 1]!)) return "small_prime_table";
  if (p < 1_000_000n) return "trial_division";
  return "deterministic_miller_rabin";
}

const limbs = (p: bigint): number => Math.max(1, Math.ceil(bitLength(p) / 64));

/** Whether `value` of kind `kind` proves the odd or even number m composite (re-checked from scratch). */
function witnessHolds(m: bigint, kind: string | undefined, value: bigint | undefined): boolean {
  if (value === undefined) return false;
  switch (kind) {
    case "factor":
      return value > 1n && value < m && m % value === 0n;
    case "miller_rabin_base":
      return (m & 1n) === 1n && value >= 2n && value < m - 1n && !isStrongProbablePrime(m, value);
    case "lucas":
      return (m & 1n) === 1n && !isStrongLucasProbablePrime(m);
    default:
      return false;
  }
}

function compositeFinding(p: bigint, d: PrimalityDecision, bindings: Base): CheckerFinding {
  const b: Found = { ...bindings, failure: "not_prime", factor: p.toString() };
  if (d.witness) {
    b.witness_kind = d.witness.kind;
    b.witness = d.witness.value;
  }
  const how =
    p < 2n ? `${p} is not a prime`
    : d.witness?.kind === "factor" ? `${p} is divisible by ${d.witness.value}`
    : d.witness?.kind === "miller_rabin_base" ? `${p} is not a strong probable prime to base ${d.witness.value} (Miller–Rabin), so it is composite`
    : `${p} fails the strong Lucas test with Selfridge parameter D = ${d.witness?.value}, so it is composite`;
  return { verdict: "rejected", bindings: b as CheckerFinding["bindings"], reason: `the claimed prime ${how}` };
}

/**
 * The cofactor of an INCOMPLETE claim: its witness of compositeness, or the finding that ends the
 * check (rejected when it is 1 or a proven prime, non_conclusion when it is a probable prime).
 */
function settleCofactor(c: bigint, base: Base): { kind: WitnessKind; value: bigint } | CheckerFinding {
  if (c === 1n) return { verdict: "rejected", bindings: { ...base, failure: "cofactor_not_composite" }, reason: "the claim is INCOMPLETE but its cofactor is 1, which is not composite" };
  const d = decidePrimality(c);
  if (!d.prime) return { kind: d.witness!.kind, value: d.witness!.value };
  if (d.status === "PROVEN") {
    return { verdict: "rejected", bindings: { ...base, failure: "cofactor_not_composite" }, reason: "the claim is INCOMPLETE but its cofactor is a prime (deterministic Miller–Rabin), not a composite" };
  }
  return {
    verdict: "non_conclusion",
    bindings: { ...base, cofactor_status: "probable_prime" },
    reason: "the claimed composite cofactor passes the Baillie–PSW test: that it is composite can be neither confirmed nor refuted here",
  };
}

async function settlePrimes(merged: Map<bigint, bigint>, ctx: ExecutionContext, base: Base): Promise<CheckerFinding | Settled[]> {
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
        `the product equals |n| and every claimed prime passes the Baillie–PSW test, but ${unproven.length === 1 ? "one of them" : `${unproven.length} of them`} could not be proven prime ` +
        "within the proof budget (no Pocklington certificate: p − 1 could not be factored far enough)",
    };
  }
  settled.sort((a, b) => (a.prime < b.prime ? -1 : 1));
  return settled;
}

/** Refuse a claim whose completeness and cofactor contradict each other (before any work). */
function checkClaimForm(claim: Claim): void {
  if (claim.status === "INCOMPLETE" && claim.cofactor === undefined) {
    throw domainError("an INCOMPLETE factorization names its composite cofactor", "payload.claim.cofactor", "give the unfactored part as cofactor, or status COMPLETE");
  }
  if (claim.cofactor !== undefined && claim.status !== "INCOMPLETE") {
    throw domainError("only an INCOMPLETE factorization has a cofactor", "payload.claim.status", 'a claim with a cofactor says status "INCOMPLETE"');
  }
}

export default builtinChecker<Req>({
  id: "integer.prime_factorization.verify",
  title: "Verify a claimed prime factorization of a non-zero integer",
  summary:
    "Checks a claim n = unit · Π p^e (n ≠ 0 up to 2000 digits): the unit, when given, must be the sign of n, the product must equal |n| exactly and every listed p must be proven prime — deterministic Miller–Rabin below 3.3·10^24, " +
    "above that Baillie–PSW plus a Pocklington certificate (kept as evidence). The claim is the value of integer.prime_factorization.compute unchanged (statuses, methods included; bind it by reference through the `claim` port) " +
    "or just { factors }; factors may come in any order; a prime listed twice is accepted with its exponents added (bindings.merged names it). " +
    "An INCOMPLETE claim |n| = Π p^e · cofactor is accepted when the cofactor is also proven composite (bindings.cofactor_status). " +
    "Rejected (unit_mismatch; product_mismatch with the product obtained; cofactor_not_composite; not_prime with a divisor or Miller–Rabin base as witness); non_conclusion when a Baillie–PSW probable prime cannot be proven within budget.",
  keywords: [
    "prime factorization", "factorisation", "factorization", "factor", "factors", "prime factors", "verify", "check", "certificate", "primality", "prime", "composite",
    "miller rabin", "baillie psw", "bpsw", "pocklington", "integer", "multiplicity", "exponent",
  ],
  request: Request,
  bindings: Bindings,
  method: METHOD,
  evidence: true,
  purpose: "exact bigint arithmetic: products, Miller–Rabin, Lucas, Pollard–Brent rho, Pocklington",
  bounds: [
    { name: "digits", limit: MAX_DIGITS, unit: "decimal digits", description: "n, each claimed prime and the cofactor have at most this many digits" },
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
    "Primality (or compositeness of the cofactor) of a b-bit number (L = ⌈b/64⌉ limbs): about 4·b·L² (one base-2 exponentiation plus a strong Lucas sequence; 13 small exponentiations below 3.3·10^24). " +
    "Proof of each prime above 3.3·10^24: at most min(10^6, iterations left)·2·(L² + 4) for Pollard–Brent, at most 4·10^8 for the request.",
  budget: { max_units: 3e9, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 60_000 },
  progress_measure: "distinct claimed primes checked (decided, and proof attempted where needed), out of the number of distinct claimed primes",
  preflight(req) {
    if (req.n === 0n) throw domainError("0 has no prime factorization", "payload.n", "give a non-zero integer");
    checkClaimForm(req.claim);
    const nBits = bitsOf(req.n);
    let upper = 0;
    let primality = 0;
    let proofs = 0;
    const parts = req.claim.factors.map((f) => [f.prime, f.exponent] as const);
    if (req.claim.cofactor !== undefined) parts.push([req.claim.cofactor, 1n]);
    for (const [p, e] of parts) {
      const b = p === 1n ? 0 : bitLength(p);
      upper += Number(e) * b;
      const L = Math.max(1, Math.ceil(b / 64));
      primality += 4 * b * L * L + 200;
      if (b >= 80) proofs += PROOF_RHO_PER_PRIME * 2 * (L * L + 4);
    }
    const words = parts.length * 8 + Math.ceil(nBits / 64);
    if (upper > 2 * nBits + 8) {
      return { units: words, memory_bytes: words * 16, basis: `the claim's size (≥ ${Math.round(upper / 2)} bits) exceeds that of n (${nBits} bits): only sizes are compared` };
    }
    const units = (upper * upper) / 64 + primality + Math.min(proofs, PROOF_RHO_WORK) + words;
    return {
      units,
      memory_bytes: words * 16 + Math.ceil(upper / 8) * 8 + 2 ** 20,
      basis: `n of ${nBits} bits, ${req.claim.factors.length} claimed prime powers, largest claimed prime ${Math.max(0, ...req.claim.factors.map((f) => bitLength(f.prime)))} bits`,
    };
  },
  ports: {
    inputs: {
      n: { field: "n", description: "the integer whose factorization is claimed" },
      claim: { field: "claim", description: "the claimed factorization: the `factorization` output of integer.prime_factorization.compute" },
    },
  },
  async execute(req, ctx): Promise<CheckerFinding> {
    const n = req.n, claim = req.claim;
    checkClaimForm(claim);
    const { merged, repeated } = mergeFactors(claim);
    const base: Base = repeated.length ? { merged: repeated.map(String) } : {};
    if (claim.unit !== undefined && claim.unit !== unitOf(n)) {
      return { verdict: "rejected", bindings: { ...base, failure: "unit_mismatch" }, reason: `the claim's unit is ${claim.unit}, but n is ${n < 0n ? "negative" : "positive"}` };
    }
    const prod = claimedProduct(merged, claim.cofactor, n);
    if ("log2AtLeast" in prod) {
      return {
        verdict: "rejected",
        bindings: { ...base, failure: "product_mismatch", product_log2_at_least: prod.log2AtLeast.toString() },
        reason: `the claimed factors multiply to at least 2^${prod.log2AtLeast}, but n has only ${bitLength(n)} bits`,
      };
    }
    if (prod.product !== abs(n)) {
      return {
        verdict: "rejected",
        bindings: { ...base, failure: "product_mismatch", product: prod.product.toString() },
        reason: `the claimed factors multiply to ${prod.product.toString().length > 60 ? `a ${prod.product.toString().length}-digit number` : prod.product}, not to |n|`,
      };
    }
    let cofactorWitness: { kind: WitnessKind; value: bigint } | undefined;
    if (claim.cofactor !== undefined) {
      const c = settleCofactor(claim.cofactor, base);
      if ("verdict" in c) return c;
      cofactorWitness = c;
    }
    const settled = await settlePrimes(merged, ctx, base);
    if (!Array.isArray(settled)) return settled;
    const evidence: Evidence = {
      n: abs(n),
      primes: settled.map((s) => ({ prime: s.prime, exponent: s.exponent, method: s.method, ...(s.certificate ? { certificate: s.certificate.map(stepToPowers) } : {}) })),
      ...(cofactorWitness ? { cofactor: { value: claim.cofactor!, witness_kind: cofactorWitness.kind, witness: cofactorWitness.value } } : {}),
      rules: {
        small_prime_table: "one of the primes below 1000",
        trial_division: "below 10^6 with no prime factor below 1000",
        deterministic_miller_rabin: "below 3317044064679887385961981: strong probable prime to each of the bases 2, 3, 5, …, 41",
        pocklington: "each step: F = Π prime^exponent divides n − 1, F² > n, and for each q | F: a^(n−1) ≡ 1 (mod n), gcd(a^((n−1)/q) − 1, n) = 1; each q below 3317044064679887385961981 is decided by deterministic Miller–Rabin, the others have their own step",
        ...(cofactorWitness ? { cofactor: "composite: a non-trivial divisor, a base to which it is not a strong probable prime, or the Selfridge D of a failed strong Lucas test" } : {}),
      },
    };
    const bindings: Found = cofactorWitness ? { ...base, cofactor_status: "composite", cofactor_witness_kind: cofactorWitness.kind, cofactor_witness: cofactorWitness.value } : base;
    return { verdict: "accepted", bindings: bindings as CheckerFinding["bindings"], evidence: evidence as unknown as Json };
  },
  postcondition(req, f) {
    const n = req.n, claim = req.claim;
    const b = f.bindings as Found;
    const { merged, repeated } = mergeFactors(claim);
    if ((b.merged ?? []).join(",") !== repeated.map(String).join(",")) return "the merged binding does not list the repeated primes";
    const unitOk = claim.unit === undefined || claim.unit === unitOf(n);
    if (b.failure === "unit_mismatch") return f.verdict === "rejected" && !unitOk ? null : "the unit is the sign of n after all";
    if (!unitOk) return "a claim with the wrong unit must be rejected for it";
    const prod = claimedProduct(merged, claim.cofactor, n);
    const productOk = !("log2AtLeast" in prod) && prod.product === abs(n);
    if (b.failure === "product_mismatch") {
      if (f.verdict !== "rejected") return "only a rejection names a failure";
      if ("log2AtLeast" in prod) return b.product_log2_at_least === prod.log2AtLeast.toString() && prod.log2AtLeast >= BigInt(bitLength(n)) ? null : "the product size bound is wrong";
      return b.product === prod.product.toString() && !productOk ? null : "the product binding is not a product differing from |n|";
    }
    if (!productOk) return "the product of the claimed factors is not |n|";
    const c = claim.cofactor;
    if (b.failure === "cofactor_not_composite") {
      if (f.verdict !== "rejected" || c === undefined) return "only the cofactor of an INCOMPLETE claim can fail to be composite";
      if (c === 1n) return null;
      const d = decidePrimality(c);
      return d.prime && d.status === "PROVEN" ? null : "the cofactor is not a proven prime";
    }
    if (b.cofactor_status === "probable_prime") {
      if (f.verdict !== "non_conclusion" || c === undefined) return "a probable-prime cofactor ends in a non_conclusion";
      const d = decidePrimality(c);
      return d.prime && d.status === "PROBABLE" ? null : "the cofactor is not a Baillie–PSW probable prime";
    }
    if (c === undefined && (b.cofactor_status !== undefined || b.cofactor_witness !== undefined)) return "only an INCOMPLETE claim has a cofactor to bind";
    if (f.verdict === "rejected") {
      if (b.failure !== "not_prime" || b.factor === undefined) return "a rejection must carry its failure and counterexample";
      const p = [...merged.keys()].find((q) => q.toString() === b.factor);
      if (p === undefined) return "the rejected factor is not one of the claimed primes";
      if (p < 2n) return b.witness === undefined ? null : "1 is not prime by definition and needs no witness";
      return witnessHolds(p, b.witness_kind, b.witness) ? null : "the witness does not prove the factor composite";
    }
    if (b.failure !== undefined || b.factor !== undefined) return "only a rejection carries a failure";
    if (f.verdict === "non_conclusion") {
      if (!b.unproven?.length) return "a non-conclusion must name the unproven primes";
      return b.unproven.every((p) => [...merged.keys()].some((q) => q.toString() === p && q >= DETERMINISTIC_MR_LIMIT)) ? null : "an unproven prime is not a large claimed prime";
    }
    // accepted: every distinct claimed prime is proven by the evidence, re-checked here
    const ev = f.evidence as unknown as Evidence | undefined;
    if (!ev?.primes || ev.primes.length !== merged.size) return "an acceptance must carry a proof for every distinct prime";
    for (const e of ev.primes) {
      const p = e.prime;
      if (merged.get(p) !== e.exponent) return `the evidence lists ${p}^${e.exponent}, which is not in the claim`;
      if (p < DETERMINISTIC_MR_LIMIT) {
        const d = decidePrimality(p);
        if (!d.prime || d.status !== "PROVEN") return `${p} is not prime`;
      } else {
        if (e.method !== "pocklington" || !e.certificate) return `${p} has no certificate`;
        const why = checkPocklingtonCertificate(p, e.certificate.map(stepFromPowers));
        if (why) return `the certificate of ${p} is invalid: ${why}`;
      }
    }
    if (c !== undefined) {
      if (b.cofactor_status !== "composite" || b.cofactor_witness !== ev.cofactor?.witness) return "an accepted INCOMPLETE claim binds the cofactor's compositeness";
      if (!ev.cofactor || ev.cofactor.value !== c) return "an accepted INCOMPLETE claim carries the cofactor's witness as evidence";
      if (!witnessHolds(c, ev.cofactor.witness_kind, ev.cofactor.witness)) return "the cofactor's witness does not prove it composite";
    }
    return null;
  },
  examples: [
    {
      title: "a correct factorization is accepted",
      payload: { n: "360", claim: { factors: [{ prime: "2", exponent: "3" }, { prime: "3", exponent: "2" }, { prime: "5", exponent: "1" }] } },
      expected: { verdict: "accepted", bindings: {} },
    },
    {
      title: "n = 1 has the empty factorization",
      payload: { n: "1", claim: { factors: [] } },
      expected: { verdict: "accepted", bindings: {} },
    },
    {
      title: "a wrong exponent: the product is reported",
      payload: { n: "360", claim: { factors: [{ prime: "2", exponent: "2" }, { prime: "3", exponent: "2" }, { prime: "5", exponent: "1" }] } },
      expected: { verdict: "rejected", bindings: { failure: "product_mismatch", product: "180" } },
    },
    {
      title: "a composite 'prime' (the Carmichael number 561 = 3·11·17) is rejected with a divisor",
      payload: { n: "1122", claim: { factors: [{ prime: "2", exponent: "1" }, { prime: "561", exponent: "1" }] } },
      expected: { verdict: "rejected", bindings: { failure: "not_prime", factor: "561", witness_kind: "factor", witness: "3" } },
    },
    {
      title: "a strong pseudoprime to bases 2..37 is caught by Miller–Rabin base 41",
      payload: { n: "318665857834031151167461", claim: { factors: [{ prime: "318665857834031151167461", exponent: "1" }] } },
      expected: { verdict: "rejected", bindings: { failure: "not_prime", factor: "318665857834031151167461", witness_kind: "miller_rabin_base", witness: "41" } },
    },
    {
      title: "the order of the factors does not matter; 2^64 + 1 = 274177 · 67280421310721",
      payload: { n: "18446744073709551617", claim: { factors: [{ prime: "67280421310721", exponent: "1" }, { prime: "274177", exponent: "1" }] } },
      expected: { verdict: "accepted", bindings: {} },
    },
    {
      title: "a prime listed twice is merged: 12 = 2 · 2 · 3",
      payload: { n: "12", claim: { factors: [{ prime: "2", exponent: "1" }, { prime: "3", exponent: "1" }, { prime: "2", exponent: "1" }] } },
      expected: { verdict: "accepted", bindings: { merged: ["2"] } },
    },
    {
      title: "the Mersenne prime 2^127 − 1 is proven by a Pocklington certificate",
      payload: { n: "170141183460469231731687303715884105727", claim: { factors: [{ prime: "170141183460469231731687303715884105727", exponent: "1" }] } },
      expected: { verdict: "accepted", bindings: {} },
    },
    {
      title: "the value of integer.prime_factorization.compute is taken unchanged: −360 = −1 · 2^3 · 3^2 · 5",
      payload: {
        n: "-360",
        claim: { unit: "-1", factors: [{ prime: "2", exponent: "3", status: "PROVEN" }, { prime: "3", exponent: "2", status: "PROVEN" }, { prime: "5", exponent: "1", status: "PROVEN" }], status: "COMPLETE", methods: ["trial_division"] },
      },
      expected: { verdict: "accepted", bindings: {} },
    },
    {
      title: "a unit that is not the sign of n is rejected",
      payload: { n: "-6", claim: { unit: "1", factors: [{ prime: "2", exponent: "1" }, { prime: "3", exponent: "1" }] } },
      expected: { verdict: "rejected", bindings: { failure: "unit_mismatch" } },
    },
    {
      title: "an INCOMPLETE factorization is accepted when its cofactor is proven composite: 2^7 · 1000036000099",
      payload: { n: "128004608012672", claim: { unit: "1", factors: [{ prime: "2", exponent: "7", status: "PROVEN" }], status: "INCOMPLETE", cofactor: "1000036000099", methods: ["trial_division"] } },
      expected: { verdict: "accepted", bindings: { cofactor_status: "composite" } },
    },
    {
      title: "an INCOMPLETE claim whose cofactor is prime is rejected",
      payload: { n: "2000006", claim: { factors: [{ prime: "2", exponent: "1" }], status: "INCOMPLETE", cofactor: "1000003" } },
      expected: { verdict: "rejected", bindings: { failure: "cofactor_not_composite" } },
    },
  ],
});
