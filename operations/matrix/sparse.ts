/**
 * The sparse matrix input of the matrix family (not a declaration): matrices beyond the dense
 * form's 500×500 cap are given by their nonzero entries, { ring, rows, cols, entries: [{ row,
 * col, value }] } over GF(p) with p < 2^26, and turned into CSR once (duplicates summed, zeros
 * dropped). The dense `{ ring, rows }` form lists every entry and is kept for ≤ 500×500.
 */
import { type } from "arktype";
import { domainError } from "../../domain/errors.js";
import type { MatrixRing } from "../../domain/kinds.js";
import { sparseFromTriples, type SparseMatrixModP } from "../../domain/math/linalg/wiedemann.js";
import { integer, list, object, ring } from "../_support/kinds.js";

export const MAX_SPARSE_DIM = 100_000;
export const MAX_NONZEROS = 1_000_000;

const Entry = object({
  row: type("number.integer >= 0").describe("row index (0-based)"),
  col: type("number.integer >= 0").describe("column index (0-based)"),
  value: integer(40, "the entry (any integer; reduced modulo p, duplicates summed)"),
});

/** The request fields of a sparse matrix over GF(p). */
export const sparseFields = () => ({
  ring: ring(),
  rows: type(`0 <= number.integer <= ${MAX_SPARSE_DIM}`).describe("m, the number of rows"),
  cols: type(`0 <= number.integer <= ${MAX_SPARSE_DIM}`).describe("n, the number of columns"),
  entries: list(Entry, MAX_NONZEROS, "the nonzero entries as { row, col, value } (unlisted entries are 0)"),
});

export const sparseBounds = () => [
  { name: "dimension", limit: MAX_SPARSE_DIM, unit: "rows or columns", description: "m and n are at most this" },
  { name: "nonzeros", limit: MAX_NONZEROS, unit: "entries", description: "at most this many listed entries" },
  { name: "field_characteristic", limit: 2 ** 26, unit: "p", description: "p < 2^26 (double-precision arithmetic); p is proven prime" },
];

/** The prime of a sparse request (DOMAIN_ERROR unless GF(p), p < 2^26). */
export function sparsePrime(r: MatrixRing, what: string): number {
  if (r.kind !== "GF") throw domainError(`${what} runs over GF(p); for ZZ or QQ a result modulo a large prime is only a modular image`, "payload.ring", 'give "GF(p)" with p < 2^26');
  if (r.p >= 2n ** 26n) throw domainError(`p must be below 2^26 for ${what}`, "payload.ring");
  return Number(r.p);
}

/** CSR of the listed entries (each reduced mod p), with the path of an entry outside the matrix. */
export function sparseMatrix(req: { rows: number; cols: number; entries: { row: number; col: number; value: bigint }[] }, p: number): SparseMatrixModP {
  const P = BigInt(p);
  const triples = req.entries.map((e, i) => {
    if (e.row >= req.rows || e.col >= req.cols) throw domainError(`entry ${i} at (${e.row}, ${e.col}) lies outside the ${req.rows}×${req.cols} matrix`, `payload.entries[${i}]`);
    return { row: e.row, col: e.col, value: Number(((e.value % P) + P) % P) };
  });
  return sparseFromTriples(req.rows, req.cols, triples, p);
}
