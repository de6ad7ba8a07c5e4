import { type } from "arktype";
import { oneOf, request } from "../_support/kinds.js";
import { ffCompute } from "./support.js";
import { elementTuple, MAP_BOUNDS, mapPreflight, mapRequestFields, mapValues, pointStrings } from "./polymap_support.js";

const Request = request(mapRequestFields());
const Result = oneOf([
  { injective: "false", first: elementTuple("the earlier point u"), second: elementTuple("the first later point v with F(v) = F(u)"), image: elementTuple("F(u) = F(v)") },
  { injective: "true", points: type("string").describe("q^n: every point has its own image") },
]);
type Res = typeof Result.infer;

export default ffCompute<typeof Request.infer, Res>({
  id: "finite_field.polynomial_map.collision.compute",
  title: "First collision of a polynomial map over a finite field",
  summary:
    "Scans GF(q)^n in lexicographic order and returns the first pair u < v (by the position of v) with F(u) = F(v), or injective: true when F is injective. Takes the map or its table (`table` port, authenticated by re-evaluation). Up to 10^7 points, streaming.",
  keywords: ["polynomial map", "collision", "injective", "injectivity", "one-to-one", "finite field", "gf", "hash collision"],
  request: Request,
  result: Result,
  bounds: MAP_BOUNDS,
  cost_model: "units ≈ q^n·(m·2(D+1) + 6) + q^(n−1)·T·(n+1)",
  budget: { max_units: 2e10, max_memory_bytes: 1536 * 2 ** 20, timeout_ms: 120_000 },
  preflight: (req) => mapPreflight(req.map ?? req.table?.map ?? [], undefined, req.table ? 40 : 6),
  ports: { inputs: { table: { field: "table", description: "a table from finite_field.polynomial_map.table.compute" } } },
  execute(req, ctx): Res {
    const { M, values, field } = mapValues(req, () => ctx.checkpoint());
    const seen = M.imageSpace <= Math.max(4 * M.size, 1 << 20) ? new Int32Array(M.imageSpace).fill(-1) : undefined;
    const seenMap = seen ? undefined : new Map<number, number>();
    for (let i = 0; i < M.size; i++) {
      const v = values[i]!;
      const j = seen ? seen[v]! : seenMap!.get(v) ?? -1;
      if (j >= 0) return { injective: false, first: pointStrings(M, field, j, M.n), second: pointStrings(M, field, i, M.n), image: pointStrings(M, field, v, M.m) };
      if (seen) seen[v] = i;
      else seenMap!.set(v, i);
    }
    return { injective: true, points: String(M.size) };
  },
  postcondition: () => null,
  examples: [
    { title: "x^2 on GF(7): the first repeated value is 4^2 = 3^2 = 2", payload: { map: [{ ring: "GF(7)", variables: ["x"], expression: "x^2" }] }, expected: { injective: false, first: ["3"], second: ["4"], image: ["2"] } },
    { title: "x^3 is a permutation of GF(5) (gcd(3, 4) = 1)", payload: { map: [{ ring: "GF(5)", variables: ["x"], expression: "x^3" }] }, expected: { injective: true, points: "5" } },
  ],
});
