/**
 * Family-internal support of the linear-algebra declarations: typed-matrix conversions, ring
 * element arithmetic for the elementwise operations, and the typed forms of the shared kernels
 * (RREF, nullspace, solve, inverse) on top of domain/math/linalg. (Not a declaration.)
 */
import type { ExecutionContext } from "../../domain/declaration.js";
import { domainError } from "../../domain/errors.js";
import { formatRing, QQ, readRingScalar, type MatrixRing, type TypedMatrix, type TypedVector } from "../../domain/kinds.js";
import { bitLength, gcd, mod, modInverse } from "../../domain/math/integer.js";
import { extensionMultiply, extensionRref } from "../../domain/math/linalg/extension.js";
import { integerRrefSteps, rrefModPrime, type IntegerRref } from "../../domain/math/linalg/rref.js";
import { dixonSolveSteps } from "../../domain/math/linalg/dixon.js";
import { delayedPrimeBits, FlatResidues, rankModW, rationalResiduesW, wordPrime } from "../../domain/math/linalg/wordsize.js";
import { extensionFieldRing } from "../../domain/math/poly/gfq.js";
import type { ExtensionField, FieldElement } from "../../domain/math/poly/types.js";
import { clearDenominators, lcm, type IntMatrix } from "../../domain/math/matrix.js";
import { rational, ratAdd, ratMul, type Rational } from "../../domain/math/rational.js";
import { BIGINT_OVERHEAD, CHAR_COST, extensionOpCost, FLOAT_STEP, hadamardBitsEstimate, LOG2_10, mulCost, runCounted, type MatrixSize } from "./support.js";

export type Elem = bigint | Rational | FieldElement;
export type { MatrixRing };

/** GF(p) or GF(p^k): the rings whose matrices are eliminated in the ring itself. */
export const isFinite = (ring: MatrixRing): ring is (MatrixRing & { kind: "GF" }) | ExtensionField => ring.kind === "GF" || ring.kind === "GFq";

/** Element arithmetic of a ring (ZZ and GF(p): bigint, QQ: Rational, GF(p^k): FieldElement). */
export interface RingOps {
  zero: Elem;
  one: Elem;
  add(a: Elem, b: Elem): Elem;
  mul(a: Elem, b: Elem): Elem;
  neg(a: Elem): Elem;
  isZero(a: Elem): boolean;
  /** A rational scalar as an element (DOMAIN_ERROR when it is not one). */
  fromRational(r: Rational, path: string): Elem;
}

export function ringOps(ring: MatrixRing): RingOps {
  switch (ring.kind) {
    case "GFq": {
      const R = extensionFieldRing(ring);
      return {
        zero: R.zero, one: R.one,
        add: (a, b) => R.add(a as FieldElement, b as FieldElement),
        mul: (a, b) => R.mul(a as FieldElement, b as FieldElement),
        neg: (a) => R.neg(a as FieldElement),
        isZero: (a) => (a as FieldElement).length === 0,
        fromRational: (r, path) => readRingScalar(ring, r, path),
      };
    }
    case "ZZ":
      return {
        zero: 0n, one: 1n,
        add: (a, b) => (a as bigint) + (b as bigint),
        mul: (a, b) => (a as bigint) * (b as bigint),
        neg: (a) => -(a as bigint),
        isZero: (a) => a === 0n,
        fromRational: (r, path) => {
          if (r.den !== 1n) throw domainError(`the scalar ${r.num}/${r.den} is not an integer; the matrix is over ZZ`, path, "give an integer, or write the matrix over QQ");
          return r.num;
        },
      };
    case "QQ":
      return {
        zero: rational(0n), one: rational(1n),
        add: (a, b) => ratAdd(a as Rational, b as Rational),
        mul: (a, b) => ratMul(a as Rational, b as Rational),
        neg: (a) => rational(-(a as Rational).num, (a as Rational).den),
        isZero: (a) => (a as Rational).num === 0n,
        fromRational: (r) => r,
      };
    case "GF": {
      const p = ring.p;
      return {
        zero: 0n, one: 1n % p,
        add: (a, b) => mod((a as bigint) + (b as bigint), p),
        mul: (a, b) => mod((a as bigint) * (b as bigint), p),
        neg: (a) => mod(-(a as bigint), p),
        isZero: (a) => a === 0n,
        fromRational: (r, path) => {
          const inv = modInverse(r.den, p);
          if (inv === undefined) throw domainError(`the scalar's denominator ${r.den} is divisible by ${p}: it is not an element of GF(${p})`, path);
          return mod(r.num * inv, p);
        },
      };
    }
  }
}

export const dims = (m: TypedMatrix): { rows: number; cols: number } => ({ rows: m.rows.length, cols: m.rows.length ? m.rows[0]!.length : 0 });

export function typedMatrix(ring: MatrixRing, rows: Elem[][]): TypedMatrix {
  return { $kind: "matrix", ring, rows } as TypedMatrix;
}

export function typedVector(ring: MatrixRing, entries: Elem[]): TypedVector {
  return { $kind: "vector", ring, entries } as TypedVector;
}

export function sameRing(a: MatrixRing, b: MatrixRing, path: string): void {
  const ra = formatRing(a), rb = formatRing(b);
  if (ra !== rb) throw domainError(`the operands are over different rings: ${ra} and ${rb}`, path, "give every operand over the same ring (an integer matrix can be written over QQ)");
}

/** The field a result of elimination lives in: QQ for ZZ and QQ input, GF(p) and GF(p^k) themselves. */
export const fieldOf = (ring: MatrixRing): MatrixRing => (isFinite(ring) ? ring : QQ);

/** Row-cleared integer form of a ZZ or QQ matrix (same RREF, row space and nullspace). */
export function clearedRows(m: TypedMatrix): IntMatrix {
  return m.ring.kind === "QQ" ? clearDenominators(m.rows as Rational[][]).integer : (m.rows as bigint[][]);
}

/** RREF in typed form: the nonzero rows (over QQ or GF(p)), pivots and independent rows. */
export interface TypedRref {
  field: MatrixRing;
  rows: number;
  cols: number;
  pivots: number[];
  independentRows: number[];
  /** The nonzero rows of the RREF: Rational over QQ, residues over GF(p). */
  nonzero: Elem[][];
  /** ZZ/QQ: the integer form Y/D. */
  integer?: IntegerRref;
}

export async function rrefOf(m: TypedMatrix, ctx?: ExecutionContext): Promise<TypedRref> {
  const { rows, cols } = dims(m);
  if (m.ring.kind === "GF") {
    const r = rrefModPrime(m.rows as bigint[][], m.ring.p);
    return { field: m.ring, rows, cols, pivots: r.pivots, independentRows: r.independentRows, nonzero: r.rows };
  }
  if (m.ring.kind === "GFq") {
    const r = extensionRref(m.ring, m.rows as FieldElement[][], ctx ? () => ctx.checkpoint() : undefined);
    return { field: m.ring, rows, cols, pivots: r.pivots, independentRows: r.independentRows, nonzero: r.rows };
  }
  const gen = integerRrefSteps(clearedRows(m));
  const ir = ctx ? await runCounted(gen, ctx) : drain(gen);
  const nonzero = ir.num.map((row) => row.map((v) => rational(v, ir.den)));
  return { field: QQ, rows, cols, pivots: ir.pivots, independentRows: ir.independentRows, nonzero, integer: ir };
}

/**
 * The rank of a matrix. ZZ/QQ: the rank modulo a word-size prime is a lower bound (a nonzero
 * minor modulo p is nonzero over QQ), so when it reaches min(m, n) it is the rank — one modular
 * elimination, which is the typical case; otherwise the certified RREF decides. GF(p), GF(p^k):
 * Gauss–Jordan in the field.
 */
export async function rankOf(m: TypedMatrix, ctx?: ExecutionContext): Promise<number> {
  const { rows, cols } = dims(m);
  if (!rows || !cols) return 0;
  if (!ctx?.attemptDeclined) {
    const full = fullRankModular(m);
    if (full !== undefined) return full;
  }
  return (await rrefOf(m, ctx)).pivots.length;
}

/**
 * min(m, n) when one elimination modulo a word-size prime proves it the rank of a ZZ/QQ matrix
 * (the rank mod p is a lower bound), else undefined (rank deficient, or an unlucky prime).
 */
export function fullRankModular(m: TypedMatrix): number | undefined {
  const { rows, cols } = dims(m);
  if (!rows || !cols) return 0;
  if (isFinite(m.ring)) return undefined;
  const bits = delayedPrimeBits(Math.max(rows, cols) + 1);
  const p = wordPrime(bits, 1);
  // over QQ the residues of the entries themselves (no denominators cleared in bigints)
  const residues = (m.ring.kind === "QQ" ? rationalResiduesW(m.rows as Rational[][], cols, p) : undefined) ?? new FlatResidues(clearedRows(m)).reduce(p);
  return rankModW(residues, rows, cols, p) === Math.min(rows, cols) ? Math.min(rows, cols) : undefined;
}

function drain<T>(g: Generator<unknown, T, void>): T {
  for (;;) {
    const r = g.next();
    if (r.done) return r.value;
  }
}

/** The full RREF matrix (zero rows at the bottom). */
export function rrefMatrix(r: TypedRref): Elem[][] {
  const zero = ringOps(r.field).zero;
  const out = r.nonzero.map((row) => row.slice());
  while (out.length < r.rows) out.push(new Array<Elem>(r.cols).fill(zero));
  return out;
}

/**
 * A basis of the right nullspace {x : A·x = 0} from the RREF, one vector per free column f:
 * x_f = 1, x_{P[k]} = −RREF[k][f]. Over ZZ/QQ each vector is scaled to a primitive integer
 * vector (x_f = D/g, x_{P[k]} = −Y[k][f]/g). Returned as a list of vectors.
 */
export function nullspaceBasis(r: TypedRref): Elem[][] {
  const isPivot = new Uint8Array(r.cols);
  for (const c of r.pivots) isPivot[c] = 1;
  const out: Elem[][] = [];
  for (let f = 0; f < r.cols; f++) {
    if (isPivot[f]) continue;
    if (r.integer) {
      const { num, den } = r.integer;
      const v = new Array<bigint>(r.cols).fill(0n);
      v[f] = den;
      r.pivots.forEach((c, k) => { v[c] = -num[k]![f]!; });
      let g = 0n;
      for (const x of v) if (x !== 0n) g = gcd(g, x);
      out.push(v.map((x) => x / g));
    } else if (r.field.kind === "GFq") {
      const ops = ringOps(r.field);
      const v = new Array<Elem>(r.cols).fill(ops.zero);
      v[f] = ops.one;
      r.pivots.forEach((c, k) => { v[c] = ops.neg(r.nonzero[k]![f]!); });
      out.push(v);
    } else {
      const p = (r.field as MatrixRing & { kind: "GF" }).p;
      const v = new Array<bigint>(r.cols).fill(0n);
      v[f] = 1n;
      r.pivots.forEach((c, k) => { v[c] = mod(-(r.nonzero[k]![f] as bigint), p); });
      out.push(v);
    }
  }
  return out;
}

/** A nullspace vector in the input's ring form (ZZ stays ZZ, QQ as integral rationals; finite fields unchanged). */
export function asRingElems(ring: MatrixRing, v: Elem[]): Elem[] {
  return ring.kind === "QQ" ? (v as bigint[]).map((x) => rational(x)) : v;
}

/** Columns of a list of vectors as an n×k matrix (n = length; k = 0 gives n empty rows). */
export function columnsToMatrix(vectors: Elem[][], n: number): Elem[][] {
  return Array.from({ length: n }, (_, i) => vectors.map((v) => v[i]!));
}

export function transposeRows<T>(rows: T[][], cols: number): T[][] {
  return Array.from({ length: cols }, (_, j) => rows.map((r) => r[j]!));
}

/** A·x for a typed matrix and a vector of the same ring's elements (exact). */
export function matVec(m: TypedMatrix, x: Elem[]): Elem[] {
  const ops = ringOps(m.ring);
  return (m.rows as Elem[][]).map((row) => {
    let s = ops.zero;
    for (let j = 0; j < row.length; j++) if (!ops.isZero(row[j]!) && !ops.isZero(x[j]!)) s = ops.add(s, ops.mul(row[j]!, x[j]!));
    return s;
  });
}

/** yᵀ·A (exact). */
export function vecMat(y: Elem[], m: TypedMatrix): Elem[] {
  const ops = ringOps(m.ring);
  const cols = dims(m).cols;
  const out: Elem[] = new Array(cols).fill(ops.zero);
  (m.rows as Elem[][]).forEach((row, i) => {
    if (ops.isZero(y[i]!)) return;
    for (let j = 0; j < cols; j++) if (!ops.isZero(row[j]!)) out[j] = ops.add(out[j]!, ops.mul(y[i]!, row[j]!));
  });
  return out;
}

/** Elements of the field of a matrix's entries lifted to that field (ZZ → QQ). */
export function liftToField(ring: MatrixRing, e: Elem): Elem {
  return ring.kind === "ZZ" ? rational(e as bigint) : e;
}

/** Make a vector primitive over ZZ (divide by the gcd of its entries). */
export function primitive(v: bigint[]): bigint[] {
  let g = 0n;
  for (const x of v) if (x !== 0n) g = gcd(g, x);
  return g > 1n ? v.map((x) => x / g) : v;
}

/** Clear the denominators of a rational vector to a primitive integer vector (same direction). */
export function integerDirection(v: Rational[]): bigint[] {
  let l = 1n;
  for (const x of v) if (x.den !== 1n) l = lcm(l, x.den);
  return primitive(v.map((x) => x.num * (l / x.den)));
}

/**
 * Preflight of the certified multimodular elimination on an m×n ZZ/QQ matrix (integerRref): primes up to
 * the Hadamard bound of r ≤ min(m, n) rows, each an LU (r³/3) and n−r triangular solves (r² each);
 * CRT of r·(n−r) entries; the exact certificate m·r·(n−r) products. GF(p): one Gauss–Jordan.
 */
export function eliminationEstimate(s: MatrixSize, label: string): { units: number; memory_bytes: number; basis: string } {
  const m = s.rows, n = s.cols;
  const r = Math.min(m, n), f = Math.max(0, n - r) + 1;
  if (s.ring.kind === "GF") {
    const per = s.ring.smallField ? FLOAT_STEP : mulCost(s.ring.pBits, s.ring.pBits) + BIGINT_OVERHEAD;
    return { units: m * r * n * per + s.chars * CHAR_COST, memory_bytes: m * n * (s.ring.smallField ? 8 : s.ring.pBits / 8 + 32) * 3 + s.chars * 4, basis: `${label}: ${m}×${n} over GF(p) with p of ${s.ring.pBits} bits` };
  }
  if (s.ring.kind === "GFq") {
    // Gauss–Jordan: m·r·n multiply-subtracts of field elements, each a k×k product and reduction.
    return { units: m * r * n * extensionOpCost(s.ring, true) + s.chars * CHAR_COST, memory_bytes: m * n * s.ring.degree * (s.ring.smallField ? 8 : s.ring.pBits / 8 + 32) * 4 + m * n * 64 + s.chars * 4, basis: `${label}: ${m}×${n} over GF(p^${s.ring.degree}) with p of ${s.ring.pBits} bits` };
  }
  const rowsSorted = [...s.rowBits].sort((x, y) => y - x).slice(0, r);
  const hBits = hadamardBitsEstimate({ ...s, rowBits: rowsSorted, cols: n });
  const primes = Math.ceil((hBits + 2) / 21.9);
  const modular = primes * ((r * r * r) / 3 + r * r * f + m * n) * FLOAT_STEP;
  const crt = primes * r * f * mulCost(hBits, 52) / 2;
  const certify = m * r * f * mulCost(Math.max(0, ...s.rowBits), hBits);
  const out = r * f * mulCost(hBits, hBits) + r * n * (hBits / LOG2_10) * CHAR_COST;
  return {
    units: modular + crt + certify + out + s.chars * CHAR_COST,
    memory_bytes: r * n * (hBits / 8 + 32) * 3 + m * n * 8 * 3 + s.chars * 4,
    basis: `${label}: ${m}×${n} over ${s.ring.kind}, entries after clearing ≤ ≈ ${Math.max(0, ...s.rowBits)} bits, about ${primes} primes (Hadamard bound ≈ ${Math.round(hBits)} bits)`,
  };
}

/**
 * Preflight of matrix.rank.compute: GF(p)/GF(p^k) one Gauss–Jordan; ZZ/QQ the modular rank (the
 * first attempt, fullRankEstimate) and, for a rank-deficient matrix, the certified RREF
 * (eliminationEstimate).
 */
export function rankEstimate(s: MatrixSize): { units: number; memory_bytes: number; basis: string } {
  if (s.ring.kind === "GF" || s.ring.kind === "GFq") return eliminationEstimate(s, "rank");
  const first = fullRankEstimate(s)!, rref = eliminationEstimate(s, "rank");
  return { units: first.units + rref.units, memory_bytes: Math.max(first.memory_bytes, rref.memory_bytes), basis: `${rref.basis}, after one modular elimination` };
}

/**
 * The first attempt of matrix.rank.compute over ZZ/QQ (undefined otherwise): one elimination
 * m·n·min(m, n) in doubles plus reducing the entries, which settles every matrix of full rank.
 */
export function fullRankEstimate(s: MatrixSize): { units: number; memory_bytes: number; basis: string } | undefined {
  if (s.ring.kind !== "ZZ" && s.ring.kind !== "QQ") return undefined;
  const m = s.rows, n = s.cols, r = Math.min(m, n);
  const reduce = s.rowBits.reduce((acc, b) => acc + n * (Math.ceil(b / 24) + 1), 0) * FLOAT_STEP;
  return {
    units: m * n * r * FLOAT_STEP + reduce + s.chars * CHAR_COST,
    memory_bytes: m * n * 8 * 3 + s.chars * 4,
    basis: `rank: ${m}×${n} over ${s.ring.kind}, one modular elimination (settles full rank)`,
  };
}

export { bitLength };

/** Shared declaration parts of the linear-algebra operations. */
export const LINALG_PROVIDERS = [{ id: "jacobian.builtin", purpose: "word-size modular elimination, CRT and exact bigint/rational arithmetic" }];
export const LINALG_BUDGET = { max_units: 5e9, max_memory_bytes: 512 * 2 ** 20, timeout_ms: 60_000 };
/** Characters of one entry of a result (RREF, inverse, solutions: quotients of minors). */
export const MAX_RESULT_ENTRY_CHARS = 1_000_000;
export const matrixBounds = (what = "the matrix") => [
  { name: "dimension", limit: 500, unit: "rows or columns", description: `${what} has at most this many rows and columns` },
  { name: "entry_chars", limit: 20_000, unit: "characters", description: "each entry string (integer, rational p/q, residue, or GF(p^k) expression in a) has at most this many characters" },
  { name: "field_characteristic_digits", limit: 40, unit: "decimal digits", description: "p of GF(p) and GF(p^k) has at most 40 digits and must be a proven prime" },
  { name: "extension_degree", limit: 256, unit: "k", description: "GF(p^k) has 2 ≤ k ≤ 256; an explicit modulus is proven irreducible" },
];

/**
 * The inverse of a square matrix over its field, or a nonzero kernel vector when it is singular.
 * ZZ/QQ: the certified RREF of [S·A | S] (S the diagonal of row denominators, so S·A is integral):
 * its right block is (S·A)⁻¹·S = A⁻¹. GF(p): Gauss–Jordan on [A | I].
 */
export async function inverseOf(a: TypedMatrix, ctx?: ExecutionContext): Promise<{ inverse: Elem[][] } | { kernel: Elem[] }> {
  const n = a.rows.length;
  if (n === 0) return { inverse: [] }; // the 0×0 identity
  let aug: TypedMatrix;
  if (isFinite(a.ring)) {
    const ops = ringOps(a.ring);
    aug = typedMatrix(a.ring, (a.rows as Elem[][]).map((row, i) => [...row, ...Array.from({ length: n }, (_, j) => (i === j ? ops.one : ops.zero))]));
  } else {
    const { integer, rowScales } = a.ring.kind === "QQ" ? clearDenominators(a.rows as Rational[][]) : { integer: a.rows as bigint[][], rowScales: a.rows.map(() => 1n) };
    aug = typedMatrix({ $kind: "ring", kind: "ZZ" } as MatrixRing, integer.map((row, i) => [...row, ...Array.from({ length: n }, (_, j) => (i === j ? rowScales[i]! : 0n))]));
  }
  const r = await rrefOf(aug, ctx);
  if (r.pivots.length === n && r.pivots[n - 1] === n - 1) return { inverse: r.nonzero.map((row) => row.slice(n)) };
  const kernel = nullspaceBasis(await rrefOf(a))[0]!;
  return { kernel: asRingElems(a.ring, kernel) };
}

/** Require a square matrix (DOMAIN_ERROR at `<path>.rows` otherwise). */
export function requireSquareMatrix(m: TypedMatrix, path: string, what: string): void {
  const { rows, cols } = dims(m);
  if (rows !== cols) throw domainError(`${what} is defined for square matrices; ${path} is ${rows}×${cols}`, `${path}.rows`, "give a matrix with as many rows as columns");
}

/** The answer of A·x = b: unique, general (particular + nullspace basis) or inconsistent with y. */
export type SolveAnswer =
  | { status: "unique"; solution: Elem[] }
  | { status: "general"; particular: Elem[]; nullspace: Elem[][] }
  | { status: "inconsistent"; certificate: Elem[] };

/**
 * Solve A·x = b over the field of A (QQ for ZZ/QQ). A square ZZ/QQ system is first tried by Dixon
 * lifting (dixon.ts: proven by A·x = b; it declines when A is singular or the entries are beyond
 * the word-size path). Otherwise by the certified RREF of [A | b] (rows cleared together). A pivot in the last column means no solution: then a left-nullspace vector y of A with
 * yᵀ·b ≠ 0 certifies it. Otherwise x_P = the last column, free variables 0, plus the nullspace basis.
 */
export async function solveSystem(a: TypedMatrix, b: Elem[], ctx?: ExecutionContext): Promise<SolveAnswer> {
  const { rows: m, cols: n } = dims(a);
  if (m === n && n > 0 && !isFinite(a.ring)) {
    // Square over ZZ/QQ: Dixon lifting (one LU mod p, O(n²) per p-adic digit), proven by A·x = b.
    const { integer } = clearDenominators((a.rows as Elem[][]).map((row, i) => [...row, b[i]!].map((e) => (typeof e === "bigint" ? rational(e) : (e as Rational)))));
    const gen = dixonSolveSteps(integer.map((r) => r.slice(0, n)), integer.map((r) => r[n]!));
    const x = ctx ? await runCounted(gen, ctx) : drain(gen);
    if (x) return { status: "unique", solution: x.num.map((v) => rational(v, x.den)) };
  }
  const augRows = (a.rows as Elem[][]).map((row, i) => [...row, b[i]!]);
  const aug = typedMatrix(a.ring, augRows);
  const r = await rrefOf(aug, ctx);
  const field = fieldOf(a.ring);
  const fops = ringOps(field);
  if (r.pivots.length && r.pivots[r.pivots.length - 1] === n) {
    const t = typedMatrix(a.ring, transposeRows(a.rows as Elem[][], n));
    const basis = nullspaceBasis(await rrefOf(t));
    const bops = ringOps(a.ring);
    for (const y0 of basis) {
      const y = asRingElems(a.ring, y0);
      let s = bops.zero;
      for (let i = 0; i < m; i++) s = bops.add(s, bops.mul(y[i]!, b[i]!));
      if (!bops.isZero(s)) return { status: "inconsistent", certificate: y };
    }
    throw new Error("solveSystem: inconsistent but no certificate (unreachable)");
  }
  const x: Elem[] = new Array(n).fill(fops.zero);
  r.pivots.forEach((c, k) => { x[c] = r.nonzero[k]![n]!; });
  const view: TypedRref = { ...r, cols: n };
  const basis = nullspaceBasis(view).map((v) => (isFinite(a.ring) ? v : (v as bigint[]).map((e) => rational(e))));
  if (!basis.length) return { status: "unique", solution: x };
  return { status: "general", particular: x, nullspace: columnsToMatrix(basis, n) };
}

/** Preflight of an operation that touches each of `entries` output entries with `perEntry` products of b-bit numbers. */
export function elementwiseEstimate(s: MatrixSize, entries: number, perEntry: number, outBits: number, label: string): { units: number; memory_bytes: number; basis: string } {
  const inBits = Math.max(0, ...s.rowBits) + Math.max(0, ...s.colDenBits);
  const units = entries * perEntry * mulCost(inBits, inBits) + entries * (outBits / LOG2_10 + 1) * CHAR_COST + s.chars * CHAR_COST;
  return { units, memory_bytes: entries * (outBits / 8 + 48) * 2 + s.chars * 4, basis: `${label}: ${entries} result entries of ≤ ≈ ${Math.round(outBits)} bits` };
}

/** Bits of the largest entry (numerator plus denominator) of a parsed matrix. */
export function entryBits(s: MatrixSize): number {
  return s.ring.kind === "GF" || s.ring.kind === "GFq" ? s.ring.pBits * s.ring.degree : s.maxNumBits + Math.max(0, ...s.rowDenBits, 0);
}

/** Product of two typed matrices over the same ring (schoolbook, exact; entries Elem). */
export function multiplyElems(ring: MatrixRing, a: Elem[][], b: Elem[][]): Elem[][] {
  if (ring.kind === "GFq") return extensionMultiply(ring, a as FieldElement[][], b as FieldElement[][]);
  const ops = ringOps(ring);
  const k = b.length, m = k ? b[0]!.length : 0;
  return a.map((row) => {
    const out: Elem[] = new Array(m).fill(ops.zero);
    for (let t = 0; t < k; t++) {
      const v = row[t]!;
      if (ops.isZero(v)) continue;
      const bt = b[t]!;
      for (let j = 0; j < m; j++) if (!ops.isZero(bt[j]!)) out[j] = ops.add(out[j]!, ops.mul(v, bt[j]!));
    }
    return out;
  });
}

export function identityElems(ring: MatrixRing, n: number): Elem[][] {
  const ops = ringOps(ring);
  return Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? ops.one : ops.zero)));
}

/** An element of a claim as an element of `field` (QQ: integers become rationals). */
export function toField(field: MatrixRing, e: Elem): Elem {
  return field.kind === "QQ" && typeof e === "bigint" ? rational(e) : e;
}

/** Kind options of the matrices and vectors of the field-generic operations: GF(p^k) is accepted. */
export const EXT = { extension: true } as const;
