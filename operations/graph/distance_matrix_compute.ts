import { allPairsOp } from "./allpairs_family.js";

export default allPairsOp("distance_matrix", [
  {
    title: "hop distances on a path with an isolated vertex",
    payload: { graph: { vertices: ["a", "b", "c", "d"], edges: [["a", "b"], ["b", "c"]] } },
    expected: { status: "ok", vertices: ["a", "b", "c", "d"], distances: [["0", "1", "2", null], ["1", "0", "1", null], ["2", "1", "0", null], [null, null, null, "0"]], method: "bfs" },
  },
  {
    title: "a directed graph with a negative arc (Johnson's reweighting)",
    payload: { graph: { directed: true, vertices: ["x", "y", "z"], edges: [["x", "y", "3"], ["y", "z", "-1"], ["z", "x", "1/2"]] } },
    expected: { status: "ok", vertices: ["x", "y", "z"], distances: [["0", "3", "2"], ["-1/2", "0", "-1"], ["1/2", "7/2", "0"]], method: "johnson" },
  },
]);
