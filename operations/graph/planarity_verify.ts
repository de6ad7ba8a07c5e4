import { type } from "arktype";
import type { Graph } from "../../domain/math/graph/types.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { claimOf, request } from "../_support/kinds.js";
import { PLANARITY_KIND, planarityShapes, type PlanarityValue } from "./hard_shapes.js";
import { checkEmbedding, checkKuratowski, MAX_PLANAR_EDGES, MAX_PLANAR_VERTICES, planarGraph } from "./planarity_support.js";
import { graphBounds, graphChecker, label } from "./support.js";

const Request = request({ graph: planarGraph(), claim: claimOf(planarityShapes(), PLANARITY_KIND, "the claim: the value of graph.planarity.compute unchanged") });
type Req = { graph: Graph; claim: PlanarityValue };

const Bindings = type({
  "failure?": type("'malformed' | 'not_a_rotation_system' | 'euler_fails' | 'wrong_face_count' | 'not_an_edge' | 'wrong_branch_vertices' | 'not_a_subdivision'").describe("why the claim was rejected"),
  "vertex?": label().describe("the vertex where the rotation system or the subdivision breaks"),
  "edge?": label().array().exactlyLength(2).describe("not_an_edge: a claimed subdivision edge the graph does not have"),
  "faces?": type("string").atMostLength(20).describe("accepted planar: the number of faces traced from the rotation system"),
});
type Bindings = typeof Bindings.infer;

export default graphChecker<Req>({
  id: "graph.planarity.verify",
  title: "Verify a planar embedding by Euler's formula, or a Kuratowski subgraph",
  summary:
    "Checks a planarity claim — the value of graph.planarity.compute as it is: a rotation system is a plane embedding when the faces traced from it satisfy Euler's formula V − E + F = 2 in every component; " +
    "a non-planarity claim must give edges of the graph forming a subdivision of K5 or K3,3. Rejections name the broken rotation, the genus, or the defect of the subdivision.",
  keywords: ["planarity", "verify", "check", "planar embedding", "rotation system", "euler formula", "faces", "kuratowski", "k5", "k3,3", "certificate"],
  request: Request as never,
  bindings: Bindings,
  method:
    "No planarity test. Embedding: every vertex's rotation must list exactly its neighbours once; the faces are the orbits of the darts under (u → v) ↦ (v → the neighbour after u in v's rotation); a connected " +
    "component with V vertices, E edges and F traced faces is embedded in the plane exactly when V − E + F = 2 (genus 0), and the claimed face count must match. Kuratowski: every listed edge must be an edge " +
    "of the graph, the listed branch vertices must be the vertices of degree above two in the subgraph (5 of degree 4 for K5, 6 of degree 3 for K3,3) and all others of degree 2; the paths between branch vertices, " +
    "walked through the degree-2 vertices, must join each pair once (each left–right pair for K3,3, none within a side) and use every edge — a subdivision of a non-planar graph, so the graph is not planar.",
  bounds: graphBounds(MAX_PLANAR_VERTICES, MAX_PLANAR_EDGES),
  cost_model: "units = 20·(n + m) for the face tracing (a sort of each adjacency for the dart lookup), or the subdivision's size",
  budget: { max_units: 5e10, max_memory_bytes: 2048 * 2 ** 20, timeout_ms: 120_000 },
  preflight: (req) => ({ units: 20 * (req.graph.n + req.graph.m), memory_bytes: 200 * req.graph.n + 160 * req.graph.m + 2 ** 20, basis: `${req.graph.n} vertices, ${req.graph.m} edges` }),
  ports: { inputs: { claim: { field: "claim", description: "the claim: the `result` output of graph.planarity.compute" } } },
  execute(req): CheckerFinding {
    const g = req.graph, claim = req.claim;
    const reject = (p: { failure: NonNullable<Bindings["failure"]>; vertex?: string; edge?: [string, string]; reason: string }): CheckerFinding => ({
      verdict: "rejected",
      bindings: { failure: p.failure, ...(p.vertex ? { vertex: p.vertex } : {}), ...(p.edge ? { edge: p.edge } : {}) },
      reason: p.reason,
    });
    if (claim.planar) {
      const c = checkEmbedding(g, claim.embedding, claim.faces);
      return "failure" in c ? reject(c) : { verdict: "accepted", bindings: { faces: String(c.faces) } };
    }
    const p = checkKuratowski(g, claim.kuratowski);
    return p ? reject(p) : { verdict: "accepted", bindings: {} };
  },
  postcondition(_req, f) {
    const b = f.bindings as Bindings;
    if (f.verdict === "non_conclusion") return "this checker always reaches a verdict";
    if (f.verdict === "rejected" && b.failure === undefined) return "a rejection names its failure";
    return null;
  },
  examples: [
    {
      title: "a triangle embedded in the plane: 2 faces",
      payload: { graph: { vertices: ["a", "b", "c"], edges: [["a", "b"], ["b", "c"], ["c", "a"]] }, claim: { planar: true, embedding: [["a", ["b", "c"]], ["b", ["c", "a"]], ["c", ["a", "b"]]], faces: "2" } },
      expected: {"verdict":"accepted","bindings":{"faces":"2"}},
    },
    {
      title: "a rotation system of K4 on the torus (genus 1) is rejected: Euler's formula fails",
      payload: {
        graph: { vertices: ["a", "b", "c", "d"], edges: [["a", "b"], ["a", "c"], ["a", "d"], ["b", "c"], ["b", "d"], ["c", "d"]] },
        claim: { planar: true, embedding: [["a", ["b", "c", "d"]], ["b", ["a", "c", "d"]], ["c", ["a", "b", "d"]], ["d", ["a", "b", "c"]]], faces: "4" },
      },
      expected: {"verdict":"rejected","bindings":{"failure":"euler_fails"}},
    },
    {
      title: "K3,3 itself is its own Kuratowski subgraph",
      payload: {
        graph: { vertices: ["a", "b", "c", "x", "y", "z"], edges: [["a", "x"], ["a", "y"], ["a", "z"], ["b", "x"], ["b", "y"], ["b", "z"], ["c", "x"], ["c", "y"], ["c", "z"]] },
        claim: { planar: false, kuratowski: { type: "K3,3", branch_vertices: ["a", "b", "c", "x", "y", "z"], edges: [["a", "x"], ["a", "y"], ["a", "z"], ["b", "x"], ["b", "y"], ["b", "z"], ["c", "x"], ["c", "y"], ["c", "z"]] } },
      },
      expected: {"verdict":"accepted","bindings":{}},
    },
  ],
});
