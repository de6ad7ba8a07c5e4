import { expect } from "chai";
import fc from "fast-check";
import { bellmanFord, dijkstra, scaleWeights } from "../../../../domain/math/graph/paths.js";
import { parseGraphWire, type GraphLimits } from "../../../../domain/math/graph/parse.js";

const ANY: GraphLimits = { maxVertices: 1000, maxEdges: 5000, weights: "allowed", directed: "either", loops: true, multi: true };

describe("domain/math/graph/paths: Dijkstra on weights in adjacency order", () => {
  it("distances equal Bellman–Ford's, the tree edges are tight, and a single-target search agrees at its target (random multigraphs, loops, both directions)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 25 }),
        fc.array(fc.tuple(fc.nat(), fc.nat(), fc.integer({ min: 0, max: 40 })), { maxLength: 120 }),
        fc.boolean(),
        fc.nat(),
        (n, ends, directed, t) => {
          const vertices = Array.from({ length: n }, (_, i) => String(i));
          const g = parseGraphWire({ directed, vertices, edges: ends.map(([a, b, w]) => [String(a % n), String(b % n), String(w)]) } as never, "payload.graph", ANY);
          if (g.m === 0) return;
          const w = scaleWeights(g).num!;
          const d = dijkstra(g, w, 0);
          const bf = bellmanFord(g, w, 0);
          if (bf.negativeCycle) throw new Error("no negative weights here");
          expect([...(d.dist as { d: Float64Array }).d]).to.deep.equal([...(bf.dist as { d: Float64Array }).d]);
          const dist = (d.dist as { d: Float64Array }).d;
          for (let v = 0; v < n; v++) {
            const e = d.parentEdge[v]!;
            if (e < 0) continue;
            const u = g.src[e] === v && !directed ? g.dst[e]! : g.src[e]!;
            expect(dist[u]! + w[e]!, `tree edge into ${v}`).to.equal(dist[v]);
          }
          const target = t % n;
          const single = dijkstra(g, w, 0, target);
          expect((single.dist as { d: Float64Array }).d[target]).to.equal(dist[target]);
        },
      ),
      { numRuns: 300 },
    );
  });
});
