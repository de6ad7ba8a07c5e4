/**
 * Self-initialising quadratic sieve (SIQS) for odd composites of about 14–90 digits that are not
 * perfect powers (parameters tuned for 30–60 digits).
 *
 * Outline (Contini's thesis; Pomerance's MPQS with Alford–Pomerance self-initialisation):
 * 1. A Knuth–Schroeppel multiplier k makes small primes plentiful among quadratic residues of kN.
 * 2. Factor base: 2, the primes dividing k, and the primes p < 2^26 with (kN / p) = 1, each with
 *    a square root t_p of kN mod p (Tonelli–Shanks in double-precision arithmetic: p < 2^26 keeps
 *    every product below 2^53, so all of it is exact).
 * 3. Polynomials g(x) = A·x² + 2B·x + C with A = q_1⋯q_s (factor-base primes, A ≈ √(2kN)/M),
 *    B² ≡ kN (mod A), C = (B² − kN)/A, so (A·x + B)² − kN = A·g(x). The 2^(s−1) values of B
 *    for one A come from the B_l = (A/q_l)·γ_l by a Gray code; each switch moves every sieve root
 *    by a precomputed ±2·B_l·A⁻¹ mod p (the self-initialisation). A prime q_l of A divides g(x)
 *    only at the single root of 2B·x + C mod q_l, recomputed for each polynomial.
 * 4. Sieve: x in [−M, M) on a Uint8Array; each factor-base prime from a small cut (30) up adds
 *    round(log2 p) at its roots. The array starts at 128 − threshold, so candidates are bytes with
 *    the top bit set (tested sixteen at a time through a Uint32Array view).
 * 5. Candidates: a double-precision estimate of log2|g(x)| minus the sieve sum rejects most of them
 *    at once; the rest learn exactly which primes divide g(x) by comparing x mod p with the roots.
 *    When the rounding error of g(x) in double precision is provably small, the cofactor
 *    g(x) / (2^e · Π p) is recovered exactly by rounding and repeated primes are divided out as
 *    numbers; otherwise all of it is done in bigint arithmetic. A cofactor of 1 gives a full
 *    relation, a cofactor below the large-prime bound (< p_max², hence prime) a partial one; two
 *    partials with the same large prime combine into a relation.
 * 6. Linear algebra over GF(2): structured elimination (singleton rows dropped, rows of weight-2
 *    columns merged), then Gaussian elimination on bit-packed rows (Uint32Array, rows × (columns +
 *    identity)), columns in order of increasing weight so the sparse ones go before fill-in.
 * 7. Square root: for each dependency X = Π(A·x + B), Y = Π p^(e_p/2)·Π L (large primes);
 *    gcd(X − Y, N) splits N with probability ≥ 1/2 per dependency. Every factor returned is such a
 *    gcd, so it divides N whatever happened before.
 *
 * Everything is exact (bigint where values exceed 2^53); the only randomness (the choice of A) comes
 * from a seeded PRNG, so runs are reproducible. Work is charged to a meter (about 200 elementary
 * sieve operations per unit); when it runs out the sieve stops and no factor is returned.
 */
import { decidePrimality } from "./primality.js";
import { bitLength, gcd, isqrt, mod } from "./integer.js";
import { SeededRandom } from "./seeded-random.js";

export interface SiqsMeter {
  /** Work units left (one unit ≈ 200 elementary sieve operations ≈ one modular multiplication ≈ 0.25 µs). */
  remaining: number;
}

export interface SiqsOptions {
  meter: SiqsMeter;
  checkpoint?: () => void;
  /** Relations found (full + combined partials) out of those needed. */
  progress?: (relations: number, needed: number) => void;
  random?: SeededRandom;
  /** Overrides of the size-based parameters (tuning and tests). */
  parameters?: Partial<SiqsParameters>;
}

export interface SiqsStats {
  multiplier: number;
  factorBase: number;
  largestPrime: number;
  halfInterval: number;
  relations: number;
  fulls: number;
  combined: number;
  needed: number;
  polynomials: number;
  dependencies: number;
  candidates: number;
}

export interface SiqsResult {
  /** Factors of n with product n, each > 1, at least two (split as far as the dependencies went); undefined when the meter ran out. */
  pieces?: bigint[];
  stats: SiqsStats;
}

/** Elementary sieve operations per work unit. */
const OPS_PER_UNIT = 200;
/** Relations collected beyond the number of matrix columns. */
const EXCESS = 48;
const CUT_ALLOWANCE = 4;
/** Allowance for the rounding of log2 p in the sieve. */
const ROUNDING_SLACK = 3;
const TWO53 = 2 ** 53;
const TWO53N = 2n ** 53n;

// ---------- double-precision modular arithmetic (moduli < 2^26) ----------

function powMod(a: number, e: number, p: number): number {
  let r = 1;
  a %= p;
  while (e > 0) {
    if (e & 1) r = (r * a) % p;
    a = (a * a) % p;
    e = Math.floor(e / 2);
  }
  return r;
}

function invMod(a: number, p: number): number {
  let r0 = p, r1 = a % p, t0 = 0, t1 = 1;
  while (r1 !== 0) {
    const q = Math.floor(r0 / r1);
    let t = r0 - q * r1; r0 = r1; r1 = t;
    t = t0 - q * t1; t0 = t1; t1 = t;
  }
  if (r0 !== 1) return 0;
  return t0 < 0 ? t0 + p : t0;
}

/** A square root of a quadratic residue a modulo an odd prime p (Tonelli–Shanks). */
function sqrtMod(a: number, p: number): number {
  a %= p;
  if (a === 0) return 0;
  if (p % 4 === 3) return powMod(a, (p + 1) / 4, p);
  let q = p - 1, s = 0;
  while (q % 2 === 0) { q /= 2; s++; }
  let z = 2;
  while (powMod(z, (p - 1) / 2, p) !== p - 1) z++;
  let m = s, c = powMod(z, q, p), t = powMod(a, q, p), r = powMod(a, (q + 1) / 2, p);
  while (t !== 1) {
    let i = 0, tt = t;
    while (tt !== 1) { tt = (tt * tt) % p; i++; }
    let b = c;
    for (let j = 0; j < m - i - 1; j++) b = (b * b) % p;
    m = i;
    c = (b * b) % p;
    t = (t * c) % p;
    r = (r * b) % p;
  }
  return r;
}

function primesUpTo(limit: number): Int32Array {
  const sieve = new Uint8Array(limit + 1);
  const out: number[] = [];
  for (let i = 2; i <= limit; i++) {
    if (sieve[i]) continue;
    out.push(i);
    for (let j = i * i; j <= limit; j += i) sieve[j] = 1;
  }
  return Int32Array.from(out);
}

const SMALL_PRIMES = primesUpTo(2000);

// ---------- parameters ----------

/** digits → factor-base size, half sieve interval M, large-prime multiplier, threshold slack (in units of log2 p_max). */
const PARAMS: readonly [number, number, number, number, number][] = [
  [14, 40, 2048, 10, 1.5],
  [18, 60, 4096, 20, 1.55],
  [22, 90, 6144, 25, 1.6],
  [26, 140, 8192, 30, 1.65],
  [30, 200, 12288, 35, 1.75],
  [34, 300, 16384, 40, 1.9],
  [38, 450, 20480, 45, 2.0],
  [42, 650, 24576, 50, 2.1],
  [46, 950, 32768, 60, 2.15],
  [50, 1400, 32768, 70, 2.2],
  [54, 2000, 49152, 80, 2.3],
  [58, 2800, 65536, 90, 2.35],
  [62, 3800, 98304, 100, 2.4],
  [66, 5000, 131072, 110, 2.45],
  [70, 6500, 131072, 120, 2.5],
  [76, 9000, 196608, 130, 2.55],
];

export interface SiqsParameters {
  factorBase: number;
  halfInterval: number;
  largePrimeMultiplier: number;
  slack: number;
  /** Factor-base primes below this are not sieved (the threshold allows for their average contribution). */
  smallPrimeCut: number;
}

export function siqsParameters(digits: number): SiqsParameters {
  let lo = PARAMS[0]!, hi = PARAMS[PARAMS.length - 1]!;
  if (digits <= lo[0]) hi = lo;
  else if (digits >= hi[0]) lo = hi;
  else {
    for (let i = 1; i < PARAMS.length; i++) {
      if (PARAMS[i]![0] >= digits) {
        lo = PARAMS[i - 1]!;
        hi = PARAMS[i]!;
        break;
      }
    }
  }
  const t = hi[0] === lo[0] ? 0 : (digits - lo[0]) / (hi[0] - lo[0]);
  const lerp = (a: number, b: number) => a + (b - a) * t;
  return {
    factorBase: Math.round(lerp(lo[1], hi[1])),
    halfInterval: Math.round(lerp(lo[2], hi[2]) / 1024) * 1024,
    largePrimeMultiplier: Math.round(lerp(lo[3], hi[3])),
    slack: lerp(lo[4], hi[4]),
    smallPrimeCut: 30,
  };
}

// ---------- multiplier ----------

const MULTIPLIERS = [1, 2, 3, 5, 6, 7, 10, 11, 13, 14, 15, 17, 19, 21, 22, 23, 26, 29, 30, 31, 33, 34, 35, 37, 38, 39, 41, 42, 43, 46, 47, 51, 53, 55, 57, 58, 59, 61, 62, 65, 66, 67, 69, 70, 71, 73];

/** The Knuth–Schroeppel multiplier: maximises the expected contribution of small primes to Q(x). */
export function knuthSchroeppel(n: bigint): number {
  const tables = quadraticResidueTables();
  const residues = residuesOf(n, KS_PRIMES);
  const n8 = Number(n & 7n);
  let best = 1, bestScore = -Infinity;
  for (const k of MULTIPLIERS) {
    let score = -0.5 * Math.log(k);
    const kn8 = (k * n8) & 7;
    if (kn8 === 1) score += 2 * Math.LN2;
    else if (kn8 === 5) score += Math.LN2;
    else if (kn8 === 3 || kn8 === 7) score += 0.5 * Math.LN2;
    for (let i = 0; i < KS_PRIMES.length; i++) {
      const p = KS_PRIMES[i]!;
      const r = ((k % p) * residues[i]!) % p;
      if (r === 0) score += Math.log(p) / p;
      else if (tables[i]![r]) score += (2 * Math.log(p)) / (p - 1);
    }
    if (score > bestScore) {
      bestScore = score;
      best = k;
    }
  }
  return best;
}

/** Odd primes below 500: enough to rank the multipliers. */
const KS_PRIMES: Int32Array = SMALL_PRIMES.filter((p) => p > 2 && p < 500);
let qrTables: Uint8Array[] | undefined;

/** For each prime of KS_PRIMES, a table of its non-zero quadratic residues. */
function quadraticResidueTables(): Uint8Array[] {
  if (!qrTables) {
    qrTables = Array.from(KS_PRIMES, (p) => {
      const t = new Uint8Array(p);
      for (let x = 1; x < p; x++) t[(x * x) % p] = 1;
      return t;
    });
  }
  return qrTables;
}

/** n mod p for each p in `primes`, through residues modulo word-size products of primes. */
function residuesOf(n: bigint, primes: Int32Array): Float64Array {
  const out = new Float64Array(primes.length);
  let i = 0;
  while (i < primes.length) {
    let g = 1;
    let j = i;
    while (j < primes.length && g * primes[j]! < TWO53) g *= primes[j++]!;
    const r = Number(n % BigInt(g));
    for (let t = i; t < j; t++) out[t] = r % primes[t]!;
    i = j;
  }
  return out;
}

// ---------- relations ----------

interface Relation {
  /** A·x + B (or a product of two of them for combined partials); Y² ≡ ±Π p^e · L² (mod N). */
  y: bigint;
  /** Factor-base indices, with multiplicity. */
  f: number[];
  neg: boolean;
  /** Large prime (1 for a full relation): it occurs squared in the combined relation. */
  large: number;
}

/** Raised internally when a factor of N turns up outside the linear algebra (a factor-base prime or a large prime dividing N). */
class FoundFactor {
  constructor(readonly d: bigint) {}
}

// ---------- main ----------

export function siqs(n: bigint, opts: SiqsOptions): SiqsResult {
  const digits = n.toString().length;
  const prm = { ...siqsParameters(digits), ...opts.parameters };
  const k = knuthSchroeppel(n);
  const kN = BigInt(k) * n;
  const M = prm.halfInterval;
  const len = 2 * M;
  const rng = opts.random ?? SeededRandom.forInteger(n, "siqs");
  const meter = opts.meter;
  const stats: SiqsStats = {
    multiplier: k, factorBase: 0, largestPrime: 0, halfInterval: M, relations: 0, fulls: 0, combined: 0, needed: 0, polynomials: 0, dependencies: 0, candidates: 0,
  };
  try {
    return run();
  } catch (e) {
    if (e instanceof FoundFactor) return { pieces: refine([n], e.d), stats };
    throw e;
  }

  function run(): SiqsResult {
    // ---- factor base ----
    const nfbTarget = prm.factorBase;
    const pr: number[] = [2];
    const ts: number[] = [0];
    const special: number[] = [0];
    const divisorsOfK: number[] = [];
    let plist = SMALL_PRIMES;
    let limit = 2000;
    outer: for (;;) {
      const residues = residuesOf(n, plist);
      for (let i = 1; i < plist.length; i++) {
        const p = plist[i]!;
        if (p <= (pr.length > 1 ? pr[pr.length - 1]! : 2)) continue;
        const nm = residues[i]!;
        if (nm === 0) throw new FoundFactor(BigInt(p));
        const r = ((k % p) * nm) % p;
        if (r === 0) {
          divisorsOfK.push(pr.length);
          pr.push(p);
          ts.push(0);
        } else if (powMod(r, (p - 1) / 2, p) === 1) {
          pr.push(p);
          ts.push(sqrtMod(r, p));
        }
        if (pr.length >= nfbTarget) break outer;
      }
      limit *= 2;
      plist = primesUpTo(limit);
    }
    meter.remaining -= Math.ceil(pr.length / 8);
    const nfb = pr.length;
    const P = Int32Array.from(pr);
    const T = Int32Array.from(ts);
    const bigP = pr.map((p) => BigInt(p));
    const logp = new Uint8Array(nfb);
    const logf = new Float64Array(nfb);
    for (let i = 0; i < nfb; i++) logf[i] = Math.log2(P[i]!);
    for (let i = 0; i < nfb; i++) logp[i] = Math.round(Math.log2(P[i]!));
    const pmax = P[nfb - 1]!;
    stats.factorBase = nfb;
    stats.largestPrime = pmax;
    const largeBound = Math.min(pmax * prm.largePrimeMultiplier, pmax * pmax - 1);
    /** Candidates whose cofactor (after one division by each known prime) exceeds this many bits are dropped unexamined. */
    const cutBits = Math.log2(largeBound) + CUT_ALLOWANCE;
    const Mmod = new Int32Array(nfb);
    for (let i = 0; i < nfb; i++) Mmod[i] = M % P[i]!;

    // Primes below the cut are not sieved (they cost most and say least); the threshold allows for them.
    let sieveStart = 1;
    while (sieveStart < nfb && P[sieveStart]! < prm.smallPrimeCut) sieveStart++;
    let smallContribution = 0;
    for (let i = 1; i < sieveStart; i++) smallContribution += (2 * Math.log2(P[i]!)) / (P[i]! - 1);

    // ---- threshold ----
    const logKN = bitLength(kN);
    const logQmax = Math.log2(M) + logKN / 2 - 0.5;
    const threshold = Math.max(8, Math.round(logQmax - prm.slack * Math.log2(pmax) - smallContribution));
    const init = Math.max(0, 128 - threshold);

    // ---- work per polynomial (for the meter) ----
    let sieveOps = len * 2; // fill + scan
    for (let i = sieveStart; i < nfb; i++) sieveOps += (2 * len) / P[i]! + 2;
    sieveOps += 3 * nfb; // root updates
    const unitsPerPoly = Math.max(1, Math.ceil(sieveOps / OPS_PER_UNIT));
    const unitsPerCandidate = Math.max(1, Math.ceil((2 * nfb + 400) / OPS_PER_UNIT));

    const needed = nfb + 1 + EXCESS;
    stats.needed = needed;

    // ---- polynomial A selection ----
    const target = isqrt(2n * kN) / BigInt(M);
    // log2 of the target itself (a bit length would overstate it by up to one bit, enough to push s up at small N).
    const logTarget = Math.max(1, Math.log2(Number(target)));
    const isSpecial = new Uint8Array(nfb);
    for (const i of special) isSpecial[i] = 1;
    const notInA = isSpecial.slice();
    for (const i of divisorsOfK) notInA[i] = 1;
    // Choose s so that the q_l sit near 2000 (or in the upper part of a small factor base).
    const qPref = Math.min(2000, P[Math.floor(nfb * 0.75)]!);
    let s = Math.max(1, Math.round(logTarget / Math.log2(qPref)));
    while (s > 1 && Math.pow(2, logTarget / s) < 20) s--;
    while (Math.pow(2, logTarget / s) > pmax * 0.6 && s < 20) s++;
    // The q_l are drawn from around qIdeal. The sieved primes (index ≥ sieveStart) are preferred: in a small factor base
    // (below ~18 digits) the rule above can put the whole range [qIdeal/2.2, 2.2·qIdeal] below them, so that s − 1 of them
    // already exceed the target and no prime can complete A. One prime fewer, each larger (up to 0.9·p_max), then fits.
    while (s > 1 && Math.pow(2, logTarget / s) / 2.2 < P[sieveStart]! && Math.pow(2, logTarget / (s - 1)) <= 0.9 * pmax) s--;
    const qIdeal = Math.pow(2, logTarget / s);
    // Where even that does not fit (a target below the square of the least sieved primes), A also takes primes below the
    // cut: correct for any odd factor-base prime not dividing k (its one root mod q is set per polynomial and matched in
    // the scan like every unsieved prime's); it just does not help the sieve.
    const aStart = qIdeal / 2.2 < P[sieveStart]! ? 1 : sieveStart;
    let lowIdx = aStart;
    while (lowIdx < nfb - 1 && P[lowIdx]! < qIdeal / 2.2) lowIdx++;
    let highIdx = lowIdx;
    while (highIdx < nfb - 1 && P[highIdx]! < qIdeal * 2.2) highIdx++;
    if (highIdx - lowIdx < s + 6) {
      lowIdx = Math.max(aStart, lowIdx - (s + 6));
      highIdx = Math.min(nfb - 1, highIdx + s + 6);
    }
    const usedA = new Set<bigint>();

    const root1 = new Int32Array(nfb);
    const root2 = new Int32Array(nfb);
    const sieve = sieveBuffer(len);
    const sieve32 = new Uint32Array(sieve.buffer);

    const fulls: Relation[] = [];
    const partials = new Map<number, Relation>();
    let want = needed;
    const factorBuf = new Int32Array(512);
    const hits = new Int32Array(nfb);
    const hits2 = new Int32Array(nfb);
    const candidates = new Int32Array(MAX_CANDIDATES);

    function chooseA(): { A: bigint; idx: number[] } | undefined {
      for (let attempt = 0; attempt < 200; attempt++) {
        const idx: number[] = [];
        let prod = 1n;
        let guard = 0;
        while (idx.length < s - 1 && guard++ < 1000) {
          const i = lowIdx + rng.below(highIdx - lowIdx + 1);
          if (notInA[i] || idx.includes(i)) continue;
          idx.push(i);
          prod *= bigP[i]!;
        }
        if (idx.length < s - 1) return undefined;
        // The last prime brings the product closest to the target.
        const want = Number(target / prod) + 0.5;
        let best = -1, bestErr = Infinity;
        let lo = aStart, hi = nfb - 1;
        while (lo < hi) {
          const mid = (lo + hi) >> 1;
          if (P[mid]! < want) lo = mid + 1;
          else hi = mid;
        }
        for (let i = Math.max(aStart, lo - 4); i <= Math.min(nfb - 1, lo + 4); i++) {
          if (notInA[i] || idx.includes(i)) continue;
          const err = Math.abs(Math.log(P[i]! / want));
          if (err < bestErr) {
            bestErr = err;
            best = i;
          }
        }
        if (best < 0 || bestErr > 0.7) continue;
        idx.push(best);
        const A = prod * bigP[best]!;
        if (usedA.has(A)) continue;
        usedA.add(A);
        return { A, idx: idx.sort((a, b) => a - b) };
      }
      return undefined;
    }

    const S: SieveState = {
      n, M, len, nfb, sieveStart, init, cutBits, largeBound, P, logp, logf, bigP, Mmod, root1, root2, sieve, sieve32,
      factorBuf, hits, hits2, candidates, fulls, partials, stats,
    };

    const bainv: Int32Array[] = [];
    for (let l = 0; l < Math.max(1, s); l++) bainv.push(new Int32Array(nfb));

    while (fulls.length < want) {
      if (meter.remaining <= 0) return { stats };
      opts.checkpoint?.();
      const chosen = chooseA();
      if (!chosen) return { stats };
      const { A, idx: aIdx } = chosen;
      const sA = aIdx.length;
      const aq = aIdx.map((i) => P[i]!);
      // B_l = (A/q_l)·γ_l with γ_l = t_q·(A/q_l)^(−1) mod q_l, taken in (0, q_l/2].
      const Bl: bigint[] = [];
      const gam: number[] = [];
      for (let l = 0; l < sA; l++) {
        const q = aq[l]!;
        const Al = A / BigInt(q);
        let g = (T[aIdx[l]!]! * invMod(Number(Al % BigInt(q)), q)) % q;
        if (g > q / 2) g = q - g;
        gam.push(g);
        Bl.push(Al * BigInt(g));
      }
      let B = 0n;
      for (const b of Bl) B += b;
      if ((B * B - kN) % A !== 0n) throw new Error("SIQS: B² ≢ kN (mod A)");
      // Per-prime initialisation (double-precision arithmetic only).
      initRoots(P, T, Mmod, isSpecial, nfb, aq, gam, bainv, root1, root2);
      meter.remaining -= Math.ceil((nfb * (3 * sA + 20)) / OPS_PER_UNIT) + sA * 4;

      const signs = new Int8Array(sA).fill(1);
      const polys = sA > 1 ? 1 << (sA - 1) : 1;
      for (let pi = 0; pi < polys; pi++) {
        if (pi > 0) {
          // Gray code: flip the sign of B_v, v = number of trailing zeros of pi.
          let v = 0;
          while (((pi >> v) & 1) === 0) v++;
          if (signs[v] === 1) {
            B -= 2n * Bl[v]!;
            signs[v] = -1;
            addRoots(P, root1, root2, bainv[v]!, nfb);
          } else {
            B += 2n * Bl[v]!;
            signs[v] = 1;
            subRoots(P, root1, root2, bainv[v]!, nfb);
          }
        }
        const C = (B * B - kN) / A;
        stats.polynomials++;
        const ncand = sieveAndCollect(S, A, B, C, aIdx, aq);
        meter.remaining -= unitsPerPoly + ncand * unitsPerCandidate;
        stats.candidates += ncand;
        opts.progress?.(Math.min(fulls.length, want), want);
        if (fulls.length >= want) break;
        if (meter.remaining <= 0) return { stats };
      }
      opts.checkpoint?.();

      if (fulls.length >= want) {
        stats.relations = fulls.length;
        const deps = findDependencies(fulls, nfb + 1, 64, opts.checkpoint);
        meter.remaining -= Math.ceil((fulls.length * fulls.length * ((nfb + fulls.length) / 32)) / (8 * OPS_PER_UNIT));
        stats.dependencies = deps.length;
        // Square roots one dependency at a time, until every piece is prime.
        let parts = [n];
        let split = false;
        for (const dep of deps) {
          opts.checkpoint?.();
          const d = squareRootStep(n, dep, fulls, bigP, nfb);
          if (d <= 1n || d >= n) continue;
          split = true;
          parts = refine(parts, d);
          if (parts.every((q) => decidePrimality(q).prime)) break;
        }
        if (split) return { pieces: parts, stats };
        // Only trivial dependencies (unlucky, or duplicates): collect a few more relations.
        want += 32;
      }
    }
    return { stats };
  }
}

/** Everything one polynomial's sieve and trial division need (fixed for the whole run). */
interface SieveState {
  n: bigint;
  M: number;
  len: number;
  nfb: number;
  sieveStart: number;
  init: number;
  cutBits: number;
  largeBound: number;
  P: Int32Array;
  logp: Uint8Array;
  logf: Float64Array;
  bigP: bigint[];
  Mmod: Int32Array;
  root1: Int32Array;
  root2: Int32Array;
  sieve: Uint8Array;
  sieve32: Uint32Array;
  factorBuf: Int32Array;
  hits: Int32Array;
  hits2: Int32Array;
  candidates: Int32Array;
  fulls: Relation[];
  partials: Map<number, Relation>;
  stats: SiqsStats;
}

const SENTINEL = 0x3fffffff;
/** Candidates examined per polynomial at most (a few hundred is typical; more would only mean a threshold far too low). */
const MAX_CANDIDATES = 8192;

let sieveCache: Uint8Array | undefined;

/** The sieve array, reused from one run to the next (siqs is synchronous, so one buffer suffices; it is refilled per polynomial). */
function sieveBuffer(len: number): Uint8Array {
  if (!sieveCache || sieveCache.length !== len) sieveCache = new Uint8Array(len);
  return sieveCache;
}

/**
 * Sieve g(x) = A·x² + 2B·x + C over [−M, M), then trial-divide the candidates and record the
 * relations found. A separate function (called once per polynomial) so that V8 optimises it early
 * and keeps the optimised code across calls. Returns the number of candidates examined.
 */
function sieveAndCollect(S: SieveState, A: bigint, B: bigint, C: bigint, aIdx: number[], aq: number[]): number {
  const { M, len, nfb, sieveStart, init, cutBits, largeBound, P, logp, logf, bigP, Mmod, root1, root2, sieve, sieve32, factorBuf, hits, hits2, candidates } = S;
  const sA = aIdx.length;
  const B2 = 2n * B;
  // A prime q of A divides g(x) exactly when 2B·x + C ≡ 0 (mod q): one root, sieved once.
  for (let l = 0; l < sA; l++) {
    const i = aIdx[l]!;
    const q = aq[l]!;
    const cq = Number(mod(C, bigP[i]!));
    const bq = Number(mod(B2, bigP[i]!));
    root1[i] = (((((q - cq) % q) * invMod(bq, q)) % q) + Mmod[i]!) % q;
    root2[i] = SENTINEL;
  }
  sieve.fill(init);
  sieveInterval(sieve, P, logp, root1, root2, sieveStart, nfb, len);
  const ncand = scanSieve(sieve, sieve32, len >> 2, candidates);
  const Ad = Number(A), B2d = Number(B2), Cd = Number(C);
  const A32 = Number(BigInt.asIntN(32, A)) | 0, B232 = Number(BigInt.asIntN(32, B2)) | 0, C32 = Number(BigInt.asIntN(32, C)) | 0;
  const scale = Math.abs(Cd) * 2 ** -40;
  for (let ci = 0; ci < ncand; ci++) {
    const j = candidates[ci]!;
    const xd = j - M;
    // Cheap rejection in double precision: log2|v| minus the known prime factors (each once, and the exact power of 2
    // from v mod 2^32) leaves the cofactor, which must be below the large-prime bound up to repeated factors.
    // First with the sieve's own (rounded) sum for the sieved primes, then exactly with the primes that divide.
    const vs = (Ad * xd + B2d) * xd + Cd;
    const vd = Math.abs(vs);
    // v mod 2^32 exactly (32-bit wrap-around arithmetic): its trailing zeros are the power of 2 in v.
    const low = (((Math.imul(A32, Math.imul(xd, xd)) + Math.imul(B232, xd)) | 0) + C32) | 0;
    const tz = low === 0 ? 32 : 31 - Math.clz32(low & -low);
    let nh: number;
    if (vd > scale) {
      const rest = Math.log2(vd) - tz;
      let est = rest - (sieve[j]! - init);
      for (let i = 1; i < sieveStart; i++) {
        const jm = j % P[i]!;
        if (jm === root1[i] || jm === root2[i]) est -= logf[i]!;
      }
      if (est > cutBits + ROUNDING_SLACK) continue;
      nh = matchRoots(j, P, root1, root2, nfb, hits);
      let bits = rest;
      for (let h = 0; h < nh; h++) bits -= logf[hits[h]!]!;
      if (bits > cutBits) continue;
    } else {
      nh = matchRoots(j, P, root1, root2, nfb, hits);
    }
    // Exact in double precision when the rounding error of v is provably small: v / (2^tz · Π hits)
    // is an integer, so rounding the quotient recovers it; repeated primes are then divided out as numbers.
    if (low !== 0) {
      const mag = Math.abs(Ad * xd * xd) + Math.abs(B2d * xd) + Math.abs(Cd);
      let prod = 2 ** tz;
      for (let h = 0; h < nh; h++) prod *= P[hits[h]!]!;
      const approx = vd / prod;
      if ((mag * 2 ** -48) / prod < 0.02 && approx < 2 ** 50) {
        let c = Math.round(approx);
        if (c >= 1 && Math.abs(c - approx) < 0.05) {
          let nf = 0;
          for (let l = 0; l < sA; l++) factorBuf[nf++] = aIdx[l]!;
          for (let t = 0; t < tz; t++) factorBuf[nf++] = 0;
          for (let h = 0; h < nh; h++) {
            const p = P[hits[h]!]!;
            factorBuf[nf++] = hits[h]!;
            while (c % p === 0 && nf < 500) {
              c /= p;
              factorBuf[nf++] = hits[h]!;
            }
          }
          if (c < largeBound && nf < 500) accept(S, A * BigInt(xd) + B, nf, vs < 0, c);
          continue;
        }
      }
    }
    // Otherwise exactly in bigint arithmetic.
    const x = BigInt(xd);
    let v = (A * x + B2) * x + C;
    if (v === 0n) continue;
    const neg = v < 0n;
    if (neg) v = -v;
    let nf = 0;
    for (let l = 0; l < sA; l++) factorBuf[nf++] = aIdx[l]!; // A = Π q_l itself
    let low2 = Number(BigInt.asUintN(32, v));
    while (low2 === 0) {
      v >>= 32n;
      for (let t = 0; t < 32; t++) factorBuf[nf++] = 0;
      low2 = Number(BigInt.asUintN(32, v));
    }
    const tz2 = 31 - Math.clz32(low2 & -low2);
    if (tz2) {
      v >>= BigInt(tz2);
      for (let t = 0; t < tz2; t++) factorBuf[nf++] = 0;
    }
    // Every prime whose root matches divides v: divide by their product, in word-size groups.
    let g = 1;
    for (let h = 0; h < nh; h++) {
      const p = P[hits[h]!]!;
      if (g * p > TWO53) {
        v /= BigInt(g);
        g = 1;
      }
      g *= p;
      factorBuf[nf++] = hits[h]!;
    }
    if (g > 1) v /= BigInt(g);
    // Repeated prime factors: while v is large, find the hits dividing it through residues modulo group products.
    while (v > TWO53N && nf < 400) {
      let found = 0;
      g = 1;
      let from = 0;
      for (let h = 0; h <= nh; h++) {
        const p = h < nh ? P[hits[h]!]! : 0;
        if (h === nh || g * p > TWO53) {
          if (g > 1) {
            const r = Number(v % BigInt(g));
            for (let t = from; t < h; t++) if (r % P[hits[t]!]! === 0) hits2[found++] = hits[t]!;
          }
          g = 1;
          from = h;
        }
        g *= p;
      }
      if (found === 0) break;
      g = 1;
      for (let t = 0; t < found; t++) {
        const p = P[hits2[t]!]!;
        if (g * p > TWO53) {
          v /= BigInt(g);
          g = 1;
        }
        g *= p;
        factorBuf[nf++] = hits2[t]!;
      }
      if (g > 1) v /= BigInt(g);
    }
    if (v > TWO53N || nf >= 400) continue;
    let c = Number(v);
    for (let h = 0; h < nh && c > 1; h++) {
      const p = P[hits[h]!]!;
      while (c % p === 0 && nf < 500) {
        c /= p;
        factorBuf[nf++] = hits[h]!;
      }
    }
    if (c >= largeBound || nf >= 500) continue;
    accept(S, A * x + B, nf, neg, c);
  }
  return ncand;
}

/**
 * Record a relation y² ≡ ±Π factorBuf[0..nf) · c (mod N) with cofactor c = 1 (full) or c a large
 * prime (partial). Every (A, B, x) is used once, so relations are distinct; two partials with the
 * same large prime L combine into one relation with L² (valid even in the unlikely case L | N).
 */
function accept(S: SieveState, y: bigint, nf: number, neg: boolean, c: number): void {
  const f: number[] = [];
  for (let t = 0; t < nf; t++) f.push(S.factorBuf[t]!);
  if (c === 1) {
    S.fulls.push({ y, f, neg, large: 1 });
    S.stats.fulls++;
    return;
  }
  const other = S.partials.get(c);
  if (!other) {
    S.partials.set(c, { y, f, neg, large: c });
    return;
  }
  for (let t = 0; t < other.f.length; t++) f.push(other.f[t]!);
  S.fulls.push({ y: (other.y * y) % S.n, f, neg: other.neg !== neg, large: c });
  S.stats.combined++;
}

// ---------- hot loops (top-level functions with typed-array arguments, so V8 optimises them well) ----------

/** Roots of g(x) mod p for a new A, as sieve positions (x + M) mod p, and the Gray-code steps 2·B_l·A⁻¹ mod p. */
function initRoots(P: Int32Array, T: Int32Array, Mmod: Int32Array, isSpecial: Uint8Array, nfb: number, aq: number[], gam: number[], bainv: Int32Array[], root1: Int32Array, root2: Int32Array): void {
  const sA = aq.length;
  const pre = new Float64Array(sA + 1);
  const suf = new Float64Array(sA + 1);
  for (let i = 1; i < nfb; i++) {
    if (isSpecial[i]) continue;
    const p = P[i]!;
    pre[0] = 1;
    for (let l = 0; l < sA; l++) pre[l + 1] = (pre[l]! * (aq[l]! % p)) % p;
    const amodp = pre[sA]!;
    if (amodp === 0) continue; // p divides A: its roots are set to the sentinel by the caller
    suf[sA] = 1;
    for (let l = sA - 1; l >= 0; l--) suf[l] = (suf[l + 1]! * (aq[l]! % p)) % p;
    const ainv = invMod(amodp, p);
    let bmod = 0;
    for (let l = 0; l < sA; l++) {
      const blm = (((pre[l]! * suf[l + 1]!) % p) * gam[l]!) % p;
      bmod += blm;
      bainv[l]![i] = (((2 * blm) % p) * ainv) % p;
    }
    bmod %= p;
    const t = T[i]!;
    const mm = Mmod[i]!;
    root1[i] = (((ainv * ((t - bmod + p) % p)) % p) + mm) % p;
    root2[i] = (((ainv * ((2 * p - t - bmod) % p)) % p) + mm) % p;
  }
}

function addRoots(P: Int32Array, root1: Int32Array, root2: Int32Array, d: Int32Array, nfb: number): void {
  for (let i = 1; i < nfb; i++) {
    const p = P[i]!;
    const di = d[i]!;
    let r = root1[i]! + di;
    root1[i] = r >= p ? r - p : r;
    r = root2[i]! + di;
    root2[i] = r >= p ? r - p : r;
  }
}

function subRoots(P: Int32Array, root1: Int32Array, root2: Int32Array, d: Int32Array, nfb: number): void {
  for (let i = 1; i < nfb; i++) {
    const p = P[i]!;
    const di = d[i]!;
    let r = root1[i]! - di;
    root1[i] = r < 0 ? r + p : r;
    r = root2[i]! - di;
    root2[i] = r < 0 ? r + p : r;
  }
}

function sieveInterval(sieve: Uint8Array, P: Int32Array, logp: Uint8Array, root1: Int32Array, root2: Int32Array, start: number, nfb: number, len: number): void {
  for (let i = start; i < nfb; i++) {
    const p = P[i]!;
    const lg = logp[i]!;
    for (let j = root1[i]!; j < len; j += p) sieve[j] = sieve[j]! + lg;
    for (let j = root2[i]!; j < len; j += p) sieve[j] = sieve[j]! + lg;
  }
}

/** Positions whose byte has the top bit set (sixteen bytes at a time), at most out.length of them. */
function scanSieve(sieve: Uint8Array, sieve32: Uint32Array, len4: number, out: Int32Array): number {
  let n = 0;
  const cap = out.length - 16;
  for (let w0 = 0; w0 < len4 && n < cap; w0 += 4) {
    if (((sieve32[w0]! | sieve32[w0 + 1]! | sieve32[w0 + 2]! | sieve32[w0 + 3]!) & 0x80808080) === 0) continue;
    for (let w = w0; w < w0 + 4; w++) {
      if ((sieve32[w]! & 0x80808080) === 0) continue;
      const j = w << 2;
      if (sieve[j]! & 0x80) out[n++] = j;
      if (sieve[j + 1]! & 0x80) out[n++] = j + 1;
      if (sieve[j + 2]! & 0x80) out[n++] = j + 2;
      if (sieve[j + 3]! & 0x80) out[n++] = j + 3;
    }
  }
  return n;
}

/** Factor-base indices whose root matches position j (so p | g(x)). */
function matchRoots(j: number, P: Int32Array, root1: Int32Array, root2: Int32Array, nfb: number, out: Int32Array): number {
  let n = 0;
  for (let i = 1; i < nfb; i++) {
    const jm = j % P[i]!;
    if (jm === root1[i] || jm === root2[i]) out[n++] = i;
  }
  return n;
}

/** Split each part by its gcd with d. */
function refine(parts: bigint[], d: bigint): bigint[] {
  const next: bigint[] = [];
  for (const p of parts) {
    const g = gcd(p, d);
    if (g > 1n && g < p) next.push(g, p / g);
    else next.push(p);
  }
  return next;
}

/** X = Π y, Y = Π p^(e/2)·Π L over the relations of a dependency; returns gcd(X − Y, n). */
function squareRootStep(n: bigint, dep: number[], rels: Relation[], bigP: bigint[], nfb: number): bigint {
  const e = new Int32Array(nfb);
  let X = 1n;
  let Y = 1n;
  let negs = 0;
  for (const r of dep) {
    const rel = rels[r]!;
    X = (X * rel.y) % n;
    for (let i = 0; i < rel.f.length; i++) e[rel.f[i]!]!++;
    if (rel.neg) negs++;
    if (rel.large !== 1) Y = (Y * BigInt(rel.large)) % n;
  }
  if (negs & 1) return 1n;
  for (let i = 0; i < nfb; i++) {
    const ei = e[i]!;
    if (ei & 1) return 1n; // not a square: cannot happen for a true dependency
    if (ei === 0) continue;
    let pw = 1n;
    const bp = bigP[i]!;
    for (let t = 0; t < ei >> 1; t++) pw *= bp;
    Y = (Y * pw) % n;
  }
  return gcd(X - Y, n);
}

/**
 * Dependencies among relations over GF(2) (each a list of relation indices whose product is a
 * square). Structured Gaussian elimination first — singleton columns drop their row, a column of
 * weight 2 merges its two rows into one — which shrinks the matrix to a fraction of its size; then
 * Gaussian elimination on bit-packed rows (Uint32Array) with an identity part recording which
 * merged rows were combined.
 */
export function findDependencies(rels: readonly { f: ArrayLike<number>; neg: boolean }[], ncols: number, maxDeps: number, checkpoint?: () => void): number[][] {
  const rowCols = oddColumns(rels, ncols);
  const rowIds: number[][] = rels.map((_, i) => [i]);
  structuredElimination(rowCols, rowIds, ncols, checkpoint);
  // The surviving rows and their columns; keep a modest excess over the columns (more rows only cost time).
  const weight = new Int32Array(ncols);
  let rows: number[] = [];
  for (let r = 0; r < rowCols.length; r++) if (rowCols[r]) rows.push(r);
  for (const r of rows) for (const c of rowCols[r]!) weight[c]!++;
  let activeCols = 0;
  for (let c = 0; c < ncols; c++) if (weight[c]! > 0) activeCols++;
  const keep = activeCols + Math.max(maxDeps, 16);
  if (rows.length > keep) {
    rows.sort((a, b) => rowCols[a]!.length - rowCols[b]!.length);
    for (const r of rows.slice(keep)) for (const c of rowCols[r]!) weight[c]!--;
    rows = rows.slice(0, keep);
  }
  if (rows.length === 0) return [];
  return denseDependencies(rows.map((r) => rowCols[r]!), rows.map((r) => rowIds[r]!), weight, ncols, maxDeps, checkpoint);
}

/** For each relation, its columns with an odd exponent, ascending (column 0 = sign, column i + 1 = factor-base prime i). */
function oddColumns(rels: readonly { f: ArrayLike<number>; neg: boolean }[], ncols: number): (Int32Array | null)[] {
  const rowCols: (Int32Array | null)[] = [];
  const par = new Uint8Array(ncols);
  const seen = new Uint8Array(ncols);
  const cols: number[] = [];
  for (const rel of rels) {
    cols.length = 0;
    if (rel.neg) {
      par[0] = 1;
      seen[0] = 1;
      cols.push(0);
    }
    for (let i = 0; i < rel.f.length; i++) {
      const c = rel.f[i]! + 1;
      if (!seen[c]) {
        seen[c] = 1;
        cols.push(c);
      }
      par[c]! ^= 1;
    }
    let count = 0;
    for (const c of cols) count += par[c]!;
    const odd = new Int32Array(count);
    let k = 0;
    for (const c of cols) {
      if (par[c]) odd[k++] = c;
      par[c] = 0;
      seen[c] = 0;
    }
    rowCols.push(odd.sort());
  }
  return rowCols;
}

/**
 * Structured elimination in place: rows holding a singleton column are dropped (worklist), then a
 * few rounds merge the two rows of each weight-2 column (rowIds records which relations a row combines).
 */
function structuredElimination(rowCols: (Int32Array | null)[], rowIds: number[][], ncols: number, checkpoint?: () => void): void {
  const R0 = rowCols.length;
  const weight = new Int32Array(ncols);
  const first = new Int32Array(ncols);
  const second = new Int32Array(ncols);
  const touched = new Uint8Array(R0);
  removeSingletons(rowCols, ncols);
  for (let round = 0; round < 4; round++) {
    checkpoint?.();
    weight.fill(0);
    first.fill(-1);
    second.fill(-1);
    touched.fill(0);
    for (let r = 0; r < R0; r++) {
      const cr = rowCols[r];
      if (!cr) continue;
      for (let i = 0; i < cr.length; i++) {
        const c = cr[i]!;
        weight[c]!++;
        if (first[c]! < 0) first[c] = r;
        else if (second[c]! < 0) second[c] = r;
      }
    }
    let merged = 0;
    for (let c = 0; c < ncols; c++) {
      if (weight[c] !== 2) continue;
      const r1 = first[c]!, r2 = second[c]!;
      if (touched[r1] || touched[r2]) continue;
      const m = symmetricDifference(rowCols[r1]!, rowCols[r2]!);
      if (m.length > 64) continue;
      rowCols[r2] = m;
      rowIds[r2] = rowIds[r2]!.concat(rowIds[r1]!);
      rowCols[r1] = null;
      touched[r1] = 1;
      touched[r2] = 1;
      merged++;
    }
    if (merged === 0) break;
    removeSingletons(rowCols, ncols);
  }
}

/** Gaussian elimination on bit-packed rows [columns | identity]; the rows whose column part vanishes give the dependencies. */
function denseDependencies(rowCols: Int32Array[], rowIds: number[][], weight: Int32Array, ncols: number, maxDeps: number, checkpoint?: () => void): number[][] {
  const R = rowCols.length;
  // Columns by increasing weight: sparse columns are eliminated first, before fill-in.
  const order: number[] = [];
  for (let c = 0; c < ncols; c++) if (weight[c]! > 0) order.push(c);
  order.sort((a, b) => weight[a]! - weight[b]! || a - b);
  const colMap = new Int32Array(ncols).fill(-1);
  order.forEach((c, i) => (colMap[c] = i));
  const C = order.length;
  const W1 = (C + 31) >>> 5;
  const W2 = (R + 31) >>> 5;
  const W = W1 + W2;
  const mat = new Uint32Array(R * W);
  for (let i = 0; i < R; i++) {
    const base = i * W;
    for (const c of rowCols[i]!) {
      const m = colMap[c]!;
      if (m >= 0) mat[base + (m >>> 5)]! ^= 1 << (m & 31);
    }
    mat[base + W1 + (i >>> 5)]! |= 1 << (i & 31);
  }
  const active = new Uint8Array(R).fill(1);
  eliminate(mat, active, R, C, W, checkpoint);
  const deps: number[][] = [];
  for (let i = 0; i < R && deps.length < maxDeps; i++) {
    if (!active[i]) continue;
    const ib = i * W;
    const dep: number[] = [];
    for (let t = 0; t < W2; t++) {
      let word = mat[ib + W1 + t]!;
      while (word !== 0) {
        const low = word & -word;
        const b = 31 - Math.clz32(low);
        for (const id of rowIds[(t << 5) + b]!) dep.push(id);
        word ^= low;
      }
    }
    if (dep.length) deps.push(dep);
  }
  return deps;
}

/** Drop rows that hold a column no other row has (they cannot be in a dependency), until none is left. */
function removeSingletons(rowCols: (Int32Array | null)[], ncols: number): void {
  const weight = new Int32Array(ncols);
  const count = new Int32Array(ncols + 1);
  for (const cr of rowCols) if (cr) for (let i = 0; i < cr.length; i++) weight[cr[i]!]!++;
  // Column → rows lists in one flat array (counting sort).
  for (let c = 0; c < ncols; c++) count[c + 1] = count[c]! + weight[c]!;
  const start = count.slice();
  const rowsOf = new Int32Array(count[ncols]!);
  rowCols.forEach((cr, r) => {
    if (cr) for (let i = 0; i < cr.length; i++) rowsOf[start[cr[i]!]!++] = r;
  });
  const stack: number[] = [];
  for (let c = 0; c < ncols; c++) if (weight[c] === 1) stack.push(c);
  while (stack.length) {
    const c = stack.pop()!;
    if (weight[c] !== 1) continue;
    for (let t = count[c]!; t < count[c + 1]!; t++) {
      const r = rowsOf[t]!;
      const cr = rowCols[r];
      if (!cr) continue;
      rowCols[r] = null;
      for (let i = 0; i < cr.length; i++) {
        const c2 = cr[i]!;
        if (--weight[c2]! === 1) stack.push(c2);
      }
      break;
    }
  }
}

/** Gaussian elimination in place: afterwards the rows still `active` have an all-zero matrix part. */
function eliminate(mat: Uint32Array, active: Uint8Array, R: number, C: number, W: number, checkpoint?: () => void): void {
  for (let c = 0; c < C; c++) {
    if ((c & 63) === 0) checkpoint?.();
    const w = c >>> 5;
    const bit = 1 << (c & 31);
    let piv = -1;
    for (let i = 0; i < R; i++) {
      if (active[i] && mat[i * W + w]! & bit) {
        piv = i;
        break;
      }
    }
    if (piv < 0) continue;
    active[piv] = 0;
    const pb = piv * W;
    for (let i = piv + 1; i < R; i++) {
      if (!active[i]) continue;
      const ib = i * W;
      if ((mat[ib + w]! & bit) === 0) continue;
      for (let t = w; t < W; t++) mat[ib + t]! ^= mat[pb + t]!;
    }
  }
}

function symmetricDifference(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length);
  let i = 0, j = 0, n = 0;
  while (i < a.length && j < b.length) {
    const x = a[i]!, y = b[j]!;
    if (x < y) {
      out[n++] = x;
      i++;
    } else if (y < x) {
      out[n++] = y;
      j++;
    } else {
      i++;
      j++;
    }
  }
  while (i < a.length) out[n++] = a[i++]!;
  while (j < b.length) out[n++] = b[j++]!;
  return out.slice(0, n);
}

