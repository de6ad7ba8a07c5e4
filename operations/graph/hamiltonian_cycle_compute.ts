import { hamiltonCompute } from "./hamilton_support.js";

export default hamiltonCompute("cycle", {
  id: "graph.hamiltonian_cycle.compute",
  title: "Hamiltonian cycle: a cycle through every vertex, or a proof there is none",
  summary:
    "Finds a Hamiltonian cycle of an undirected graph (every vertex exactly once, returning to the start) or shows there is none: by a separator S whose removal leaves more than |S| components when one exists, " +
    "else by exhaustive search. Pósa's rotation–extension heuristic first, then depth-first backtracking with degree pruning, forced moves and connectivity checks. One vertex counts as a cycle, two do not. " +
    "Out of the effort's budget: INCOMPLETE. Checked by graph.hamiltonian_cycle.verify.",
  keywords: ["hamiltonian cycle", "hamiltonian circuit", "hamilton cycle", "hamiltonian", "tour through all vertices", "travelling salesman", "knight's tour", "posa", "backtracking", "toughness"],
  examples: [
    { title: "the cube graph Q3 has a Hamiltonian cycle (a Gray code)", payload: { graph: { vertices: ["000", "001", "010", "011", "100", "101", "110", "111"], edges: [["000", "001"], ["000", "010"], ["000", "100"], ["001", "011"], ["001", "101"], ["010", "011"], ["010", "110"], ["011", "111"], ["100", "101"], ["100", "110"], ["101", "111"], ["110", "111"]] } }, expected: {"status":"FOUND","cycle":["011","001","000","010","110","100","101","111"]} },
    { title: "the Petersen graph has none (proved by exhaustive search)", payload: { graph: { graph6: "IheA@GUAo" } }, expected: {"status":"NONE"} },
    { title: "two triangles sharing a vertex: the shared vertex separates, so there is none", payload: { graph: { vertices: ["a", "b", "c", "d", "e"], edges: [["a", "b"], ["b", "c"], ["c", "a"], ["c", "d"], ["d", "e"], ["e", "c"]] } }, expected: {"status":"NONE","separator":{"vertices":["c"],"components":"2"}} },
    { title: "K(2,3): removing the smaller side leaves 3 isolated vertices", payload: { graph: { vertices: ["a", "b", "x", "y", "z"], edges: [["a", "x"], ["a", "y"], ["a", "z"], ["b", "x"], ["b", "y"], ["b", "z"]] } }, expected: {"status":"NONE","separator":{"vertices":["a","b"],"components":"3"}} },
  ],
});
