import { connectivityOp } from "./connectivity_family.js";

export default connectivityOp("edge_connectivity", [
  {
    title: "two triangles joined by one edge: λ = 1",
    payload: { graph: { vertices: ["a", "b", "c", "x", "y", "z"], edges: [["a", "b"], ["b", "c"], ["c", "a"], ["x", "y"], ["y", "z"], ["z", "x"], ["c", "x"]] } },
    expected: { edge_connectivity: "1", cut: [["c", "x"]], side: ["a", "b", "c"] },
  },
  { title: "the Petersen graph is 3-edge-connected", payload: { graph: { graph6: "IheA@GUAo" } }, expected: { edge_connectivity: "3", cut: [["0", "1"], ["0", "4"], ["0", "5"]], side: ["0"] } },
]);
