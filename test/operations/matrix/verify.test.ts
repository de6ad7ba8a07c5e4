import { expect } from "chai";
import { toWire } from "../../../domain/kinds.js";
import { parsedRequest, parsedResult } from "../../support/parse.js";
import fc from "fast-check";
import { createExecutionContext } from "../../../application/execution.js";
import { hadamardBound, smallModulus } from "../../../domain/math/matrix.js";
import { parseRationalWire as parseRational } from "../../../domain/kinds.js";
import { formatRational, ratAdd, rational, ratSub } from "../../../domain/math/rational.js";
import type { CheckerFinding } from "../../../domain/outcome.js";
import compute from "../../../operations/matrix/determinant_compute.js";
import verify from "../../../operations/matrix/determinant_verify.js";
import { testJacobian } from "../../support/runtime.js";
import { gfMatrix, intMatrix, ratMatrix, type WireMatrix } from "./random.js";

const ctx = () => createExecutionContext(new AbortController().signal);

const wire = (ring: string, entry: fc.Arbitrary<string>, maxN: number) =>
  fc.integer({ min: 0, max: maxN }).chain((n) => fc.array(fc.array(entry, { minLength: n, maxLength: n }), { minLength: n, maxLength: n }).map((rows) => ({ ring, rows })));
const intEntry = fc.oneof(fc.bigInt({ min: -(1n << 70n), max: 1n << 70n }), fc.bigInt({ min: -3n, max: 3n })).map(String);
const ratEntry = fc.tuple(fc.bigInt({ min: -40n, max: 40n }), fc.bigInt({ min: 1n, max: 9n })).map(([n, d]) => formatRational(rational(n, d)));
const anyMatrix = fc.oneof(
  wire("ZZ", intEntry, 9),
  wire("QQ", ratEntry, 7),
  fc.constantFrom("GF(2)", "GF(7)", "GF(67108859)", "GF(2305843009213693951)").chain((ring) => {
    const p = BigInt(ring.slice(3, -1));
    return wire(ring, fc.bigInt({ min: 0n, max: p - 1n }).map(String), 8);
  }),
);

/** The wire result of the producer, run on parsed input as the pipeline does. */
async function computeWire(matrix: WireMatrix): Promise<{ determinant: string; ring: string }> {
  return toWire(await compute.execute(parsedRequest(compute, { matrix }), ctx())) as { determinant: string; ring: string };
}
const verifyReq = (matrix: WireMatrix, determinant: string) => parsedRequest(verify, { matrix, claim: { determinant } });

async function check(matrix: WireMatrix, determinant: string): Promise<CheckerFinding> {
  const req = verifyReq(matrix, determinant);
  const f = await verify.execute(req, ctx());
  expect(verify.postcondition(req, f), `postcondition for claim ${determinant}`).to.equal(null);
  return f;
}

describe("operations/matrix matrix.determinant.verify", () => {
  it("accepts the computed determinant and rejects det ± 1 (ZZ, QQ, GF(p))", async () => {
    await fc.assert(
      fc.asyncProperty(anyMatrix, async (matrix) => {
        const res = await computeWire(matrix);
        expect(compute.postcondition(parsedRequest(compute, { matrix }), parsedResult(compute, res))).to.equal(null);
        expect((await check(matrix, res.determinant)).verdict).to.equal("accepted");
        const d = parseRational(res.determinant, "d");
        for (const wrong of [ratAdd(d, rational(1n)), ratSub(d, rational(1n))]) {
          const f = await check(matrix, formatRational(wrong));
          expect(f.verdict, `claim ${formatRational(wrong)} for det ${res.determinant}`).to.equal("rejected");
          expect(f.bindings.prime ?? f.bindings.hadamard_bound).to.be.a("string");
        }
      }),
      { numRuns: 120 },
    );
  });

  it("rejects claims beyond Hadamard's bound without modular work, and accepts up to the bound only when true", async () => {
    const m = intMatrix(11, 6, 6, 20);
    const H = hadamardBound(m.rows.map((r) => r.map(BigInt)));
    for (const claim of [H + 1n, -(H + 1n), 10n ** 400n]) {
      const f = await check(m, claim.toString());
      expect(f.verdict).to.equal("rejected");
      expect(f.bindings.hadamard_bound).to.equal(H.toString());
      expect(f.bindings.prime).to.equal(undefined);
    }
    const f = await check(m, H.toString());
    expect(f.verdict).to.equal("rejected");
    expect(f.bindings.prime).to.be.a("string");
  });

  it("rejects non-integral claims for integer matrices and claims whose scaled value is not integral over QQ", async () => {
    const z = await check({ ring: "ZZ", rows: [["1", "2"], ["3", "4"]] }, "-4/2");
    expect(z.verdict).to.equal("accepted"); // -4/2 is the integer -2
    const half = await check({ ring: "ZZ", rows: [["1", "2"], ["3", "4"]] }, "1/2");
    expect(half.verdict).to.equal("rejected");
    expect(half.reason).to.match(/integer/);
    const q = await check({ ring: "QQ", rows: [["1/2", "0"], ["0", "1/3"]] }, "1/7");
    expect(q.verdict).to.equal("rejected");
    expect(q.bindings.scale).to.equal("6");
    expect((await check({ ring: "QQ", rows: [["1/2", "0"], ["0", "1/3"]] }, "2/12")).verdict).to.equal("accepted");
  });

  it("compares GF(p) claims as field elements and refuses claims that are not elements", async () => {
    expect((await check({ ring: "GF(7)", rows: [["3", "5"], ["2", "6"]] }, "15")).verdict).to.equal("accepted");
    expect((await check({ ring: "GF(7)", rows: [["3", "5"], ["2", "6"]] }, "-6")).verdict).to.equal("accepted");
    expect((await check({ ring: "GF(7)", rows: [["3", "5"], ["2", "6"]] }, "1/8")).verdict).to.equal("accepted");
    expect((await check({ ring: "GF(7)", rows: [["1", "3"], ["1", "5"]] }, "1/1")).verdict).to.equal("rejected"); // det = 2
    let err: unknown;
    try {
      await verify.execute(verifyReq({ ring: "GF(7)", rows: [["1"]] }, "1/14"), ctx());
    } catch (e) {
      err = e;
    }
    expect(err).to.have.property("code", "DOMAIN_ERROR");
    expect(err).to.have.property("path", "payload.claim.determinant");
  });

  it("uses as many moduli as the bound requires, and the postcondition refuses forged findings", async () => {
    const m = intMatrix(5, 30, 30, 31);
    const det = (await computeWire(m)).determinant;
    const req = verifyReq(m, det);
    const f = await verify.execute(req, ctx());
    expect(f.verdict).to.equal("accepted");
    const hBits = BigInt(f.bindings.hadamard_bound as string).toString(2).length;
    expect(f.bindings.moduli).to.be.at.least(Math.ceil((hBits + 1) / 26));
    expect(f.bindings.moduli_product_bits).to.be.above(hBits + 1);
    // …and no more than needed: one modulus fewer does not exceed 2H.
    const H = BigInt(f.bindings.hadamard_bound as string);
    let fewer = 1n;
    for (let i = 0; i < (f.bindings.moduli as number) - 1; i++) fewer *= BigInt(smallModulus(i));
    expect(fewer <= 2n * H).to.equal(true);
    expect((f.evidence as any).moduli.count).to.equal(f.bindings.moduli);
    // The postcondition is not vacuous: tampered findings are refused.
    expect(verify.postcondition(req, { ...f, verdict: "rejected" })).to.be.a("string");
    expect(verify.postcondition(req, { ...f, bindings: { ...f.bindings, moduli: 1 } })).to.be.a("string");
    expect(verify.postcondition(verifyReq(m, (BigInt(det) + 1n).toString()), f)).to.be.a("string");
    const wrong = await verify.execute(verifyReq(m, (BigInt(det) + 2n).toString()), ctx());
    expect(verify.postcondition(req, wrong)).to.be.a("string"); // its counterexample does not hold for the true claim
  });

  it("reports progress in moduli and can be cancelled between moduli", async () => {
    const m = intMatrix(6, 40, 40, 31);
    const det = (await computeWire(m)).determinant;
    const seen: [number, number | undefined][] = [];
    const f = await verify.execute(verifyReq(m, det), createExecutionContext(new AbortController().signal, (d, t) => seen.push([d, t])));
    expect(f.verdict).to.equal("accepted");
    const total = f.bindings.moduli as number;
    expect(seen.length).to.be.greaterThan(1);
    expect(seen.every(([, t]) => t === total)).to.equal(true);
    expect(seen.map(([d]) => d)).to.deep.equal([...seen.map(([d]) => d)].sort((a, b) => a - b));
    expect(seen[seen.length - 1]![0]).to.equal(total);
    const ac = new AbortController();
    ac.abort();
    let err: unknown;
    try {
      await verify.execute(verifyReq(m, det), createExecutionContext(ac.signal));
    } catch (e) {
      err = e;
    }
    expect(err).to.have.property("name", "AbortedError");
  });

  describe("through the API", () => {
    const j = testJacobian({ packs: ["matrix"] });
    after(() => j.close());

    it("stores compact evidence bound to the claim and rejects with a named prime", async () => {
      const m = ratMatrix(3, 12, 12, 20, 9);
      const det = await j.run("matrix.determinant.compute", { matrix: m });
      const d = (det as any).value.determinant as string;
      const ok = await j.run("matrix.determinant.verify", { matrix: m, claim: { determinant: d } });
      expect(ok.outcome).to.equal("completed");
      const v = (ok as any).value;
      expect(v.verdict).to.equal("accepted");
      expect(v.bindings.evidence).to.match(/^artifact:\/\/sha256\//);
      expect((ok as any).artifacts).to.deep.equal([v.bindings.evidence]);
      const art = (await j.artifact(v.bindings.evidence)) as any;
      expect(art.kind).to.equal("evidence");
      expect(art.result.claim_digest).to.equal(v.bindings.claim_digest);
      expect(art.result.evidence.moduli.count).to.equal(v.bindings.moduli);
      expect(JSON.stringify(art).length).to.be.below(20_000);

      const bad = await j.run("matrix.determinant.verify", { matrix: m, claim: { determinant: formatRational(ratAdd(parseRational(d, "d"), rational(1n, 3n))) } });
      const b = (bad as any).value;
      expect(b.verdict).to.equal("rejected");
      expect(b.bindings.prime).to.match(/^[0-9]+$/);
      expect(b.bindings.determinant_mod_prime).to.not.equal(b.bindings.claim_mod_prime);
      expect(b.bindings.claim_digest).to.not.equal(v.bindings.claim_digest);
    });

    it("fails closed on non-square matrices and unknown binding fields", async () => {
      const o = await j.run("matrix.determinant.verify", { matrix: { ring: "ZZ", rows: [["1", "2"]] }, claim: { determinant: "0" } });
      expect((o as any).error).to.include({ code: "DOMAIN_ERROR", path: "payload.matrix.rows" });
      const u = await j.run("matrix.determinant.verify", { matrix: { ring: "ZZ", rows: [["1"]] }, claim: { determinant: "1" }, method: "x" });
      expect((o as any).outcome).to.equal("failed");
      expect((u as any).error).to.include({ code: "UNKNOWN_ARGUMENT", path: "payload.method" });
    });

    it("verifies over GF(p) for a large p", async () => {
      const p = 1000000000000000000000007n;
      const m = gfMatrix(9, 15, 15, p);
      const d = ((await j.run("matrix.determinant.compute", { matrix: m })) as any).value.determinant;
      const ok = (await j.run("matrix.determinant.verify", { matrix: m, claim: { determinant: d } })) as any;
      expect(ok.value.verdict).to.equal("accepted");
      expect(ok.value.bindings.method).to.equal("gaussian_elimination_mod_p");
      const bad = (await j.run("matrix.determinant.verify", { matrix: m, claim: { determinant: ((BigInt(d) + 1n) % p).toString() } })) as any;
      expect(bad.value.verdict).to.equal("rejected");
    });
  });
});
