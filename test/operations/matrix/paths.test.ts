import { expect } from "chai";
import fc from "fast-check";
import { dixonSolveSteps } from "../../../domain/math/linalg/dixon.js";
import { hermite, smith } from "../../../domain/math/linalg/normal_forms.js";
import { hermiteGeneric, smithGeneric } from "../../../domain/math/linalg/normal_forms_fast.js";
import { gp, requireGp } from "../../support/gp.js";
import { parsedRequest } from "../../support/parse.js";
import type { ComputeDeclaration } from "../../../domain/declaration.js";
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

  it("generic Smith and Hermite forms (one determinant, one Dixon solve) equal the general algorithms; they decline when the form is not 1, …, 1, |det| (and rarely when the right-hand sides tried miss a generator)", () => {
    let generic = 0, declined = 0, missed = 0;
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 14 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 1e6 }), fc.boolean(), (n, bits, seed, structured) => {
        let a = big(intMatrix(seed, n, n, bits));
        // structured: A = U·diag(1, …, 1, 2, 6)·V has invariant factors that are not 1, …, 1, det
        if (structured && n >= 3) {
          const u = big(intMatrix(seed + 5, n, n, 3)), v = big(intMatrix(seed + 6, n, n, 3));
          const d = (i: number) => (i === n - 1 ? 6n : i === n - 2 ? 2n : 1n);
          a = u.map((row) => Array.from({ length: n }, (_, k) => row.reduce((s, x, t) => s + x * d(t) * v[t]![k]!, 0n)));
        }
        const full = smith(a, { transform: false });
        const fast = smithGeneric(a);
        if (fast) {
          generic++;
          expect(fast).to.deep.equal(full.diagonal);
        } else {
          const trivial = full.diagonal.length === n && full.diagonal.slice(0, -1).every((x) => x === 1n);
          if (trivial && n > 0) missed++; // allowed (the right-hand sides tried did not generate the quotient), but rare
          else declined++;
        }
        const h = hermiteGeneric(a);
        if (h) expect(h).to.deep.equal(hermite(a, { transform: false }).H);
        return true;
      }),
      { numRuns: 120, seed: 2718 },
    );
    expect(generic, "generic cases exercised").to.be.greaterThan(10);
    expect(declined, "non-generic cases exercised").to.be.greaterThan(10);
    expect(missed, "generic cases the fast path missed").to.be.lessThan(generic / 10);
  });

  it("generic forms with |det| divisible by 2·3·5·7 (cyclic quotient): found on the first right-hand sides (chosen to generate the small-prime parts), equal to the general algorithms; a quotient not cyclic at 2 declines", () => {
    for (let k = 0; k < 12; k++) {
      const n = 26 + (k % 5);
      // A = U·diag(1, …, 1, 210·(k + 1))·V with U, V unimodular (triangular with unit diagonal, then mixed)
      const tri = (seed: number, lower: boolean) => big(intMatrix(seed, n, n, 2)).map((row, i) => row.map((x, j) => (i === j ? 1n : (lower ? j < i : j > i) ? x : 0n)));
      const mul = (X: bigint[][], Y: bigint[][]) => X.map((row) => Y[0]!.map((_, j) => row.reduce((s, x, t) => s + x * Y[t]![j]!, 0n)));
      const U = mul(tri(15_000 + k, true), tri(15_100 + k, false)), V = mul(tri(15_200 + k, false), tri(15_300 + k, true));
      const d = 210n * BigInt(k + 1);
      const a = mul(U.map((row) => row.map((x, t) => (t === n - 1 ? x * d : x))), V);
      const sf = smithGeneric(a);
      expect(sf, `case ${k}`).to.deep.equal(smith(a, { transform: false }).diagonal);
      expect(sf![n - 1], `case ${k}`).to.equal(d);
      const h = hermiteGeneric(a);
      if (h) expect(h, `case ${k}`).to.deep.equal(hermite(a, { transform: false }).H);
      // doubling two rows: 2 divides two invariant factors, not cyclic
      const b = a.map((row, i) => (i < 2 ? row.map((x) => 2n * x) : row));
      expect(smithGeneric(b), `case ${k} doubled`).to.equal(undefined);
      expect(hermiteGeneric(b), `case ${k} doubled`).to.equal(undefined);
    }
  });

  it("SNF and HNF without transforms = matsnf / mathnf on both sides of the generic-path thresholds (12×12–70×70, generic and structured)", async function () {
    requireGp(this);
    const ms: WireMatrix[] = [intMatrix(14_000, 40, 40, 7), intMatrix(14_001, 25, 25, 20), intMatrix(14_002, 12, 12, 31), intMatrix(14_003, 64, 64, 7), intMatrix(14_004, 70, 70, 3), intMatrix(14_005, 22, 22, 7)];
    // 2·B at 30×30 (above the Hermite threshold): Z^n / L is not cyclic, the generic path declines
    ms.push({ ring: "ZZ", rows: big(intMatrix(14_006, 30, 30, 6)).map((row) => row.map((x) => (2n * x).toString())) });
    // entries of 40 bits: the first attempt does not apply
    ms.push(intMatrix(14_021, 30, 30, 40));
    const u = big(intMatrix(14_010, 12, 12, 2)), v = big(intMatrix(14_011, 12, 12, 2));
    ms.push({ ring: "ZZ", rows: u.map((row) => Array.from({ length: 12 }, (_, k) => row.reduce((s, x, t) => s + x * (t > 9 ? 12n : 1n) * v[t]![k]!, 0n).toString())) });
    // ours is row-style on A; mathnf is column-style: rowHNF(A) = J·mathnf((A·J)ᵀ)ᵀ·J with J the reversal
    const truth = gp(ms.map((m) => `A = ${gpMatrix(m)}; n = #A; print(strjoin([Str(x) | x <- Vecrev(matsnf(A))], ",")); H = mathnf(matrix(n, n, i, j, A[j, n + 1 - i])); print(strjoin([strjoin([Str(H[n + 1 - j, n + 1 - i]) | j <- [1..n]], ",") | i <- [1..n]], ";"))`).join("\n"));
    for (const [i, m] of ms.entries()) {
      const s = await run("matrix.smith_form.compute", { matrix: m, transforms: false });
      expect(s.invariant_factors.join(","), `snf ${i}`).to.equal(truth[2 * i]);
      expect((await run("matrix.smith_form.verify", { matrix: m, claim: s })).verdict, `snf ${i}`).to.equal("accepted");
      const h = await run("matrix.hermite_form.compute", { matrix: m, transform: false });
      expect(h.hermite.rows.map((r: string[]) => r.join(",")).join(";"), `hnf ${i}`).to.equal(truth[2 * i + 1]);
      expect((await run("matrix.hermite_form.verify", { matrix: m, claim: h })).verdict, `hnf ${i}`).to.equal("accepted");
    }
  });

  it("where the generic-case first attempt declines (singular 40×40 of rank 35, the zero 32×32) the general algorithms answer, and the checkers accept", async () => {
    for (const m of [lowRank(14_020, 40, 40, 35, 6), { ring: "ZZ", rows: Array.from({ length: 32 }, () => new Array<string>(32).fill("0")) }]) {
      const a = big(m);
      const s = await run("matrix.smith_form.compute", { matrix: m, transforms: false });
      expect(s.invariant_factors).to.deep.equal(smith(a, { transform: false }).diagonal.map(String));
      expect((await run("matrix.smith_form.verify", { matrix: m, claim: s })).verdict).to.equal("accepted");
      const h = await run("matrix.hermite_form.compute", { matrix: m, transform: false });
      expect(h.hermite.rows).to.deep.equal(hermite(a, { transform: false }).H.map((r) => r.map(String)));
      expect(h.rank).to.equal(a.length === 40 ? 35 : 0);
      expect((await run("matrix.hermite_form.verify", { matrix: m, claim: h })).verdict).to.equal("accepted");
    }
  });

  it("the generic-case first attempt of HNF/SNF is bounded only where it applies: square, n at the threshold or above, entries below 2^32, no transforms", async () => {
    const { default: hnf } = await import("../../../operations/matrix/hermite_form_compute.js");
    const { default: snf } = await import("../../../operations/matrix/smith_form_compute.js");
    const parse = (decl: { request: unknown }, payload: unknown) => parsedRequest(decl as never, payload) as never;
    const sq = intMatrix(14_030, 40, 40, 7);
    for (const [decl, flag] of [[hnf, "transform"], [snf, "transforms"]] as [ComputeDeclaration, string][]) {
      const whole = decl.preflight(parse(decl, { matrix: sq, [flag]: false }));
      const first = decl.attempt!.preflight(parse(decl, { matrix: sq, [flag]: false }));
      expect(first, `${decl.id} square`).to.not.equal(undefined);
      expect(first!.units, `${decl.id}: the attempt's bound is below the whole`).to.be.below(whole.units);
      expect(decl.attempt!.preflight(parse(decl, { matrix: sq })), `${decl.id} with transforms`).to.equal(undefined);
      expect(decl.attempt!.preflight(parse(decl, { matrix: intMatrix(14_031, 40, 41, 7), [flag]: false })), `${decl.id} rectangular`).to.equal(undefined);
      expect(decl.attempt!.preflight(parse(decl, { matrix: intMatrix(14_032, 40, 40, 40), [flag]: false })), `${decl.id} 40-bit entries`).to.equal(undefined);
      expect(decl.attempt!.preflight(parse(decl, { matrix: intMatrix(14_033, 12, 12, 7), [flag]: false })), `${decl.id} below the threshold`).to.equal(undefined);
    }
  });

  it("LLL with the floating-point pass (≥ 10 rows): the result is LLL-reduced (checker), spans the input lattice (mathnf), and T·B = reduced", async function () {
    requireGp(this);
    const lattices: WireMatrix[] = [];
    for (let i = 0; i < 4; i++) {
      const n = [10, 16, 24, 30][i]!;
      const w = intMatrix(15_000 + i, n, 1, [60, 100, 160, 40][i]!).rows.map((r) => r[0]!.replace("-", ""));
      lattices.push({ ring: "ZZ", rows: w.map((wi, k) => [wi, ...Array.from({ length: n }, (_, t) => (t === k ? "1" : "0"))]) });
    }
    lattices.push(intMatrix(15_100, 14, 14, 50), intMatrix(15_101, 12, 16, 30));
    const hnf = (m: WireMatrix) => `print(mathnf(${gpMatrix(m)}~))`;
    const outs: WireMatrix[] = [];
    for (const [i, B] of lattices.entries()) {
      for (const delta of ["3/4", "99/100"]) {
        const v = await run("matrix.lll_reduction.compute", { basis: B, delta });
        expect((await run("matrix.lll_reduction.verify", { basis: B, claim: v })).verdict, `lattice ${i}, δ = ${delta}`).to.equal("accepted");
        outs.push(B, v.reduced);
      }
    }
    const truth = gp(outs.map(hnf).join("\n"));
    for (let t = 0; t < truth.length; t += 2) expect(truth[t + 1], `pair ${t / 2}: same lattice`).to.equal(truth[t]);
  });

  it("rank of a matrix whose certified RREF is above the budget: full rank is still settled by the modular attempt, a rank-deficient one is refused before the RREF starts", async () => {
    const m = intMatrix(13_100, 200, 200, 500);
    expect((await run("matrix.rank.compute", { matrix: m })).rank).to.equal(200);
    const deficient = { ring: "ZZ", rows: [m.rows[1]!, ...m.rows.slice(1)] };
    const o = (await j.run("matrix.rank.compute", { matrix: deficient })) as any;
    expect(o.outcome).to.equal("non_conclusion");
    expect(o.reason.code).to.equal("RESOURCE_REFUSED");
    expect(o.reason.message).to.match(/first attempt did not settle/);
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
  it("checker edge cases: invariant factors beyond min(m, n) are rejected, claims over QQ for integer matrices are read in QQ, LLL claims with δ outside (1/4, 1] fail closed", async () => {
    const M = (rows: (string | number)[][], ring = "ZZ") => ({ ring, rows: rows.map((r) => r.map(String)) });
    const raw = async (id: string, payload: unknown) => (await j.run(id, payload as never)) as any;
    const smithCases = [
      { matrix: M([[1]]), claim: { invariant_factors: ["1", "2"], smith: M([[1]]), left: M([[1]]), right: M([[1]]), rank: 2 } },
      { matrix: M([[1]]), claim: { invariant_factors: ["1", "2"], smith: M([[1]]), rank: 2 } },
      { matrix: M([]), claim: { invariant_factors: ["5"], smith: M([]), left: M([]), right: M([]), rank: 1 } },
      { matrix: M([[2, 0, 0]]), claim: { invariant_factors: ["2", "4"], smith: M([[2, 0, 0]]), left: M([[1]]), right: M([[1, 0, 0], [0, 1, 0], [0, 0, 1]]), rank: 2 } },
    ];
    for (const c of smithCases) expect((await run("matrix.smith_form.verify", c)).verdict, JSON.stringify(c)).to.equal("rejected");
    expect((await run("matrix.smith_form.verify", { matrix: M([[2, 0, 0]]), claim: { invariant_factors: ["2"], smith: M([[2, 0, 0]]), rank: 1 } })).verdict).to.equal("accepted");
    const poly = (ring: string, expression: string) => ({ characteristic_polynomial: { ring, variables: ["x"], expression } });
    expect((await run("matrix.characteristic_polynomial.verify", { matrix: M([[1, 2], [3, 4]]), claim: poly("QQ", "x^2 - 5*x - 2") })).verdict).to.equal("accepted");
    expect((await run("matrix.characteristic_polynomial.verify", { matrix: M([[1, 2], [3, 4]]), claim: poly("QQ", "x^2 - 5*x - 1/2") })).verdict).to.equal("rejected");
    expect((await run("matrix.determinant.verify", { matrix: M([[1, 2], [3, 4]]), claim: { determinant: "-2", ring: "QQ" } })).verdict).to.equal("accepted");
    expect((await run("matrix.determinant.verify", { matrix: M([[1, 2], [3, 4]]), claim: { determinant: "-1/2", ring: "QQ" } })).verdict).to.equal("rejected");
    for (const delta of ["0", "1/4", "1/5", "2"]) {
      const o = await raw("matrix.lll_reduction.verify", { basis: M([[2, 0], [1, 1]]), claim: { reduced: M([[2, 0], [1, 1]]), rank: 2, delta } });
      expect([o.outcome, o.error?.code, o.error?.path], delta).to.deep.equal(["failed", "DOMAIN_ERROR", "payload.claim.delta"]);
    }
  });
});
