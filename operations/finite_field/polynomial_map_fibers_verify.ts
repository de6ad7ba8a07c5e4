import { type } from "arktype";
import { JacobianError } from "../../domain/errors.js";
import { formatFieldElement as formatEl } from "../../domain/math/poly/gfq.js";
import { compileMap, evaluateAt, indexField } from "../../domain/math/poly/polymap.js";
import { object, request } from "../_support/kinds.js";
import { ffChecker, parseElementIn } from "./support.js";
import { checkMap, formatFiniteField, MAP_BOUNDS, mapPreflight, mapRequestFields } from "./polymap_support.js";
import { FIBERS_KIND, fibersShape } from "./polynomial_map_fibers_compute.js";

const Request = request({
  ...mapRequestFields(),
  "max_fibers?": type("0 <= number.integer <= 100000").describe("as given to the producer (ignored: the claim is checked as it stands)"),
  "max_preimages?": type("0 <= number.integer <= 100000").describe("as given to the producer (ignored)"),
  claim: object(fibersShape(), FIBERS_KIND, "the claim: the value of finite_field.polynomial_map.fibers.compute unchanged"),
});
type Req = typeof Request.infer;

const Bindings = type({
  points: "string",
  "point?": type("string").array().describe("a counterexample point (rejected)"),
  "image?": type("string").array().describe("its image, or the image whose fiber count is wrong (rejected)"),
  "claimed_count?": "string",
  "actual_count?": "string",
});

export default ffChecker<Req>({
  id: "finite_field.polynomial_map.fibers.verify",
  title: "Verify the fiber partition of a polynomial map over a finite field",
  summary:
    "Checks a claimed fiber partition of F: GF(q)^n → GF(q)^m by complete re-evaluation with a different evaluator (term by term, powers by repeated multiplication, one point at a time, counts in a hash map): " +
    "the sizes add up to q^n, the image size and the size distribution match, every listed fiber has its stated count, and every listed preimage maps to its image and is listed in order. Rejections name the counterexample.",
  keywords: ["polynomial map", "fibers", "verify", "check", "partition", "preimages", "finite field", "gf"],
  request: Request,
  bindings: Bindings,
  method: "independent re-evaluation of every point (direct term-by-term evaluation, not the producer's prefix/Horner scheme) and a recount of every fiber",
  bounds: MAP_BOUNDS,
  cost_model: "units ≈ q^n·(T·(D·n + 2) + 20) for T terms of total degree D",
  budget: { max_units: 5e10, max_memory_bytes: 1536 * 2 ** 20, timeout_ms: 300_000 },
  preflight(req) {
    const polys = req.map ?? req.table?.map ?? [];
    const pf = mapPreflight(polys);
    const T = polys.reduce((s, P) => s + P.terms.length, 0);
    const D = polys.reduce((d, P) => P.terms.reduce((e, t) => Math.max(e, t.exponents.reduce((a, b) => a + b, 0)), d), 0);
    const points = Number(pf.basis.split(" ")[0]);
    return { ...pf, units: points * (T * (D + 2) + 20) };
  },
  ports: { inputs: { claim: { field: "claim", description: "the fiber partition from finite_field.polynomial_map.fibers.compute" }, table: { field: "table", description: "the table the fibers were computed from" } } },
  execute(req, ctx) {
    if ((req.map ? 1 : 0) + (req.table ? 1 : 0) !== 1) throw new JacobianError("INVALID_PAYLOAD", "give exactly one of map and table", { path: "payload" });
    const polys = req.map ?? req.table!.map;
    const { field, variables } = checkMap(polys, req.map ? "payload.map" : "payload.table.map");
    const M = compileMap(field, polys);
    const F = indexField(field);
    const c = req.claim;
    const bindings: Record<string, any> = { points: String(M.size) };
    const reject = (reason: string, extra: Record<string, any> = {}) => ({ verdict: "rejected" as const, bindings: { ...bindings, ...extra }, reason });
    if (c.field !== formatFiniteField(field) || c.variables.join(",") !== variables.join(",")) return reject("the claim is about another field or other variables");
    if (c.points !== String(M.size)) return reject(`the claim has ${c.points} points; q^n = ${M.size}`);
    const enc = (tuple: readonly string[], path: string): number => tuple.reduce((acc, s) => acc * F.q + F.fromElement(parseElementIn(field, s, path)), 0);
    const dec = (idx: number, arity: number): string[] => {
      const out: string[] = [];
      for (let i = 0; i < arity; i++) {
        const v = idx % F.q;
        out.unshift(F.toElement(v).length ? c.field.includes("^") ? formatEl(F.toElement(v)) : String(F.toElement(v)[0]) : "0");
        idx = (idx - v) / F.q;
      }
      return out;
    };
    const counts = new Map<number, number>();
    const point = new Array<number>(M.n).fill(0);
    for (let i = 0; i < M.size; i++) {
      if ((i & 4095) === 0) ctx.checkpoint();
      const v = evaluateAt(M, point);
      counts.set(v, (counts.get(v) ?? 0) + 1);
      for (let t = M.n - 1; t >= 0; t--) {
        if (++point[t]! < F.q) break;
        point[t] = 0;
      }
    }
    if (String(counts.size) !== c.image_size) return reject(`the map has ${counts.size} distinct images, not ${c.image_size}`);
    const dist = new Map<number, number>();
    for (const n of counts.values()) dist.set(n, (dist.get(n) ?? 0) + 1);
    const distStr = [...dist.entries()].sort((a, b) => a[0] - b[0]).map(([s, f]) => `${s}:${f}`).join(",");
    if (distStr !== c.fiber_sizes.map((f) => `${f.size}:${f.fibers}`).join(",")) return reject("the fiber size distribution differs from the recount");
    const sortedImages = [...counts.keys()].sort((a, b) => a - b);
    let listedAll = true;
    for (let i = 0; i < c.fibers.length; i++) {
      const fib = c.fibers[i]!;
      // Points of the wrong length are not points of F_q^m (images) or F_q^n (preimages): the listing is false as stated.
      if (fib.image.length !== M.m) return reject(`fiber ${i}'s image has ${fib.image.length} coordinates; the map has ${M.m} components`, { image: fib.image });
      const short = fib.preimages.findIndex((u) => u.length !== M.n);
      if (short >= 0) return reject(`preimage ${short} of fiber ${i} has ${fib.preimages[short]!.length} coordinates; the map has ${M.n} variables`, { point: fib.preimages[short]! });
      const img = enc(fib.image, `payload.claim.fibers[${i}].image`);
      if (sortedImages[i] !== img) return reject(`fiber ${i} is not the ${i}-th image in order`, { image: fib.image });
      const actual = counts.get(img) ?? 0;
      if (String(actual) !== fib.count) return reject(`the fiber over this image has ${actual} points, not ${fib.count}`, { image: fib.image, claimed_count: fib.count, actual_count: String(actual) });
      let prev = -1;
      for (let t = 0; t < fib.preimages.length; t++) {
        const u = fib.preimages[t]!;
        const ui = enc(u, `payload.claim.fibers[${i}].preimages[${t}]`);
        const pt = u.map((s, j) => F.fromElement(parseElementIn(field, s, `payload.claim.fibers[${i}].preimages[${t}][${j}]`)));
        const fu = evaluateAt(M, pt);
        if (fu !== img) return reject("a listed preimage does not map to its image", { point: u, image: dec(fu, M.m) });
        if (ui <= prev) return reject("preimages are not listed in increasing order", { point: u });
        prev = ui;
      }
      if (fib.preimages.length < actual) listedAll = false;
    }
    if (c.fibers.length < counts.size) listedAll = false;
    if (c.complete !== listedAll) return reject(`complete is ${c.complete} but the listing is ${listedAll ? "" : "not "}complete`);
    return { verdict: "accepted" as const, bindings };
  },
  postcondition: () => null,
  examples: [
    {
      title: "the squaring map on GF(5)",
      payload: {
        map: [{ ring: "GF(5)", variables: ["x"], expression: "x^2" }],
        claim: {
          field: "GF(5)", variables: ["x"], points: "5", image_size: "3",
          fiber_sizes: [{ size: "1", fibers: "1" }, { size: "2", fibers: "2" }],
          fibers: [{ image: ["0"], count: "1", preimages: [["0"]] }, { image: ["1"], count: "2", preimages: [["1"], ["4"]] }, { image: ["4"], count: "2", preimages: [["2"], ["3"]] }],
          complete: true,
        },
      },
      expected: { verdict: "accepted", bindings: { points: "5" } },
    },
    {
      title: "a wrong preimage is rejected with the point and its true image",
      payload: {
        map: [{ ring: "GF(5)", variables: ["x"], expression: "x^2" }],
        claim: {
          field: "GF(5)", variables: ["x"], points: "5", image_size: "3",
          fiber_sizes: [{ size: "1", fibers: "1" }, { size: "2", fibers: "2" }],
          fibers: [{ image: ["0"], count: "1", preimages: [["0"]] }, { image: ["1"], count: "2", preimages: [["1"], ["3"]] }],
          complete: false,
        },
      },
      expected: { verdict: "rejected", bindings: { points: "5", point: ["3"], image: ["4"] }, reason: "a listed preimage does not map to its image" },
    },
  ],
});
