import { expect } from "chai";
import fc from "fast-check";
import { gcd, mod, modPow } from "../../../domain/math/integer.js";
import { decidePrimality } from "../../../domain/math/primality.js";
import {
  analyzeSqrt, cipolla, combineRootFamilies, discreteLog, kronecker, orderInGroup, primitiveRoot, solveCrt, sqrtModPrime, tonelliShanks, unitGroup,
} from "../../../domain/math/modular.js";

/* ---------- deliberately naive references ---------- */

const lcm = (a: bigint, b: bigint): bigint => (a / gcd(a, b)) * b;

/** Least x in [0, lcm) satisfying every congruence, by scanning (small moduli only). */
function crtBrute(cs: { residue: bigint; modulus: bigint }[]): { x: bigint; M: bigint } | undefined {
  const M = cs.reduce((l, c) => lcm(l, c.modulus), 1n);
  for (let x = 0n; x < M; x++) if (cs.every((c) => mod(x - c.residue, c.modulus) === 0n)) return { x, M };
  return undefined;
}

function sqrtBrute(a: bigint, n: bigint): bigint[] {
  const out: bigint[] = [];
  for (let x = 0n; x < n; x++) if (mod(x * x - a, n) === 0n) out.push(x);
  return out;
}

function orderBrute(a: bigint, m: bigint): bigint {
  let k = 1n;
  for (let y = mod(a, m); y !== 1n % m; y = (y * a) % m) k++;
  return k;
}

function phiBrute(m: bigint): bigint {
  let c = 0n;
  for (let x = 1n; x <= m; x++) if (gcd(x, m) === 1n) c++;
  return c;
}

/** Least x ≥ 0 with g^x ≡ h (mod m), scanning up to 2m (the sequence is periodic from below m on). */
function dlogBrute(g: bigint, h: bigint, m: bigint): bigint | undefined {
  let y = 1n % m;
  const hm = mod(h, m);
  for (let x = 0n; x <= 2n * m; x++) {
    if (y === hm) return x;
    y = (y * g) % m;
  }
  return undefined;
}

/** Euler's criterion. */
function legendreEuler(a: bigint, p: bigint): number {
  const e = modPow(mod(a, p), (p - 1n) / 2n, p);
  return e === 0n ? 0 : e === 1n ? 1 : -1;
}

const PRIMES = [3n, 5n, 7n, 11n, 13n, 17n, 97n, 257n, 65537n, 7340033n, 998244353n, 1000000007n, 2305843009213693951n, 170141183460469231731687303715884105727n];
/** Primes with a large 2-adic valuation of p − 1 (Tonelli–Shanks' worst case, Cipolla's case). */
const FFT_PRIMES = [65537n, 7340033n, 998244353n, 469762049n, 167772161n, 4179340454199820289n];

describe("domain/math/modular", () => {
  describe("solveCrt", () => {
    const congruence = fc.record({ residue: fc.bigInt(-200n, 200n), modulus: fc.bigInt(1n, 40n) });
    it("agrees with a brute-force scan on small general systems, and names a truly conflicting pair", () => {
      fc.assert(
        fc.property(fc.array(congruence, { maxLength: 4 }), (cs) => {
          const s = solveCrt(cs);
          const b = crtBrute(cs);
          if (s.solvable) {
            expect(b).to.not.equal(undefined);
            expect(s.residue).to.equal(b!.x);
            expect(s.modulus).to.equal(b!.M);
          } else {
            expect(b).to.equal(undefined);
            const { first: i, second: j } = s;
            expect(i).to.be.lessThan(j);
            expect(s.gcd).to.equal(gcd(cs[i]!.modulus, cs[j]!.modulus));
            expect((cs[i]!.residue - cs[j]!.residue) % s.gcd).to.not.equal(0n);
          }
        }),
        { numRuns: 400 },
      );
    });
    it("handles large coprime and non-coprime moduli (solution checked congruence by congruence)", () => {
      fc.assert(
        fc.property(fc.bigInt(1n, 10n ** 30n), fc.array(fc.bigInt(1n, 10n ** 25n), { minLength: 1, maxLength: 6 }), (x, ms) => {
          const cs = ms.map((m) => ({ residue: x + m * 7n, modulus: m }));
          const s = solveCrt(cs);
          expect(s.solvable).to.equal(true);
          if (!s.solvable) return;
          expect(s.modulus).to.equal(ms.reduce(lcm, 1n));
          expect(s.residue).to.equal(mod(x, s.modulus));
        }),
        { numRuns: 100 },
      );
    });
  });

  describe("square roots modulo primes", () => {
    it("Tonelli–Shanks and Cipolla find the same pair of roots (primes with large 2-adic valuation of p − 1)", () => {
      fc.assert(
        fc.property(fc.constantFrom(...FFT_PRIMES, ...PRIMES), fc.bigInt(1n, 10n ** 40n), (p, x) => {
          const a = mod(x * x, p);
          if (a === 0n) return;
          const t = tonelliShanks(a, p), c = cipolla(a, p);
          expect(t !== undefined && c !== undefined).to.equal(true);
          expect(mod(t! * t!, p)).to.equal(a);
          expect(mod(c! * c!, p)).to.equal(a);
          expect(t === c || t! === p - c!).to.equal(true);
          expect(sqrtModPrime(a, p)).to.deep.equal([t!, p - t!].sort((u, v) => (u < v ? -1 : 1)));
        }),
        { numRuns: 300 },
      );
    });
    it("returns no root exactly for non-residues (Euler's criterion)", () => {
      fc.assert(
        fc.property(fc.constantFrom(...PRIMES), fc.bigInt(-(10n ** 30n), 10n ** 30n), (p, a) => {
          const r = sqrtModPrime(a, p);
          const e = legendreEuler(a, p);
          expect(r.length).to.equal(e === -1 ? 0 : e === 0 ? 1 : 2);
          for (const x of r) expect(mod(x * x - a, p)).to.equal(0n);
          // both routes report a non-residue as no root (neither throws)
          if (e === -1 && p > 2n) expect([tonelliShanks(a, p), cipolla(a, p)]).to.deep.equal([undefined, undefined]);
        }),
        { numRuns: 300 },
      );
    });
  });

  describe("square roots modulo n (prime powers, 2-adic, CRT)", () => {
    it("the full root set and count agree with brute force for every a modulo n ≤ 600", () => {
      fc.assert(
        fc.property(fc.bigInt(1n, 600n), fc.bigInt(-2000n, 2000n), (n, a) => {
          const brute = sqrtBrute(a, n);
          const an = analyzeSqrt(a, n);
          expect(an.status).to.equal("COMPLETE");
          if (an.status !== "COMPLETE") return;
          if (!an.square) {
            expect(brute).to.deep.equal([]);
            return;
          }
          const r = combineRootFamilies(an.families, 100_000);
          expect(r.count).to.equal(BigInt(brute.length));
          expect(r.roots).to.deep.equal(brute);
          expect(r.complete).to.equal(true);
        }),
        { numRuns: 400 },
      );
    });
    it("squares and high powers: 0 and p^2j·u modulo p^k, including 2^k", () => {
      for (const [p, k] of [[2n, 9], [2n, 10], [3n, 7], [5n, 4], [7n, 3]] as const) {
        const n = p ** BigInt(k);
        for (let a = 0n; a < n; a += 1n + n / 97n) {
          const an = analyzeSqrt(a, n);
          const brute = sqrtBrute(a, n);
          const got = an.status === "COMPLETE" && an.square ? combineRootFamilies(an.families, 100_000).roots : [];
          expect(got, `a = ${a} mod ${p}^${k}`).to.deep.equal(brute);
        }
      }
    });
    it("lists a sorted partial set with the exact count when the count is large", () => {
      const n = 2n ** 40n * 3n ** 10n;
      const an = analyzeSqrt(0n, n);
      expect(an.status === "COMPLETE" && an.square).to.equal(true);
      if (an.status !== "COMPLETE" || !an.square) return;
      const r = combineRootFamilies(an.families, 50);
      expect(r.count).to.equal(2n ** 20n * 3n ** 5n);
      expect(r.complete).to.equal(false);
      expect(r.roots.length).to.equal(50);
      for (let i = 0; i < r.roots.length; i++) {
        expect(mod(r.roots[i]! ** 2n, n)).to.equal(0n);
        if (i) expect(r.roots[i]! > r.roots[i - 1]!).to.equal(true);
      }
    });
  });

  describe("kronecker", () => {
    it("equals Euler's criterion at odd primes and is completely multiplicative in both arguments", () => {
      const nz = fc.bigInt(-(10n ** 20n), 10n ** 20n).filter((x) => x !== 0n);
      fc.assert(
        fc.property(nz, nz, nz, (a, b, n) => {
          expect(kronecker(a * b, n)).to.equal(kronecker(a, n) * kronecker(b, n) || 0);
          expect(kronecker(a, n * b)).to.equal(kronecker(a, n) * kronecker(a, b) || 0);
        }),
        { numRuns: 300 },
      );
      fc.assert(
        fc.property(fc.constantFrom(...PRIMES), fc.bigInt(-(10n ** 30n), 10n ** 30n), (p, a) => {
          expect(kronecker(a, p)).to.equal(legendreEuler(a, p));
        }),
      );
    });
  });

  describe("orders, primitive roots and discrete logarithms", () => {
    it("orders agree with repeated multiplication (m ≤ 3000)", () => {
      fc.assert(
        fc.property(fc.bigInt(1n, 3000n), fc.bigInt(0n, 10n ** 6n), (m, a) => {
          if (gcd(a, m) !== 1n) return;
          const G = unitGroup(m);
          expect(G.status).to.equal("COMPLETE");
          if (G.status !== "COMPLETE") return;
          const o = orderInGroup(a, G);
          expect(o.order).to.equal(orderBrute(a, m));
          expect(G.lambda % o.order).to.equal(0n);
        }),
        { numRuns: 300 },
      );
    });
    it("the least primitive root agrees with a scan by orders (m ≤ 600)", () => {
      for (let m = 1n; m <= 600n; m += 1n) {
        const phi = phiBrute(m);
        let least: bigint | undefined;
        for (let g = 0n; g < m && least === undefined; g++) if (gcd(g, m) === 1n && orderBrute(g, m) === phi) least = g;
        const r = primitiveRoot(m);
        expect(r.status).to.equal("COMPLETE");
        if (r.status !== "COMPLETE") continue;
        expect(r.exists ? r.root : undefined, `m = ${m}`).to.equal(least);
      }
    });
    it("discrete logs agree with a scan for every kind of base (m ≤ 2000, units and non-units)", () => {
      fc.assert(
        fc.property(fc.bigInt(1n, 2000n), fc.bigInt(0n, 5000n), fc.bigInt(0n, 5000n), fc.boolean(), (m, g, k, power) => {
          const h = power ? modPow(g, k, m) : k;
          const r = discreteLog(g, h, m);
          expect(r.status).to.equal("COMPLETE");
          if (r.status !== "COMPLETE") return;
          const b = dlogBrute(g, h, m);
          expect(r.solvable ? r.log : undefined, `g=${g} h=${h} m=${m}`).to.equal(b);
          if (r.solvable && r.period !== undefined) {
            expect(mod(modPow(g, r.log + r.period, m) - h, m)).to.equal(0n);
            if (gcd(g, m) === 1n) expect(r.period).to.equal(orderBrute(g, m));
          }
        }),
        { numRuns: 500 },
      );
    });
    it("large prime moduli: h = g^k is recovered modulo the order (BSGS, index-calculus and rho subgroups)", function () {
      this.timeout(60_000);
      // p − 1 = 2·10739·4655927·1000000007 (BSGS), p − 1 = 2·3·17·131·1427·52445056723 (index calculus
      // modulo this p < 2^80 is cheaper than rho), and p − 1 = 2^7·3·7·29·14669·34981·50000000021 with
      // p ≈ 2·10^24 > 2^80 (rho).
      const cases: [bigint, bigint][] = [
        [100000000806000000743n, 5n],
        [1000000000000000003n, 2n],
        [2000000000846400000002689n, 11n],
      ];
      fc.assert(
        fc.property(fc.constantFrom(...cases), fc.bigInt(0n, 10n ** 30n), ([p, g], k) => {
          const h = modPow(g, k, p);
          const r = discreteLog(g, h, p);
          expect(r.status).to.equal("COMPLETE");
          if (r.status !== "COMPLETE" || !r.solvable) throw new Error("expected a solution");
          expect(modPow(g, r.log, p)).to.equal(h);
          expect(r.log).to.equal(mod(k, r.period!));
        }),
        { numRuns: 6 },
      );
    });
    it("index-calculus subgroups: safe primes, their squares and products (h = g^k recovered modulo the order)", function () {
      this.timeout(120_000);
      // safe primes p = 2q + 1 of 13, 16 and 20 digits (q prime, beyond baby-step giant-step and rho)
      const p13 = 1000000000547n, p16 = 1000000000005719n, p20 = 30000000000000000947n;
      for (const p of [p13, p16, p20]) expect(decidePrimality(p).prime && decidePrimality((p - 1n) / 2n).prime, `${p}`).to.equal(true);
      const cases: [bigint, bigint][] = [
        [p20, 5n],
        [p16, 3n],
        [p13 * p13, 2n], // the order-q part of (Z/p²)^* is solved modulo p, the order-p part p-adically
        [p13 * p16, 7n], // two index-calculus pieces
      ];
      fc.assert(
        fc.property(fc.constantFrom(...cases), fc.bigInt(0n, 10n ** 40n), ([m, g], k) => {
          const h = modPow(g, k, m);
          const r = discreteLog(g, h, m);
          expect(r.status, `${g}^${k} mod ${m}`).to.equal("COMPLETE");
          if (r.status !== "COMPLETE" || !r.solvable) throw new Error("expected a solution");
          expect(modPow(g, r.log, m)).to.equal(h);
          expect(r.log).to.equal(mod(k, r.period!));
          expect(modPow(g, r.period!, m)).to.equal(1n);
        }),
        { numRuns: 8 },
      );
      // no solution: a square g (order q) and a non-square h
      const r = discreteLog(4n, 2n, p20);
      expect(r.status === "COMPLETE" && !r.solvable && r.witness.kind).to.equal("order");
    });
    it("refuses a prime-order subgroup beyond the step allowance instead of running", () => {
      // p = 2·q + 1 with q ≈ 10^20 prime: a generic logarithm would need ~10^10 steps, index calculus ~10^6.
      const p = 200000000000000002487n; // 2·100000000000000001243 + 1, both prime
      expect(modPow(3n, p - 1n, p)).to.equal(1n);
      const t = Date.now();
      const r = discreteLog(3n, 7n, p, { maxSteps: 1e5 });
      expect(Date.now() - t).to.be.lessThan(5000);
      expect(r.status).to.equal("INCOMPLETE");
      if (r.status === "INCOMPLETE") expect(r.stage).to.equal("step_budget");
    });
  });
});
