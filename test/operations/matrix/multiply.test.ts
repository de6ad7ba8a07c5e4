import { expect } from "chai";
import { toWire } from "../../../domain/kinds.js";
import { parsedRequest, parsedResult } from "../../support/parse.js";
import fc from "fast-check";
import { createExecutionContext } from "../../../application/execution.js";
import { bareissDeterminant, multiplyInteger } from "../../../domain/math/matrix.js";
import multiply from "../../../operations/matrix/multiply_compute.js";
import { testJacobian } from "../../support/runtime.js";
import { gfMatrix, intMatrix, ratMatrix } from "./random.js";

const ctx = () => createExecutionContext(new AbortController().signal);
const ints = (m: { rows: string[][] }) => m.rows.map((r) => r.map(BigInt));

describe("operations/matrix matrix.multiply.compute", function () {
  this.timeout(60_000);
  const j = testJacobian({ packs: ["matrix"] });
  after(() => j.close());
  const run = (payload: Record<string, unknown>, opts = {}) => j.run("matrix.multiply.compute", payload, opts) as Promise<any>;

  it("fails closed on ring and shape mismatches with paths", async () => {
    const a = { ring: "ZZ", rows: [["1", "2"], ["3", "4"]] };
    let o = await run({ left: a, right: { ring: "QQ", rows: [["1"], ["2"]] } });
    expect(o.error).to.include({ code: "DOMAIN_ERROR", path: "payload.right.ring" });
    o = await run({ left: a, right: { ring: "ZZ", rows: [["1", "2"]] } });
    expect(o.error).to.include({ code: "DOMAIN_ERROR", path: "payload.right.rows" });
    o = await run({ left: { ring: "GF(5)", rows: [["1"]] }, right: { ring: "GF(7)", rows: [["1"]] } });
    expect(o.error).to.include({ code: "DOMAIN_ERROR", path: "payload.right.ring" });
    o = await run({ left: a });
    expect(o.error.code).to.equal("INVALID_PAYLOAD");
    o = await run({ left: a, right: a, out: "x" });
    expect(o.error).to.include({ code: "UNKNOWN_ARGUMENT", path: "payload.out" });
  });

  it("handles empty shapes: 0×0 · 0×0 and n×0 · 0×0", async () => {
    let o = await run({ left: { ring: "ZZ", rows: [] }, right: { ring: "ZZ", rows: [] } });
    expect(o.value.product).to.deep.equal({ ring: "ZZ", rows: [] });
    o = await run({ left: { ring: "QQ", rows: [[], []] }, right: { ring: "QQ", rows: [] } });
    expect(o.value.product).to.deep.equal({ ring: "QQ", rows: [[], []] });
  });

  it("Freivalds catches wrong products on random inputs", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 7 }), fc.integer({ min: 1, max: 7 }), fc.integer({ min: 1, max: 7 }), fc.integer(), fc.constantFrom("ZZ", "QQ", "GF(7)", "GF(2305843009213693951)"), async (n, k, m, seed, ring) => {
        const mk = (s: number, r: number, c: number) =>
          ring === "ZZ" ? intMatrix(s, r, c, 40) : ring === "QQ" ? ratMatrix(s, r, c, 10, 6) : gfMatrix(s, r, c, BigInt(ring.slice(3, -1)));
        const req = parsedRequest(multiply, { left: mk(seed, n, k), right: mk(seed + 1, k, m) });
        const res = toWire(await multiply.execute(req, ctx())) as any;
        const post = (r: unknown) => multiply.postcondition(req, parsedResult(multiply, r));
        expect(post(res)).to.equal(null);
        const bad = structuredClone(res);
        const i = (seed >>> 0) % n, c = (seed >>> 3) % m;
        const e = bad.product.rows[i]![c]!;
        if (ring.startsWith("GF")) {
          const p = BigInt(ring.slice(3, -1));
          bad.product.rows[i]![c] = ((BigInt(e) + 1n) % p).toString();
        } else if (ring === "QQ") {
          bad.product.rows[i]![c] = e === "0" ? "1/2" : e.startsWith("-") ? e.slice(1) : `-${e}`;
        } else {
          bad.product.rows[i]![c] = (BigInt(e) + 1n).toString();
        }
        expect(post(bad)).to.be.a("string");
      }),
      { numRuns: 80 },
    );
  });

  it("det(AB) = det(A)·det(B) through both operations", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 8 }), fc.integer(), fc.constantFrom(3, 30, 64), async (n, seed, bits) => {
        const a = intMatrix(seed, n, n, bits), b = intMatrix(seed ^ 0x5555, n, n, bits);
        const p = await run({ left: a, right: b });
        const d = await j.run("matrix.determinant.compute", { matrix: p.value.product });
        expect((d as any).value.determinant).to.equal((bareissDeterminant(ints(a)) * bareissDeterminant(ints(b))).toString());
      }),
      { numRuns: 40 },
    );
  });

  it("agrees with the naive integer product on a larger case and refuses oversize requests", async () => {
    const a = intMatrix(21, 40, 30, 64), b = intMatrix(22, 30, 50, 64);
    const o = await run({ left: a, right: b });
    expect(o.value.product.rows).to.deep.equal(multiplyInteger(ints(a), ints(b)).map((r) => r.map(String)));
    // Default budget: a rational row whose denominators are 500 distinct 1989-digit numbers could give
    // product entries far beyond the product entry bound: refused before any work.
    const dens = Array.from({ length: 500 }, (_, i) => `${"7".repeat(1980)}${String(100000000 + i)}`);
    const wide = { ring: "QQ", rows: [dens.map((d) => `1/${d}`)] };
    const tall = { ring: "QQ", rows: dens.map(() => ["1"]) };
    const t0 = performance.now();
    const r = await run({ left: wide, right: tall });
    expect(r.outcome).to.equal("non_conclusion");
    expect(r.reason.code).to.equal("RESOURCE_REFUSED");
    expect(r.reason.message).to.match(/characters/);
    expect(performance.now() - t0).to.be.below(3_000);
    // An operator budget refuses a moderate product by its work estimate.
    const tight = testJacobian({ packs: ["matrix"], budgets: { "matrix.multiply.compute": { max_units: 1e5 } } });
    const t = (await tight.run("matrix.multiply.compute", { left: intMatrix(1, 60, 60, 31), right: intMatrix(2, 60, 60, 31) })) as any;
    expect(t.reason.code).to.equal("RESOURCE_REFUSED");
    expect(t.reason.message).to.match(/60×60 by 60×60/);
    await tight.close();
  });
});
