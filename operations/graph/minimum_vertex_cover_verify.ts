import { cliqueChecker } from "./clique_support.js";

export default cliqueChecker("cover", {
  id: "graph.minimum_vertex_cover.verify",
  title: "Verify a minimum vertex cover claim: the cover and the bound on every cover",
  summary:
    "Checks a claimed vertex cover number — the value of graph.minimum_vertex_cover.compute as it is: the set meets every edge and has the claimed size, and no smaller cover exists, by the claim's clique cover " +
    "or, on graphs of at most 200 vertices, by the checker's own exhaustive search; a smaller cover found is the counterexample.",
  keywords: ["minimum vertex cover", "vertex cover number", "verify", "check", "certificate", "vertex cover", "clique cover"],
  examples: [
    {
      title: "a 6-cycle: 3 alternate vertices, certified by 3 edges",
      payload: {
        graph: { vertices: ["1", "2", "3", "4", "5", "6"], edges: [["1", "2"], ["2", "3"], ["3", "4"], ["4", "5"], ["5", "6"], ["6", "1"]] },
        claim: { status: "EXACT", vertex_cover_number: "3", lower_bound: "3", upper_bound: "3", vertex_cover: ["2", "4", "6"], clique_cover: [["1", "2"], ["3", "4"], ["5", "6"]] },
      },
      expected: {"verdict":"accepted","bindings":{"optimality":"certificate"}},
    },
    {
      title: "a set missing an edge is rejected with the edge",
      payload: { graph: { vertices: ["a", "b", "c"], edges: [["a", "b"], ["b", "c"]] }, claim: { status: "EXACT", vertex_cover_number: "1", lower_bound: "1", upper_bound: "1", vertex_cover: ["a"] } },
      expected: {"verdict":"rejected","bindings":{"failure":"uncovered_edge","edge":["b","c"]}},
    },
    {
      title: "a star claimed to need 2 vertices: the centre alone covers it",
      payload: { graph: { vertices: ["c", "x", "y", "z"], edges: [["c", "x"], ["c", "y"], ["c", "z"]] }, claim: { status: "EXACT", vertex_cover_number: "2", lower_bound: "2", upper_bound: "2", vertex_cover: ["c", "x"] } },
      expected: {"verdict":"rejected","bindings":{"failure":"larger_found","better":["c"]}},
    },
  ],
});
