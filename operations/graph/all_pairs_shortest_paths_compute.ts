import { allPairsOp } from "./allpairs_family.js";

export default allPairsOp("all_pairs_shortest_paths", [
  {
    title: "a weighted triangle: the two-edge route beats the direct edge",
    payload: { graph: { vertices: ["a", "b", "c"], edges: [["a", "b", "1"], ["b", "c", "1"], ["a", "c", "3"]] } },
    expected: {
      status: "ok",
      vertices: ["a", "b", "c"],
      distances: [["0", "1", "2"], ["1", "0", "1"], ["2", "1", "0"]],
      predecessors: [[null, "a", "b"], ["b", null, "b"], ["b", "c", null]],
      method: "dijkstra",
    },
  },
  {
    title: "a negative cycle is reported",
    payload: { graph: { directed: true, vertices: ["p", "q"], edges: [["p", "q", "1"], ["q", "p", "-2"]] } },
    expected: { status: "negative_cycle", cycle: ["p", "q"], method: "johnson" },
  },
]);
