import { expect } from "chai";
import fc from "fast-check";
import {
  bigintLog, cosPiDouble, cosPiFixed, expFixed, MAX_PARTITION_N, partitionLogEstimate, partitionNumber, partitionRademacher, partitionResidues, partitionResiduesPow2,
  partitionTable, PENTAGONAL_CUTOFF, piFixed, rademacherTailBound, rademacherTermCount, ramanujanModulus, selbergIndices,
} from "../../../domain/math/partitions.js";
import { gp, requireGp } from "../../support/gp.js";
import { rng } from "../../operations/integer/random.js";

/* ---------- independent references ---------- */

/** p(n) by counting partitions with parts ≤ m directly: q(n, m) = q(n, m−1) + q(n−m, m) (memoised). */
function partitionsByParts(limit: number): bigint[] {
  // q[n] after processing parts 1..m = number of partitions of n into parts ≤ m (the coin-change recurrence).
  const q: bigint[] = new Array<bigint>(limit + 1).fill(0n);
  q[0] = 1n;
  for (let part = 1; part <= limit; part++) for (let n = part; n <= limit; n++) q[n] = q[n]! + q[n - part]!;
  return q;
}

/** Literal enumeration of the partitions of n (n ≤ 25), as non-increasing part lists. */
function enumeratePartitions(n: number, maxPart = n): number {
  if (n === 0) return 1;
  let count = 0;
  for (let first = Math.min(n, maxPart); first >= 1; first--) count += enumeratePartitions(n - first, first);
  return count;
}

/** GP real output "1.23 e-5" → number. */
const gpNumber = (s: string): number => Number(s.replace(" ", ""));

const TABLE_N = 2000;
const table = partitionTable(TABLE_N);

describe("partitions: Euler's pentagonal recurrence", () => {
  it("matches literal enumeration for n ≤ 25 and the parts-recurrence for n ≤ 2000", () => {
    for (let n = 0; n <= 25; n++) expect(table[n], `p(${n})`).to.equal(BigInt(enumeratePartitions(n)));
    const byParts = partitionsByParts(TABLE_N);
    for (let n = 0; n <= TABLE_N; n++) if (table[n] !== byParts[n]) expect.fail(`p(${n}): pentagonal ${table[n]} ≠ parts recurrence ${byParts[n]}`);
  });

  it("the 32-bit and modular residue tables agree with the exact table", () => {
    const r32 = partitionResiduesPow2(TABLE_N);
    const r7 = partitionResidues(TABLE_N, 7);
    const rp = partitionResidues(TABLE_N, 2147483647);
    const r2 = partitionResidues(TABLE_N, 2 ** 31);
    for (let n = 0; n <= TABLE_N; n++) {
      const p = table[n]!;
      if (BigInt(r32[n]!) !== BigInt.asUintN(32, p)) expect.fail(`p(${n}) mod 2^32`);
      if (BigInt(r7[n]!) !== p % 7n) expect.fail(`p(${n}) mod 7`);
      if (BigInt(rp[n]!) !== p % 2147483647n) expect.fail(`p(${n}) mod 2^31 − 1`);
      if (BigInt(r2[n]!) !== BigInt.asUintN(31, p)) expect.fail(`p(${n}) mod 2^31`);
    }
  });

  it("rejects bad arguments", () => {
    expect(() => partitionTable(-1)).to.throw(RangeError);
    expect(() => partitionResidues(10, 1)).to.throw(RangeError);
    expect(() => partitionResidues(10, 2 ** 31 + 1)).to.throw(RangeError);
    expect(() => partitionResiduesPow2(1.5)).to.throw(RangeError);
  });
});

describe("partitions: the Hardy–Ramanujan–Rademacher evaluation", function () {
  this.timeout(60_000);

  it("equals the pentagonal recurrence for every n in [2, 2000]", () => {
    for (let n = 2; n <= TABLE_N; n++) {
      const v = partitionRademacher(n);
      if (v !== table[n]) expect.fail(`p(${n}): Rademacher ${v} ≠ pentagonal ${table[n]}`);
    }
  });

  it("equals it too with every term on the bigint path (no double-precision terms)", () => {
    const r = rng(4);
    const ns = [2, 3, 4, 5, 10, 47, 100, 300, 999, 2000];
    for (let i = 0; i < 30; i++) ns.push(r.int(2, TABLE_N));
    for (const n of ns) expect(partitionRademacher(n, {}, { doubleTerms: false }), `p(${n})`).to.equal(table[n]);
  });

  it("partitionNumber: p(n) = 0 for n < 0, p(0) = p(1) = 1, both sides of the pentagonal cutoff", () => {
    expect(partitionNumber(-1)).to.equal(0n);
    expect(partitionNumber(-1_000_000)).to.equal(0n);
    expect(partitionNumber(0)).to.equal(1n);
    expect(partitionNumber(1)).to.equal(1n);
    for (const n of [PENTAGONAL_CUTOFF - 1, PENTAGONAL_CUTOFF, PENTAGONAL_CUTOFF + 1, PENTAGONAL_CUTOFF + 2]) expect(partitionNumber(n)).to.equal(table[n]);
    expect(() => partitionRademacher(1)).to.throw(RangeError);
    expect(() => partitionRademacher(MAX_PARTITION_N + 1)).to.throw(RangeError);
  });

  it("agrees with the residues of the pentagonal recurrence mod 2^32 and mod 2^31 − 1 for random n ≤ 10^5, and p(10^5) exactly", () => {
    const N = 100_000;
    const r32 = partitionResiduesPow2(N);
    const rp = partitionResidues(N, 2147483647);
    const r = rng(100);
    const ns = [N, N - 1, 99_999, 65_536, 12_345];
    for (let i = 0; i < 25; i++) ns.push(r.int(2001, N));
    for (const n of ns) {
      const p = partitionRademacher(n);
      expect(BigInt.asUintN(32, p), `p(${n}) mod 2^32`).to.equal(BigInt(r32[n]!));
      expect(p % 2147483647n, `p(${n}) mod 2^31 − 1`).to.equal(BigInt(rp[n]!));
    }
  });

  it("property: p(n + 1) > p(n) and the Ramanujan–Watson–Atkin modulus divides p(n)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 60_000 }), (n) => {
        const a = partitionNumber(n), b = partitionNumber(n + 1);
        return b > a && a % ramanujanModulus(BigInt(n)) === 0n;
      }),
      { numRuns: 40 },
    );
  });

  it("property: equals the pentagonal table on random n ≤ 2000 whichever path a term takes", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: TABLE_N }), fc.boolean(), (n, doubleTerms) => partitionRademacher(n, {}, { doubleTerms }) === table[n]),
      { numRuns: 60 },
    );
  });

  it("reports monotone progress ending at N and calls checkpoint", () => {
    const n = 200_000;
    const seen: [number, number | undefined][] = [];
    let checks = 0;
    partitionRademacher(n, { progress: (d, t) => seen.push([d, t]), checkpoint: () => void checks++ });
    const N = rademacherTermCount(n);
    expect(seen.length).to.be.greaterThan(5);
    for (let i = 1; i < seen.length; i++) expect(seen[i]![0]).to.be.greaterThan(seen[i - 1]![0]);
    expect(seen.at(-1)).to.deep.equal([N, N]);
    expect(checks).to.be.greaterThan(5);
  });

  it("a checkpoint that throws stops the computation", () => {
    expect(() => partitionRademacher(50_000, { checkpoint: () => { throw new Error("stop"); } })).to.throw("stop");
  });
});

describe("partitions: congruences", () => {
  it("ramanujanModulus: the prime powers predicted for 24n ≡ 1", () => {
    expect(ramanujanModulus(4n)).to.equal(5n); // 95 = 5·19
    expect(ramanujanModulus(5n)).to.equal(7n); // 119 = 7·17
    expect(ramanujanModulus(6n)).to.equal(11n); // 143 = 11·13
    expect(ramanujanModulus(24n)).to.equal(25n); // 575 = 5²·23
    expect(ramanujanModulus(47n)).to.equal(49n); // 1127 = 7²·23
    expect(ramanujanModulus(2n)).to.equal(1n);
    expect(ramanujanModulus(0n)).to.equal(1n);
    // 24n − 1 = 7³·k with 7 ∤ k: only 7² is claimed (Watson: 7^⌊b/2⌋+1); 7⁴ gives 7³.
    let n7 = 1n;
    while ((24n * n7 - 1n) % 343n !== 0n || (24n * n7 - 1n) % 2401n === 0n || (24n * n7 - 1n) % 5n === 0n || (24n * n7 - 1n) % 11n === 0n) n7++;
    expect(ramanujanModulus(n7)).to.equal(49n);
    let n74 = 1n;
    while ((24n * n74 - 1n) % 2401n !== 0n || (24n * n74 - 1n) % 16807n === 0n || (24n * n74 - 1n) % 5n === 0n || (24n * n74 - 1n) % 11n === 0n) n74++;
    expect(ramanujanModulus(n74)).to.equal(343n);
  });

  it("every claimed modulus divides p(n) for n ≤ 2000, and p(5k+4) ≡ 0 mod 5, p(7k+5) ≡ 0 mod 7, p(11k+6) ≡ 0 mod 11", () => {
    for (let n = 0; n <= TABLE_N; n++) {
      const p = table[n]!;
      if (p % ramanujanModulus(BigInt(n)) !== 0n) expect.fail(`modulus ${ramanujanModulus(BigInt(n))} does not divide p(${n})`);
      if (n % 5 === 4 && p % 5n !== 0n) expect.fail(`p(${n}) mod 5`);
      if (n % 7 === 5 && p % 7n !== 0n) expect.fail(`p(${n}) mod 7`);
      if (n % 11 === 6 && p % 11n !== 0n) expect.fail(`p(${n}) mod 11`);
    }
  });

  it("higher powers hold on large n: 5^3 | p(n) for 24n ≡ 1 mod 125, 7^2 for 24n ≡ 1 mod 343, 11^2 for 24n ≡ 1 mod 121", () => {
    const N = 60_000;
    const r = partitionResidues(N, 5 ** 3 * 7 ** 2 * 11 ** 2);
    let checked = 0;
    const gcdNum = (a: number, b: number): number => (b === 0 ? a : gcdNum(b, a % b));
    for (let n = 1; n <= N; n++) {
      // Only the part of the claimed modulus that divides 5^3·7^2·11^2 is visible in these residues.
      const M = gcdNum(Number(ramanujanModulus(BigInt(n))), 5 ** 3 * 7 ** 2 * 11 ** 2);
      if (M > 1) {
        checked++;
        if (r[n]! % M !== 0) expect.fail(`${M} ∤ p(${n})`);
      }
    }
    expect(checked).to.be.greaterThan(20_000);
  });
});

describe("partitions: Selberg indices", () => {
  it("are exactly the l in [0, 2k) with (3l² + l)/2 ≡ −n (mod k)", () => {
    const r = rng(9);
    for (let i = 0; i < 300; i++) {
      const k = r.int(1, 200), n = r.int(0, 10 ** 9);
      const direct: number[] = [];
      for (let l = 0; l < 2 * k; l++) if ((((3 * l * l + l) / 2 + n) % k) === 0) direct.push(l);
      expect(selbergIndices(n, k), `n = ${n}, k = ${k}`).to.deep.equal(direct);
    }
  });
});

describe("partitions: fixed-point primitives cross-checked with PARI/GP", function () {
  this.timeout(60_000);
  before(function () {
    requireGp(this);
  });

  it("piFixed is within 2 ulps of π at 64…20000 bits (also from the cache, shifted)", () => {
    const ws = [64, 333, 1000, 4099, 20_000];
    const ref = gp(`default(realprecision, 7000);\n${ws.map((w) => `print(floor(Pi * 2^${w}))`).join("\n")}`);
    piFixed(20_000);
    ws.forEach((w, i) => {
      const d = piFixed(w) - BigInt(ref[i]!);
      expect(d >= -2n && d <= 2n, `π at ${w} bits off by ${d}`).to.equal(true);
    });
  });

  it("expFixed has relative error ≤ 2^−q", () => {
    const r = rng(21);
    const cases: { X: bigint; w: number; q: number }[] = [{ X: 0n, w: 10, q: 50 }, { X: 1n, w: 0, q: 200 }];
    for (let i = 0; i < 30; i++) {
      const w = r.pick([20, 64, 300, 1200, 5000]);
      const q = r.pick([30, 64, 400, 1500, 6000]);
      const X = r.bits(w + r.int(0, 12)); // x up to about 2^12
      cases.push({ X, w, q });
    }
    const out = cases.map(({ X, w, q }) => ({ ...expFixed(X, w, q), q }));
    const ref = gp(
      `default(realprecision, 2500);\n` +
        cases.map(({ X, w }, i) => `print(exponent(abs(${out[i]!.m} * 2.^${out[i]!.e} / exp(${X} / 2^${w}) - 1) + 2.^-8000))`).join("\n"),
    );
    cases.forEach((c, i) => expect(Number(ref[i]), `exp case ${i} (w=${c.w}, q=${c.q})`).to.be.lessThan(-c.q));
  });

  it("cosPiFixed is within 1.25 ulps of cos(πa/b), cosPiDouble within 2^−49", () => {
    const r = rng(33);
    const cases: { a: bigint; b: bigint; w: number }[] = [
      { a: 1n, b: 6n, w: 100 }, { a: 0n, b: 5n, w: 50 }, { a: 3n, b: 6n, w: 80 }, { a: 5n, b: 1n, w: 40 }, { a: -7n, b: 12n, w: 300 }, { a: 1n, b: 4n, w: 200 },
    ];
    for (let i = 0; i < 60; i++) cases.push({ a: BigInt(r.int(-100_000, 100_000)), b: BigInt(r.int(1, 60_000)), w: r.pick([30, 60, 200, 1000, 3000, 9000]) });
    const ref = gp(`default(realprecision, 3000);\n${cases.map(({ a, b, w }) => `printf("%.30e\\n", cos(Pi * ${a} / ${b}) * 2^${w} - (${cosPiFixed(a, b, w)}))`).join("\n")}`);
    const refD = gp(`default(realprecision, 60);\n${cases.map(({ a, b }) => `printf("%.30e\\n", cos(Pi * ${a} / ${b}) - (${cosPiDouble(Number(a < 0n ? -a : a), Number(b)).toPrecision(17)}))`).join("\n")}`);
    cases.forEach((c, i) => {
      expect(Math.abs(gpNumber(ref[i]!)), `cos(π·${c.a}/${c.b}) at ${c.w} bits`).to.be.at.most(1.25);
      expect(Math.abs(gpNumber(refD[i]!)), `double cos(π·${c.a}/${c.b})`).to.be.at.most(2 ** -49);
    });
  });

  it("S_k = Σ(−1)^l cos(π(6l+1)/6k) over the Selberg indices equals √(3/k)·A_k(n) from Dedekind sums", () => {
    const pairs: [number, number][] = [];
    const r = rng(5);
    for (let i = 0; i < 40; i++) pairs.push([r.int(1, 10 ** 6), r.int(1, 60)]);
    pairs.push([100, 1], [100, 2], [7, 12], [1000, 30]);
    const ours = pairs.map(([n, k]) => selbergIndices(n, k).reduce((s, l) => s + (l & 1 ? -1 : 1) * cosPiDouble(6 * l + 1, 6 * k), 0));
    const ref = gp(
      `default(realprecision, 40);\n` +
        `ds(h, k) = sum(r = 1, k - 1, (r / k) * (h * r / k - floor(h * r / k) - 1/2));\n` +
        `A(n, k) = real(sum(h = 0, k - 1, if (gcd(h, k) == 1, exp(Pi * I * (ds(h, k) - 2 * n * h / k)), 0)));\n` +
        pairs.map(([n, k]) => `printf("%.25e\\n", sqrt(3 / ${k}) * A(${n}, ${k}))`).join("\n"),
    );
    pairs.forEach(([n, k], i) => expect(Math.abs(ours[i]! - gpNumber(ref[i]!)), `n = ${n}, k = ${k}`).to.be.below(1e-12));
  });

  it("Rademacher's remainder bound holds: |p(n) − Σ_{k≤N} T_k| ≤ bound(n, N) (partial sums from PARI's Dedekind-sum A_k)", () => {
    const ns = [2, 10, 100, 1000, 5000];
    const Ns = [1, 2, 3, 5, 8, 13, 21, 34];
    const script =
      `default(realprecision, 120);\n` +
      `ds(h, k) = sum(r = 1, k - 1, (r / k) * (h * r / k - floor(h * r / k) - 1/2));\n` +
      `A(n, k) = real(sum(h = 0, k - 1, if (gcd(h, k) == 1, exp(Pi * I * (ds(h, k) - 2 * n * h / k)), 0)));\n` +
      `U(x) = cosh(x) - sinh(x) / x;\n` +
      `T(n, k) = sqrt(3 / k) * 4 / (24 * n - 1) * A(n, k) * U(Pi * sqrt(24 * n - 1) / 6 / k);\n` +
      ns.map((n) => `{ my(s = 0., p = numbpart(${n})); for (N = 1, 34, s += T(${n}, N); if (setsearch([${Ns.join(",")}], N), printf("%.15e\\n", abs(p - s) + 1e-100))) }`).join("\n");
    const out = gp(script);
    expect(out.length).to.equal(ns.length * Ns.length);
    let i = 0;
    for (const n of ns) {
      for (const N of Ns) {
        const err = gpNumber(out[i++]!);
        expect(err, `n = ${n}, N = ${N}`).to.be.at.most(rademacherTailBound(n, N));
      }
      const N = rademacherTermCount(n);
      expect(rademacherTailBound(n, N)).to.be.at.most(0.25);
      if (N > 1) expect(rademacherTailBound(n, N - 1)).to.be.greaterThan(0.25);
    }
  });

  it("ln p(n) estimate and bigintLog agree with PARI's log(numbpart(n))", () => {
    const ns = [10_000, 54_321, 100_000, 1_000_000];
    const ref = gp(ns.map((n) => `printf("%.20e\\n", log(numbpart(${n})))`).join("\n"));
    ns.forEach((n, i) => {
      const exact = gpNumber(ref[i]!);
      expect(Math.abs(partitionLogEstimate(n) - exact), `estimate at ${n}`).to.be.below(1e-10);
    });
    expect(Math.abs(bigintLog(table[2000]!) - Math.log(Number(table[2000]!)))).to.be.below(1e-12);
    expect(() => partitionLogEstimate(9_999)).to.throw(RangeError);
  });
});

describe("partitions: Rademacher evaluation cross-checked with PARI/GP numbpart", function () {
  this.timeout(60_000);
  before(function () {
    requireGp(this);
  });

  it("agrees on 40 random n ≤ 10^5, 5 random n ≤ 2·10^6, p(10^5), p(10^6) and p(10^7) (one gp call)", () => {
    const r = rng(2024);
    const ns = [100_000, 1_000_000, 10_000_000, 2001, 99_999];
    for (let i = 0; i < 40; i++) ns.push(r.int(2, 100_000));
    for (let i = 0; i < 5; i++) ns.push(r.int(100_000, 2_000_000));
    const ref = gp(ns.map((n) => `print(numbpart(${n}))`).join("\n"));
    expect(ref.length).to.equal(ns.length);
    ns.forEach((n, i) => expect(partitionNumber(n).toString(), `p(${n})`).to.equal(ref[i]));
    expect(ref[0]!.length).to.equal(347);
  });

  it("agrees on p(10^8 + 7) (11,132 digits; the high-precision paths of exp and cos)", () => {
    const n = 100_000_007;
    const [ref] = gp(`print(numbpart(${n}))`);
    expect(partitionNumber(n).toString()).to.equal(ref);
  });
});
