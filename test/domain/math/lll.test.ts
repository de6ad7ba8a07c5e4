import { expect } from "chai";
import { isLllReduced, lll } from "../../../domain/math/lll.js";
import { SeededRandom } from "../../../domain/math/seeded-random.js";
import { gp, requireGp } from "../../support/gp.js";

const rng = new SeededRandom(7070);
function randInt(bits: number): bigint {
  let v = 0n;
  for (let i = 0; i < bits; i += 16) v = (v << 16n) | BigInt(rng.below(65536));
  v &= (1n << BigInt(bits)) - 1n;
  return rng.below(2) ? -v : v;
}
const mat = (rows: bigint[][]): string => `[${rows.map((r) => r.join(",")).join(";")}]`;

describe("domain/math/lll", () => {
  it("reduces, keeps the lattice (transform), finds a planted short vector", () => {
    for (let t = 0; t < 10; t++) {
      const n = 2 + rng.below(8);
      const dim = n + rng.below(3);
      const rows = Array.from({ length: n }, () => Array.from({ length: dim }, () => randInt(30)));
      const { basis, transform, d } = lll(rows, { transform: true });
      expect(isLllReduced(basis)).to.equal(true);
      expect(d.length).to.equal(n + 1);
      // T·rows = basis
      for (let i = 0; i < n; i++) for (let j = 0; j < rows[0]!.length; j++) {
        let s = 0n;
        for (let k = 0; k < n; k++) s += transform![i]![k]! * rows[k]![j]!;
        expect(s).to.equal(basis[i]![j]);
      }
    }
    // knapsack: the planted 0/1 relation is found
    const w = [366n, 385n, 392n, 401n, 422n, 437n];
    const target = 366n + 392n + 437n;
    const K = 1000n;
    const rows: bigint[][] = w.map((x, i) => w.map((_, j): bigint => (i === j ? 2n : 0n)).concat([x * K]));
    rows.push(w.map(() => 1n).concat([target * K]));
    const { basis } = lll(rows);
    expect(basis.some((r) => r[r.length - 1] === 0n && r.slice(0, -1).every((x) => x === 1n || x === -1n))).to.equal(true);
    expect(() => lll([[1n, 2n], [2n, 4n]])).to.throw(RangeError);
  });

  it("the double-Gram floating pass (doubleGram): reduced, T·rows = basis, on knapsack lattices of ≥ 10 rows", () => {
    for (let t = 0; t < 6; t++) {
      // van Hoeij's shape: [I | c] and [0 | P], the last column far larger than the rest
      const n = 10 + rng.below(20), bits = 40 + rng.below(120);
      const P = (1n << BigInt(bits)) + 1n;
      const rows: bigint[][] = Array.from({ length: n }, (_, i) => [...Array.from({ length: n }, (__, j) => (i === j ? 1n : 0n)), randInt(bits)]);
      rows.push([...new Array<bigint>(n).fill(0n), P]);
      const { basis, transform, d } = lll(rows, { transform: true, doubleGram: true });
      expect(isLllReduced(basis)).to.equal(true);
      // the same squared Gram–Schmidt product (the determinant of the lattice) as the exact pass
      expect(d[d.length - 1]).to.equal(lll(rows).d[rows.length]);
      for (let i = 0; i < basis.length; i++) for (let j = 0; j <= n; j++) {
        let s = 0n;
        for (let k = 0; k < rows.length; k++) s += transform![i]![k]! * rows[k]![j]!;
        expect(s).to.equal(basis[i]![j]);
      }
    }
  });

  describe("against PARI/GP", function () {
    before(function () { requireGp(this); });
    it("same lattice as qflll (HNF) and comparable first vector", () => {
      const cases: bigint[][][] = [];
      for (let t = 0; t < 12; t++) {
        const n = 2 + rng.below(12);
        cases.push(Array.from({ length: n }, () => Array.from({ length: n }, () => randInt(5 + rng.below(60)))));
      }
      const script = cases.map((rows, t) => {
        const ours = lll(rows, { doubleGram: t % 2 === 1 }).basis;
        return `M=${mat(rows)}~;R=${mat(ours)}~;print(mathnf(M)==mathnf(R));print(norml2((M*qflll(M))[,1]))`;
      }).join("\n");
      const out = gp(script);
      cases.forEach((rows, i) => {
        expect(out[2 * i], `case ${i}`).to.equal("1");
        const ours = lll(rows, { doubleGram: i % 2 === 1 }).basis[0]!.reduce((s, x) => s + x * x, 0n);
        const theirs = BigInt(out[2 * i + 1]!);
        // both δ-reduced: first vectors within the LLL factor 2^{(n−1)/2} in norm (squared: 2^{n−1})
        expect(ours <= theirs << BigInt(rows.length)).to.equal(true);
      });
    });
  });
});
