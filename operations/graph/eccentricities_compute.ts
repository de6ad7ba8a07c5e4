import { allPairsOp } from "./allpairs_family.js";

export default allPairsOp("eccentricities", [
  {
    title: "a path of four vertices",
    payload: { graph: { vertices: ["a", "b", "c", "d"], edges: [["a", "b"], ["b", "c"], ["c", "d"]] } },
    expected: { status: "ok", eccentricities: [["a", "3"], ["b", "2"], ["c", "2"], ["d", "3"]], method: "bfs" },
  },
  {
    title: "a disconnected graph has no finite eccentricity",
    payload: { graph: { vertices: ["a", "b", "c"], edges: [["a", "b"]] } },
    expected: { status: "disconnected", unreachable_pair: ["a", "c"], method: "bfs" },
  },
]);
