import { connectivityOp } from "./connectivity_family.js";

export default connectivityOp("vertex_connectivity", [
  {
    title: "a bowtie: the shared vertex separates",
    payload: { graph: { vertices: ["a", "b", "x", "c", "d"], edges: [["a", "b"], ["b", "x"], ["x", "a"], ["x", "c"], ["c", "d"], ["d", "x"]] } },
    expected: { vertex_connectivity: "1", separator: ["x"], separated: ["a", "c"] },
  },
  { title: "K4 is 3-connected (complete: n − 1)", payload: { graph: { graph6: "C~" } }, expected: { vertex_connectivity: "3", separator: [] } },
  { title: "the Petersen graph is 3-connected", payload: { graph: { graph6: "IheA@GUAo" } }, expected: { vertex_connectivity: "3", separator: ["1", "4", "5"], separated: ["0", "2"] } },
]);
