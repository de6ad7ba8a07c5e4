import { expect } from "chai";
import fc from "fast-check";
import { canonicalJson, canonicalJsonBytes, canonicalJsonChunks, EncodedJson, utf8Length } from "../../domain/json.js";

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
      // Strings long enough for the native check and copy: plain, and with one character to escape at the start, middle or end.
      "7".repeat(255), "7".repeat(256), "1234567890".repeat(45_658),
      ...['"', "\\", "\n", "\u0000", "\u001f", "\u007f", "é", "€", "𝔽", "\ud800", "\udfff"].flatMap((c) => [c + "5".repeat(300), "5".repeat(150) + c + "5".repeat(150), "5".repeat(300) + c]),
      { a: "9".repeat(70_000), b: ["8".repeat(300), 'x"'.repeat(200)] },
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

  /** The bytes cut at the given points (sorted, clamped): what an EncodedJson of several chunks holds. */
  const cut = (b: Uint8Array, at: number[]): Uint8Array[] => {
    const points = [...new Set(at.map((x) => x % (b.length + 1)))].sort((x, y) => x - y);
    const out: Uint8Array[] = [];
    let from = 0;
    for (const p of [...points, b.length]) {
      out.push(b.subarray(from, p));
      from = p;
    }
    return out;
  };
  const joined = (v: unknown) => Buffer.concat(canonicalJsonChunks(v));

  it("canonicalJsonChunks joined are canonicalJsonBytes; encoded values (one chunk or several, short or long) are spliced in as the values they encode", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 3, stringUnit: "binary" }), fc.jsonValue({ maxDepth: 3 }), fc.array(fc.nat(), { maxLength: 5 }), (v, inner, at) => {
        expect(joined(v).equals(textBytes(v))).to.equal(true);
        const enc = new EncodedJson(cut(canonicalJsonBytes(inner), at));
        const expected = textBytes({ a: v, e: inner, z: [inner, v] });
        expect(joined({ a: v, e: enc, z: [enc, v] }).equals(expected)).to.equal(true);
        expect(bytesOf({ a: v, e: enc, z: [enc, v] }).equals(expected)).to.equal(true);
        expect(canonicalJson({ e: enc })).to.equal(canonicalJson({ e: inner }));
      }),
      { numRuns: 300 },
    );
    // Across chunk boundaries (1 MiB chunks): fillers just below, at and above a boundary, encoded
    // parts long enough to be spliced by reference and short ones copied.
    const inner = Array.from({ length: 60_000 }, (_, i) => [String(i), i % 3 ? "é" : "x"]);
    const innerBytes = canonicalJsonBytes(inner);
    for (const k of [(1 << 20) - 3, 1 << 20, (1 << 20) + 5, 3 * (1 << 20) + 1]) {
      const filler = "d".repeat(k);
      const enc = new EncodedJson(cut(innerBytes, [7, 20_000, 20_003, 500_000, 500_001]));
      const expected = textBytes({ f: filler, e: inner, g: [filler, inner, "€"] });
      expect(joined({ f: filler, e: enc, g: [filler, enc, "€"] }).equals(expected), `filler ${k}`).to.equal(true);
    }
  });

  it("canonicalJsonBytes refuses what canonical JSON cannot carry, as canonicalJson does", () => {
    for (const v of [NaN, Infinity, [1n], { a: -Infinity }, [() => 1], undefined]) {
      expect(() => canonicalJson(v)).to.throw(TypeError);
      expect(() => canonicalJsonBytes(v)).to.throw(TypeError);
    }
  });
});
