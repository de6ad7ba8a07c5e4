import { productOp } from "./products.js";

export default productOp("strong", [
  {
    title: "K2 ⊠ K2 is K4",
    payload: { left: { vertices: ["0", "1"], edges: [["0", "1"]] }, right: { vertices: ["a", "b"], edges: [["a", "b"]] } },
    expected: {
      graph: {
        directed: false,
        vertices: ['["0","a"]', '["0","b"]', '["1","a"]', '["1","b"]'],
        edges: [['["0","a"]', '["0","b"]'], ['["1","a"]', '["1","b"]'], ['["0","a"]', '["1","a"]'], ['["0","b"]', '["1","b"]'], ['["0","a"]', '["1","b"]'], ['["0","b"]', '["1","a"]']],
      },
      vertices: "4",
      edges: "6",
    },
  },
]);
