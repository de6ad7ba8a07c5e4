import { expect } from "chai";
import fc from "fast-check";
import { internedArray, internIndex } from "../../domain/interned.js";
import { parseGraphWire, type GraphLimits } from "../../domain/math/graph/parse.js";
import { scaleWeights } from "../../domain/math/graph/paths.js";
import { buildGraph } from "../../domain/math/graph/types.js";
import { hasNegative } from "../../operations/graph/paths_support.js";

const ANY: GraphLimits = { maxVertices: 1000, maxEdges: 5000, weights: "allowed", directed: "either", loops: true, multi: true };

/** Random weights as the wire carries them: small and large integers (beyond 2^53), rationals, repeats. */
const weightText = fc.oneof(
  fc.integer({ min: -5000, max: 5000 }).map(String),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(String),
  fc.tuple(fc.integer({ min: -99, max: 99 }), fc.integer({ min: 1, max: 30 })).map(([p, q]) => `${p}/${q}`),
);

describe("domain/interned: interned arrays", () => {
  it("internedArray is table[index[i]] and remembers its index; other arrays have none", () => {
    const table = [{ k: "a" }, { k: "b" }, { k: "c" }];
    const index = Int32Array.from([2, 0, 0, 1, 2]);
    const a = internedArray(table, index);
    expect(a).to.have.length(5);
    for (let i = 0; i < a.length; i++) expect(a[i]).to.equal(table[index[i]!]);
    expect(internIndex(a)).to.deep.equal({ table, index });
    expect(internIndex([...a])).to.equal(undefined);
  });

  it("a parsed graph's weights are interned: positions agree with the weights, repeats share one object, the table lists each distinct value once", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(9), fc.nat(9), weightText), { minLength: 1, maxLength: 80 }), (ends) => {
        const vertices = Array.from({ length: 10 }, (_, i) => `v${i}`);
        const g = parseGraphWire({ vertices, edges: ends.map(([a, b, w]) => [vertices[a]!, vertices[b]!, w]) } as never, "payload.graph", ANY);
        const ix = internIndex(g.weight!)!;
        expect(ix, "interned").to.not.equal(undefined);
        expect(ix.index.length).to.equal(g.m);
        for (let e = 0; e < g.m; e++) {
          expect(g.weight![e]).to.equal(ix.table[ix.index[e]!]);
          for (let f = 0; f < e; f++) if (ends[f]![2] === ends[e]![2]) expect(g.weight![e], `edges ${f}, ${e}`).to.equal(g.weight![f]);
        }
        expect(new Set(ix.table).size).to.equal(ix.table.length);
        expect([...ix.index].every((k) => k >= 0 && k < ix.table.length)).to.equal(true);
      }),
      { numRuns: 200 },
    );
  });

  it("scaleWeights and hasNegative read interned weights per distinct value with the same results as per edge", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(7), fc.nat(7), weightText), { minLength: 1, maxLength: 60 }), fc.boolean(), (ends, directed) => {
        const vertices = Array.from({ length: 8 }, (_, i) => String(i));
        const g = parseGraphWire({ directed, vertices, edges: ends.map(([a, b, w]) => [String(a), String(b), w]) } as never, "payload.graph", ANY);
        expect(internIndex(g.weight!)).to.not.equal(undefined);
        // The same graph with a plain copy of the weights takes the per-edge path.
        const plain = buildGraph(g.directed, g.labels, g.src, g.dst, [...g.weight!]);
        expect(internIndex(plain.weight!)).to.equal(undefined);
        const a = scaleWeights(g), b = scaleWeights(plain);
        expect(a.scale).to.equal(b.scale);
        expect(a.maxAbs).to.equal(b.maxAbs);
        expect(a.sumAbs).to.equal(b.sumAbs);
        expect(a.num === null ? null : [...a.num]).to.deep.equal(b.num === null ? null : [...b.num]);
        expect(a.big).to.deep.equal(b.big);
        // independently: W_e = w_e · scale
        for (let e = 0; e < g.m; e++) expect(a.big[e]! * g.weight![e]!.den).to.equal(g.weight![e]!.num * a.scale);
        expect(hasNegative(g)).to.equal(hasNegative(plain));
        expect(hasNegative(g)).to.equal(ends.some(([, , w]) => w.startsWith("-") && !/^-0(\/|$)/.test(w)));
      }),
      { numRuns: 300 },
    );
  });
});
