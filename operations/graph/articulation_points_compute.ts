import { biconnectivityOp } from "./biconnectivity.js";

export default biconnectivityOp("articulation_points", [
  {
    title: "the middle vertices of a path are cut vertices",
    payload: { graph: { vertices: ["a", "b", "c", "d"], edges: [["a", "b"], ["b", "c"], ["c", "d"]] } },
    expected: { count: "2", articulation_points: ["b", "c"] },
  },
  {
    title: "a bowtie: the shared vertex",
    payload: { graph: { vertices: ["a", "b", "x", "c", "d"], edges: [["a", "b"], ["b", "x"], ["x", "a"], ["x", "c"], ["c", "d"], ["d", "x"]] } },
    expected: { count: "1", articulation_points: ["x"] },
  },
]);
