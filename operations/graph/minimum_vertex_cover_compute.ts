import { cliqueCompute } from "./clique_support.js";

export default cliqueCompute("cover", {
  id: "graph.minimum_vertex_cover.compute",
  title: "Vertex cover number and a minimum vertex cover, with a clique cover that bounds it",
  summary:
    "The vertex cover number τ(G) of an undirected graph and a minimum vertex cover (a set meeting every edge), with a partition of the vertices into n − τ cliques as the certificate of optimality when one exists. " +
    "The complement of a maximum independent set (Gallai: τ = n − α), found by bitset branch and bound on the complement of each component. " +
    "Out of the effort's budget the result is INCOMPLETE with the best cover and a proved lower bound. Checked by graph.minimum_vertex_cover.verify.",
  keywords: ["minimum vertex cover", "vertex cover number", "vertex cover", "tau", "covering all edges", "node cover", "gallai", "independent set complement"],
  examples: [
    { title: "the Petersen graph: τ = 6", payload: { graph: { graph6: "IheA@GUAo" } }, expected: {"status":"EXACT","vertex_cover_number":"6","lower_bound":"6","upper_bound":"6","vertex_cover":["1","3","4","5","6","7"]} },
    { title: "a 6-cycle: τ = 3", payload: { graph: { vertices: ["1", "2", "3", "4", "5", "6"], edges: [["1", "2"], ["2", "3"], ["3", "4"], ["4", "5"], ["5", "6"], ["6", "1"]] } }, expected: {"status":"EXACT","vertex_cover_number":"3","lower_bound":"3","upper_bound":"3","vertex_cover":["1","3","5"],"clique_cover":[["1","2"],["3","4"],["5","6"]]} },
    { title: "a path a–b–c–d: τ = 2", payload: { graph: { vertices: ["a", "b", "c", "d"], edges: [["a", "b"], ["b", "c"], ["c", "d"]] } }, expected: {"status":"EXACT","vertex_cover_number":"2","lower_bound":"2","upper_bound":"2","vertex_cover":["b","d"],"clique_cover":[["a","b"],["c","d"]]} },
  ],
});
