import { expect } from "chai";
import fc from "fast-check";
import {
  checkPocklingtonCertificate, decidePrimality, DETERMINISTIC_MR_LIMIT, factorSmallParts, isStrongLucasProbablePrime, isStrongProbablePrime, pollardBrent, provePrime, selfridgeD,
  type PocklingtonStep, type PrimalityDecision,
} from "../../../domain/math/primality.js";

/* ---------- independent references ---------- */

function powmodRL(b: bigint, e: bigint, m: bigint): bigint {
  let r = 1n % m;
  b = ((b % m) + m) % m;
  while (e > 0n) {
    if (e & 1n) r = (r * b) % m;
    b = (b * b) % m;
    e >>= 1n;
  }
  return r;
}

function euclid(a: bigint, b: bigint): bigint {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b !== 0n) [a, b] = [b, a % b];
  return a;
}

function sieveFlags(limit: number): Uint8Array {
  const isPrime = new Uint8Array(limit + 1).fill(1);
  isPrime[0] = 0;
  isPrime[1] = 0;
  for (let i = 2; i * i <= limit; i++) if (isPrime[i]) for (let j = i * i; j <= limit; j += i) isPrime[j] = 0;
  return isPrime;
}

/** Strong probable prime test written out separately (right-to-left powering). */
function spsp(n: bigint, a: bigint): boolean {
  let d = n - 1n, s = 0;
  while ((d & 1n) === 0n) {
    d >>= 1n;
    s++;
  }
  let x = powmodRL(a, d, n);
  if (x === 1n || x === n - 1n) return true;
  for (let i = 1; i < s; i++) {
    x = (x * x) % n;
    if (x === n - 1n) return true;
  }
  return false;
}

const FIRST_13_PRIMES = [2n, 3n, 5n, 7n, 11n, 13n, 17n, 19n, 23n, 29n, 31n, 37n, 41n];

/** Deterministic below ψ13 = 3317044064679887385961981 (Sorenson–Webster), written out here. */
function referenceIsPrimeBelowPsi13(n: bigint): boolean {
  if (n < 2n) return false;
  for (const p of FIRST_13_PRIMES) if (n % p === 0n) return n === p;
  return FIRST_13_PRIMES.every((a) => spsp(n, a));
}

/**
 * Strong Lucas test computed with 2×2 matrix powers [[P, −Q], [1, 0]]^k = [[U_{k+1}, −Q·U_k], [U_k, −Q·U_{k−1}]]
 * (a different route from the library's doubling/halving formulas), V_k = 2·U_{k+1} − P·U_k.
 */
function matrixStrongLucas(n: bigint, knownPrime = false): boolean {
  let D = 5n;
  for (;;) {
    const j = knownPrime ? eulerSymbol(D, n) : jacobiRef(D, n);
    if (j === -1) break;
    if (j === 0 && (D < 0n ? -D : D) !== n) return false;
    D = D > 0n ? -(D + 2n) : -(D - 2n);
  }
  const P = 1n, Q = (1n - D) / 4n;
  let d = n + 1n, s = 0;
  while ((d & 1n) === 0n) {
    d >>= 1n;
    s++;
  }
  type M = [bigint, bigint, bigint, bigint];
  const mul = (x: M, y: M): M => [
    (((x[0] * y[0] + x[1] * y[2]) % n) + n) % n,
    (((x[0] * y[1] + x[1] * y[3]) % n) + n) % n,
    (((x[2] * y[0] + x[3] * y[2]) % n) + n) % n,
    (((x[2] * y[1] + x[3] * y[3]) % n) + n) % n,
  ];
  let r: M = [1n, 0n, 0n, 1n];
  let b: M = [P, -Q, 1n, 0n];
  for (let e = d; e > 0n; e >>= 1n) {
    if (e & 1n) r = mul(r, b);
    b = mul(b, b);
  }
  const Ud = r[2], Ud1 = r[0];
  let V = (((2n * Ud1 - P * Ud) % n) + n) % n;
  if (Ud === 0n || V === 0n) return true;
  let Qk = powmodRL(Q, d, n);
  for (let i = 1; i < s; i++) {
    V = (((V * V - 2n * Qk) % n) + n) % n;
    if (V === 0n) return true;
    Qk = (Qk * Qk) % n;
  }
  return false;
}

/** Legendre symbol by Euler's criterion (valid for an odd prime p). */
function eulerSymbol(a: bigint, p: bigint): number {
  const e = powmodRL(a, (p - 1n) / 2n, p);
  return e === 0n ? 0 : e === 1n ? 1 : -1;
}

/** Jacobi symbol of a modulo a small odd n, from its factorization by trial division and Euler's criterion. */
function jacobiRef(a: bigint, n: bigint): number {
  a = ((a % n) + n) % n;
  let result = 1;
  let m = n;
  for (let p = 3n; p * p <= m; p += 2n) {
    while (m % p === 0n) {
      m /= p;
      const e = powmodRL(a, (p - 1n) / 2n, p);
      result *= e === 0n ? 0 : e === 1n ? 1 : -1;
    }
  }
  if (m > 1n) {
    const e = powmodRL(a, (m - 1n) / 2n, m);
    result *= e === 0n ? 0 : e === 1n ? 1 : -1;
  }
  return result;
}

/** Checks a witness of compositeness with the reference routines. */
function expectValidWitness(n: bigint, d: PrimalityDecision): void {
  expect(d.prime, `${n} composite`).to.equal(false);
  expect(d.status).to.equal("PROVEN");
  if (n < 2n) return;
  expect(d.witness, `${n} has a witness`).to.not.equal(undefined);
  const w = d.witness!;
  if (w.kind === "factor") expect(w.value > 1n && w.value < n && n % w.value === 0n, `${w.value} divides ${n}`).to.equal(true);
  else if (w.kind === "miller_rabin_base") expect(spsp(n, w.value), `${n} is not spsp(${w.value})`).to.equal(false);
  else expect(matrixStrongLucas(n)).to.equal(false);
}

/** Independent Pocklington certificate check (mirrors the theorem, not the library's checker). */
function referenceCertificateCheck(n: bigint, steps: PocklingtonStep[]): boolean {
  const byN = new Map(steps.map((s) => [s.n, s]));
  const ok = (m: bigint): boolean => {
    if (m < 3317044064679887385961981n) return referenceIsPrimeBelowPsi13(m);
    const st = byN.get(m);
    if (!st) return false;
    const F = st.factored.reduce((x, y) => x * y, 1n);
    if ((m - 1n) % F !== 0n || F * F <= m) return false;
    for (const q of new Set(st.factored)) {
      const w = st.witnesses.find((x) => x.q === q);
      if (!w || powmodRL(w.a, m - 1n, m) !== 1n || euclid(powmodRL(w.a, (m - 1n) / q, m) - 1n, m) !== 1n) return false;
      if (!ok(q)) return false;
    }
    return true;
  };
  return ok(n);
}

const mersenne = (p: number) => (1n << BigInt(p)) - 1n;

describe("domain/math/primality", () => {
  it("DETERMINISTIC_MR_LIMIT is ψ13, itself a strong pseudoprime to all of bases 2..41 (so the bound is strict)", () => {
    expect(DETERMINISTIC_MR_LIMIT).to.equal(3317044064679887385961981n);
    for (const a of FIRST_13_PRIMES) expect(spsp(DETERMINISTIC_MR_LIMIT, a), `base ${a}`).to.equal(true);
    expectValidWitness(DETERMINISTIC_MR_LIMIT, decidePrimality(DETERMINISTIC_MR_LIMIT));
  });

  it("agrees with a sieve for every n < 200,000, with valid witnesses for composites", () => {
    const flags = sieveFlags(200_000);
    for (let i = -3; i <= 200_000; i++) {
      const n = BigInt(i);
      const d = decidePrimality(n);
      if (i >= 0 && flags[i]) {
        expect(d, `${i}`).to.deep.equal({ prime: true, status: "PROVEN" });
      } else if (d.prime || (i >= 4 && !d.witness)) {
        expect.fail(`${i} is composite but got ${JSON.stringify(d, (_, v) => (typeof v === "bigint" ? String(v) : v))}`);
      } else if (i >= 4 && i % 997 === 0) {
        expectValidWitness(n, d);
      }
    }
  });

  it("strong pseudoprimes to the first k prime bases are found composite (and are what the data says)", () => {
    // [n, number of leading prime bases it is a strong pseudoprime to]
    const table: [bigint, number][] = [
      [2047n, 1], [1373653n, 2], [25326001n, 3], [3215031751n, 4], [2152302898747n, 5], [3474749660383n, 6],
      [341550071728321n, 8], [3825123056546413051n, 11], [318665857834031151167461n, 12], [3317044064679887385961981n, 13],
    ];
    for (const [n, k] of table) {
      for (const a of FIRST_13_PRIMES.slice(0, k)) expect(spsp(n, a), `${n} spsp(${a})`).to.equal(true);
      const d = decidePrimality(n);
      expectValidWitness(n, d);
    }
  });

  it("Carmichael numbers (including Chernick ones above 3.3·10^24) are composite", () => {
    const small = [561n, 1105n, 1729n, 2465n, 2821n, 6601n, 8911n, 10585n, 15841n, 29341n, 41041n, 46657n, 52633n, 62745n, 63973n, 75361n, 101101n, 115921n, 126217n, 162401n, 172081n, 188461n, 252601n, 278545n, 294409n, 314821n, 334153n, 340561n, 399001n, 410041n, 449065n, 488881n, 512461n];
    // Chernick: (6k+1)(12k+1)(18k+1) with all three factors prime is a Carmichael number.
    const chernick = [1n, 6n, 35n, 45n, 51n, 55n, 56n, 100n, 121n, 195n, 206n, 216n, 255n, 276n, 370n, 381n, 426n, 460n, 506n, 550n, 576n, 595n, 10n ** 5n + 7n, 14000240n, 14000461n, 14000720n];
    const carmichaels = [...small];
    for (const k of chernick) {
      const f = [6n * k + 1n, 12n * k + 1n, 18n * k + 1n];
      if (f.every(referenceIsPrimeBelowPsi13)) carmichaels.push(f[0]! * f[1]! * f[2]!);
    }
    expect(carmichaels.length).to.be.greaterThan(small.length + 5);
    for (const n of carmichaels) {
      // Korselt: squarefree and p − 1 | n − 1 for p | n — a Carmichael number is a Fermat pseudoprime to every coprime base.
      expect(powmodRL(2n, n - 1n, n), `${n} is a Fermat pseudoprime`).to.equal(1n);
      expectValidWitness(n, decidePrimality(n));
    }
  });

  it("strong Lucas pseudoprimes (Selfridge) below 100,000 are exactly the known list, and decidePrimality rejects them", () => {
    const flags = sieveFlags(100_000);
    const found: number[] = [];
    for (let n = 3; n < 100_000; n += 2) {
      const r = Math.round(Math.sqrt(n));
      if (r * r === n) continue;
      const passes = isStrongLucasProbablePrime(BigInt(n));
      if (flags[n]) expect(passes, `prime ${n} passes`).to.equal(true);
      else if (passes) found.push(n);
    }
    // OEIS A217255
    const known = [5459, 5777, 10877, 16109, 18971, 22499, 24569, 25199, 40309, 58519, 75077, 97439];
    expect(found).to.deep.equal(known);
    for (const n of known) {
      expect(matrixStrongLucas(BigInt(n)), `${n} by the matrix route`).to.equal(true);
      expectValidWitness(BigInt(n), decidePrimality(BigInt(n)));
    }
  });

  it("the strong Lucas test agrees with the matrix-power computation on primes and composites", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2_000_000 }), (k) => {
        const n = BigInt(2 * k + 1);
        const r = BigInt(Math.round(Math.sqrt(2 * k + 1)));
        if (r * r === n) {
          expect(() => isStrongLucasProbablePrime(n)).to.throw(RangeError);
          return;
        }
        expect(isStrongLucasProbablePrime(n), `${n}`).to.equal(matrixStrongLucas(n));
      }),
      { numRuns: 1500, seed: 20240607 },
    );
    for (const p of [mersenne(61), mersenne(89), mersenne(107), mersenne(127)]) {
      expect(isStrongLucasProbablePrime(p)).to.equal(true);
      expect(matrixStrongLucas(p, true)).to.equal(true);
    }
    expect(() => isStrongLucasProbablePrime(10n)).to.throw(RangeError);
  });

  it("selfridgeD returns the first D with (D/n) = −1, or a factor", () => {
    expect(selfridgeD(5459n)).to.deep.equal({ D: -7n }); // (5/5459) = 1, (−7/5459) = −1 by the reference symbol
    expect(jacobiRef(5n, 5459n)).to.equal(1);
    expect(jacobiRef(-7n, 5459n)).to.equal(-1);
    expect(selfridgeD(35n)).to.deep.equal({ factor: 5n });
    expect(selfridgeD(11n)).to.deep.equal({ D: 13n });
  });

  it("known primes and composites in the deterministic Miller–Rabin range and above", () => {
    const primes = [
      1000003n, 1000000007n, 1000000000039n, 1000000000000037n, 1000000000000000003n, 1000000000000000000117n, 1000000000000000000000007n,
      3317044064679887385961813n, 3317044064679887385962123n, 1000000000000000000000000103n, 1000000000000000000000000000000000000003n,
      mersenne(31), mersenne(61), mersenne(89), mersenne(107), mersenne(127), mersenne(521), mersenne(607),
    ];
    for (const p of primes) {
      const d = decidePrimality(p);
      expect(d.prime, `${p}`).to.equal(true);
      expect(d.status, `${p}`).to.equal(p < DETERMINISTIC_MR_LIMIT ? "PROVEN" : "PROBABLE");
    }
    // Composite Mersenne numbers 2^p − 1 (p prime): no small factor in several cases (2^67 − 1 = 193707721 · 761838257287).
    for (const e of [11, 23, 29, 37, 41, 43, 47, 53, 59, 67, 71, 73, 79, 83, 97, 101, 103, 109, 113, 131, 137, 139, 149, 151, 157, 163, 167, 173, 179, 181, 191, 193, 197, 199]) {
      expectValidWitness(mersenne(e), decidePrimality(mersenne(e)));
    }
    // Products of two primes: base-2 strong pseudoprimes p(2p − 1) above ψ13 exercise the Baillie–PSW branch.
    for (const [p, q] of [[2000000001001n, 4000000002001n], [2000000002597n, 4000000005193n], [2000000015161n, 4000000030321n]] as const) {
      const n = p * q;
      expect(n > DETERMINISTIC_MR_LIMIT).to.equal(true);
      expect(spsp(n, 2n), `${n} is a strong pseudoprime to base 2`).to.equal(true);
      expectValidWitness(n, decidePrimality(n));
    }
    // Squares of primes above the limit: caught by the square test with the root as witness.
    for (const p of [mersenne(89), 1000000000000000000000007n * 1000000000000000000000000103n]) {
      const d = decidePrimality(p * p);
      expectValidWitness(p * p, d);
    }
    // Semiprimes of large primes.
    expectValidWitness(mersenne(89) * mersenne(107), decidePrimality(mersenne(89) * mersenne(107)));
    expectValidWitness(mersenne(127) * 1000000000000000000117n, decidePrimality(mersenne(127) * 1000000000000000000117n));
  });

  it("isStrongProbablePrime matches the reference on random odd n and bases", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 1n << 90n }), fc.bigInt({ min: 2n, max: 1000n }), (k, a) => {
        const n = 2n * k + 3n;
        if (a % n === 0n) return;
        expect(isStrongProbablePrime(n, a)).to.equal(spsp(n, a));
      }),
      { numRuns: 500, seed: 7 },
    );
  });

  describe("provePrime (Pocklington certificates)", () => {
    it("proves Mersenne primes; the certificates pass the library checker and an independent one", () => {
      for (const e of [89, 107, 127, 521]) {
        const p = mersenne(e);
        const cert = provePrime(p);
        expect(cert, `2^${e} − 1`).to.not.equal(undefined);
        expect(cert!.length).to.be.greaterThan(0);
        expect(cert![0]!.n).to.equal(p);
        expect(checkPocklingtonCertificate(p, cert!)).to.equal(null);
        expect(referenceCertificateCheck(p, cert!)).to.equal(true);
      }
    });

    it("proves primes of the form k·2^m + 1 with recursive steps", () => {
      // 3·2^189 + 1 and (large prime q)·2 + 1 style chains: find them with the reference test.
      const found: bigint[] = [];
      for (let k = 1n; found.length < 3 && k < 2000n; k += 2n) {
        const n = k * (1n << 200n) + 1n;
        if (decidePrimality(n).prime) found.push(n);
      }
      expect(found.length).to.equal(3);
      for (const n of found) {
        const cert = provePrime(n)!;
        expect(cert).to.not.equal(undefined);
        expect(checkPocklingtonCertificate(n, cert)).to.equal(null);
        expect(referenceCertificateCheck(n, cert)).to.equal(true);
      }
      // A prime whose n − 1 has a large prime factor needing its own step: n = 2·q + 1 with q = 2^127 − 1 · k ...
      let chain: bigint | undefined;
      for (let k = 1n; k < 5000n && !chain; k++) {
        const n = 2n * k * mersenne(127) + 1n;
        if (decidePrimality(n).prime) chain = n;
      }
      expect(chain).to.not.equal(undefined);
      const cert = provePrime(chain!)!;
      expect(cert.map((s) => s.n)).to.include(mersenne(127));
      expect(checkPocklingtonCertificate(chain!, cert)).to.equal(null);
      expect(referenceCertificateCheck(chain!, cert)).to.equal(true);
    });

    it("refuses composites and reports failure when the rho budget is exhausted", () => {
      expect(provePrime(DETERMINISTIC_MR_LIMIT)).to.equal(undefined);
      expect(provePrime(2000000001001n * 4000000002001n)).to.equal(undefined);
      expect(provePrime(mersenne(89) * mersenne(107))).to.equal(undefined);
      expect(provePrime(1000003n)).to.deep.equal([]);
      expect(provePrime(1000001n)).to.equal(undefined);
      // 2^521 − 1 needs about 4·10^5 rho iterations; with 1000 it cannot be proven.
      const meter = { remaining: 1000 };
      expect(provePrime(mersenne(521), 200_000, 0, undefined, meter)).to.equal(undefined);
      expect(meter.remaining).to.be.lessThan(1000);
    });

    it("the certificate checker rejects tampered certificates", () => {
      const p = mersenne(127);
      const cert = provePrime(p)!;
      const step = cert[0]!;
      const tamper = (s: Partial<PocklingtonStep>): PocklingtonStep[] => [{ ...step, ...s }, ...cert.slice(1)];
      expect(checkPocklingtonCertificate(p, tamper({ factored: step.factored.slice(0, -3) }))).to.match(/F² ≤ n|witness/);
      expect(checkPocklingtonCertificate(p, tamper({ witnesses: step.witnesses.slice(1) }))).to.match(/no witness/);
      const q = step.witnesses[0]!.q;
      // a base that is a q-th power residue fails the gcd condition
      const bad = powmodRL(3n, q, p);
      expect(checkPocklingtonCertificate(p, tamper({ witnesses: [{ q, a: bad }, ...step.witnesses.slice(1)] }))).to.match(/gcd/);
      expect(checkPocklingtonCertificate(p, tamper({ factored: [...step.factored, 4n] }))).to.not.equal(null);
      expect(checkPocklingtonCertificate(p + 2n, cert)).to.match(/no certificate step/);
      expect(checkPocklingtonCertificate(DETERMINISTIC_MR_LIMIT, [{ n: DETERMINISTIC_MR_LIMIT, factored: [DETERMINISTIC_MR_LIMIT - 1n], witnesses: [{ q: DETERMINISTIC_MR_LIMIT - 1n, a: 2n }] }])).to.not.equal(null);
      expect(checkPocklingtonCertificate(1000003n, [])).to.equal(null);
      expect(checkPocklingtonCertificate(1000001n, [])).to.match(/not prime/);
    });
  });

  describe("pollardBrent / factorSmallParts", () => {
    it("pollardBrent splits semiprimes of two 6–9-digit primes", () => {
      const primes = [1000003n, 1000033n, 10000019n, 100000007n, 999999937n, 104729n, 7919n];
      for (const p of primes) {
        for (const q of primes) {
          if (p === q) continue;
          const n = p * q;
          const f = pollardBrent(n);
          expect(f, `${n}`).to.not.equal(undefined);
          expect(f === p || f === q, `${f} is ${p} or ${q}`).to.equal(true);
        }
      }
      expect(pollardBrent(1000003n ** 2n)).to.equal(1000003n);
      expect(pollardBrent(2n * 1000003n)).to.equal(2n);
    });

    it("pollardBrent spends at most its meter and returns undefined on a prime", () => {
      const meter = { remaining: 5000 };
      expect(pollardBrent(mersenne(61), 5000, 1n, undefined, meter)).to.equal(undefined);
      expect(meter.remaining).to.be.lessThan(5000);
      expect(meter.remaining).to.be.greaterThan(-5000);
    });

    it("factorSmallParts returns primes whose product times the cofactor is n", () => {
      fc.assert(
        fc.property(fc.array(fc.constantFrom(2n, 3n, 5n, 997n, 1009n, 1000003n, 999999937n, 2147483647n, mersenne(61)), { maxLength: 8 }), (fs) => {
          const n = fs.reduce((a, b) => a * b, 1n);
          const r = factorSmallParts(n);
          expect(r.cofactor).to.equal(1n);
          expect(r.primes).to.deep.equal([...fs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
        }),
        { numRuns: 60, seed: 11 },
      );
      const hard = mersenne(89) * mersenne(107) * 12n;
      const r = factorSmallParts(hard, 2000);
      expect(r.primes.reduce((a, b) => a * b, 1n) * r.cofactor).to.equal(hard);
      expect(r.primes).to.deep.equal([2n, 2n, 3n]);
    });
  });
});
