import { expect } from "chai";
import fc from "fast-check";
import { dot, pellMinimality, primesUpTo, quadraticPower, rootFloor, solveLinear, solvePell } from "../../../domain/math/diophantine.js";
import { integerRoot, isqrt } from "../../../domain/math/integer.js";

/** Brute force: the least y ≥ 1 with D·y² + N a square (N = ±1), or undefined below the limit. */
function brutePell(D: bigint, N: bigint, limit = 20_000n): { x: bigint; y: bigint } | undefined {
  for (let y = 1n; y <= limit; y++) {
    const x2 = D * y * y + N;
    const x = isqrt(x2);
    if (x * x === x2 && x > 0n) return { x, y };
  }
  return undefined;
}

const isSquareD = (D: bigint) => isqrt(D) ** 2n === D;

describe("domain/math/diophantine: linear equations", () => {
  const coeff = fc.oneof(fc.bigInt({ min: -30n, max: 30n }), fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), fc.constant(0n));
  it("particular solution, kernel in Hermite normal form, and the pivot product certifies the basis", () => {
    fc.assert(
      fc.property(fc.array(coeff, { minLength: 1, maxLength: 7 }), fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), (a, c) => {
        const s = solveLinear(a, c);
        const n = a.length;
        const g = a.reduce((acc, v) => { let x = acc < 0n ? -acc : acc, y = v < 0n ? -v : v; while (y) [x, y] = [y, x % y]; return x; }, 0n);
        expect(s.gcd).to.equal(g);
        expect(s.solvable).to.equal(g === 0n ? c === 0n : c % g === 0n);
        expect(s.kernel.length).to.equal(g === 0n ? n : n - 1);
        let last = -1;
        for (const k of s.kernel) {
          expect(dot(a, k.vector)).to.equal(0n);
          expect(k.pivot).to.be.greaterThan(last);
          expect(k.vector.slice(0, k.pivot).every((v) => v === 0n) && k.vector[k.pivot] === k.value && k.value > 0n).to.equal(true);
          last = k.pivot;
          // reduced against the later pivots
          for (const other of s.kernel) if (other.pivot > k.pivot) expect(k.vector[other.pivot]! >= 0n && k.vector[other.pivot]! < other.value).to.equal(true);
        }
        if (g !== 0n) {
          const af = a[s.free!]!;
          expect(s.kernel.reduce((p, k) => p * k.value, 1n) * g).to.equal(af < 0n ? -af : af);
        }
        if (s.solvable) {
          expect(dot(a, s.particular!)).to.equal(c);
          for (const k of s.kernel) expect(s.particular![k.pivot]! >= 0n && s.particular![k.pivot]! < k.value).to.equal(true);
        } else expect(s.particular).to.equal(undefined);
      }),
      { numRuns: 400 },
    );
  });

  it("every small solution in a box is particular + an integer combination of the basis (two and three variables)", () => {
    fc.assert(
      fc.property(fc.array(fc.bigInt({ min: -12n, max: 12n }), { minLength: 2, maxLength: 3 }), fc.bigInt({ min: -20n, max: 20n }), (a, c) => {
        const s = solveLinear(a, c);
        const R = 6n;
        const box: bigint[][] = [];
        const rec = (prefix: bigint[]) => {
          if (prefix.length === a.length) return box.push(prefix);
          for (let v = -R; v <= R; v++) rec([...prefix, v]);
        };
        rec([]);
        for (const x of box) {
          if (dot(a, x) !== c) continue;
          expect(s.solvable).to.equal(true);
          // x − x0 must be an integer combination of the triangular basis: peel pivots in order
          const r = x.map((v, i) => v - s.particular![i]!);
          for (const k of s.kernel) {
            expect(r[k.pivot]! % k.value).to.equal(0n);
            const t = r[k.pivot]! / k.value;
            for (let i = 0; i < r.length; i++) r[i]! -= t * k.vector[i]!;
          }
          expect(r.every((v) => v === 0n), `x = ${x}`).to.equal(true);
        }
      }),
      { numRuns: 120 },
    );
  });
});

describe("domain/math/diophantine: Pell's equation", () => {
  it("the fundamental solutions for D < 200 (brute force where y ≤ 20,000), and the −1 equation exactly for odd periods", () => {
    for (let D = 2n; D < 200n; D++) {
      if (isSquareD(D)) continue;
      const s = solvePell(D, { maxDigits: 1000 });
      expect(s.status).to.equal("COMPLETE");
      if (s.status !== "COMPLETE") continue;
      expect(s.x * s.x - D * s.y * s.y).to.equal(1n);
      const b = brutePell(D, 1n);
      if (b) expect({ x: s.x, y: s.y }, `D = ${D}`).to.deep.equal(b);
      // a −1 solution, if any, has y < the +1 solution's y (its square is the +1 solution)
      const limit = s.y < 20_000n ? s.y : 20_000n;
      const bn = brutePell(D, -1n, limit);
      if (s.negative === undefined) expect(bn, `D = ${D}: −1 not solvable`).to.equal(undefined);
      else if (s.negative.y <= limit) expect(s.negative, `D = ${D}`).to.deep.equal(bn);
      expect(s.periodLength % 2 === 1).to.equal(s.negative !== undefined);
    }
  });

  it("the half-period method equals the classical full walk of convergents (all D < 2000 and 20 random D < 10^6), with the period", () => {
    /** p_k, q_k by the recurrence over the whole period, stopping at the first k with p² − D·q² = ±1 (k = ℓ − 1). */
    const classical = (D: bigint): { x: bigint; y: bigint; period: bigint[] } => {
      const a0 = isqrt(D);
      let m = 0n, d = 1n, a = a0;
      let p1 = 1n, q1 = 0n, p = a0, q = 1n;
      const period: bigint[] = [];
      while (p * p - D * q * q !== 1n && p * p - D * q * q !== -1n) {
        m = d * a - m;
        d = (D - m * m) / d;
        a = (a0 + m) / d;
        period.push(a);
        [p1, p] = [p, a * p + p1];
        [q1, q] = [q, a * q + q1];
      }
      period.push(2n * a0);
      return p * p - D * q * q === 1n ? { x: p, y: q, period } : { x: p * p + D * q * q, y: 2n * p * q, period };
    };
    const Ds: bigint[] = [];
    for (let D = 2n; D < 2000n; D++) if (!isSquareD(D)) Ds.push(D);
    const base = Ds.length;
    let seed = 12345n;
    while (Ds.length < base + 20) {
      seed = (seed * 6364136223846793005n + 1442695040888963407n) % 2n ** 64n;
      const D = 2n + (seed >> 20n) % 10n ** 6n;
      if (!isSquareD(D)) Ds.push(D);
    }
    for (const D of Ds) {
      const s = solvePell(D, { maxDigits: 100_000, keepPeriod: true });
      if (s.status !== "COMPLETE") throw new Error(`D = ${D}: incomplete`);
      expect({ x: s.x, y: s.y, period: s.period }, `D = ${D}`).to.deep.equal(classical(D));
      expect(s.period!.length).to.equal(s.periodLength);
    }
  });

  it("closed forms: D = n² + 1 (x = 2n² + 1, −1: (n, 1)) and D = n² − 1 (x = n) beyond 2^52", () => {
    for (const n of [10n ** 20n, 2n ** 70n + 5n, 10n ** 99n]) {
      const s = solvePell(n * n + 1n, { maxDigits: 500 });
      expect(s.status).to.equal("COMPLETE");
      if (s.status === "COMPLETE") {
        expect([s.x, s.y, s.periodLength]).to.deep.equal([2n * n * n + 1n, 2n * n, 1]);
        expect(s.negative).to.deep.equal({ x: n, y: 1n });
      }
      const t = solvePell(n * n - 1n, { maxDigits: 500 });
      expect(t.status === "COMPLETE" && t.x === n && t.y === 1n && t.periodLength === 2).to.equal(true);
    }
  });

  it("stops with INCOMPLETE exactly when x has more than maxDigits digits", () => {
    const full = solvePell(1000099n, { maxDigits: 100_000 });
    expect(full.status).to.equal("COMPLETE");
    if (full.status !== "COMPLETE") return;
    const digits = full.x.toString().length;
    expect(solvePell(1000099n, { maxDigits: digits }).status).to.equal("COMPLETE");
    const cut = solvePell(1000099n, { maxDigits: digits - 1 });
    expect(cut.status).to.equal("INCOMPLETE");
    expect(solvePell(1000099n, { maxDigits: 50 }).status).to.equal("INCOMPLETE");
    const period = solvePell(1000099n, { maxDigits: 100_000, keepPeriod: true });
    if (period.status === "COMPLETE") expect(period.period!.length).to.equal(period.periodLength);
  });

  it("minimality: fundamental solutions have no root; powers ε^m give a prime root", () => {
    for (const D of [2n, 3n, 5n, 13n, 61n, 94n, 109n, 1000099n]) {
      const s = solvePell(D, { maxDigits: 10_000 });
      if (s.status !== "COMPLETE") throw new Error("incomplete");
      const m = pellMinimality(D, s.x, s.y, 1n);
      expect(m.root, `D = ${D}`).to.equal(undefined);
      expect(m.exponents).to.be.greaterThan(0);
      for (const e of [2, 3, 4, 5, 6, 7, 11]) {
        const [x, y] = quadraticPower(D, s.x, s.y, e);
        const r = pellMinimality(D, x, y, 1n);
        expect(r.root, `D = ${D}, e = ${e}`).to.not.equal(undefined);
        expect(e % r.root!.k).to.equal(0);
        expect(quadraticPower(D, r.root!.a, r.root!.b, r.root!.k)).to.deep.equal([x, y]);
      }
      if (s.negative) {
        expect(pellMinimality(D, s.negative.x, s.negative.y, -1n).root).to.equal(undefined);
        for (const e of [3, 5, 9]) {
          const [x, y] = quadraticPower(D, s.negative.x, s.negative.y, e);
          const r = pellMinimality(D, x, y, -1n);
          expect(r.root && e % r.root.k === 0 && r.root.k % 2 === 1).to.equal(true);
        }
        // the square of the −1 unit is the +1 fundamental solution: not a proper power of a norm +1 unit
        expect(quadraticPower(D, s.negative.x, s.negative.y, 2)).to.deep.equal([s.x, s.y]);
      }
    }
  });

  it("rootFloor agrees with integerRoot, and primesUpTo with trial division", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 80n }), fc.integer({ min: 1, max: 40 }), (n, k) => {
        expect(rootFloor(n, k)).to.equal(integerRoot(n, k));
      }),
      { numRuns: 300 },
    );
    const isPrime = (p: number) => p >= 2 && [...Array(Math.floor(Math.sqrt(p)) + 1).keys()].slice(2).every((d) => p % d !== 0);
    expect(primesUpTo(500)).to.deep.equal([...Array(501).keys()].filter(isPrime));
  });
});
