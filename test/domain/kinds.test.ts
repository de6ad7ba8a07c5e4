import { expect } from "chai";
import fc from "fast-check";
import { GF, INTEGER_PATTERN, isKnownKind, isRationalWire, kindSpec, parseIntegerWire, parseMatrixWire, parseRationalWire, parseRingWire, QQ, RATIONAL_PATTERN, registeredKinds, toWire, ZZ } from "../../domain/kinds.js";
import { rational } from "../../domain/math/rational.js";
import { testJacobian } from "../support/runtime.js";

describe("domain/kinds: the value-kind registry", () => {
  it("registers each kind once with a wire description, a formatter and a size measure", () => {
    const names = registeredKinds().map((k) => k.name);
    expect(names).to.include.members(["integer", "rational", "ring", "matrix", "vector", "boolean"]);
    expect(new Set(names).size).to.equal(names.length);
    for (const k of registeredKinds()) {
      expect(k.wire, k.name).to.be.a("string").and.not.equal("");
      expect(k.measure, k.name).to.be.a("string");
    }
    expect(kindSpec("integer")!.size(-12345n)).to.equal(5);
    expect(isKnownKind("matrix")).to.equal(true);
    expect(isKnownKind("integer.prime_factorization")).to.equal(true); // a producer result kind
    expect(isKnownKind("Matrix")).to.equal(false);
  });

  it("toWire gives the canonical form: reduced rationals, reduced GF(p) entries, tagged composites", () => {
    expect(toWire(-42n)).to.equal("-42");
    expect(toWire(parseRationalWire("-4/2", "x"))).to.equal("-2");
    expect(toWire(parseRationalWire("6/4", "x"))).to.equal("3/2");
    expect(toWire({ a: [1n, rational(2n, 4n)], b: "s", c: 3, d: true, e: null })).to.deep.equal({ a: ["1", "1/2"], b: "s", c: 3, d: true, e: null });
    expect(toWire(parseMatrixWire({ ring: "GF(7)", rows: [["8", "-1"]] }, "m"))).to.deep.equal({ ring: "GF(7)", rows: [["1", "6"]] });
    expect(toWire(parseMatrixWire({ ring: "QQ", rows: [["2/4"]] }, "m"))).to.deep.equal({ ring: "QQ", rows: [["1/2"]] });
    expect(toWire({ r: ZZ, s: QQ, t: GF(101n) })).to.deep.equal({ r: "ZZ", s: "QQ", t: "GF(101)" });
    // A structured clone (what a pool worker receives) formats the same way.
    expect(toWire(structuredClone(parseMatrixWire({ ring: "GF(5)", rows: [["7"]] }, "m")))).to.deep.equal({ ring: "GF(5)", rows: [["2"]] });
  });

  it("integer and rational entries: the character-scanning fast path accepts exactly the canonical patterns and gives the same reduced values as bigint arithmetic", () => {
    const edge = ["0", "-0", "00", "01", "-01", "7", "-7", "0/5", "-0/5", "5/0", "1/05", "1/-5", "-", "", "/", "1/", "/3", "+3", "3 ", "1e3", "٣",
      "999999999999999", "-999999999999999", "1000000000000000", "-1000000000000000", "999999999999999/999999999999998", "1/1000000000000000", "6/4", "-6/4", "1023", "-1023", "1024", "-1024"];
    const digitsOf = fc.string({ unit: fc.constantFrom("0", "1", "2", "5", "9"), minLength: 0, maxLength: 17 });
    const candidates = fc.oneof(
      fc.constantFrom(...edge),
      fc.tuple(fc.constantFrom("", "-"), digitsOf).map(([sg, d]) => sg + d),
      fc.tuple(fc.constantFrom("", "-"), digitsOf, digitsOf).map(([sg, a, b]) => `${sg}${a}/${b}`),
      fc.string({ unit: fc.constantFrom("0", "1", "-", "/", "9", " ", "a"), maxLength: 8 }),
    );
    const outcome = (f: () => unknown) => {
      try {
        return f();
      } catch (e) {
        return `refused ${(e as { code?: string }).code}`;
      }
    };
    fc.assert(
      fc.property(candidates, (x) => {
        if (isRationalWire(x) !== RATIONAL_PATTERN.test(x)) return false; // the request's entry check
        const r = outcome(() => parseRationalWire(x, "x")) as { num: bigint; den: bigint } | string;
        if (!RATIONAL_PATTERN.test(x)) return r === "refused INVALID_PAYLOAD";
        const [a, b] = x.split("/");
        const want = rational(BigInt(a!), BigInt(b ?? "1"));
        const i = outcome(() => parseIntegerWire(x, "x"));
        if (INTEGER_PATTERN.test(x) ? i !== BigInt(x) : i !== "refused INVALID_PAYLOAD") return false;
        return typeof r === "object" && r.num === want.num && r.den === want.den;
      }),
      { numRuns: 3000, seed: 8080 },
    );
  });

  it("parses rings with a proof: composites and unprovable characteristics are refused with the path", () => {
    expect(() => parseRingWire("GF(15)", "payload.m.ring")).to.throw(/not a field/).with.property("path", "payload.m.ring");
    expect(parseRingWire("GF(2305843009213693951)", "r")).to.deep.equal(GF(2305843009213693951n));
    // Above 3.3·10^24 deterministic Miller–Rabin stops; the Pocklington prover still proves 10^25 + 13.
    expect(parseRingWire("GF(10000000000000000000000013)", "r")).to.deep.equal(GF(10n ** 25n + 13n));
    expect(() => parseRingWire("GF(10000000000000000000000011)", "r")).to.throw(/not prime/);
  });

  describe("parse once, digest the canonical form", () => {
    const j = testJacobian({ packs: ["matrix"], pool: false });
    after(() => j.close());
    const digest = async (payload: Record<string, unknown>) => {
      const o = (await j.run("matrix.determinant.verify", payload)) as any;
      expect(o.outcome, JSON.stringify(o)).to.equal("completed");
      return { digest: o.value.bindings.claim_digest as string, verdict: o.value.verdict as string };
    };

    it('"-4/2" and "-2" make the same claim', async () => {
      const m = { ring: "QQ", rows: [["1", "0"], ["0", "-2"]] };
      const a = await digest({ matrix: m, claim: { determinant: "-4/2" } });
      const b = await digest({ matrix: m, claim: { determinant: "-2" } });
      expect(a).to.deep.equal(b);
      expect(a.verdict).to.equal("accepted");
    });

    it('GF(7) rows ["8"] and ["1"] make the same claim; a different matrix does not', async () => {
      const a = await digest({ matrix: { ring: "GF(7)", rows: [["8"]] }, claim: { determinant: "1" } });
      const b = await digest({ matrix: { ring: "GF(7)", rows: [["1"]] }, claim: { determinant: "1" } });
      const c = await digest({ matrix: { ring: "GF(7)", rows: [["2"]] }, claim: { determinant: "1" } });
      expect(a).to.deep.equal(b);
      expect(c.digest).to.not.equal(a.digest);
    });

    it("artifact manifests record the canonical request", async () => {
      const o = (await j.run("matrix.determinant.verify", { matrix: { ring: "QQ", rows: [["2/4", "0"], ["0", "2"]] }, claim: { determinant: "2/2" } })) as any;
      const art = (await j.artifact(o.value.bindings.evidence)) as any;
      expect(art.request).to.deep.equal({ matrix: { ring: "QQ", rows: [["1/2", "0"], ["0", "2"]] }, claim: { determinant: "1" } });
    });
  });
});
