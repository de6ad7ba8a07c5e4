import { hamiltonChecker } from "./hamilton_support.js";

export default hamiltonChecker("cycle", {
  id: "graph.hamiltonian_cycle.verify",
  title: "Verify a Hamiltonian cycle, or a claim that there is none",
  summary:
    "Checks a claim about Hamiltonian cycles of an undirected graph — the value of graph.hamiltonian_cycle.compute as it is: a claimed cycle must visit every vertex once along edges; a claim of none is proved " +
    "by its separator (more components than removed vertices) or, up to 24 vertices, by the checker's own subset dynamic programme.",
  keywords: ["hamiltonian cycle", "verify", "check", "certificate", "hamiltonian circuit", "separator", "toughness"],
  examples: [
    {
      title: "a 4-cycle in order",
      payload: { graph: { vertices: ["a", "b", "c", "d"], edges: [["a", "b"], ["b", "c"], ["c", "d"], ["d", "a"], ["a", "c"]] }, claim: { status: "FOUND", cycle: ["a", "b", "c", "d"] } },
      expected: {"verdict":"accepted","bindings":{"proved_by":"walk"}},
    },
    {
      title: "a cycle that uses a non-edge is rejected",
      payload: { graph: { vertices: ["a", "b", "c", "d"], edges: [["a", "b"], ["b", "c"], ["c", "d"], ["d", "a"]] }, claim: { status: "FOUND", cycle: ["a", "c", "b", "d"] } },
      expected: {"verdict":"rejected","bindings":{"failure":"not_adjacent","edge":["a","c"]}},
    },
    {
      title: "a claim of none on a Hamiltonian graph is refuted by the checker's own search",
      payload: { graph: { vertices: ["a", "b", "c", "d"], edges: [["a", "b"], ["b", "c"], ["c", "d"], ["d", "a"]] }, claim: { status: "NONE" } },
      expected: {"verdict":"rejected","bindings":{"failure":"found","counterexample":["a","d","c","b"]}},
    },
  ],
});
