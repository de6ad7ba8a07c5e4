import { biconnectivityOp } from "./biconnectivity.js";

export default biconnectivityOp("bridges", [
  {
    title: "a triangle with a tail: the tail edges are bridges",
    payload: { graph: { vertices: ["a", "b", "c", "d", "e"], edges: [["a", "b"], ["b", "c"], ["c", "a"], ["c", "d"], ["d", "e"]] } },
    expected: { count: "2", bridges: [["c", "d"], ["d", "e"]] },
  },
  {
    title: "a doubled edge is not a bridge",
    payload: { graph: { vertices: ["u", "v", "w"], edges: [["u", "v"], ["v", "u"], ["v", "w"]] } },
    expected: { count: "1", bridges: [["v", "w"]] },
  },
]);
