import { expect } from "chai";
import fc from "fast-check";
import { integerDeterminant, multimodularDeterminant } from "../../../domain/math/linalg/determinant.js";
import { integerRref } from "../../../domain/math/linalg/rref.js";
import { bareissDeterminant } from "../../../domain/math/matrix.js";
import { gp, requireGp } from "../../support/gp.js";
import { testJacobian } from "../../support/runtime.js";
import { gfMatrix, gpMatrix, intMatrix, ratMatrix, rng, type WireMatrix } from "./random.js";

const big = (m: WireMatrix) => m.rows.map((r) => r.map(BigInt));

/** An m×n integer matrix of rank ≤ k: (m×k)·(k×n). */
function lowRank(seed: number, m: number, n: number, k: number, bits: number): WireMatrix {
  const a = big(intMatrix(seed, m, k, bits)), b = big(intMatrix(seed + 1, k, n, bits));
  return { ring: "ZZ", rows: a.map((row) => Array.from({ length: n }, (_, j) => row.reduce((s, v, t) => s + v * b[t]![j]!, 0n).toString())) };
}

describe("domain/math/linalg determinant and RREF kernels", function () {
  this.timeout(120_000);

  it("the divisor-first determinant equals Bareiss and plain multimodular (random, singular, rank n−1, structured with a small divisor)", () => {
    const cases: bigint[][][] = [];
    for (let i = 0; i < 12; i++) cases.push(big(intMatrix(900 + i, 20 + 3 * i, 20 + 3 * i, [1, 8, 31, 32][i % 4]!)));
    cases.push(big(lowRank(950, 25, 25, 24, 10))); // singular
    cases.push(big(lowRank(952, 30, 30, 12, 5))); // rank 12
    // 2·U with U random: det = 2^n·det U, largest invariant factor only 2·s_n(U): exercises the cofactor primes
    cases.push(big(intMatrix(960, 24, 24, 6)).map((r) => r.map((v) => 2n * v)));
    // an upper-triangular matrix with ones: det is the product of the diagonal, d = 1 only when the diagonal is ±1
    cases.push(Array.from({ length: 22 }, (_, i) => Array.from({ length: 22 }, (_, j) => (j < i ? 0n : j === i ? BigInt(i % 3 === 0 ? 1 : -1) : BigInt((i * 7 + j * 13) % 11 - 5)))));
    for (const [t, a] of cases.entries()) {
      const d = integerDeterminant(a);
      expect(d, `case ${t}`).to.equal(bareissDeterminant(a));
      expect(multimodularDeterminant(a), `case ${t}`).to.equal(d);
    }
  });

  it("fast-check: det(AB) = det(A)·det(B) and det(Aᵀ) = det(A) through the kernel (n 0–30)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 30 }), fc.integer({ min: 1, max: 33 }), fc.integer({ min: 1, max: 1e6 }), (n, bits, seed) => {
        const a = big(intMatrix(seed, n, n, bits)), b = big(intMatrix(seed + 7, n, n, 4));
        const ab = a.map((row) => Array.from({ length: n }, (_, j) => row.reduce((s, v, t) => s + v * b[t]![j]!, 0n)));
        const at = Array.from({ length: n }, (_, i) => a.map((r) => r[i]!));
        const da = integerDeterminant(a);
        return integerDeterminant(ab) === da * integerDeterminant(b) && integerDeterminant(at) === da;
      }),
      { numRuns: 25, seed: 4242 },
    );
  });

  it("fast-check: the certified RREF satisfies rank–nullity and reproduces each row from the pivot columns", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 14 }), fc.integer({ min: 1, max: 14 }), fc.integer({ min: 0, max: 14 }), fc.integer({ min: 1, max: 1e6 }), (m, n, k, seed) => {
        const a = big(lowRank(seed, m, n, Math.min(k, m, n), 6));
        const r = integerRref(a);
        // rows of A = A[:, P]·X, X = Y/D
        return r.pivots.length <= Math.min(m, n) && a.every((row) => row.every((v, j) => r.num.reduce((s, y, t) => s + row[r.pivots[t]!]! * y[j]!, 0n) === r.den * v));
      }),
      { numRuns: 40, seed: 77 },
    );
  });
});

describe("operations/matrix linear algebra vs PARI/GP", function () {
  this.timeout(180_000);
  before(function () {
    requireGp(this);
  });
  const j = testJacobian({ packs: ["matrix"] });
  after(() => j.close());
  const run = async (id: string, payload: Record<string, unknown>) => {
    const o = (await j.run(id, payload)) as any;
    expect(o.outcome, `${id}: ${JSON.stringify(o).slice(0, 400)}`).to.equal("completed");
    return o.value;
  };
  const gpOf = (m: WireMatrix) => (m.ring.startsWith("GF(") ? `(${gpMatrix(m)}*Mod(1,${m.ring.slice(3, -1)}))` : gpMatrix(m));

  const batch = (large = true): WireMatrix[] => {
    const r = rng(31337);
    const out: WireMatrix[] = [];
    for (let i = 0; i < 24; i++) {
      const m = r.int(0, 9), n = r.int(0, 9);
      const kind = i % 4;
      out.push(kind === 0 ? intMatrix(7000 + i, m, n, 12) : kind === 1 ? lowRank(7000 + i, m, n, r.int(0, 4), 6) : kind === 2 ? ratMatrix(7000 + i, m, n, 10, 9) : gfMatrix(7000 + i, m, n, [2n, 7n, 65537n][i % 3]!));
    }
    // (large values are published as artifacts rather than inline: the inline checks use small ones)
    out.push(...(large ? [lowRank(7100, 40, 50, 30, 20), intMatrix(7101, 60, 45, 31)] : [lowRank(7100, 12, 16, 9, 8), intMatrix(7101, 14, 10, 20)]), { ring: "ZZ", rows: [[], []] });
    return out;
  };

  it("rank equals matrank (ZZ, QQ, GF(p), rank-deficient, rectangular, empty); rank.verify accepts it and rejects rank ± 1", async () => {
    const ms = batch();
    const truth = gp(ms.map((m) => `print(matrank(${gpOf(m)}))`).join("\n"));
    for (const [i, m] of ms.entries()) {
      const v = await run("matrix.rank.compute", { matrix: m });
      expect(v.rank, `matrix ${i} ${m.ring}`).to.equal(Number(truth[i]));
      expect((await run("matrix.rank.verify", { matrix: m, claim: v })).verdict).to.equal("accepted");
      expect((await run("matrix.rank.verify", { matrix: m, claim: { rank: v.rank + 1 } })).verdict).to.equal("rejected");
    }
  });

  it("nullspace: dimension equals #matker, A·N = 0, and nullspace.verify accepts; left nullspace and column space dimensions follow rank–nullity", async () => {
    const ms = batch(false);
    const truth = gp(ms.map((m) => `print(#matker(${gpOf(m)}))`).join("\n"));
    for (const [i, m] of ms.entries()) {
      const v = await run("matrix.nullspace.compute", { matrix: m });
      expect(v.dimension, `matrix ${i}`).to.equal(Number(truth[i]));
      expect((await run("matrix.nullspace.verify", { matrix: m, claim: v })).verdict, `matrix ${i}`).to.equal("accepted");
      const rows = m.rows.length, cols = rows ? m.rows[0]!.length : 0;
      const rank = cols - v.dimension;
      expect((await run("matrix.left_nullspace.compute", { matrix: m })).dimension).to.equal(rows - rank);
      const cs = await run("matrix.column_space.compute", { matrix: m });
      expect(cs.rank).to.equal(rank);
      const rr = await run("matrix.rref.compute", { matrix: m });
      expect(rr.pivots).to.deep.equal(cs.columns);
    }
  });

  it("nullspace.verify decides a basis with a zero or repeated column exactly (rejected, was non_conclusion) and still accepts true bases", async () => {
    const Z = (rows: (string | number)[][], ring = "ZZ") => ({ ring, rows: rows.map((r) => r.map(String)) });
    const cases: [unknown, unknown, string, number | undefined][] = [
      [Z([[1, 2, 3]]), { nullspace: Z([[-2, -4], [1, 2], [0, 0]]), dimension: 2 }, "rejected", 1],
      [Z([[1, 2, 3]]), { nullspace: Z([[-2, 0], [1, 0], [0, 0]]), dimension: 2 }, "rejected", 1],
      [Z([[0, 0]]), { nullspace: Z([[1, 1], [1, 1]]), dimension: 2 }, "rejected", 1],
      [Z([[0, 0]], "GF(2)"), { nullspace: Z([[1, 1], [0, 2]], "GF(2)"), dimension: 2 }, "rejected", 1],
      [Z([[1, 2, 3]]), { nullspace: Z([[-2, -3], [1, 0], [0, 1]]), dimension: 2 }, "accepted", undefined],
      [Z([[0, 0]], "GF(2)"), { nullspace: Z([[1, 1], [0, 1]], "GF(2)"), dimension: 2 }, "accepted", undefined],
    ];
    for (const [matrix, claim, verdict, basisRank] of cases) {
      const f = await run("matrix.nullspace.verify", { matrix, claim });
      expect([f.verdict, f.bindings.basis_rank], JSON.stringify(claim)).to.deep.equal([verdict, basisRank]);
    }
  });

  it("solution.verify decides a general solution whose nullspace columns are dependent (rejected, was non_conclusion)", async () => {
    const Z = (rows: (string | number)[][], ring = "QQ") => ({ ring, rows: rows.map((r) => r.map(String)) });
    const A = Z([[1, 2, 3]], "ZZ"), b = { ring: "ZZ", entries: ["6"] }, x = { ring: "QQ", entries: ["1", "1", "1"] };
    for (const [N, verdict] of [[Z([[-2, -4], [1, 2], [0, 0]]), "rejected"], [Z([[-2, 0], [1, 0], [0, 0]]), "rejected"], [Z([[-2, -3], [1, 0], [0, 1]]), "accepted"]] as const) {
      const f = await run("matrix.solution.verify", { matrix: A, rhs: b, claim: { status: "general", particular: x, nullspace: N } });
      expect(f.verdict, JSON.stringify(N)).to.equal(verdict);
    }
  });

  it("inverse equals 1/M in gp (or a kernel vector for singular input), and inverse.verify accepts", async () => {
    const ms: WireMatrix[] = [];
    for (let i = 0; i < 12; i++) ms.push([intMatrix(8000 + i, 6, 6, 20), ratMatrix(8000 + i, 5, 5, 12, 9), gfMatrix(8000 + i, 5, 5, 10007n), lowRank(8000 + i, 5, 5, 4, 5)][i % 4]!);
    ms.push(intMatrix(8100, 10, 10, 31));
    const truth = gp(ms.map((m) => `M=${gpOf(m)}; if(matrank(M)<#M, print("singular"), print(strjoin([strjoin([Str(${m.ring.startsWith("GF(") ? "lift(x)" : "x"}) | x<-Vec(r)], ",") | r<-Vec((M^(-1))~)], ";")))`).join("\n"));
    for (const [i, m] of ms.entries()) {
      const v = await run("matrix.inverse.compute", { matrix: m });
      if (truth[i] === "singular") {
        expect(v.invertible, `matrix ${i}`).to.equal(false);
      } else {
        expect(v.invertible, `matrix ${i}`).to.equal(true);
        // gp prints columns of M^(-1)~, i.e. rows of M^(-1)
        expect(v.inverse.rows.map((r: string[]) => r.join(",")).join(";"), `matrix ${i}`).to.equal(truth[i]);
      }
      expect((await run("matrix.inverse.verify", { matrix: m, claim: v })).verdict).to.equal("accepted");
    }
  });

  it("solve equals matsolve for nonsingular systems; general and inconsistent answers carry checked certificates", async () => {
    for (let i = 0; i < 10; i++) {
      const m = i % 2 ? ratMatrix(8500 + i, 6, 6, 12, 9) : intMatrix(8500 + i, 7, 7, 25);
      const b = { ring: m.ring, entries: intMatrix(8600 + i, 1, m.rows.length, 10).rows[0]! };
      const v = await run("matrix.solve.compute", { matrix: m, rhs: b });
      const [x] = gp(`print(strjoin([Str(t) | t<-Vec(matsolve(${gpMatrix(m)}, [${b.entries.join(",")}]~))], ","))`);
      expect(v.status).to.equal("unique");
      expect(v.solution.entries.join(",")).to.equal(x);
      expect((await run("matrix.solution.verify", { matrix: m, rhs: b, claim: v })).verdict).to.equal("accepted");
    }
    const s = lowRank(8700, 8, 9, 5, 6);
    const consistent = { ring: "ZZ", entries: s.rows.map((r) => r.slice(0, 3).reduce((a, x) => a + BigInt(x), 0n).toString()) };
    const g = await run("matrix.solve.compute", { matrix: s, rhs: consistent });
    expect(g.status).to.equal("general");
    expect(g.nullspace.rows[0].length).to.equal(9 - 5);
    expect((await run("matrix.solution.verify", { matrix: s, rhs: consistent, claim: g })).verdict).to.equal("accepted");
    const bad = { ring: "ZZ", entries: consistent.entries.map((e, k) => (k === 0 ? (BigInt(e) + 1n).toString() : e)) };
    const inc = await run("matrix.solve.compute", { matrix: s, rhs: bad });
    expect(inc.status).to.equal("inconsistent");
    expect((await run("matrix.solution.verify", { matrix: s, rhs: bad, claim: inc })).verdict).to.equal("accepted");
    // a truncated basis is refuted
    const cut = { ...g, nullspace: { ring: g.nullspace.ring, rows: g.nullspace.rows.map((r: string[]) => r.slice(1)) } };
    expect((await run("matrix.solution.verify", { matrix: s, rhs: consistent, claim: cut })).verdict).to.equal("rejected");
  });

  it("adjugate equals matadjoint, power equals M^k, trace equals trace, kronecker by definition", async () => {
    const ms = [intMatrix(9000, 5, 5, 10), lowRank(9001, 5, 5, 4, 4), lowRank(9002, 5, 5, 3, 4), ratMatrix(9003, 4, 4, 8, 7), gfMatrix(9004, 4, 4, 101n)];
    const fmt = (m: WireMatrix, e: string) => `print(strjoin([strjoin([Str(${m.ring.startsWith("GF(") ? "lift(x)" : "x"}) | x<-Vec(r)], ",") | r<-Vec((${e})~)], ";"))`;
    const truth = gp(ms.flatMap((m) => [fmt(m, `matadjoint(${gpOf(m)})`), fmt(m, `${gpOf(m)}^5`), `print(${m.ring.startsWith("GF(") ? "lift" : ""}(trace(${gpOf(m)})))`]).join("\n"));
    for (const [i, m] of ms.entries()) {
      const adj = await run("matrix.adjugate.compute", { matrix: m });
      expect(adj.adjugate.rows.map((r: string[]) => r.join(",")).join(";"), `adjugate ${i}`).to.equal(truth[3 * i]);
      const pw = await run("matrix.power.compute", { matrix: m, exponent: "5" });
      expect(pw.power.rows.map((r: string[]) => r.join(",")).join(";"), `power ${i}`).to.equal(truth[3 * i + 1]);
      expect((await run("matrix.trace.compute", { matrix: m })).trace).to.equal(truth[3 * i + 2]);
    }
    const k = await run("matrix.kronecker.compute", { left: { ring: "ZZ", rows: [["1", "2"]] }, right: { ring: "ZZ", rows: [["3"], ["4"]] } });
    expect(k.product.rows).to.deep.equal([["3", "6"], ["4", "8"]]);
  });

  it("determinant at n = 20–80 (Dixon divisor path) equals matdet, incl. singular and 2·U", async () => {
    const ms = [intMatrix(9500, 20, 20, 31), intMatrix(9501, 45, 45, 31), intMatrix(9502, 80, 80, 16), lowRank(9503, 30, 30, 29, 8), { ring: "ZZ", rows: big(intMatrix(9504, 30, 30, 5)).map((r) => r.map((v) => (3n * v).toString())) }, ratMatrix(9505, 25, 25, 10, 9)];
    const truth = gp(ms.map((m) => `print(matdet(${gpMatrix(m)}))`).join("\n"));
    for (const [i, m] of ms.entries()) expect((await run("matrix.determinant.compute", { matrix: m })).determinant, `matrix ${i}`).to.equal(truth[i]);
  });
});
