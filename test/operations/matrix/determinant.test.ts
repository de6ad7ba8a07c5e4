import { expect } from "chai";
import { parsedRequest, parsedResult } from "../../support/parse.js";
import { bareissDeterminant } from "../../../domain/math/matrix.js";
import compute from "../../../operations/matrix/determinant_compute.js";
import { testJacobian } from "../../support/runtime.js";
import { intMatrix } from "./random.js";

describe("operations/matrix matrix.determinant.compute", function () {
  this.timeout(60_000);
  const j = testJacobian({ packs: ["matrix"] });
  after(() => j.close());

  const run = (payload: Record<string, unknown>, opts = {}) => j.run("matrix.determinant.compute", payload, opts) as Promise<any>;

  it("fails closed with paths: non-square, ragged, bad entries, non-fields, unknown fields", async () => {
    const cases: [unknown, string, string][] = [
      [{ ring: "ZZ", rows: [["1", "2"], ["3", "4"], ["5", "6"]] }, "DOMAIN_ERROR", "payload.matrix.rows"],
      [{ ring: "ZZ", rows: [["1", "2", "3"]] }, "DOMAIN_ERROR", "payload.matrix.rows"],
      [{ ring: "ZZ", rows: [["1", "2"], ["3"]] }, "INVALID_PAYLOAD", "payload.matrix.rows[1]"],
      [{ ring: "ZZ", rows: [["1", "1/2"], ["3", "4"]] }, "INVALID_PAYLOAD", "payload.matrix.rows[0][1]"],
      [{ ring: "ZZ", rows: [["1", 2], ["3", "4"]] }, "INVALID_PAYLOAD", "payload.matrix.rows[0][1]"],
      [{ ring: "ZZ", rows: [["01", "2"], ["3", "4"]] }, "INVALID_PAYLOAD", "payload.matrix.rows[0][0]"],
      [{ ring: "GF(4)", rows: [["1"]] }, "DOMAIN_ERROR", "payload.matrix.ring"],
      [{ ring: "GF(5)", rows: [["1/5"]] }, "INVALID_PAYLOAD", "payload.matrix.rows[0][0]"],
      [{ ring: "RR", rows: [["1"]] }, "INVALID_PAYLOAD", "payload.matrix.ring"],
      [{ ring: "QQ", rows: [["1/0"]] }, "INVALID_PAYLOAD", "payload.matrix.rows[0][0]"],
      // entries the request's one-loop entry check refuses go to the full type, for its paths
      [{ ring: "QQ", rows: [["1", "-0"], ["3", "4"]] }, "INVALID_PAYLOAD", "payload.matrix.rows[0][1]"],
      [{ ring: "QQ", rows: [["1", "2"], ["3", "1/-4"]] }, "INVALID_PAYLOAD", "payload.matrix.rows[1][1]"],
      [{ ring: "QQ", rows: [["1", "2"], [null, "4"]] }, "INVALID_PAYLOAD", "payload.matrix.rows[1][0]"],
      [{ ring: "ZZ", rows: [["1", "9".repeat(25_000)], ["3", "4"]] }, "INVALID_PAYLOAD", "payload.matrix.rows[0][1]"],
      [{ ring: "ZZ", rows: Array.from({ length: 30 }, (_, i) => Array.from({ length: 30 }, (_, k) => (i === 29 && k === 7 ? "0/" : String(i * k + 1)))) }, "INVALID_PAYLOAD", "payload.matrix.rows[29][7]"],
    ];
    for (const [matrix, code, path] of cases) {
      const o = await run({ matrix });
      expect(o.outcome, JSON.stringify(matrix)).to.equal("failed");
      expect(o.error, JSON.stringify(matrix)).to.include({ code, path });
    }
    const extra = await run({ matrix: { ring: "ZZ", rows: [["1"]], cols: 1 } });
    expect(extra.error).to.include({ code: "UNKNOWN_ARGUMENT", path: "payload.matrix.cols" });
    const big = await run({ matrix: { ring: "ZZ", rows: Array.from({ length: 501 }, () => []) } });
    expect(big.error.code).to.equal("INVALID_PAYLOAD");
    expect(big.error.path).to.match(/^payload\.matrix\.rows/);
  });

  it("reads GF(p) entries as residues and writes the canonical residue", async () => {
    const o = await run({ matrix: { ring: "GF(7)", rows: [["10", "-2"], ["-5", "13"]] } }); // ≡ [[3,5],[2,6]]
    expect(o.value).to.deep.equal({ determinant: "1", ring: "GF(7)" });
    const q = await run({ matrix: { ring: "QQ", rows: [["2/4", "0"], ["0", "-6/3"]] } });
    expect(q.value).to.deep.equal({ determinant: "-1", ring: "QQ" });
  });

  it("GF(p) with p of 26–40 digits (above 3.3·10^24, where primality needs a proof): the field is accepted and the determinant is det over ZZ mod p (issue 8)", async () => {
    // 10^25 + 13 as in the issue; three primes whose p − 1 rho alone could not factor far enough for a Pocklington proof;
    // a 40-digit safe prime (p − 1 = 2q, the proof recurses into q); the largest 40-digit prime.
    const primes = [
      10n ** 25n + 13n,
      831333936376260959618293147867n,
      66380406284072817406016974264270999n,
      8488826144786014032594404968507932854533n,
      2000000000000000000000000000000000018543n,
      10n ** 40n - 17n,
    ];
    for (const [i, p] of primes.entries()) {
      const m = intMatrix(300 + i, 6, 6, 140, `GF(${p})`);
      const zz = bareissDeterminant(m.rows.map((r) => r.map(BigInt)));
      const o = await run({ matrix: m });
      expect(o.outcome, `GF(${p}): ${JSON.stringify(o.error ?? o.reason ?? {})}`).to.equal("completed");
      expect(o.value).to.deep.equal({ determinant: (((zz % p) + p) % p).toString(), ring: `GF(${p})` });
    }
  });

  it("reports work-step progress monotonically (small n: one step per prime; n ≥ 20: lifting steps, then primes)", async () => {
    for (const n of [12, 30]) {
      const m = intMatrix(1, n, n, 8);
      const seen: number[] = [];
      const o = await run({ matrix: m }, { onProgress: (d: number) => seen.push(d) });
      expect(o.outcome).to.equal("completed");
      expect(o.value.determinant).to.equal(bareissDeterminant(m.rows.map((r) => r.map(BigInt))).toString());
      expect(seen.length).to.be.above(1);
      expect(seen).to.deep.equal(seen.map((_, i) => i + 1));
    }
  });

  it("refuses over-budget inputs in preflight, quickly, with the basis of the estimate", async () => {
    const m = intMatrix(2, 500, 500, 33);
    const t0 = performance.now();
    const o = await run({ matrix: m });
    const ms = performance.now() - t0;
    expect(o.outcome).to.equal("non_conclusion");
    expect(o.reason.code).to.equal("RESOURCE_REFUSED");
    expect(o.reason.message).to.match(/500×500/);
    expect(ms).to.be.below(3_000);
    const est = compute.preflight(parsedRequest(compute, { matrix: m }));
    expect(est.units).to.be.above(compute.budget.max_units);

    // An operator budget applies the same way to a moderate matrix.
    const tight = testJacobian({ packs: ["matrix"], budgets: { "matrix.determinant.compute": { max_units: 1e6 } } });
    const r = (await tight.run("matrix.determinant.compute", { matrix: intMatrix(3, 60, 60, 31) })) as any;
    expect(r.reason.code).to.equal("RESOURCE_REFUSED");
    await tight.close();
  });

  it("the cost model grows with dimension and entry size and stays near the measured cost", () => {
    const u = (n: number, bits: number) => compute.preflight(parsedRequest(compute, { matrix: intMatrix(4, n, n, bits) })).units;
    expect(u(40, 31)).to.be.above(u(20, 31) * 4);
    expect(u(40, 62)).to.be.above(u(40, 31) * 2);
    expect(u(40, 31)).to.be.above(u(40, 3));
    // GF(p): cubic in n, cheap doubles below 2^26
    const g = (n: number, p: string) => compute.preflight(parsedRequest(compute, { matrix: { ring: `GF(${p})`, rows: intMatrix(4, n, n, 10).rows.map((r) => r.map((v) => v.replace("-", ""))) } })).units;
    expect(g(100, "1208925819614629174706189")).to.be.above(g(100, "65521") * 3);
  });

  it("can be cancelled mid-elimination (non_conclusion CANCELLED, promptly)", async () => {
    const m = intMatrix(7, 300, 300, 20);
    const ac = new AbortController();
    const p = run({ matrix: m }, { signal: ac.signal });
    await new Promise((r) => setTimeout(r, 150));
    const t0 = performance.now();
    ac.abort();
    const o = await p;
    expect(o.outcome).to.equal("non_conclusion");
    expect(o.reason.code).to.equal("CANCELLED");
    expect(performance.now() - t0).to.be.below(1_000);
  });

  it("runs the cooperative path inline too (checkpoints and yields reach the signal)", async () => {
    const inline = testJacobian({ packs: ["matrix"], pool: false });
    const ac = new AbortController();
    const p = inline.run("matrix.determinant.compute", { matrix: intMatrix(8, 300, 300, 20) }, { signal: ac.signal }) as Promise<any>;
    setTimeout(() => ac.abort(), 150);
    const t0 = performance.now();
    const o = await p;
    expect(o.outcome).to.equal("non_conclusion");
    expect(o.reason.code).to.equal("CANCELLED");
    expect(performance.now() - t0).to.be.below(1_500);
    await inline.close();
  });

  it("postcondition catches a wrong determinant (it is not vacuous)", () => {
    const post = (matrix: unknown, res: unknown) => compute.postcondition(parsedRequest(compute, { matrix }), parsedResult(compute, res));
    const m = intMatrix(9, 8, 8, 20);
    const d = bareissDeterminant(m.rows.map((r) => r.map(BigInt)));
    expect(post(m, { determinant: d.toString(), ring: "ZZ" })).to.equal(null);
    expect(post(m, { determinant: (d + 1n).toString(), ring: "ZZ" })).to.be.a("string");
    expect(post(m, { determinant: d.toString(), ring: "QQ" })).to.be.a("string");
    const q = { ring: "QQ", rows: [["1/2", "1/3"], ["1/4", "1/5"]] };
    expect(post(q, { determinant: "1/60", ring: "QQ" })).to.equal(null);
    // (non-canonical "2/120" cannot reach the postcondition: results are published by toWire, canonical by construction)
    expect(post(q, { determinant: "1/61", ring: "QQ" })).to.be.a("string");
    const g = { ring: "GF(7)", rows: [["3", "5"], ["2", "6"]] };
    expect(post(g, { determinant: "8", ring: "GF(7)" })).to.be.a("string");
    expect(post(g, { determinant: "2", ring: "GF(7)" })).to.be.a("string");
  });
});
