import { productOp } from "./products.js";

export default productOp("cartesian", [
  {
    title: "K2 □ K2 is the 4-cycle",
    payload: { left: { vertices: ["0", "1"], edges: [["0", "1"]] }, right: { vertices: ["a", "b"], edges: [["a", "b"]] } },
    expected: {
      graph: { directed: false, vertices: ['["0","a"]', '["0","b"]', '["1","a"]', '["1","b"]'], edges: [['["0","a"]', '["0","b"]'], ['["1","a"]', '["1","b"]'], ['["0","a"]', '["1","a"]'], ['["0","b"]', '["1","b"]']] },
      vertices: "4",
      edges: "4",
    },
  },
]);
