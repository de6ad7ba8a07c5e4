import { expect } from "chai";
import fc from "fast-check";
import { dixonSolveSteps } from "../../../domain/math/linalg/dixon.js";
import { gp, requireGp } from "../../support/gp.js";
import { testJacobian } from "../../support/runtime.js";
import { gpMatrix, intMatrix, ratMatrix, type WireMatrix } from "./random.js";

const big = (m: WireMatrix) => m.rows.map((r) => r.map(BigInt));
const drain = <T>(g: Generator<unknown, T, void>): T => {
  for (;;) {
    const r = g.next();
    if (r.done) return r.value;
  }
};

/** An m×n integer matrix of rank ≤ k: (m×k)·(k×n). */
function lowRank(seed: number, m: number, n: number, k: number, bits: number): WireMatrix {
  const a = big(intMatrix(seed, m, k, bits)), b = big(intMatrix(seed + 1, k, n, bits));
  return { ring: "ZZ", rows: a.map((row) => Array.from({ length: n }, (_, j) => row.reduce((s, v, t) => s + v * b[t]![j]!, 0n).toString())) };
}

/** The fast paths (modular rank, Dixon solve) and the paths they fall back to give the same answers. */
describe("operations/matrix fast paths and their fallbacks", function () {
  this.timeout(240_000);
  const j = testJacobian({ packs: ["matrix"] });
  after(() => j.close());
  const run = async (id: string, payload: unknown) => {
    const o = (await j.run(id, payload as never)) as any;
    expect(o.outcome, `${id}: ${JSON.stringify(o).slice(0, 300)}`).to.equal("completed");
    return o.value;
  };

  it("Dixon: A·(num/den) = b exactly; declines (undefined) for singular A and for entries beyond the word-size path", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 25 }), fc.integer({ min: 1, max: 31 }), fc.integer({ min: 1, max: 1e6 }), (n, bits, seed) => {
        const a = big(intMatrix(seed, n, n, bits)), b = big(intMatrix(seed + 3, 1, n, 30))[0]!;
        const x = drain(dixonSolveSteps(a, b));
        if (!x) return true; // singular modulo the primes tried (e.g. a singular random matrix): the caller falls back
        return x.den > 0n && a.every((row, i) => row.reduce((s, v, k) => s + v * x.num[k]!, 0n) === x.den * b[i]!);
      }),
      { numRuns: 60, seed: 31337 },
    );
    expect(drain(dixonSolveSteps(big(lowRank(5, 6, 6, 5, 8)), [1n, 2n, 3n, 4n, 5n, 6n]))).to.equal(undefined);
    expect(drain(dixonSolveSteps([[2n ** 40n, 1n], [1n, 1n]], [1n, 1n]))).to.equal(undefined);
  });

  it("solve = matsolve on the Dixon path (ZZ, QQ up to 60×60) and on the fallback (entries of 40–64 bits, singular square systems)", async function () {
    requireGp(this);
    const cases: { m: WireMatrix; b: string[] }[] = [];
    for (let i = 0; i < 6; i++) {
      const n = [3, 12, 30, 60, 8, 5][i]!;
      const m = i % 2 ? ratMatrix(12_000 + i, n, n, 12, 9) : intMatrix(12_000 + i, n, n, [31, 20, 8, 31, 40, 64][i]!);
      cases.push({ m, b: intMatrix(12_100 + i, 1, n, 20).rows[0]! });
    }
    const truth = gp(cases.map(({ m, b }) => `print(strjoin([Str(t) | t <- Vec(matsolve(${gpMatrix(m)}, [${b.join(",")}]~))], ","))`).join("\n"));
    for (const [i, { m, b }] of cases.entries()) {
      const rhs = { ring: m.ring, entries: b };
      const v = await run("matrix.solve.compute", { matrix: m, rhs });
      expect(v.status, `case ${i}`).to.equal("unique");
      expect(v.solution.entries.join(","), `case ${i}`).to.equal(truth[i]);
      expect((await run("matrix.solution.verify", { matrix: m, rhs, claim: v })).verdict, `case ${i}`).to.equal("accepted");
    }
    // a singular square system: Dixon declines, the RREF answers (general, and inconsistent)
    const s = lowRank(12_200, 9, 9, 7, 6);
    const consistent = { ring: "ZZ", entries: s.rows.map((r) => (BigInt(r[0]!) - 2n * BigInt(r[4]!)).toString()) };
    const g = await run("matrix.solve.compute", { matrix: s, rhs: consistent });
    expect(g.status).to.equal("general");
    expect(g.nullspace.rows[0].length).to.equal(2);
    const inc = await run("matrix.solve.compute", { matrix: s, rhs: { ring: "ZZ", entries: consistent.entries.map((e, k) => (k ? e : (BigInt(e) + 1n).toString())) } });
    expect(inc.status).to.equal("inconsistent");
  });

  it("rank = matrank: full rank (settled by one modular rank), rank-deficient (certified RREF), wide, tall, QQ", async function () {
    requireGp(this);
    const ms = [intMatrix(13_000, 30, 40, 31), intMatrix(13_001, 40, 30, 8), ratMatrix(13_002, 20, 25, 10, 9), lowRank(13_003, 30, 40, 17, 10), lowRank(13_004, 25, 25, 24, 31), ratMatrix(13_005, 1, 7, 3, 3)];
    const truth = gp(ms.map((m) => `print(matrank(${gpMatrix(m)}))`).join("\n"));
    for (const [i, m] of ms.entries()) {
      const r = await run("matrix.rank.compute", { matrix: m });
      expect(r.rank, `matrix ${i}`).to.equal(Number(truth[i]));
      expect((await run("matrix.rank.verify", { matrix: m, claim: r })).verdict).to.equal("accepted");
    }
  });
});
