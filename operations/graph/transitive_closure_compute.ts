import { closureOp } from "./closure_family.js";

export default closureOp("transitive_closure", [
  {
    title: "a path a → b → c gains a → c",
    payload: { graph: { directed: true, vertices: ["a", "b", "c"], edges: [["a", "b"], ["b", "c"]] } },
    expected: { graph: { directed: true, vertices: ["a", "b", "c"], edges: [["a", "b"], ["a", "c"], ["b", "c"]] }, arcs: "3" },
  },
  {
    title: "vertices on a cycle reach themselves",
    payload: { graph: { directed: true, vertices: ["x", "y", "z"], edges: [["x", "y"], ["y", "x"], ["y", "z"]] } },
    expected: { graph: { directed: true, vertices: ["x", "y", "z"], edges: [["x", "x"], ["x", "y"], ["x", "z"], ["y", "x"], ["y", "y"], ["y", "z"]] }, arcs: "6" },
  },
]);
