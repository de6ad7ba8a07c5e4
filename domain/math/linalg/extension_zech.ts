/**
 * Elimination over small extension fields GF(q), q = p^k ≤ 2^16, with Zech logarithms: a nonzero
 * element is its discrete logarithm to a primitive element g (0 ≤ ℓ < q − 1, zero is −1), so a
 * product is an addition of logarithms mod q − 1 and a sum uses the Zech table
 * Z(n) = log(1 + g^n): g^i + g^j = g^(i + Z(j − i)). Every field operation is a few table
 * lookups, independent of k (FLINT's fq_zech does the same). The tables (3 arrays of q entries)
 * are built once per field, in O(q·k²).
 *
 * Larger fields use the flat kernel (extension_flat.ts) or the element-object path (extension.ts).
 */
import { fieldArith, leastPrimitiveElementFor } from "../poly/gfq.js";
import type { ExtensionField, FieldElement } from "../poly/types.js";

type Tick = () => void;
const noop: Tick = () => {};

/** Largest field order with Zech tables (3 Int32Arrays of q entries: 768 KiB). */
export const ZECH_MAX_ORDER = 1 << 16;

interface Tables {
  q: number;
  p: number;
  k: number;
  /** q − 1, the order of g. */
  o: number;
  /** exp[i] = the packed element g^i (coefficients in base p, a^0 least significant). */
  exp: Int32Array;
  /** log[packed] (log[0] = −1). */
  log: Int32Array;
  /** zech[n] = log(1 + g^n), −1 when 1 + g^n = 0. */
  zech: Int32Array;
  /** log(−1). */
  minusOne: number;
}

const CACHE = new WeakMap<ExtensionField, Tables>();

export const zechApplies = (F: ExtensionField): boolean => F.p ** BigInt(F.k) <= BigInt(ZECH_MAX_ORDER);

function tables(F: ExtensionField): Tables {
  const hit = CACHE.get(F);
  if (hit) return hit;
  const A = fieldArith(F);
  const p = Number(F.p), k = F.k, q = p ** k, o = q - 1;
  const g = leastPrimitiveElementFor(A);
  const pack = (x: readonly unknown[]): number => {
    let v = 0;
    for (let i = x.length - 1; i >= 0; i--) v = v * p + Number(x[i] as number | bigint);
    return v;
  };
  const exp = new Int32Array(o), log = new Int32Array(q).fill(-1), zech = new Int32Array(o);
  let cur: unknown[] = A.one;
  for (let i = 0; i < o; i++) {
    const v = pack(cur);
    exp[i] = v;
    log[v] = i;
    cur = A.mul(cur, g);
  }
  for (let n = 0; n < o; n++) {
    const v = exp[n]!;
    const d0 = v % p;
    zech[n] = log[d0 === p - 1 ? v - (p - 1) : v + 1]!;
  }
  const t: Tables = { q, p, k, o, exp, log, zech, minusOne: p === 2 ? 0 : o / 2 };
  CACHE.set(F, t);
  return t;
}

const toLog = (t: Tables, e: FieldElement): number => {
  let v = 0;
  for (let i = e.length - 1; i >= 0; i--) v = v * t.p + Number(e[i]!);
  return t.log[v]!;
};
const fromLog = (t: Tables, l: number): FieldElement => {
  if (l < 0) return [];
  const out: bigint[] = [];
  for (let v = t.exp[l]!; v > 0; v = Math.floor(v / t.p)) out.push(BigInt(v % t.p));
  return out;
};

function load(t: Tables, M: readonly (readonly FieldElement[])[], cols: number): Int32Array {
  const a = new Int32Array(M.length * cols);
  M.forEach((row, i) => row.forEach((e, j) => { a[i * cols + j] = toLog(t, e); }));
  return a;
}

/** x·y. */
const mul = (t: Tables, x: number, y: number): number => (x < 0 || y < 0 ? -1 : x + y >= t.o ? x + y - t.o : x + y);
/** x + y. */
function add(t: Tables, x: number, y: number): number {
  if (x < 0) return y;
  if (y < 0) return x;
  let d = y - x;
  if (d < 0) d += t.o;
  const z = t.zech[d]!;
  if (z < 0) return -1;
  const s = x + z;
  return s >= t.o ? s - t.o : s;
}
const neg = (t: Tables, x: number): number => mul(t, x, t.minusOne);
const inv = (t: Tables, x: number): number => (x === 0 ? 0 : t.o - x);

function swapRows(a: Int32Array, i: number, j: number, w: number): void {
  const ti = a.slice(i * w, i * w + w);
  a.copyWithin(i * w, j * w, j * w + w);
  a.set(ti, j * w);
}

/** det(M) by Gaussian elimination on logarithms. */
export function zechDeterminant(F: ExtensionField, M: FieldElement[][], tick: Tick = noop): FieldElement {
  const t = tables(F), n = M.length, a = load(t, M, n);
  let det = 0; // log 1
  for (let c = 0; c < n; c++) {
    tick();
    let piv = -1;
    for (let i = c; i < n; i++) if (a[i * n + c]! >= 0) { piv = i; break; }
    if (piv < 0) return [];
    if (piv !== c) { swapRows(a, piv, c, n); det = neg(t, det); }
    const pv = a[c * n + c]!;
    det = mul(t, det, pv);
    const ninv = neg(t, inv(t, pv));
    const rc = c * n;
    for (let i = c + 1; i < n; i++) {
      const ri = i * n;
      const x = a[ri + c]!;
      if (x < 0) continue;
      const f = mul(t, x, ninv); // a_ij += f·a_cj
      for (let j = c + 1; j < n; j++) {
        const y = a[rc + j]!;
        if (y >= 0) a[ri + j] = add(t, a[ri + j]!, f + y >= t.o ? f + y - t.o : f + y);
      }
      a[ri + c] = -1;
    }
  }
  return fromLog(t, det);
}

/** det(M) by Bareiss's fraction-free elimination on logarithms (the checkers' method). */
export function zechBareissDeterminant(F: ExtensionField, M: FieldElement[][], tick: Tick = noop): FieldElement {
  const t = tables(F), n = M.length;
  if (n === 0) return [1n];
  const a = load(t, M, n);
  let negate = false, prevInv = 0;
  for (let c = 0; c < n - 1; c++) {
    tick();
    if (a[c * n + c]! < 0) {
      let swap = -1;
      for (let i = c + 1; i < n; i++) if (a[i * n + c]! >= 0) { swap = i; break; }
      if (swap < 0) return [];
      swapRows(a, swap, c, n);
      negate = !negate;
    }
    const pivot = a[c * n + c]!;
    const u = mul(t, pivot, prevInv);
    const rc = c * n;
    for (let i = c + 1; i < n; i++) {
      const ri = i * n;
      const w = neg(t, mul(t, a[ri + c]!, prevInv));
      for (let j = c + 1; j < n; j++) a[ri + j] = add(t, mul(t, u, a[ri + j]!), mul(t, w, a[rc + j]!));
      a[ri + c] = -1;
    }
    prevInv = inv(t, pivot);
  }
  const d = a[n * n - 1]!;
  return fromLog(t, negate ? neg(t, d) : d);
}

/** RREF on logarithms: nonzero rows, pivot columns, independent original rows. */
export function zechRref(F: ExtensionField, M: FieldElement[][], tick: Tick = noop): { pivots: number[]; rows: FieldElement[][]; independentRows: number[] } {
  const t = tables(F), rows = M.length, cols = rows ? M[0]!.length : 0;
  const a = load(t, M, cols);
  const order = Array.from({ length: rows }, (_, i) => i);
  const pivots: number[] = [];
  let r = 0;
  for (let c = 0; c < cols && r < rows; c++) {
    tick();
    let piv = -1;
    for (let i = r; i < rows; i++) if (a[i * cols + c]! >= 0) { piv = i; break; }
    if (piv < 0) continue;
    if (piv !== r) { swapRows(a, piv, r, cols); [order[r], order[piv]] = [order[piv]!, order[r]!]; }
    const rr = r * cols;
    const iv = inv(t, a[rr + c]!);
    for (let j = c; j < cols; j++) a[rr + j] = mul(t, a[rr + j]!, iv);
    for (let i = 0; i < rows; i++) {
      if (i === r) continue;
      const ri = i * cols;
      const x = a[ri + c]!;
      if (x < 0) continue;
      const f = neg(t, x);
      for (let j = c; j < cols; j++) {
        const y = a[rr + j]!;
        if (y >= 0) a[ri + j] = add(t, a[ri + j]!, f + y >= t.o ? f + y - t.o : f + y);
      }
    }
    pivots.push(c);
    r++;
  }
  const out: FieldElement[][] = [];
  for (let i = 0; i < r; i++) out.push(Array.from({ length: cols }, (_, j) => fromLog(t, a[i * cols + j]!)));
  return { pivots, rows: out, independentRows: order.slice(0, r).sort((x, y) => x - y) };
}
