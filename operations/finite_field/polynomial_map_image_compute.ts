import { type } from "arktype";
import { fibersOf } from "../../domain/math/poly/polymap.js";
import { request, result } from "../_support/kinds.js";
import { ffCompute } from "./support.js";
import { MAP_BOUNDS, mapPreflight, mapRequestFields, mapValues, pointStrings } from "./polymap_support.js";

const Request = request({ ...mapRequestFields(), "max_listed?": type("0 <= number.integer <= 1000000").describe("how many images to list (default 10,000)") });
const Result = result({
  image_size: type("string").describe("|F(GF(q)^n)|, the number of distinct values"),
  points: type("string").describe("q^n"),
  images: type("string").array().array().describe("the first max_listed images in lexicographic order"),
  complete: type("boolean").describe("whether every image is listed"),
});
type Res = typeof Result.infer;

export default ffCompute<typeof Request.infer, Res>({
  id: "finite_field.polynomial_map.image.compute",
  title: "Image (value set) of a polynomial map over a finite field",
  summary: "The set F(GF(q)^n) of values of F = (f_1, …, f_m): its size and, up to max_listed, its elements in lexicographic order. Takes the map or its table (`table` port, authenticated by re-evaluation). Up to 10^7 points, streaming.",
  keywords: ["polynomial map", "image", "value set", "range", "surjective", "finite field", "gf"],
  request: Request,
  result: Result,
  bounds: [...MAP_BOUNDS, { name: "listed_images", limit: 1_000_000, unit: "images", description: "max_listed ≤ 10^6" }],
  cost_model: "units ≈ q^n·(m·2(D+1) + 8) + q^(n−1)·T·(n+1) + 30 per listed image",
  budget: { max_units: 2e10, max_memory_bytes: 1536 * 2 ** 20, timeout_ms: 120_000 },
  preflight(req) {
    const pf = mapPreflight(req.map ?? req.table?.map ?? [], undefined, req.table ? 40 : 8);
    return { ...pf, units: pf.units + 30 * (req.max_listed ?? 10_000) };
  },
  ports: { inputs: { table: { field: "table", description: "a table from finite_field.polynomial_map.table.compute" } } },
  execute(req, ctx): Res {
    const { M, values, field } = mapValues(req, () => ctx.checkpoint());
    const fb = fibersOf(values, M.imageSpace, () => ctx.checkpoint());
    const max = req.max_listed ?? 10_000;
    const images: string[][] = [];
    for (let i = 0; i < Math.min(max, fb.images.length); i++) images.push(pointStrings(M, field, fb.images[i]!, M.m));
    return { image_size: String(fb.images.length), points: String(M.size), images, complete: fb.images.length <= max };
  },
  postcondition: () => null,
  examples: [
    { title: "the squares of GF(7)", payload: { map: [{ ring: "GF(7)", variables: ["x"], expression: "x^2" }] }, expected: { image_size: "4", points: "7", images: [["0"], ["1"], ["2"], ["4"]], complete: true } },
  ],
});
