import { request, result } from "../_support/kinds.js";
import { ffCompute } from "./support.js";
import { MAP_BOUNDS, mapField, mapPreflight, mapValues, MAX_TABLE_ENTRIES, TABLE_KIND, tableShape } from "./polymap_support.js";

const Request = request({ map: mapField() });
const Result = result(tableShape(), TABLE_KIND);
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default ffCompute<Req, Res>({
  id: "finite_field.polynomial_map.table.compute",
  title: "Tabulate a polynomial map over a finite field",
  summary:
    "The value table of F = (f_1, …, f_m): GF(q)^n → GF(q)^m at all q^n points (at most 2^21 entries), published on the `table` port for finite_field.polynomial_map.{fibers,collision,permutation,image}.compute. " +
    "Points are in lexicographic order of (x_1, …, x_n) with x_n fastest, elements by index (Σ c_i p^i); each entry is the index Σ idx(y_j)·q^(m−j) of the image. " +
    "Evaluation collapses the components to univariate polynomials in x_n per prefix and runs Horner over all q values of x_n. Consumers re-evaluate the map to authenticate a table.",
  keywords: ["polynomial map", "finite field", "table", "tabulate", "evaluate everywhere", "value table", "function table", "gf", "lookup table"],
  request: Request,
  result: Result,
  bounds: MAP_BOUNDS,
  cost_model: "units ≈ q^n·(m·2(D+1) + 4) + q^(n−1)·T·(n+1) field operations for T terms and degree D in the last variable, + 20 per entry for the decimal output",
  budget: { max_units: 2e9, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 60_000 },
  preflight: (req) => {
    const pf = mapPreflight(req.map, MAX_TABLE_ENTRIES, 24);
    return { ...pf, memory_bytes: pf.memory_bytes + 64 * MAX_TABLE_ENTRIES };
  },
  ports: { outputs: { table: { field: ".", description: "the table with its map (kind finite_field.polynomial_map_table)" } } },
  execute(req, ctx) {
    const { values } = mapValues({ map: req.map }, () => ctx.checkpoint());
    const images = new Array<string>(values.length);
    for (let i = 0; i < values.length; i++) images[i] = String(values[i]);
    return { map: req.map, images } as never;
  },
  postcondition: () => null,
  examples: [
    {
      title: "x^2 over GF(5)",
      payload: { map: [{ ring: "GF(5)", variables: ["x"], expression: "x^2" }] },
      expected: { map: [{ ring: "GF(5)", variables: ["x"], expression: "x^2", terms: [{ coefficient: "1", exponents: [2] }] }], images: ["0", "1", "4", "4", "1"] },
    },
    {
      title: "(x + y, x·y) over GF(2): images are indices 2·(x + y) + x·y",
      payload: { map: [{ ring: "GF(2)", variables: ["x", "y"], expression: "x + y" }, { ring: "GF(2)", variables: ["x", "y"], expression: "x*y" }] },
      expected: {
        map: [
          { ring: "GF(2)", variables: ["x", "y"], expression: "x + y", terms: [{ coefficient: "1", exponents: [1, 0] }, { coefficient: "1", exponents: [0, 1] }] },
          { ring: "GF(2)", variables: ["x", "y"], expression: "x*y", terms: [{ coefficient: "1", exponents: [1, 1] }] },
        ],
        images: ["0", "2", "2", "1"],
      },
    },
  ],
});
