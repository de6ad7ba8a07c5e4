import { expect } from "chai";
import fc from "fast-check";
import { gp, requireGp } from "../../support/gp.js";
import { testJacobian } from "../../support/runtime.js";
import { rng } from "./random.js";

interface Sparse { ring: string; rows: number; cols: number; entries: { row: number; col: number; value: string }[] }

/** A random sparse m×n matrix over GF(p): `perRow` entries per row (with the diagonal when `diagonal`). */
function sparse(seed: number, m: number, n: number, perRow: number, p: bigint, diagonal = false): Sparse {
  const r = rng(seed);
  const entries: Sparse["entries"] = [];
  for (let i = 0; i < m; i++) {
    const cols = new Set<number>(diagonal && i < n ? [i] : []);
    while (cols.size < Math.min(perRow, n)) cols.add(r.int(0, n - 1));
    for (const j of cols) entries.push({ row: i, col: j, value: String(r.int(1, Number(p - 1n < 1000000n ? p - 1n : 1000000n)) - (r.int(0, 1) ? Number(p) : 0)) });
  }
  return { ring: `GF(${p})`, rows: m, cols: n, entries };
}
const gpSparse = (a: Sparse, p: bigint) => `M = matrix(${a.rows}, ${a.cols}); ${a.entries.map((e) => `M[${e.row + 1}, ${e.col + 1}] += ${e.value};`).join(" ")} M = M * Mod(1, ${p});`;

describe("operations/matrix sparse systems over GF(p)", function () {
  this.timeout(240_000);
  const j = testJacobian({ packs: ["matrix"] });
  after(() => j.close());
  const run = async (id: string, payload: unknown) => {
    const o = (await j.run(id, payload as never)) as any;
    expect(o.outcome, `${id}: ${JSON.stringify(o).slice(0, 300)}`).to.equal("completed");
    return o.value;
  };
  const rhsOf = (seed: number, m: number, p: bigint) => {
    const r = rng(seed);
    return { ring: `GF(${p})`, entries: Array.from({ length: m }, () => (r.bits(40) % p).toString()) };
  };

  it("square nonsingular systems: the solution equals PARI's matsolve (p = 65521, 1000003, 67108859; n up to 300)", async function () {
    requireGp(this);
    const cases: { a: Sparse; b: { ring: string; entries: string[] }; p: bigint }[] = [];
    for (const [i, [n, p]] of ([[5, 65521n], [40, 1000003n], [120, 67108859n], [300, 1000003n], [1, 7n]] as const).entries()) {
      cases.push({ a: sparse(20_000 + i, n, n, 6, p, true), b: rhsOf(20_100 + i, n, p), p });
    }
    const truth = gp(cases.map(({ a, b, p }) => `${gpSparse(a, p)} if(matrank(M) < ${a.rows}, print("singular"), print(strjoin([Str(lift(x)) | x <- Vec(matsolve(M, [${b.entries.join(",")}]~ * Mod(1, ${p})))], ",")))`).join("\n"));
    for (const [i, { a, b }] of cases.entries()) {
      const v = await run("matrix.sparse_solve.compute", { ...a, rhs: b });
      if (truth[i] === "singular") expect(v.status, `case ${i}`).to.not.equal("solution");
      else {
        expect(v.status, `case ${i}`).to.equal("solution");
        expect(v.solution.entries.join(","), `case ${i}`).to.equal(truth[i]);
      }
    }
  });

  it("fast-check: every returned solution satisfies A·x = b; square matrices with a zero column are proven singular; rectangular consistent systems are solved", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 1e6 }), fc.constantFrom(3n, 101n, 1000003n), async (m, n, per, seed, p) => {
        const a = sparse(seed, m, n, per, p, true);
        // a consistent right-hand side b = A·x₀
        const r = rng(seed + 1);
        const x0 = Array.from({ length: n }, () => BigInt(r.int(0, Number(p) - 1)));
        const b = new Array<bigint>(m).fill(0n);
        for (const e of a.entries) b[e.row] = b[e.row]! + BigInt(e.value) * x0[e.col]!;
        const rhs = { ring: a.ring, entries: b.map((v) => (((v % p) + p) % p).toString()) };
        const v = await run("matrix.sparse_solve.compute", { ...a, rhs, trials: 4, seed });
        if (v.status === "solution") {
          const ax = new Array<bigint>(m).fill(0n);
          for (const e of a.entries) ax[e.row] = ax[e.row]! + BigInt(e.value) * BigInt(v.solution.entries[e.col]);
          ax.forEach((s, i) => expect(((s - b[i]!) % p + p) % p, `row ${i}`).to.equal(0n));
        }
        return true;
      }),
      { numRuns: 60, seed: 4711 },
    );
    const zeroCol = { ring: "GF(101)", rows: 6, cols: 6, entries: Array.from({ length: 6 }, (_, i) => [{ row: i, col: i === 3 ? 0 : i, value: String(i + 2) }, { row: i, col: (i + 1) % 6 === 3 ? 4 : (i + 1) % 6, value: "1" }]).flat() };
    const s = await run("matrix.sparse_solve.compute", { ...zeroCol, rhs: { ring: "GF(101)", entries: ["1", "0", "0", "0", "0", "0"] } });
    expect(s.status).to.be.oneOf(["solution", "inconsistent", "singular"]);
    expect(s.kernel_vector, "a zero column: the singular square matrix yields a checked kernel vector").to.not.equal(undefined);
    const w3 = s.kernel_vector.entries.map(BigInt);
    const aw = new Array<bigint>(6).fill(0n);
    for (const e of zeroCol.entries) aw[e.row] = aw[e.row]! + BigInt(e.value) * w3[e.col]!;
    expect(aw.every((v) => v % 101n === 0n) && w3.some((v: bigint) => v !== 0n)).to.equal(true);
    // tall, consistent: 300×120
    const tall = sparse(31, 300, 120, 5, 1000003n, true);
    const x0 = Array.from({ length: 120 }, (_, k) => BigInt(k * k + 1));
    const b = new Array<bigint>(300).fill(0n);
    for (const e of tall.entries) b[e.row] = b[e.row]! + BigInt(e.value) * x0[e.col]!;
    const t = await run("matrix.sparse_solve.compute", { ...tall, rhs: { ring: tall.ring, entries: b.map((v) => (((v % 1000003n) + 1000003n) % 1000003n).toString()) } });
    expect(t.status).to.equal("solution");
    expect(t.solution.entries).to.deep.equal(x0.map(String)); // full column rank: x₀ is the only solution
    // wide: 80×200, every row gets a checked solution
    const wide = sparse(32, 80, 200, 7, 65521n, true);
    const w = await run("matrix.sparse_solve.compute", { ...wide, rhs: rhsOf(33, 80, 65521n) });
    expect(w.status).to.equal("solution");
  });

  /** A rank-deficient m×n matrix: `perRow` entries per row, then `dup` rows repeated as sums of two others and column `zc` cleared. */
  function deficient(seed: number, m: number, n: number, perRow: number, p: bigint, dup: number): Sparse {
    const a = sparse(seed, m, n, perRow, p);
    const r = rng(seed + 9);
    const zc = r.int(0, n - 1);
    const rows = Array.from({ length: m }, (_, i) => a.entries.filter((e) => e.row === i && e.col !== zc));
    for (let t = 0; t < dup && m >= 3; t++) {
      const i = r.int(2, m - 1), k1 = r.int(0, i - 1), k2 = r.int(0, i - 1);
      rows[i] = [...rows[k1]!, ...rows[k2]!].map((e) => ({ ...e, row: i }));
    }
    return { ...a, entries: rows.flat() };
  }
  const times = (a: Sparse, x: bigint[], p: bigint) => {
    const out = new Array<bigint>(a.rows).fill(0n);
    for (const e of a.entries) out[e.row] = out[e.row]! + BigInt(e.value) * x[e.col]!;
    return out.map((v) => ((v % p) + p) % p);
  };

  it("fast-check: singular consistent systems are solved (kernel vectors checked), inconsistent ones get a certificate yᵀ·A = 0, yᵀ·b ≠ 0; never a false certificate", async () => {
    let solved = 0, consistentCases = 0, certified = 0, inconsistentCases = 0;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 3, max: 30 }), fc.integer({ min: 2, max: 30 }), fc.integer({ min: 1, max: 5 }), fc.integer({ min: 1, max: 1e6 }), fc.constantFrom(101n, 65521n, 1000003n), fc.boolean(), async (m, n, per, seed, p, consistent) => {
        const a = deficient(seed, m, n, per, p, 2);
        const r = rng(seed + 3);
        const x0 = Array.from({ length: n }, () => BigInt(r.int(0, Number(p) - 1)));
        const b = times(a, x0, p);
        // an inconsistent b: perturb a row that is a sum of two others or, failing that, any row (may stay consistent)
        if (!consistent) b[m - 1] = (b[m - 1]! + 1n) % p;
        const rhs = { ring: a.ring, entries: b.map(String) };
        const v = await run("matrix.sparse_solve.compute", { ...a, rhs, trials: 4, seed });
        if (v.kernel_vector) {
          const w = v.kernel_vector.entries.map(BigInt);
          expect(times(a, w, p).every((t) => t === 0n) && w.some((t: bigint) => t !== 0n), "kernel vector").to.equal(true);
        }
        if (v.status === "solution") expect(times(a, v.solution.entries.map(BigInt), p), "A·x = b").to.deep.equal(b);
        if (v.status === "inconsistent") {
          const y = v.certificate.entries.map(BigInt);
          const ya = new Array<bigint>(n).fill(0n);
          for (const e of a.entries) ya[e.col] = ya[e.col]! + y[e.row]! * BigInt(e.value);
          expect(ya.every((t) => t % p === 0n), "yᵀ·A = 0").to.equal(true);
          expect(y.reduce((s: bigint, t: bigint, i: number) => s + t * b[i]!, 0n) % p, "yᵀ·b").to.not.equal(0n);
          expect(consistent, "a consistent system has no certificate").to.equal(false);
        }
        if (consistent) { consistentCases++; if (v.status === "solution") solved++; }
        else { inconsistentCases++; if (v.status === "inconsistent") certified++; }
        // the checker accepts the producer's answer
        const c = await run("matrix.sparse_solve.verify", { ...a, rhs, claim: v });
        expect(c.verdict).to.equal(v.status === "solution" || v.status === "inconsistent" || v.kernel_vector ? "accepted" : "non_conclusion");
        return true;
      }),
      { numRuns: 80, seed: 815 },
    );
    expect(solved, "consistent systems solved").to.be.greaterThan(0.9 * consistentCases);
    expect(certified, "inconsistent systems certified").to.be.greaterThan(0.5 * inconsistentCases);
  });

  it("singular systems: consistency agrees with PARI (matrank(A) = matrank([A | b])), and verify rejects altered answers", async function () {
    requireGp(this);
    const p = 1000003n;
    const cases: { a: Sparse; b: bigint[] }[] = [];
    for (let i = 0; i < 8; i++) {
      const a = deficient(50_000 + i, 40 + i, 35 + 2 * i, 4, p, 3);
      const r = rng(50_100 + i);
      const b = times(a, Array.from({ length: a.cols }, () => BigInt(r.int(0, 999))), p);
      if (i % 2) b[r.int(0, a.rows - 1)] = BigInt(r.int(0, 999));
      cases.push({ a, b });
    }
    const truth = gp(cases.map(({ a, b }) => `${gpSparse(a, p)} print(matrank(M) == matrank(matconcat([M, [${b.join(",")}]~ * Mod(1, ${p})])))`).join("\n"));
    for (const [i, { a, b }] of cases.entries()) {
      const rhs = { ring: a.ring, entries: b.map(String) };
      const v = await run("matrix.sparse_solve.compute", { ...a, rhs, trials: 4 });
      expect(v.status, `case ${i}`).to.equal(truth[i] === "1" ? "solution" : "inconsistent");
      if (v.status === "solution") {
        const x = v.solution.entries.slice();
        x[0] = String((BigInt(x[0]) + 1n) % p);
        const moved = times(a, x.map(BigInt), p).some((t, k) => t !== b[k]);
        const c = await run("matrix.sparse_solve.verify", { ...a, rhs, claim: { ...v, solution: { ...v.solution, entries: x } } });
        expect(c.verdict, `altered solution ${i}`).to.equal(moved ? "rejected" : "accepted");
      } else {
        const y = v.certificate.entries.map((t: string) => "0");
        const c = await run("matrix.sparse_solve.verify", { ...a, rhs, claim: { ...v, certificate: { ...v.certificate, entries: y } } });
        expect(c.verdict, `zero certificate ${i}`).to.equal("rejected");
      }
      expect((await run("matrix.sparse_solve.verify", { ...a, rhs, claim: { status: "not_found", method: "wiedemann", trials: 0, seed: 1 } })).verdict).to.equal("non_conclusion");
    }
  });

  it("a 2000×2000 system with 20,000 nonzeros is solved (and the sparse rank of the same matrix is 2000, certain)", async () => {
    const a = sparse(40_000, 2000, 2000, 10, 1000003n, true);
    const v = await run("matrix.sparse_solve.compute", { ...a, rhs: rhsOf(40_001, 2000, 1000003n) });
    expect(v.status).to.equal("solution");
    const r = await run("matrix.sparse_rank.compute", a);
    expect(r.rank).to.equal(2000);
    expect(r.certainty).to.equal("certain");
  });

  it("fails closed: ZZ rings, p ≥ 2^26, entries outside the matrix, b of the wrong length or ring", async () => {
    const a = sparse(1, 3, 3, 2, 101n, true);
    const bad = async (payload: unknown, code: string) => {
      const o = (await j.run("matrix.sparse_solve.compute", payload as never)) as any;
      expect(o.outcome, JSON.stringify(payload).slice(0, 100)).to.equal("failed");
      expect(o.error.code).to.equal(code);
    };
    await bad({ ...a, ring: "ZZ", rhs: { ring: "ZZ", entries: ["1", "2", "3"] } }, "DOMAIN_ERROR");
    await bad({ ...a, ring: "GF(67108879)", rhs: { ring: "GF(67108879)", entries: ["1", "2", "3"] } }, "DOMAIN_ERROR");
    await bad({ ...a, entries: [...a.entries, { row: 3, col: 0, value: "1" }], rhs: { ring: a.ring, entries: ["1", "2", "3"] } }, "DOMAIN_ERROR");
    await bad({ ...a, rhs: { ring: a.ring, entries: ["1", "2"] } }, "DOMAIN_ERROR");
    await bad({ ...a, rhs: { ring: "GF(103)", entries: ["1", "2", "3"] } }, "DOMAIN_ERROR");
  });
});
