import { type } from "arktype";
import { JacobianError } from "../../domain/errors.js";
import { oneOf, request } from "../_support/kinds.js";
import { ffCompute } from "./support.js";
import { elementTuple, MAP_BOUNDS, mapPreflight, mapRequestFields, mapValues, MAX_TABLE_ENTRIES, pointStrings } from "./polymap_support.js";

const Request = request(mapRequestFields());
const Result = oneOf([
  { bijective: "true", inverse_images: type("string").array().describe("inverse_images[j] = index of F^(−1)(point j), points in the table order (lexicographic, element indices)") },
  { bijective: "false", first: elementTuple("a point u"), second: elementTuple("a later point v with F(v) = F(u): F is not injective") },
]);
type Res = typeof Result.infer;

export default ffCompute<typeof Request.infer, Res>({
  id: "finite_field.polynomial_map.permutation.compute",
  title: "Inverse of a permutation polynomial map over a finite field",
  summary:
    "For F: GF(q)^n → GF(q)^n (m = n) decides bijectivity: returns the inverse table (inverse_images[j] = index of the unique u with F(u) = point j, same encoding as a table) or the first collision u, v proving F is not a permutation. " +
    "Takes the map or its table (`table` port, authenticated by re-evaluation); at most 2^21 points (the inverse table is output).",
  keywords: ["polynomial map", "permutation", "permutation polynomial", "bijective", "bijection", "inverse", "inverse table", "finite field", "gf"],
  request: Request,
  result: Result,
  bounds: MAP_BOUNDS,
  cost_model: "units ≈ q^n·(m·2(D+1) + 24) + q^(n−1)·T·(n+1)",
  budget: { max_units: 2e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 60_000 },
  preflight: (req) => mapPreflight(req.map ?? req.table?.map ?? [], MAX_TABLE_ENTRIES, req.table ? 56 : 24),
  ports: { inputs: { table: { field: "table", description: "a table from finite_field.polynomial_map.table.compute" } } },
  execute(req, ctx): Res {
    const { M, values, field } = mapValues(req, () => ctx.checkpoint());
    if (M.m !== M.n) throw new JacobianError("DOMAIN_ERROR", `a permutation needs as many components as variables (m = ${M.m}, n = ${M.n})`, { path: "payload.map" });
    const inv = new Int32Array(M.size).fill(-1);
    for (let i = 0; i < M.size; i++) {
      const v = values[i]!;
      if (inv[v]! >= 0) return { bijective: false, first: pointStrings(M, field, inv[v]!, M.n), second: pointStrings(M, field, i, M.n) };
      inv[v] = i;
    }
    const out = new Array<string>(M.size);
    for (let j = 0; j < M.size; j++) out[j] = String(inv[j]);
    return { bijective: true, inverse_images: out };
  },
  postcondition: () => null,
  examples: [
    { title: "x^3 on GF(5) is inverted by x^3 (3·3 ≡ 1 mod 4)", payload: { map: [{ ring: "GF(5)", variables: ["x"], expression: "x^3" }] }, expected: { bijective: true, inverse_images: ["0", "1", "3", "2", "4"] } },
    { title: "(x·y, y) on GF(2)^2 is not injective", payload: { map: [{ ring: "GF(2)", variables: ["x", "y"], expression: "x*y" }, { ring: "GF(2)", variables: ["x", "y"], expression: "y" }] }, expected: { bijective: false, first: ["0", "0"], second: ["1", "0"] } },
  ],
});
