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

/** A claim of matrix.sparse_solve.compute as its checks see it (vectors as residues). */
export type SparseSolveClaim =
  | { status: "solution"; solution: bigint[]; kernel_vector?: bigint[] }
  | { status: "inconsistent"; certificate: bigint[]; kernel_vector?: bigint[] }
  | { status: "singular"; kernel_vector?: bigint[] }
  | { status: "not_found" };

/** Where a sparse-solve certificate fails, or null when it holds; `proven` when the claim is settled by it. */
export type SparseCheck = { ok: true; proven: boolean; detail: string } | { ok: false; reason: string; row?: number; column?: number };

/**
 * Exact checks of a sparse-solve claim in bigints, from the request's triples (duplicates summed),
 * independent of the solver: A·x = b; A·w = 0 with w ≠ 0 (a kernel vector: A is singular, the
 * solution not unique); yᵀ·A = 0 with yᵀ·b ≠ 0 (no solution exists). `singular` without a kernel
 * vector and `not_found` claim nothing checkable: not proven.
 */
export function checkSparseClaim(req: { rows: number; cols: number; entries: { row: number; col: number; value: bigint }[] }, b: readonly bigint[], p: bigint, claim: SparseSolveClaim): SparseCheck {
  const md = (v: bigint) => ((v % p) + p) % p;
  const inside = req.entries.every((e) => e.row < req.rows && e.col < req.cols);
  if (!inside) return { ok: false, reason: "an entry lies outside the matrix" };
  if (b.length !== req.rows) return { ok: false, reason: `b has ${b.length} entries; A has ${req.rows} rows` };
  const times = (x: readonly bigint[]): bigint[] => {
    const out: bigint[] = new Array(req.rows).fill(0n);
    for (const e of req.entries) out[e.row] = out[e.row]! + e.value * x[e.col]!;
    return out.map(md);
  };
  const kernel = "kernel_vector" in claim ? claim.kernel_vector : undefined;
  if (kernel) {
    if (kernel.length !== req.cols) return { ok: false, reason: `the kernel vector has ${kernel.length} entries; A has ${req.cols} columns` };
    if (kernel.every((v) => md(v) === 0n)) return { ok: false, reason: "the kernel vector is zero" };
    const row = times(kernel).findIndex((v) => v !== 0n);
    if (row >= 0) return { ok: false, reason: `(A·w)_${row} ≠ 0 for the kernel vector w`, row };
  }
  switch (claim.status) {
    case "solution": {
      const x = claim.solution;
      if (x.length !== req.cols) return { ok: false, reason: `the solution has ${x.length} entries; A has ${req.cols} columns` };
      const ax = times(x);
      const row = ax.findIndex((v, i) => v !== md(b[i]!));
      if (row >= 0) return { ok: false, reason: `(A·x)_${row} ≠ b_${row}`, row };
      return { ok: true, proven: true, detail: kernel ? "A·x = b and A·w = 0 with w ≠ 0 (not unique), exactly" : "A·x = b exactly" };
    }
    case "inconsistent": {
      const y = claim.certificate;
      if (y.length !== req.rows) return { ok: false, reason: `the certificate has ${y.length} entries; A has ${req.rows} rows` };
      const ya: bigint[] = new Array(req.cols).fill(0n);
      for (const e of req.entries) ya[e.col] = ya[e.col]! + y[e.row]! * e.value;
      const column = ya.findIndex((v) => md(v) !== 0n);
      if (column >= 0) return { ok: false, reason: `(yᵀ·A)_${column} ≠ 0`, column };
      if (md(y.reduce((s, v, i) => s + v * b[i]!, 0n)) === 0n) return { ok: false, reason: "yᵀ·b = 0: y does not separate b from the column space" };
      return { ok: true, proven: true, detail: "yᵀ·A = 0 and yᵀ·b ≠ 0 exactly: no solution exists" };
    }
    case "singular":
      return kernel ? { ok: true, proven: true, detail: "A·w = 0 with w ≠ 0 exactly: A is singular" } : { ok: true, proven: false, detail: "no kernel vector given" };
    case "not_found":
      return { ok: true, proven: false, detail: "nothing is claimed" };
  }
}
