import { expect } from "chai";
import fc from "fast-check";
import { canonicalJson } from "../../../../domain/json.js";
import { canonicalWireBytes, toWire } from "../../../../domain/kinds.js";
import { formatGraph } from "../../../../domain/math/graph/format.js";
import { parseGraphWire, type GraphLimits } from "../../../../domain/math/graph/parse.js";

const ANY: GraphLimits = { maxVertices: 1000, maxEdges: 5000, weights: "allowed", directed: "either", loops: true, multi: true };
const parse = (w: unknown) => parseGraphWire(w as never, "payload.graph", ANY);
const same = (v: unknown) => expect(Buffer.from(canonicalWireBytes(v)).equals(Buffer.from(canonicalJson(toWire(v)), "utf8")), JSON.stringify(toWire(v)).slice(0, 200)).to.equal(true);

/** A random graph wire value: numbered or arbitrary labels (escapes, non-ASCII), weights integer, rational or unreduced, or none. */
const graphWire = fc
  .record({
    n: fc.integer({ min: 0, max: 30 }),
    numbered: fc.boolean(),
    labels: fc.uniqueArray(fc.string({ unit: "binary", minLength: 1, maxLength: 6 }), { minLength: 30, maxLength: 30 }),
    directed: fc.boolean(),
    weights: fc.constantFrom("none", "small", "rational"),
    ends: fc.array(fc.tuple(fc.nat(), fc.nat(), fc.integer({ min: -2000, max: 2000 }), fc.integer({ min: 1, max: 12 })), { maxLength: 60 }),
  })
  .map(({ n, numbered, labels, directed, weights, ends }) => {
    const vertices = numbered ? Array.from({ length: n }, (_, i) => String(i)) : labels.slice(0, n);
    const edges = n === 0 ? [] : ends.map(([a, b, p, q]) => {
      const e = [vertices[a % n]!, vertices[b % n]!];
      if (weights === "small") e.push(String(p));
      if (weights === "rational") e.push(`${p}/${q}`);
      return e;
    });
    return { directed, vertices, edges };
  });

describe("domain/math/graph/format: canonical bytes written from the typed arrays", () => {
  it("canonicalWireBytes of a parsed graph is the UTF-8 of canonicalJson(formatGraph) (random graphs: numbered and arbitrary labels, weights integer, rational, unreduced)", () => {
    fc.assert(
      fc.property(graphWire, (w) => {
        const g = parse(w);
        same(g);
        same({ graph: g, source: w.vertices[0], extra: [g, 12n, { num: -3n, den: 4n }, undefined] });
      }),
      { numRuns: 400 },
    );
  });

  it("numbered labels of every length from 1 to 7 digits, over several output chunks", () => {
    const n = 1_100_000;
    const limits: GraphLimits = { ...ANY, maxVertices: n, maxEdges: 200_000 };
    const vertices = Array.from({ length: n }, (_, i) => String(i));
    const picks = [0, 9, 10, 99, 100, 999, 1000, 9999, 10_000, 99_999, 100_000, 999_999, 1_000_000, n - 1];
    const edges = Array.from({ length: 150_000 }, (_, e) => [vertices[picks[e % picks.length]!]!, vertices[(e * 7919) % n]!, String(e % 5000)]);
    const g = parseGraphWire({ vertices, edges } as never, "payload.graph", limits);
    same(g);
  });

  it("labels that only look numbered are written from the label table", () => {
    for (const vertices of [["0", "2", "1"], ["00", "1"], ["1", "0"], ["0", "1", "x"], ["0", "-1"]]) {
      const g = parse({ vertices, edges: [[vertices[0], vertices[1], "7/14"]] });
      same(g);
      expect(formatGraph(g).vertices).to.deep.equal(vertices);
    }
    same(parse({ graph6: "D~{" }));
    same(parse({ vertices: [], edges: [] }));
  });
});
