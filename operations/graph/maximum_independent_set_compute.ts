import { cliqueCompute } from "./clique_support.js";

export default cliqueCompute("independent", {
  id: "graph.maximum_independent_set.compute",
  title: "Independence number and a maximum independent set, with a clique cover that bounds it",
  summary:
    "The independence number α(G) of an undirected graph and a maximum independent set (pairwise non-adjacent vertices), with a partition of the vertices into α cliques as the certificate of optimality when one exists. " +
    "Maximum cliques of the complement of each connected component by bitset branch and bound with colouring bounds (BBMC); the clique cover by DSATUR on the complement. " +
    "Out of the effort's budget the result is INCOMPLETE with the best set and a proved upper bound. Checked by graph.maximum_independent_set.verify.",
  keywords: ["maximum independent set", "independence number", "alpha", "stable set", "independent set", "anticlique", "clique cover", "branch and bound", "complement"],
  examples: [
    { title: "the Petersen graph: α = 4", payload: { graph: { graph6: "IheA@GUAo" } }, expected: {"status":"EXACT","independence_number":"4","lower_bound":"4","upper_bound":"4","independent_set":["0","2","8","9"]} },
    { title: "a 6-cycle: α = 3, certified by a cover with 3 edges", payload: { graph: { vertices: ["1", "2", "3", "4", "5", "6"], edges: [["1", "2"], ["2", "3"], ["3", "4"], ["4", "5"], ["5", "6"], ["6", "1"]] } }, expected: {"status":"EXACT","independence_number":"3","lower_bound":"3","upper_bound":"3","independent_set":["2","4","6"],"clique_cover":[["1","2"],["3","4"],["5","6"]]} },
    { title: "a star: the leaves", payload: { graph: { vertices: ["c", "l1", "l2", "l3", "l4"], edges: [["c", "l1"], ["c", "l2"], ["c", "l3"], ["c", "l4"]] } }, expected: {"status":"EXACT","independence_number":"4","lower_bound":"4","upper_bound":"4","independent_set":["l1","l2","l3","l4"],"clique_cover":[["c","l1"],["l2"],["l3"],["l4"]]} },
  ],
});
