import { type } from "arktype";
import { compileMap, evaluateAt, pointOf } from "../../domain/math/poly/polymap.js";
import { request } from "../_support/kinds.js";
import { ffChecker } from "./support.js";
import { checkMap, MAP_BOUNDS, MAX_TABLE_ENTRIES, mapPreflight, pointStrings, tableField } from "./polymap_support.js";

const Request = request({ claim: tableField("the claim: the value of finite_field.polynomial_map.table.compute unchanged ({ map, images })") });
type Req = typeof Request.infer;

const Bindings = type({
  points: "string",
  checked: type("string").describe("how many entries were re-evaluated (all of them when accepted)"),
  "point?": type("string").array().describe("a point whose entry is wrong (rejected)"),
  "claimed_image?": "string",
  "actual_image?": "string",
});

export default ffChecker<Req>({
  id: "finite_field.polynomial_map.table.verify",
  title: "Verify a value table of a polynomial map over a finite field",
  summary:
    "Checks that a table lists F(u) for every point u of GF(q)^n: first 64 seeded spot checks (a forged entry is usually caught at once), then complete re-evaluation of every entry with a direct term-by-term evaluator (not the producer's prefix/Horner scheme). " +
    "Rejections name the point with the claimed and the true image index; a table with the wrong number of entries is rejected outright.",
  keywords: ["polynomial map", "table", "verify", "check", "authenticate", "finite field", "gf", "lookup table"],
  request: Request,
  bindings: Bindings,
  method: "seeded spot evaluation, then complete independent re-evaluation (direct term-by-term evaluation per point)",
  bounds: MAP_BOUNDS,
  cost_model: "units ≈ q^n·(T·(D·n + 2) + 30) for T terms of total degree D",
  budget: { max_units: 2e10, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 300_000 },
  preflight(req) {
    const polys = req.claim.map;
    const pf = mapPreflight(polys, MAX_TABLE_ENTRIES);
    const T = polys.reduce((s, P) => s + P.terms.length, 0);
    const D = polys.reduce((d, P) => P.terms.reduce((e, t) => Math.max(e, t.exponents.reduce((a, b) => a + b, 0)), d), 0);
    const points = req.claim.images.length;
    return { ...pf, units: points * (T * (D + 2) + 30) + 1000 };
  },
  ports: { inputs: { claim: { field: "claim", description: "a table from finite_field.polynomial_map.table.compute" } } },
  execute(req, ctx) {
    const { field } = checkMap(req.claim.map, "payload.claim.map");
    const M = compileMap(field, req.claim.map);
    const imgs = req.claim.images;
    const bindings: Record<string, any> = { points: String(M.size) };
    if (imgs.length !== M.size) return { verdict: "rejected" as const, bindings: { ...bindings, checked: "0" }, reason: `the table has ${imgs.length} entries; the map has q^n = ${M.size} points` };
    let checked = 0;
    const check = (i: number) => {
      checked++;
      const actual = evaluateAt(M, pointOf(M, i));
      if (Number(imgs[i]) === actual) return undefined;
      return { verdict: "rejected" as const, bindings: { ...bindings, checked: String(checked), point: pointStrings(M, field, i, M.n), claimed_image: imgs[i]!, actual_image: String(actual) }, reason: "the entry at this point is not the map's value" };
    };
    let s = 0x9e3779b9;
    for (let t = 0; t < 64; t++) {
      s = (Math.imul(s ^ (s >>> 15), 0x85ebca6b) + t) >>> 0;
      const bad = check(s % M.size);
      if (bad) return bad;
    }
    for (let i = 0; i < M.size; i++) {
      if ((i & 4095) === 0) ctx.checkpoint();
      const bad = check(i);
      if (bad) return bad;
    }
    return { verdict: "accepted" as const, bindings: { ...bindings, checked: String(checked) } };
  },
  postcondition: () => null,
  examples: [
    {
      title: "the table of x^2 over GF(5)",
      payload: { claim: { map: [{ ring: "GF(5)", variables: ["x"], expression: "x^2" }], images: ["0", "1", "4", "4", "1"] } },
      expected: { verdict: "accepted", bindings: { points: "5", checked: "69" } },
    },
    {
      title: "a forged entry is rejected with its point",
      payload: { claim: { map: [{ ring: "GF(5)", variables: ["x"], expression: "x^2" }], images: ["0", "1", "4", "3", "1"] } },
      expected: { verdict: "rejected", bindings: { points: "5", checked: "9", point: ["3"], claimed_image: "3", actual_image: "4" }, reason: "the entry at this point is not the map's value" },
    },
  ],
});
