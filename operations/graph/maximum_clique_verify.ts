import { cliqueChecker } from "./clique_support.js";

export default cliqueChecker("clique", {
  id: "graph.maximum_clique.verify",
  title: "Verify a maximum clique claim: the clique and the bound on every clique",
  summary:
    "Checks a claimed clique number — the value of graph.maximum_clique.compute as it is: the set is a clique of the claimed size, and no larger one exists, by the claim's colouring certificate " +
    "or, on graphs of at most 200 vertices, by the checker's own exhaustive search; a larger clique found is the counterexample.",
  keywords: ["maximum clique", "clique number", "verify", "check", "certificate", "clique", "colouring bound", "omega"],
  examples: [
    {
      title: "a triangle in a wheel, certified by a 3-colouring",
      payload: {
        graph: { vertices: ["h", "a", "b", "c", "d"], edges: [["a", "b"], ["b", "c"], ["c", "d"], ["d", "a"], ["h", "a"], ["h", "b"], ["h", "c"], ["h", "d"]] },
        claim: { status: "EXACT", clique_number: "3", lower_bound: "3", upper_bound: "3", clique: ["h", "a", "b"], upper_bound_colouring: [["h"], ["a", "c"], ["b", "d"]] },
      },
      expected: {"verdict":"accepted","bindings":{"optimality":"certificate"}},
    },
    {
      title: "a claimed clique with a non-adjacent pair is rejected",
      payload: { graph: { vertices: ["a", "b", "c"], edges: [["a", "b"], ["b", "c"]] }, claim: { status: "EXACT", clique_number: "3", lower_bound: "3", upper_bound: "3", clique: ["a", "b", "c"] } },
      expected: {"verdict":"rejected","bindings":{"failure":"not_a_clique","edge":["a","c"]}},
    },
    {
      title: "an edge claimed maximum in a graph with a triangle: the checker's search finds the triangle",
      payload: { graph: { vertices: ["a", "b", "c", "d"], edges: [["a", "b"], ["b", "c"], ["c", "a"], ["c", "d"]] }, claim: { status: "EXACT", clique_number: "2", lower_bound: "2", upper_bound: "2", clique: ["c", "d"] } },
      expected: {"verdict":"rejected","bindings":{"failure":"larger_found","better":["a","b","c"]}},
    },
  ],
});
