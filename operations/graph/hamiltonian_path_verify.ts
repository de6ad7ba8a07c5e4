import { hamiltonChecker } from "./hamilton_support.js";

export default hamiltonChecker("path", {
  id: "graph.hamiltonian_path.verify",
  title: "Verify a Hamiltonian path, or a claim that there is none",
  summary:
    "Checks a claim about Hamiltonian paths of an undirected graph — the value of graph.hamiltonian_path.compute as it is: a claimed path must visit every vertex once along edges; a claim of none is proved " +
    "by its separator (more than |S| + 1 components) or, up to 24 vertices, by the checker's own subset dynamic programme.",
  keywords: ["hamiltonian path", "verify", "check", "certificate", "traceable", "separator"],
  examples: [
    { title: "a path along a 4-cycle", payload: { graph: { vertices: ["a", "b", "c", "d"], edges: [["a", "b"], ["b", "c"], ["c", "d"], ["d", "a"]] }, claim: { status: "FOUND", path: ["b", "c", "d", "a"] } }, expected: {"verdict":"accepted","bindings":{"proved_by":"walk"}} },
    {
      title: "a separator that does not separate enough is rejected",
      payload: { graph: { vertices: ["c", "x", "y"], edges: [["c", "x"], ["c", "y"]] }, claim: { status: "NONE", separator: { vertices: ["c"], components: "2" } } },
      expected: {"verdict":"rejected","bindings":{"failure":"separator_too_weak"}},
    },
  ],
});
