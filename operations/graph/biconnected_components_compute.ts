import { biconnectivityOp } from "./biconnectivity.js";

export default biconnectivityOp("biconnected_components", [
  {
    title: "two triangles sharing vertex c, and a pendant edge c–f",
    payload: { graph: { vertices: ["a", "b", "c", "d", "e", "f"], edges: [["a", "b"], ["b", "c"], ["c", "a"], ["c", "d"], ["d", "e"], ["e", "c"], ["c", "f"]] } },
    expected: { count: "3", biconnected: false, blocks: [["a", "b", "c"], ["c", "d", "e"], ["c", "f"]], articulation_points: ["c"], bridges: [["c", "f"]] },
  },
  {
    title: "a cycle is biconnected",
    payload: { graph: { vertices: ["1", "2", "3", "4"], edges: [["1", "2"], ["2", "3"], ["3", "4"], ["4", "1"]] } },
    expected: { count: "1", biconnected: true, blocks: [["1", "2", "3", "4"]], articulation_points: [], bridges: [] },
  },
]);
