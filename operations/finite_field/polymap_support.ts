/**
 * The polynomial-map chain (table → fibers, collision, permutation, image) shares: the map field
 * (a list of polynomials over one finite field in the same variables), the table value and its
 * authentication, the size bounds and cost model, and element formatting.
 */
import { type } from "arktype";
import { JacobianError } from "../../domain/errors.js";
import { formatElementIn, formatFiniteField, type FiniteField } from "../../domain/math/poly/gfq.js";
import { compileMap, type CompiledMap, evaluateAll, MAX_MAP_FIELD_ORDER } from "../../domain/math/poly/polymap.js";
import { sameRing } from "../../domain/math/poly/rings.js";
import type { Polynomial } from "../../domain/math/poly/types.js";
import { list, object, polynomial } from "../_support/kinds.js";

/** Points evaluated by the streaming operations (fibers, collision, permutation, image). */
export const MAX_POINTS = 10_000_000;
/** Entries of a table value (it travels as JSON: one decimal string per point). */
export const MAX_TABLE_ENTRIES = 1 << 21;
export const MAX_VARIABLES = 8;
export const MAX_COMPONENTS = 8;

const MAP_POLY = { maxChars: 100_000, maxVariables: MAX_VARIABLES, maxDegree: 10_000, maxTerms: 10_000, maxCoeffDigits: 40 };

export const mapField = (description?: string) =>
  list(polynomial(MAP_POLY), MAX_COMPONENTS, description ?? "the map F = (f_1, …, f_m): m ≤ 8 polynomials over one finite field GF(p) or GF(p^k) (q ≤ 2^24), all in the same n ≤ 8 variables; F maps GF(q)^n → GF(q)^m");

export const TABLE_KIND = "finite_field.polynomial_map_table";

export const tableShape = () => ({
  map: mapField("the map the table tabulates"),
  images: type("/^(0|[1-9][0-9]*)$/").array().atMostLength(MAX_TABLE_ENTRIES).describe("images[i] = index of F(point i): points in lexicographic order of (x_1, …, x_n) (x_n fastest) by element index (Σ c_i p^i for c_0 + c_1 a + …), an image (y_1, …, y_m) as Σ idx(y_j)·q^(m−j)"),
});
export const tableField = (description?: string) => object(tableShape(), TABLE_KIND, description ?? "a table of a polynomial map, as finite_field.polynomial_map.table.compute publishes it (authenticated against its map before use)");

export const MAP_BOUNDS = [
  { name: "points", limit: MAX_POINTS, unit: "points", description: "q^n, the number of points of GF(q)^n evaluated (streaming)" },
  { name: "table_entries", limit: MAX_TABLE_ENTRIES, unit: "entries", description: "a table value (input or output) has at most this many entries" },
  { name: "field_order", limit: MAX_MAP_FIELD_ORDER, unit: "elements", description: "q ≤ 2^24" },
  { name: "variables", limit: MAX_VARIABLES, unit: "variables", description: "n ≤ 8 variables" },
  { name: "components", limit: MAX_COMPONENTS, unit: "polynomials", description: "m ≤ 8 components" },
];

/** The field, variables and compiled map of a list of polynomials, checked consistent. */
export function checkMap(polys: readonly Polynomial[], path: string): { field: FiniteField; variables: readonly string[] } {
  if (!polys.length) throw new JacobianError("INVALID_PAYLOAD", `${path}: the map needs at least one component`, { path });
  const R = polys[0]!.ring;
  if (R.kind !== "GF" && R.kind !== "GFq") throw new JacobianError("DOMAIN_ERROR", `${path}: polynomial maps are over finite fields, not ${R.kind}`, { path, hint: 'use ring "GF(p)" or "GF(p^k)"' });
  const vars = polys[0]!.variables;
  polys.forEach((P, j) => {
    if (!sameRing(P.ring, R)) throw new JacobianError("DOMAIN_ERROR", `${path}[${j}]: all components must be over the same field`, { path: `${path}[${j}]` });
    if (P.variables.length !== vars.length || P.variables.some((v, i) => v !== vars[i])) throw new JacobianError("DOMAIN_ERROR", `${path}[${j}]: all components must have the same variables in the same order`, { path: `${path}[${j}]` });
  });
  if (!vars.length) throw new JacobianError("DOMAIN_ERROR", `${path}: the map needs at least one variable`, { path });
  return { field: R as FiniteField, variables: vars };
}

export interface MapSize {
  q: number;
  n: number;
  m: number;
  points: number;
  terms: number;
  degN: number;
}

export function mapSize(polys: readonly Polynomial[]): MapSize {
  const R = polys[0]?.ring;
  const q = !R || (R.kind !== "GF" && R.kind !== "GFq") ? 0 : R.kind === "GF" ? Number(R.p) : Number(R.p) ** R.k;
  const n = polys[0]?.variables.length ?? 0;
  const terms = polys.reduce((s, P) => s + P.terms.length, 0);
  const degN = polys.reduce((d, P) => P.terms.reduce((e, t) => Math.max(e, t.exponents[n - 1] ?? 0), d), 0);
  return { q, n, m: polys.length, points: q ** n, terms, degN };
}

/** Preflight: refuse above the bound before any work; units ≈ evaluation + grouping. */
export function mapPreflight(polys: readonly Polynomial[], maxPoints = MAX_POINTS, extraPerPoint = 4): { units: number; memory_bytes: number; basis: string } {
  const s = mapSize(polys);
  if (!s.q) throw new JacobianError("DOMAIN_ERROR", "polynomial maps are over finite fields", { path: "payload.map", hint: 'use ring "GF(p)" or "GF(p^k)"' });
  if (s.q > MAX_MAP_FIELD_ORDER) throw new JacobianError("DOMAIN_ERROR", `the field has ${s.q} > 2^24 elements`, { path: "payload.map" });
  if (s.points > maxPoints) throw new JacobianError("DOMAIN_ERROR", `q^n = ${s.q}^${s.n} ≈ ${s.points.toExponential(3)} points exceeds the bound ${maxPoints}`, { path: "payload.map", hint: "tabulating a map is exhaustive: use fewer variables or a smaller field" });
  if (s.q ** s.m > 2 ** 53) throw new JacobianError("DOMAIN_ERROR", `q^m exceeds 2^53: too many components for exact image indices`, { path: "payload.map" });
  const units = s.points * (s.m * (2 * (s.degN + 1)) + extraPerPoint) + (s.points / Math.max(1, s.q)) * s.terms * (s.n + 1) + 16 * s.q;
  return { units, memory_bytes: 16 * s.points + 8 * Math.min(s.q ** s.m, 4 * s.points + 2 ** 20) + 2 ** 22, basis: `${s.points} points (q = ${s.q}, n = ${s.n}, m = ${s.m}), ${s.terms} terms` };
}

/**
 * The map's values at every point: from the map itself, or from a table authenticated against its
 * map by complete re-evaluation (a forged or stale table is refused with the first differing point).
 */
export function mapValues(req: { map?: Polynomial[]; table?: { map: Polynomial[]; images: string[] } }, checkpoint: () => void): { M: CompiledMap; values: Int32Array | Float64Array; field: FiniteField; variables: readonly string[] } {
  if ((req.map ? 1 : 0) + (req.table ? 1 : 0) !== 1) throw new JacobianError("INVALID_PAYLOAD", "give exactly one of map and table", { path: "payload", hint: "bind the table port to a finite_field.polynomial_map.table.compute result, or give the map" });
  const polys = req.map ?? req.table!.map;
  const path = req.map ? "payload.map" : "payload.table.map";
  const { field, variables } = checkMap(polys, path);
  const M = compileMap(field, polys);
  const values = evaluateAll(M, checkpoint);
  if (req.table) {
    const imgs = req.table.images;
    if (imgs.length !== M.size) throw new JacobianError("DOMAIN_ERROR", `payload.table.images has ${imgs.length} entries; the map has q^n = ${M.size} points`, { path: "payload.table.images", hint: "the table does not tabulate its map" });
    for (let i = 0; i < M.size; i++) {
      if ((i & 65535) === 0) checkpoint();
      if (Number(imgs[i]) !== values[i]) throw new JacobianError("DOMAIN_ERROR", `payload.table.images[${i}] = ${imgs[i]} but the map's value at that point has index ${values[i]}`, { path: `payload.table.images[${i}]`, hint: "the table does not match its map (forged or stale); recompute it with finite_field.polynomial_map.table.compute" });
    }
  }
  return { M, values, field, variables };
}

export const mapRequestFields = () => ({
  "map?": mapField(),
  "table?": tableField(),
});

/** Element strings of a point / image. */
export function pointStrings(M: CompiledMap, field: FiniteField, index: number, arity: number): string[] {
  const out: string[] = new Array(arity);
  for (let i = arity - 1; i >= 0; i--) {
    const v = index % M.F.q;
    out[i] = formatElementIn(field, M.F.toElement(v));
    index = (index - v) / M.F.q;
  }
  return out;
}

export const elementTuple = (description: string) => type("string").array().describe(description);

export { formatFiniteField };
