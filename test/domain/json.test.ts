import { expect } from "chai";
import fc from "fast-check";
import { canonicalJson, utf8Length } from "../../domain/json.js";

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
});
