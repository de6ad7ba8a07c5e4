import { hamiltonCompute } from "./hamilton_support.js";

export default hamiltonCompute("path", {
  id: "graph.hamiltonian_path.compute",
  title: "Hamiltonian path: a path through every vertex, or a proof there is none",
  summary:
    "Finds a Hamiltonian path of an undirected graph (every vertex exactly once) or shows there is none: by a separator S whose removal leaves more than |S| + 1 components when one exists, else by exhaustive search. " +
    "Pósa's rotation–extension heuristic first, then depth-first backtracking from each possible end with degree pruning and connectivity checks. Out of the effort's budget: INCOMPLETE. Checked by graph.hamiltonian_path.verify.",
  keywords: ["hamiltonian path", "hamilton path", "traceable", "hamiltonian", "path through all vertices", "posa", "backtracking"],
  examples: [
    { title: "the Petersen graph has a Hamiltonian path (but no cycle)", payload: { graph: { graph6: "IheA@GUAo" } }, expected: {"status":"FOUND","path":["9","4","0","1","6","8","3","2","7","5"]} },
    { title: "a star with three leaves has none: the centre leaves 3 components", payload: { graph: { vertices: ["c", "x", "y", "z"], edges: [["c", "x"], ["c", "y"], ["c", "z"]] } }, expected: {"status":"NONE","separator":{"vertices":["c"],"components":"3"}} },
    { title: "a single vertex is a path", payload: { graph: { vertices: ["v"], edges: [] } }, expected: {"status":"FOUND","path":["v"]} },
  ],
});
