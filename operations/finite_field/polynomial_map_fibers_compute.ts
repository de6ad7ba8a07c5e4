import { type } from "arktype";
import { fibersOf } from "../../domain/math/poly/polymap.js";
import { request, result } from "../_support/kinds.js";
import { ffCompute } from "./support.js";
import { elementTuple, formatFiniteField, MAP_BOUNDS, mapPreflight, mapRequestFields, mapValues, pointStrings } from "./polymap_support.js";

export const FIBERS_KIND = "finite_field.polynomial_map_fibers";

export const fibersShape = () => ({
  field: type("string").describe("the field GF(q)"),
  variables: type("string").array().describe("the variables x_1, …, x_n"),
  points: type("string").describe("q^n, the number of points"),
  image_size: type("string").describe("the number of distinct images |F(GF(q)^n)|"),
  fiber_sizes: type({ size: "string", fibers: "string" }).array().describe("the distribution: how many fibers have each size, ascending by size (Σ size·fibers = q^n)"),
  fibers: type({ image: elementTuple("the image (y_1, …, y_m)"), count: "string", preimages: type("string").array().array().describe("the preimages in lexicographic order, at most max_preimages of them") })
    .array()
    .describe("the first max_fibers fibers in lexicographic order of their images"),
  complete: type("boolean").describe("true when every fiber is listed with all its preimages"),
});

const Request = request({
  ...mapRequestFields(),
  "max_fibers?": type("0 <= number.integer <= 100000").describe("how many fibers to list (default 1000)"),
  "max_preimages?": type("0 <= number.integer <= 100000").describe("how many preimages to list per fiber (default 100)"),
});
const Result = result(fibersShape(), FIBERS_KIND);
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default ffCompute<Req, Res>({
  id: "finite_field.polynomial_map.fibers.compute",
  title: "Fibers of a polynomial map over a finite field",
  summary:
    "Partitions GF(q)^n into the fibers F^(−1)(y) of F = (f_1, …, f_m): GF(q)^n → GF(q)^m, from the map or from its table (the `table` input port; a table is authenticated by re-evaluating its map, so a forged table is refused, never believed). " +
    "Returns the number of distinct images, the distribution of fiber sizes, and the first max_fibers fibers in image order each with its size and up to max_preimages preimages. Streaming evaluation of up to 10^7 points, grouped by a counting sort on image indices.",
  keywords: ["polynomial map", "fibers", "fibres", "preimages", "level sets", "partition", "finite field", "gf", "inverse image", "value distribution"],
  request: Request,
  result: Result,
  bounds: [...MAP_BOUNDS, { name: "listed_fibers", limit: 100_000, unit: "fibers", description: "max_fibers ≤ 100,000 and max_preimages ≤ 100,000" }],
  cost_model: "units ≈ q^n·(m·2(D+1) + 8) + q^(n−1)·T·(n+1) (evaluation and counting sort) + listed output",
  budget: { max_units: 2e10, max_memory_bytes: 1536 * 2 ** 20, timeout_ms: 120_000 },
  preflight(req) {
    const pf = mapPreflight(req.map ?? req.table?.map ?? [], undefined, req.table ? 40 : 8);
    const listed = Math.min(req.max_fibers ?? 1000, pf.units) * Math.min(req.max_preimages ?? 100, 1000);
    return { ...pf, units: pf.units + 50 * listed };
  },
  ports: { inputs: { table: { field: "table", description: "a table from finite_field.polynomial_map.table.compute" } }, outputs: { fibers: { field: ".", description: "the fiber partition (kind finite_field.polynomial_map_fibers)" } } },
  execute(req, ctx) {
    const { M, values, field, variables } = mapValues(req, () => ctx.checkpoint());
    const fb = fibersOf(values, M.imageSpace, () => ctx.checkpoint());
    const maxF = req.max_fibers ?? 1000, maxP = req.max_preimages ?? 100;
    const dist = new Map<number, number>();
    let complete = fb.images.length <= maxF;
    for (let i = 0; i < fb.images.length; i++) {
      const c = fb.counts[i]!;
      dist.set(c, (dist.get(c) ?? 0) + 1);
      if (c > maxP) complete = false;
    }
    const fibers = [];
    for (let i = 0; i < Math.min(maxF, fb.images.length); i++) {
      const pre: string[][] = [];
      for (let t = fb.offsets[i]!; t < fb.offsets[i + 1]! && pre.length < maxP; t++) pre.push(pointStrings(M, field, fb.members[t]!, M.n));
      fibers.push({ image: pointStrings(M, field, fb.images[i]!, M.m), count: String(fb.counts[i]), preimages: pre });
    }
    return {
      field: formatFiniteField(field),
      variables: [...variables],
      points: String(M.size),
      image_size: String(fb.images.length),
      fiber_sizes: [...dist.entries()].sort((a, b) => a[0] - b[0]).map(([size, fibers]) => ({ size: String(size), fibers: String(fibers) })),
      fibers,
      complete,
    };
  },
  postcondition(_req, res) {
    const total = res.fiber_sizes.reduce((s, f) => s + BigInt(f.size) * BigInt(f.fibers), 0n);
    if (total !== BigInt(res.points)) return "the fiber sizes do not add up to q^n";
    const count = res.fiber_sizes.reduce((s, f) => s + BigInt(f.fibers), 0n);
    return count === BigInt(res.image_size) ? null : "the fiber count differs from the image size";
  },
  examples: [
    {
      title: "squaring on GF(5): 0 has one preimage, the squares 1 and 4 two each",
      payload: { map: [{ ring: "GF(5)", variables: ["x"], expression: "x^2" }] },
      expected: {
        field: "GF(5)", variables: ["x"], points: "5", image_size: "3",
        fiber_sizes: [{ size: "1", fibers: "1" }, { size: "2", fibers: "2" }],
        fibers: [{ image: ["0"], count: "1", preimages: [["0"]] }, { image: ["1"], count: "2", preimages: [["1"], ["4"]] }, { image: ["4"], count: "2", preimages: [["2"], ["3"]] }],
        complete: true,
      },
    },
    {
      title: "the norm-like map x·y on GF(3)^2, preimages listed up to 2 per fiber",
      payload: { map: [{ ring: "GF(3)", variables: ["x", "y"], expression: "x*y" }], max_preimages: 2 },
      expected: {
        field: "GF(3)", variables: ["x", "y"], points: "9", image_size: "3",
        fiber_sizes: [{ size: "2", fibers: "2" }, { size: "5", fibers: "1" }],
        fibers: [{ image: ["0"], count: "5", preimages: [["0", "0"], ["0", "1"]] }, { image: ["1"], count: "2", preimages: [["1", "1"], ["2", "2"]] }, { image: ["2"], count: "2", preimages: [["1", "2"], ["2", "1"]] }],
        complete: false,
      },
    },
    {
      title: "from a table (the table port value given inline): x^3 is 1 on GF(4)^*",
      payload: { table: { map: [{ ring: "GF(2^2)", variables: ["x"], expression: "x^3" }], images: ["0", "1", "1", "1"] } },
      expected: {
        field: "GF(2^2)", variables: ["x"], points: "4", image_size: "2",
        fiber_sizes: [{ size: "1", fibers: "1" }, { size: "3", fibers: "1" }],
        fibers: [{ image: ["0"], count: "1", preimages: [["0"]] }, { image: ["1"], count: "3", preimages: [["1"], ["a"], ["a + 1"]] }],
        complete: true,
      },
    },
  ],
});
