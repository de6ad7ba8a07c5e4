import { closureOp } from "./closure_family.js";

export default closureOp("transitive_reduction", [
  {
    title: "the shortcut a → c is implied by a → b → c",
    payload: { graph: { directed: true, vertices: ["a", "b", "c"], edges: [["a", "b"], ["b", "c"], ["a", "c"]] } },
    expected: { graph: { directed: true, vertices: ["a", "b", "c"], edges: [["a", "b"], ["b", "c"]] }, arcs: "2" },
  },
  {
    title: "the divisibility order on {1, 2, 3, 6}: its Hasse diagram",
    payload: { graph: { directed: true, vertices: ["1", "2", "3", "6"], edges: [["1", "2"], ["1", "3"], ["1", "6"], ["2", "6"], ["3", "6"]] } },
    expected: { graph: { directed: true, vertices: ["1", "2", "3", "6"], edges: [["1", "2"], ["1", "3"], ["2", "6"], ["3", "6"]] }, arcs: "4" },
  },
]);
