import { expect } from "chai";
import fc from "fast-check";
import { mod } from "../../../domain/math/integer.js";
import {
  bareissDeterminant, bareissStepsModPrime, clearColumnDenominators, clearDenominators, determinantModPrime, determinantModSmallPrime, drive, hadamardBound,
  multiplyInteger, multiplyModPrime, multiplyRational, rationalDeterminant, ResidueSource, smallModulus, integerMatVec, rationalMatVec, type IntMatrix,
} from "../../../domain/math/matrix.js";
import { rational, ratAdd, ratDiv, ratEq, ratMul, ratSub, type Rational } from "../../../domain/math/rational.js";

/* ---------- independent references (deliberately naive) ---------- */

/** Laplace expansion along the first row. */
function cofactorDet(m: bigint[][]): bigint {
  const n = m.length;
  if (n === 0) return 1n;
  if (n === 1) return m[0]![0]!;
  let s = 0n;
  for (let j = 0; j < n; j++) {
    if (m[0]![j] === 0n) continue;
    const minor = m.slice(1).map((r) => r.filter((_, c) => c !== j));
    const t = m[0]![j]! * cofactorDet(minor);
    s += j % 2 === 0 ? t : -t;
  }
  return s;
}

/** Gaussian elimination over QQ with exact fractions. */
function rationalGaussDet(m: Rational[][]): Rational {
  const n = m.length;
  const a = m.map((r) => r.slice());
  let det = rational(1n);
  for (let k = 0; k < n; k++) {
    const piv = a.findIndex((r, i) => i >= k && r[k]!.num !== 0n);
    if (piv < 0) return rational(0n);
    if (piv !== k) {
      [a[k], a[piv]] = [a[piv]!, a[k]!];
      det = ratSub(rational(0n), det);
    }
    det = ratMul(det, a[k]![k]!);
    for (let i = k + 1; i < n; i++) {
      const f = ratDiv(a[i]![k]!, a[k]![k]!);
      for (let j = k; j < n; j++) a[i]![j] = ratSub(a[i]![j]!, ratMul(f, a[k]![j]!));
    }
  }
  return det;
}

function naiveProduct<T>(a: T[][], b: T[][], zero: T, add: (x: T, y: T) => T, mul: (x: T, y: T) => T): T[][] {
  const k = b.length, m = k ? b[0]!.length : 0;
  return a.map((row) => Array.from({ length: m }, (_, j) => row.reduce((s, v, t) => add(s, mul(v, b[t]![j]!)), zero)));
}

/* ---------- arbitraries ---------- */

const square = <T>(entry: fc.Arbitrary<T>, maxN: number, minN = 0) =>
  fc.integer({ min: minN, max: maxN }).chain((n) => fc.array(fc.array(entry, { minLength: n, maxLength: n }), { minLength: n, maxLength: n }));
const rect = <T>(entry: fc.Arbitrary<T>, rows: number, cols: number) => fc.array(fc.array(entry, { minLength: cols, maxLength: cols }), { minLength: rows, maxLength: rows });
const smallInt = fc.bigInt({ min: -20n, max: 20n });
const wideInt = fc.oneof(fc.bigInt({ min: -(1n << 80n), max: 1n << 80n }), smallInt, fc.constantFrom(0n, 1n, -1n));
const rat = fc.tuple(fc.bigInt({ min: -30n, max: 30n }), fc.bigInt({ min: 1n, max: 12n })).map(([n, d]) => rational(n, d));
const PRIMES = [2n, 3n, 7n, 65521n, 67108859n, 2305843009213693951n, 1000000000000000000000007n];
const prime = fc.constantFrom(...PRIMES);

describe("domain/math/matrix", () => {
  describe("Bareiss determinant over ZZ", () => {
    it("agrees with cofactor expansion (n ≤ 6) and rational Gaussian elimination", () => {
      fc.assert(
        fc.property(square(wideInt, 6), (m) => {
          const d = bareissDeterminant(m);
          expect(d).to.equal(cofactorDet(m));
          const q = rationalGaussDet(m.map((r) => r.map((v) => rational(v))));
          expect(q.den).to.equal(1n);
          expect(q.num).to.equal(d);
        }),
        { numRuns: 300 },
      );
    });

    it("agrees with the multimodular residues and stays within Hadamard's bound (n ≤ 12)", () => {
      fc.assert(
        fc.property(square(wideInt, 12), (m) => {
          const d = bareissDeterminant(m);
          const H = hadamardBound(m);
          expect((d < 0n ? -d : d) <= H).to.equal(true);
          for (let i = 0; i < 3; i++) {
            const p = smallModulus(i * 7);
            expect(BigInt(determinantModSmallPrime(m, p))).to.equal(mod(d, BigInt(p)));
          }
        }),
        { numRuns: 200 },
      );
    });

    it("det of a triangular matrix is the product of its diagonal", () => {
      fc.assert(
        fc.property(square(wideInt, 10), fc.boolean(), (m, upper) => {
          const t = m.map((r, i) => r.map((v, j) => ((upper ? j >= i : j <= i) ? v : 0n)));
          expect(bareissDeterminant(t)).to.equal(t.reduce((acc, r, i) => acc * r[i]!, 1n));
        }),
      );
    });

    it("swapping two rows negates the determinant", () => {
      fc.assert(
        fc.property(square(wideInt, 9, 2), fc.nat(), fc.nat(), (m, x, y) => {
          const i = x % m.length, j = y % m.length;
          fc.pre(i !== j);
          const s = m.slice();
          [s[i], s[j]] = [s[j]!, s[i]!];
          expect(bareissDeterminant(s)).to.equal(-bareissDeterminant(m));
        }),
      );
    });

    it("det(AB) = det(A)·det(B)", () => {
      fc.assert(
        fc.property(fc.integer({ min: 0, max: 7 }).chain((n) => fc.tuple(rect(wideInt, n, n), rect(wideInt, n, n))), ([a, b]) => {
          expect(bareissDeterminant(multiplyInteger(a, b))).to.equal(bareissDeterminant(a) * bareissDeterminant(b));
        }),
        { numRuns: 150 },
      );
    });

    it("handles zero pivots, singular and rank-deficient matrices", () => {
      expect(bareissDeterminant([])).to.equal(1n);
      expect(bareissDeterminant([[5n]])).to.equal(5n);
      expect(bareissDeterminant([[0n, 1n], [1n, 0n]])).to.equal(-1n);
      expect(bareissDeterminant([[0n, 0n, 1n], [0n, 1n, 0n], [1n, 0n, 0n]])).to.equal(-1n);
      expect(bareissDeterminant([[1n, 2n, 3n], [2n, 4n, 6n], [1n, 0n, 1n]])).to.equal(0n);
      expect(bareissDeterminant([[0n, 0n], [0n, 7n]])).to.equal(0n);
      const steps: number[] = [];
      bareissDeterminant([[2n, 1n, 0n], [1n, 2n, 1n], [0n, 1n, 2n]], (k, total) => steps.push(k * 10 + total));
      expect(steps).to.deep.equal([12, 22]);
    });

    it("does not modify its input", () => {
      const m = [[0n, 2n], [3n, 4n]];
      bareissDeterminant(m);
      expect(m).to.deep.equal([[0n, 2n], [3n, 4n]]);
    });
  });

  describe("determinants over QQ", () => {
    it("Bareiss on the row-cleared matrix agrees with rational Gaussian elimination", () => {
      fc.assert(
        fc.property(square(rat, 6), (m) => {
          expect(ratEq(rationalDeterminant(m), rationalGaussDet(m))).to.equal(true);
        }),
        { numRuns: 300 },
      );
    });

    it("clearDenominators scales each row by its lcm", () => {
      fc.assert(
        fc.property(square(rat, 6), (m) => {
          const { integer, rowScales, scale } = clearDenominators(m);
          expect(scale).to.equal(rowScales.reduce((a, b) => a * b, 1n));
          m.forEach((row, i) => row.forEach((v, j) => expect(ratEq(rational(integer[i]![j]!, rowScales[i]!), v)).to.equal(true)));
          // the row scale is the least common denominator: dividing by any prime factor breaks integrality
          rowScales.forEach((l, i) => {
            for (const q of [2n, 3n, 5n, 7n, 11n]) {
              if (l % q === 0n) expect(m[i]!.every((v) => ((l / q) * v.num) % v.den === 0n)).to.equal(false);
            }
          });
        }),
      );
    });
  });

  describe("determinants over GF(p)", () => {
    it("Bareiss over the field, Gaussian elimination and cofactor expansion agree", () => {
      fc.assert(
        fc.property(prime, square(fc.bigInt({ min: 0n, max: (1n << 90n) - 1n }), 6), (p, raw) => {
          const m = raw.map((r) => r.map((v) => mod(v, p)));
          const expected = mod(cofactorDet(m), p);
          expect(drive(bareissStepsModPrime(m, p), m.length)).to.equal(expected);
          expect(determinantModPrime(m, p)).to.equal(expected);
        }),
        { numRuns: 300 },
      );
    });

    it("small fields produce many singular matrices and zero pivots", () => {
      fc.assert(
        fc.property(fc.constantFrom(2n, 3n), square(fc.bigInt({ min: 0n, max: 2n }), 7), (p, raw) => {
          const m = raw.map((r) => r.map((v) => mod(v, p)));
          const expected = mod(cofactorDet(m), p);
          expect(drive(bareissStepsModPrime(m, p), m.length)).to.equal(expected);
          expect(determinantModPrime(m, p)).to.equal(expected);
        }),
        { numRuns: 300 },
      );
    });

    it("doubles stay exact at the top of the small-prime range (entries p−1)", () => {
      for (const p of [smallModulus(0), smallModulus(1), 65521]) {
        const P = BigInt(p);
        for (const n of [2, 5, 9]) {
          const m: IntMatrix = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? P - 1n : P - 1n - BigInt((i * 7 + j * 3) % 5))));
          const expected = mod(bareissDeterminant(m), P);
          expect(BigInt(determinantModSmallPrime(m, p)), `p=${p} n=${n}`).to.equal(expected);
          expect(drive(bareissStepsModPrime(m, P), n)).to.equal(expected);
        }
      }
    });
  });

  describe("residues, moduli and bounds", () => {
    it("ResidueSource reduces negative and multi-word entries exactly", () => {
      fc.assert(
        fc.property(rect(fc.bigInt({ min: -(1n << 200n), max: 1n << 200n }), 3, 4), fc.nat(50), (m, i) => {
          const p = smallModulus(i);
          const rows = new ResidueSource(m).reduce(p);
          rows.forEach((r, a) => r.forEach((v, b) => expect(BigInt(v)).to.equal(mod(m[a]![b]!, BigInt(p)))));
        }),
      );
      const edge = [[(1n << 53n) - 1n, 1n << 53n, -(1n << 53n), (1n << 53n) + 1n, -(1n << 120n)]];
      const p = smallModulus(0);
      expect(Array.from(new ResidueSource(edge).reduce(p)[0]!, (v) => BigInt(v))).to.deep.equal(edge[0]!.map((v) => mod(v, BigInt(p))));
    });

    it("smallModulus counts primes down from 2^26 without gaps", () => {
      expect(smallModulus(0)).to.equal(67108859);
      const isPrime = (n: number) => {
        for (let d = 2; d * d <= n; d++) if (n % d === 0) return false;
        return n > 1;
      };
      let expected = 2 ** 26 - 1;
      for (let i = 0; i < 300; i++) {
        while (!isPrime(expected)) expected--;
        expect(smallModulus(i)).to.equal(expected);
        expected--;
      }
      expect(smallModulus(5000)).to.be.below(smallModulus(4999));
      expect(isPrime(smallModulus(5000))).to.equal(true);
    });

    it("Hadamard's bound is the smaller of the row and column bounds", () => {
      expect(hadamardBound([])).to.equal(1n);
      expect(hadamardBound([[1n, 2n], [3n, 4n]])).to.equal(12n); // ⌈√(5·25)⌉ = 12 < ⌈√(10·20)⌉ = 15
      expect(hadamardBound([[3n, 0n], [0n, 4n]])).to.equal(12n);
      expect(hadamardBound([[0n, 0n], [5n, 1n]])).to.equal(0n);
      // huge entries take the product-of-ceilings path (no square root of a huge product)
      const big = 10n ** 25000n;
      const m = [[big + 1n, big - 7n], [-big, 3n * big + 11n]];
      const H = hadamardBound(m);
      const d = bareissDeterminant(m);
      expect((d < 0n ? -d : d) <= H).to.equal(true);
      expect(H.toString().length).to.be.at.most(d.toString().length + 2);
      fc.assert(
        fc.property(square(wideInt, 8), (m) => {
          const d = cofactorLike(m);
          expect((d < 0n ? -d : d) <= hadamardBound(m)).to.equal(true);
        }),
      );
    });
  });

  describe("products", () => {
    it("over ZZ, QQ and GF(p) agree with the naive triple loop", () => {
      fc.assert(
        fc.property(fc.tuple(fc.nat(5), fc.nat(5), fc.nat(5)), fc.infiniteStream(fc.bigInt({ min: -(1n << 70n), max: 1n << 70n })), prime, ([n, k, m], ints, p) => {
          const take = (r: number, c: number) => Array.from({ length: r }, () => Array.from({ length: c }, () => ints.next().value as bigint));
          const a = take(n, k), b = take(k, m);
          const prod = naiveProduct(a, b, 0n, (x, y) => x + y, (x, y) => x * y);
          expect(multiplyInteger(a, b)).to.deep.equal(prod);
          const ap = a.map((r) => r.map((v) => mod(v, p))), bp = b.map((r) => r.map((v) => mod(v, p)));
          expect(multiplyModPrime(ap, bp, p)).to.deep.equal(prod.map((r) => r.map((v) => mod(v, p))));
        }),
      );
      fc.assert(
        fc.property(fc.tuple(fc.nat(4), fc.nat(4), fc.nat(4)).chain(([n, k, m]) => fc.tuple(rect(rat, n, k), rect(rat, k, m))), ([a, b]) => {
          const expected = naiveProduct(a, b, rational(0n), ratAdd, ratMul);
          const got = multiplyRational(a, b);
          expect(got.length).to.equal(expected.length);
          got.forEach((r, i) => r.forEach((v, j) => expect(ratEq(v, expected[i]![j]!)).to.equal(true)));
        }),
      );
    });

    it("column clearing and matrix–vector products are exact", () => {
      fc.assert(
        fc.property(rect(rat, 3, 4), fc.array(rat, { minLength: 4, maxLength: 4 }), (m, x) => {
          const { integer, colScales } = clearColumnDenominators(m);
          m.forEach((row, i) => row.forEach((v, j) => expect(ratEq(rational(integer[i]![j]!, colScales[j]!), v)).to.equal(true)));
          const expected = naiveProduct(m, x.map((v) => [v]), rational(0n), ratAdd, ratMul).map((r) => r[0]!);
          rationalMatVec(m, x).forEach((v, i) => expect(ratEq(v, expected[i]!)).to.equal(true));
        }),
      );
      expect(integerMatVec([[1n, 2n], [3n, 4n]], [5n, -1n])).to.deep.equal([3n, 11n]);
    });
  });
});

/** Determinant via rational Gaussian elimination (independent of Bareiss), as an integer. */
function cofactorLike(m: bigint[][]): bigint {
  const q = rationalGaussDet(m.map((r) => r.map((v) => rational(v))));
  return q.num;
}
