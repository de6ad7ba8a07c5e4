import { cliqueChecker } from "./clique_support.js";

export default cliqueChecker("independent", {
  id: "graph.maximum_independent_set.verify",
  title: "Verify a maximum independent set claim: the set and the bound on every independent set",
  summary:
    "Checks a claimed independence number — the value of graph.maximum_independent_set.compute as it is: the set is independent and of the claimed size, and no larger one exists, by the claim's clique cover " +
    "or, on graphs of at most 200 vertices, by the checker's own exhaustive search; a larger independent set found is the counterexample.",
  keywords: ["maximum independent set", "independence number", "verify", "check", "certificate", "stable set", "clique cover"],
  examples: [
    {
      title: "a 6-cycle: 3 alternate vertices, certified by 3 edges covering the vertices",
      payload: {
        graph: { vertices: ["1", "2", "3", "4", "5", "6"], edges: [["1", "2"], ["2", "3"], ["3", "4"], ["4", "5"], ["5", "6"], ["6", "1"]] },
        claim: { status: "EXACT", independence_number: "3", lower_bound: "3", upper_bound: "3", independent_set: ["1", "3", "5"], clique_cover: [["1", "2"], ["3", "4"], ["5", "6"]] },
      },
      expected: {"verdict":"accepted","bindings":{"optimality":"certificate"}},
    },
    {
      title: "a set containing an edge is rejected",
      payload: { graph: { vertices: ["a", "b", "c"], edges: [["a", "b"]] }, claim: { status: "EXACT", independence_number: "2", lower_bound: "2", upper_bound: "2", independent_set: ["a", "b"] } },
      expected: {"verdict":"rejected","bindings":{"failure":"not_independent","edge":["a","b"]}},
    },
    {
      title: "a path of 4 vertices claimed to have α = 1: the checker finds two independent vertices",
      payload: { graph: { vertices: ["a", "b", "c", "d"], edges: [["a", "b"], ["b", "c"], ["c", "d"]] }, claim: { status: "EXACT", independence_number: "1", lower_bound: "1", upper_bound: "1", independent_set: ["a"] } },
      expected: {"verdict":"rejected","bindings":{"failure":"larger_found","better":["a","c"]}},
    },
  ],
});
