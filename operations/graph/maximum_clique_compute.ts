import { cliqueCompute } from "./clique_support.js";

export default cliqueCompute("clique", {
  id: "graph.maximum_clique.compute",
  title: "Clique number and a maximum clique, with a colouring that bounds it",
  summary:
    "The clique number ω(G) of an undirected graph and a maximum clique (pairwise adjacent vertices), with a proper colouring with ω colours as the certificate of optimality when one exists. " +
    "Bitset branch and bound with greedy-colouring bounds (Tomita's MCS as BBMC, San Segundo), vertices in degeneracy order, per connected component; the colouring certificate by DSATUR. " +
    "Out of the effort's budget the result is INCOMPLETE with the best clique and a proved upper bound. Checked by graph.maximum_clique.verify.",
  keywords: ["maximum clique", "clique number", "omega", "largest clique", "complete subgraph", "clique", "branch and bound", "bron kerbosch", "tomita", "mcs", "bbmc"],
  examples: [
    { title: "the Petersen graph: ω = 2 (no colouring with 2 colours exists, so no certificate)", payload: { graph: { graph6: "IheA@GUAo" } }, expected: {"status":"EXACT","clique_number":"2","lower_bound":"2","upper_bound":"2","clique":["7","9"]} },
    {
      title: "a wheel (hub and a 4-cycle): a triangle, and a 3-colouring proving no 4-clique",
      payload: { graph: { vertices: ["h", "a", "b", "c", "d"], edges: [["a", "b"], ["b", "c"], ["c", "d"], ["d", "a"], ["h", "a"], ["h", "b"], ["h", "c"], ["h", "d"]] } },
      expected: {"status":"EXACT","clique_number":"3","lower_bound":"3","upper_bound":"3","clique":["h","c","d"],"upper_bound_colouring":[["h"],["a","c"],["b","d"]]},
    },
    { title: "isolated vertices: ω = 1", payload: { graph: { vertices: ["x", "y", "z"], edges: [] } }, expected: {"status":"EXACT","clique_number":"1","lower_bound":"1","upper_bound":"1","clique":["x"],"upper_bound_colouring":[["x","y","z"]]} },
  ],
});
