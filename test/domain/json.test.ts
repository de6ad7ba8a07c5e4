import { expect } from "chai";
import fc from "fast-check";
import { canonicalJson, canonicalJsonBytes, utf8Length } from "../../domain/json.js";

describe("domain/json: canonical JSON and UTF-8 lengths", () => {
  it("utf8Length equals the encoded byte length for ASCII, 2-, 3- and 4-byte characters (well-formed strings)", () => {
    for (const s of ["", "0123456789", "x".repeat(300_000), "é", "€", "𝔽", "a€b𝔽cé", "1".repeat(1000) + "€"]) {
      expect(utf8Length(s), JSON.stringify(s.slice(0, 20))).to.equal(Buffer.byteLength(s, "utf8"));
    }
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 200 }), (s) => {
        expect(utf8Length(s)).to.equal(Buffer.byteLength(s, "utf8"));
        expect(utf8Length(canonicalJson({ s }))).to.equal(Buffer.byteLength(JSON.stringify({ s }), "utf8"));
      }),
      { numRuns: 300 },
    );
  });

  const bytesOf = (v: unknown) => Buffer.from(canonicalJsonBytes(v));
  const textBytes = (v: unknown) => Buffer.from(canonicalJson(v), "utf8");

  it("canonicalJsonBytes is the UTF-8 of canonicalJson: escapes, non-ASCII, lone surrogates, key order, undefined members, numbers", () => {
    const cases: unknown[] = [
      null, true, false, 0, -0, 1.5, -1e21, 123456789012, "", "plain", 'q"uote', "back\\slash", "\u0000\u001f\u007f\n\t", "é€𝔽", "\ud800", "x\udc00y", "\u2028\u2029",
      [], [undefined, "a", null, [1, ["2"]]], {}, { b: "2", a: ["1", { y: "y", x: "x" }], u: undefined }, { "é": 1, e: 2, E: 3, "𝔽": 4, "\uffff": 5, "": 6 },
      { edges: Array.from({ length: 5000 }, (_, i) => [String(i), String(i + 1), i % 7 ? String(i) : `${i}/7`]) },
      "x".repeat(200_000) + "€",
    ];
    for (const v of cases) expect(bytesOf(v).equals(textBytes(v)), JSON.stringify(v)?.slice(0, 60)).to.equal(true);
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4, stringUnit: "binary" }), fc.string({ unit: "binary", maxLength: 40 }), (v, s) => {
        expect(bytesOf(v).equals(textBytes(v))).to.equal(true);
        expect(bytesOf({ [s]: [s, v] }).equals(textBytes({ [s]: [s, v] }))).to.equal(true);
      }),
      { numRuns: 500 },
    );
  });

  it("canonicalJsonBytes refuses what canonical JSON cannot carry, as canonicalJson does", () => {
    for (const v of [NaN, Infinity, [1n], { a: -Infinity }, [() => 1], undefined]) {
      expect(() => canonicalJson(v)).to.throw(TypeError);
      expect(() => canonicalJsonBytes(v)).to.throw(TypeError);
    }
  });
});
