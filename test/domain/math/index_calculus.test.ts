import { expect } from "chai";
import fc from "fast-check";
import {
  INDEX_CALCULUS_MAX_BITS,
  IndexCalculusExhausted,
  LimbResidues,
  PrimeFieldIndexCalculus,
  solveKernel,
  type IndexCalculusStats,
  type Relation,
} from "../../../domain/math/index_calculus.js";
import { mod, modPow } from "../../../domain/math/integer.js";
import { decidePrimality } from "../../../domain/math/primality.js";
import { rng } from "../../operations/integer/random.js";

const isPrime = (n: bigint): boolean => decidePrimality(n).prime;

/** The least safe prime p = 2q + 1 above a random d-digit number (q prime). */
function safePrime(r: ReturnType<typeof rng>, d: number): bigint {
  let q = r.digits(d) / 2n;
  q += 1n - (q % 2n);
  for (; ; q += 2n) {
    const p = 2n * q + 1n;
    if (modPow(2n, p - 1n, p) === 1n && isPrime(q) && isPrime(p)) return p;
  }
}

/** The least prime p = 2·k·q + 1 for a given prime q and k from `k0` up. */
function primeWithFactor(q: bigint, k0: bigint): bigint {
  for (let k = k0; ; k++) {
    const p = 2n * k * q + 1n;
    if (isPrime(p)) return p;
  }
}

/** An element of order q of F_p^* (q prime, q | p − 1). */
function elementOfOrder(p: bigint, q: bigint, seed: bigint): bigint {
  for (let g = 2n + seed; ; g++) {
    const x = modPow(g, (p - 1n) / q, p);
    if (x !== 1n) return x;
  }
}

describe("index calculus in prime fields", function () {
  this.timeout(120_000);

  describe("LimbResidues (double-precision limbs with delayed reduction)", () => {
    // q of every size from 27 to 80 bits (so every limb count and width), odd
    const oddQ = fc.integer({ min: 27, max: 80 }).chain((b) => fc.bigInt(1n << BigInt(b - 1), (1n << BigInt(b)) - 1n)).map((x) => x | 1n);
    it("a reduced sum of many signed products equals the bigint computation, for q of 27–80 bits", () => {
      fc.assert(
        fc.property(oddQ, fc.array(fc.tuple(fc.bigInt(0n, 1n << 80n), fc.bigInt(0n, 1n << 80n), fc.boolean()), { minLength: 1, maxLength: 40 }), fc.integer({ min: 0, max: 3 }), (q, terms, edge) => {
          const F = new LimbResidues(q);
          const acc = new Float64Array(F.M), a = new Float64Array(F.K), b = new Float64Array(F.K), out = new Float64Array(F.K);
          let want = 0n;
          // edge cases: the largest residue, repeated up to the update allowance
          const list = edge === 0 ? Array.from({ length: F.maxUpdates }, () => [q - 1n, q - 1n, false] as const) : terms;
          for (const [x, y, neg] of list) {
            F.put(x, a, 0);
            F.put(y, b, 0);
            F.accumulate(acc, 0, a, 0, b, 0, neg ? -1 : 1);
            want += (neg ? -1n : 1n) * mod(x, q) * mod(y, q);
          }
          F.reduce(acc, 0, out, 0);
          expect(F.get(out, 0)).to.equal(mod(want, q));
        }),
        { numRuns: 300 },
      );
    });

    it("small-integer multiples accumulate exactly up to maxSmallTerms", () => {
      fc.assert(
        fc.property(oddQ, fc.array(fc.tuple(fc.integer({ min: -(2 ** 25) + 1, max: 2 ** 25 - 1 }), fc.bigInt(0n, 1n << 80n)), { minLength: 1, maxLength: 31 }), (q, terms) => {
          const F = new LimbResidues(q);
          const acc = new Float64Array(F.M), b = new Float64Array(F.K), out = new Float64Array(F.K);
          let want = 0n;
          for (const [k, y] of terms.slice(0, F.maxSmallTerms)) {
            F.put(y, b, 0);
            F.accumulateSmall(acc, 0, k, b, 0);
            want += BigInt(k) * mod(y, q);
          }
          F.reduce(acc, 0, out, 0);
          expect(F.get(out, 0)).to.equal(mod(want, q));
        }),
        { numRuns: 200 },
      );
    });
  });

  describe("solveKernel (structured elimination, then dense elimination modulo q)", () => {
    it("recovers a planted kernel vector up to scale, including the columns eliminated on the way", () => {
      const r = rng(8101);
      for (const [n, q] of [
        [60, 1000000007n],
        [300, 100000000000000000039n],
        [150, (1n << 79n) - 67n],
      ] as const) {
        // v_j = j + 1; each row combines a few of (b + 1)·e_a − (a + 1)·e_b, all orthogonal to v over Z
        const rows: Relation[] = [];
        for (let i = 0; i < n + 40; i++) {
          const entries = new Map<number, number>();
          for (let t = 0; t < 3; t++) {
            const a = r.int(0, n - 1), b = r.int(0, n - 1);
            if (a === b) continue;
            entries.set(a, (entries.get(a) ?? 0) + (b + 1));
            entries.set(b, (entries.get(b) ?? 0) - (a + 1));
          }
          const nz = [...entries].filter(([, c]) => c !== 0);
          if (!nz.length) continue;
          rows.push({ cols: Int32Array.from(nz.map(([c]) => c)), coefs: Int32Array.from(nz.map(([, c]) => c)) });
        }
        const solved = solveKernel(rows, n, n, q, { left: Infinity }, () => {});
        expect(solved, `n = ${n}`).to.not.equal(undefined);
        const values = solved!.values;
        const known = values.map((v, j) => [v, j] as const).filter(([v]) => v !== undefined) as [bigint, number][];
        expect(known.length, `n = ${n}`).to.be.greaterThan(n * 0.9);
        const [v0, j0] = known[0]!;
        expect(v0).to.not.equal(0n);
        // v_j / v_j0 ≡ (j + 1)/(j0 + 1)
        for (const [v, j] of known) expect(mod(v * BigInt(j0 + 1) - v0 * BigInt(j + 1), q), `n = ${n}, column ${j}`).to.equal(0n);
      }
    });

    it("reports an undetermined system (kernel of dimension above one) instead of guessing", () => {
      // two planted blocks on disjoint columns: the kernel is two-dimensional
      const r = rng(8104);
      const n = 60;
      const rows: Relation[] = [];
      for (const shift of [0, n]) {
        for (let i = 0; i < n + 20; i++) {
          const a = r.int(0, n - 1), b = r.int(0, n - 1);
          if (a !== b) rows.push({ cols: Int32Array.from([shift + Math.min(a, b), shift + Math.max(a, b)]), coefs: Int32Array.from(a < b ? [b + 1, -(a + 1)] : [-(a + 1), b + 1]) });
        }
      }
      expect(solveKernel(rows, 2 * n, 2 * n, 1000000007n, { left: Infinity }, () => {})).to.equal(undefined);
    });
  });

  describe("PrimeFieldIndexCalculus.log", () => {
    it("logarithms modulo random safe primes of 10–22 digits are exact (γ^y ≡ β, y < q)", () => {
      const r = rng(8102);
      for (const d of [10, 12, 14, 16, 18, 20, 22]) {
        const p = safePrime(r, d), q = (p - 1n) / 2n;
        const gamma = elementOfOrder(p, q, BigInt(r.int(0, 50)));
        const ic = new PrimeFieldIndexCalculus(p);
        for (let t = 0; t < 2; t++) {
          const k = r.bits(90) % q;
          const beta = modPow(gamma, k, p);
          const y = ic.log(gamma, beta, q);
          expect(y, `p = ${p}`).to.equal(k);
        }
      }
    });

    it("subgroups of p − 1 with other factors, and two large subgroups sharing one set of relations", () => {
      const r = rng(8103);
      // p − 1 = 2·k·q with k ≈ 10^5 (its own small factors) and q ≈ 10^13
      const q1 = 10000000000037n;
      const p1 = primeWithFactor(q1, 100000n);
      const g1 = elementOfOrder(p1, q1, 0n);
      const k1 = r.bits(60) % q1;
      expect(new PrimeFieldIndexCalculus(p1).log(g1, modPow(g1, k1, p1), q1)).to.equal(k1);
      // p − 1 = 2·qa·qb·k with qa, qb ≈ 2^30
      const qa = 1073741827n, qb = 1073741831n;
      const p2 = primeWithFactor(qa * qb, 1n);
      const ic = new PrimeFieldIndexCalculus(p2);
      let sieved = 0;
      for (const qq of [qa, qb]) {
        const stats: IndexCalculusStats[] = [];
        const g = elementOfOrder(p2, qq, 3n);
        const k = r.bits(40) % qq;
        const one = new PrimeFieldIndexCalculus(p2, { onStats: (s) => stats.push(s) });
        expect(one.log(g, modPow(g, k, p2), qq)).to.equal(k);
        expect(ic.log(g, modPow(g, k, p2), qq)).to.equal(k);
        sieved = Math.max(sieved, stats[0]!.relations);
      }
      expect(sieved).to.be.greaterThan(0);
    });

    it("is reproducible: the same relations and the same logarithms run after run", () => {
      const p = 30000000000000000947n; // a safe prime
      const q = (p - 1n) / 2n;
      expect(isPrime(p) && isPrime(q)).to.equal(true);
      const run = () => {
        const stats: IndexCalculusStats[] = [];
        const y = new PrimeFieldIndexCalculus(p, { onStats: (s) => stats.push(s) }).log(4n, 12345n * 12345n, q);
        return { y, stats };
      };
      const a = run(), b = run();
      expect(b).to.deep.equal(a);
      expect(modPow(4n, a.y, p)).to.equal((12345n * 12345n) % p);
    });

    it("stops with IndexCalculusExhausted when the work allowance runs out, and refuses what it does not handle", () => {
      const p = 30000000000000000947n, q = (p - 1n) / 2n;
      expect(() => new PrimeFieldIndexCalculus(p, { meter: { left: 1000 } }).log(4n, 9n, q)).to.throw(IndexCalculusExhausted);
      expect(() => new PrimeFieldIndexCalculus(p).log(4n, 9n, q + 2n)).to.throw(RangeError);
      expect(() => new PrimeFieldIndexCalculus(p).log(4n, 9n, 3n)).to.throw(RangeError);
      expect(() => new PrimeFieldIndexCalculus((1n << BigInt(INDEX_CALCULUS_MAX_BITS)) + 1n)).to.throw(RangeError);
    });
  });
});
