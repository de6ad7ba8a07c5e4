import { allPairsOp } from "./allpairs_family.js";

export default allPairsOp("diameter", [
  {
    title: "the Petersen graph: diameter 2, radius 2",
    payload: { graph: { graph6: "IheA@GUAo" } },
    expected: { status: "ok", diameter: "2", radius: "2", center: ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"], periphery: ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9"], diametral_path: ["0", "1", "2"], method: "bfs" },
  },
  {
    title: "weighted: a star with rational spokes",
    payload: { graph: { vertices: ["hub", "a", "b", "c"], edges: [["hub", "a", "1/2"], ["hub", "b", "1"], ["hub", "c", "3/2"]] } },
    expected: { status: "ok", diameter: "5/2", radius: "3/2", center: ["hub"], periphery: ["b", "c"], diametral_path: ["b", "hub", "c"], method: "dijkstra" },
  },
]);
