/**
 * Polynomial maps F: GF(q)^n → GF(q)^m over a small finite field, evaluated at every point
 * (streaming, no table of the inputs is kept) and partitioned into fibers.
 *
 * Elements are handled by their *index* (Σ c_i p^i for c_0 + c_1 a + …; a residue for GF(p)), a
 * JS number below q ≤ 2^24. GF(p): number arithmetic. GF(p^k): multiplication through exp/log
 * tables of a primitive element (Zech-style), addition digit-wise in base p (XOR for p = 2).
 * Points are ordered lexicographically, first variable most significant: point index
 * Σ idx(x_i)·q^(n−1−i); an image tuple likewise, Σ idx(y_j)·q^(m−1−j) (below 2^53).
 *
 * Evaluation: for each prefix (x_1, …, x_(n−1)) the map's components collapse to univariate
 * polynomials in x_n (one pass over the terms), which are then evaluated at all q values of x_n by
 * Horner — q^(n−1)·T + q^n·D field operations for T terms of degree D in x_n.
 */
import { JacobianError } from "../../errors.js";
import { type FiniteField, finiteFieldArith, type FqArith, leastPrimitiveElementFor } from "./gfq.js";
import type { FieldElement, Polynomial } from "./types.js";

/** Element arithmetic on indices. */
export interface IndexField {
  readonly q: number;
  readonly p: number;
  add(a: number, b: number): number;
  mul(a: number, b: number): number;
  toElement(i: number): FieldElement;
  fromElement(x: FieldElement): number;
}

/** Largest field order handled by index arithmetic (exp/log tables of 2·q Int32 entries). */
export const MAX_MAP_FIELD_ORDER = 1 << 24;

const INDEX_FIELDS = new WeakMap<object, IndexField>();

export function indexField(F: FiniteField): IndexField {
  const cached = INDEX_FIELDS.get(F);
  if (cached) return cached;
  const A = finiteFieldArith(F);
  if (A.q > BigInt(MAX_MAP_FIELD_ORDER)) throw new JacobianError("DOMAIN_ERROR", `polynomial maps need a field of order at most 2^24 (q = ${A.q})`, { hint: "tabulating GF(q)^n is only feasible for small q" });
  const q = Number(A.q), p = Number(A.p);
  let R: IndexField;
  if (F.kind === "GF") {
    R = {
      q, p,
      add: (a, b) => { const s = a + b; return s >= p ? s - p : s; },
      mul: (a, b) => (a * b) % p,
      toElement: (i) => (i === 0 ? [] : [BigInt(i)]),
      fromElement: (x) => Number(x[0] ?? 0n),
    };
  } else {
    const k = F.k;
    const exp = new Int32Array(q - 1), log = new Int32Array(q);
    const g = leastPrimitiveElementFor(A);
    let x: unknown[] = A.one.slice();
    const idx = (e: readonly unknown[]): number => Number(A.index(e));
    for (let i = 0; i < q - 1; i++) {
      const j = idx(x);
      exp[i] = j;
      log[j] = i;
      x = A.mul(x, g);
    }
    const add = p === 2
      ? (a: number, b: number) => a ^ b
      : (a: number, b: number) => {
          let r = 0, w = 1;
          for (let t = 0; t < k && (a > 0 || b > 0); t++) {
            const da = a % p, db = b % p;
            let s = da + db;
            if (s >= p) s -= p;
            r += s * w;
            w *= p;
            a = (a - da) / p;
            b = (b - db) / p;
          }
          return r;
        };
    const m1 = q - 1;
    R = {
      q, p, add,
      mul: (a, b) => {
        if (a === 0 || b === 0) return 0;
        const s = log[a]! + log[b]!;
        return exp[s >= m1 ? s - m1 : s]!;
      },
      toElement: (i) => A.big(A.fromIndex(BigInt(i))),
      fromElement: (e) => Number(A.index(A.from(e))),
    };
  }
  INDEX_FIELDS.set(F, R);
  return R;
}

/** A compiled map: components as term lists over indices. */
export interface CompiledMap {
  readonly F: IndexField;
  readonly n: number;
  readonly m: number;
  /** q^n (number of points). */
  readonly size: number;
  /** q^m (number of possible images), may exceed 2^53 only if refused earlier. */
  readonly imageSpace: number;
  /** components[j] = terms { c, e: exponents } */
  readonly components: readonly { c: number; e: readonly number[] }[][];
}

export function compileMap(field: FiniteField, polys: readonly Polynomial[]): CompiledMap {
  const F = indexField(field);
  const n = polys[0]!.variables.length;
  const m = polys.length;
  const size = F.q ** n, imageSpace = F.q ** m;
  const components = polys.map((P) => P.terms.map((t) => ({ c: F.fromElement(typeof t.coeff === "bigint" ? (t.coeff === 0n ? [] : [t.coeff]) : (t.coeff as FieldElement)), e: t.exponents })));
  return { F, n, m, size, imageSpace, components };
}

/**
 * Evaluate at every point in index order: images[i] = image index of point i. Returns an Int32Array
 * when q^m < 2^31, else a Float64Array.
 */
export function evaluateAll(M: CompiledMap, checkpoint: () => void = () => {}): Int32Array | Float64Array {
  const { F, n, m, size } = M;
  const q = F.q;
  const out = M.imageSpace < 2 ** 31 ? new Int32Array(size) : new Float64Array(size);
  if (n === 0) {
    let v = 0;
    for (const comp of M.components) v = v * q + comp.reduce((s, t) => F.add(s, t.c), 0);
    out[0] = v;
    return out;
  }
  // power tables pow[v][d] for every value v and degree d up to the max exponent
  let maxDeg = 0;
  for (const comp of M.components) for (const t of comp) for (const d of t.e) maxDeg = Math.max(maxDeg, d);
  const pw = new Int32Array(q * (maxDeg + 1));
  for (let v = 0; v < q; v++) {
    let x = 1;
    for (let d = 0; d <= maxDeg; d++) {
      pw[v * (maxDeg + 1) + d] = x;
      x = F.mul(x, v);
    }
  }
  const stride = maxDeg + 1;
  const prefixCount = size / q;
  const prefix = new Int32Array(Math.max(0, n - 1));
  // per component: univariate coefficients in x_n
  const degN = M.components.map((comp) => comp.reduce((d, t) => Math.max(d, t.e[n - 1]!), 0));
  const uni = M.components.map((_, j) => new Int32Array(degN[j]! + 1));
  const partial = new Int32Array(q);
  const prime = F.p === F.q;
  for (let pi = 0; pi < prefixCount; pi++) {
    if ((pi & 255) === 0) checkpoint();
    // decode the prefix (x_1..x_{n−1}) from pi
    let r = pi;
    for (let i = n - 2; i >= 0; i--) {
      prefix[i] = r % q;
      r = (r - prefix[i]!) / q;
    }
    const base = pi * q;
    for (let v = 0; v < q; v++) out[base + v] = 0;
    for (let j = 0; j < m; j++) {
      const u = uni[j]!;
      u.fill(0);
      for (const t of M.components[j]!) {
        let c = t.c;
        for (let i = 0; i < n - 1 && c !== 0; i++) {
          const e = t.e[i]!;
          if (e) c = F.mul(c, pw[prefix[i]! * stride + e]!);
        }
        const d = t.e[n - 1]!;
        u[d] = F.add(u[d]!, c);
      }
      // Horner at every value of x_n
      const D = degN[j]!;
      if (prime) {
        // GF(p) inline: acc·v + u < p² + p < 2^53, one reduction per step
        for (let v = 0; v < q; v++) {
          let acc = u[D]!;
          for (let d = D - 1; d >= 0; d--) acc = (acc * v + u[d]!) % q;
          out[base + v] = out[base + v]! * q + acc;
        }
        continue;
      }
      for (let v = 0; v < q; v++) {
        let acc = u[D]!;
        for (let d = D - 1; d >= 0; d--) acc = F.add(F.mul(acc, v), u[d]!);
        partial[v] = acc;
      }
      for (let v = 0; v < q; v++) out[base + v] = out[base + v]! * q + partial[v]!;
    }
  }
  return out;
}

/** Evaluate at one point (independent direct method: term by term, power by repeated multiplication). */
export function evaluateAt(M: CompiledMap, point: readonly number[]): number {
  const { F } = M;
  let img = 0;
  for (const comp of M.components) {
    let s = 0;
    for (const t of comp) {
      let c = t.c;
      t.e.forEach((e, i) => {
        for (let r = 0; r < e; r++) c = F.mul(c, point[i]!);
      });
      s = F.add(s, c);
    }
    img = img * F.q + s;
  }
  return img;
}

export function pointOf(M: CompiledMap, index: number): number[] {
  const out = new Array<number>(M.n);
  for (let i = M.n - 1; i >= 0; i--) {
    out[i] = index % M.F.q;
    index = (index - out[i]!) / M.F.q;
  }
  return out;
}
export function imageTuple(M: CompiledMap, image: number): number[] {
  const out = new Array<number>(M.m);
  for (let j = M.m - 1; j >= 0; j--) {
    out[j] = image % M.F.q;
    image = (image - out[j]!) / M.F.q;
  }
  return out;
}

export interface Fibers {
  /** distinct images ascending */
  images: Float64Array;
  /** counts[i] = size of the fiber over images[i] */
  counts: Int32Array;
  /** offsets into `members` (length images + 1) */
  offsets: Int32Array;
  /** point indices grouped by fiber, ascending within each fiber */
  members: Int32Array;
}

/** Group the points by image: counting sort when the image space is small, else a sort by image. */
export function fibersOf(values: Int32Array | Float64Array, imageSpace: number, checkpoint: () => void = () => {}): Fibers {
  const size = values.length;
  if (imageSpace <= Math.max(4 * size, 1 << 20)) {
    const counts = new Int32Array(imageSpace);
    for (let i = 0; i < size; i++) counts[values[i]!]!++;
    checkpoint();
    let distinct = 0;
    for (let v = 0; v < imageSpace; v++) if (counts[v]) distinct++;
    const images = new Float64Array(distinct), fc = new Int32Array(distinct), offsets = new Int32Array(distinct + 1);
    const start = new Int32Array(imageSpace);
    let k = 0, off = 0;
    for (let v = 0; v < imageSpace; v++) {
      const c = counts[v]!;
      if (!c) continue;
      images[k] = v;
      fc[k] = c;
      offsets[k] = off;
      start[v] = off;
      off += c;
      k++;
    }
    offsets[distinct] = off;
    const members = new Int32Array(size);
    for (let i = 0; i < size; i++) members[start[values[i]!]!++] = i;
    return { images, counts: fc, offsets, members };
  }
  const order = new Int32Array(size);
  for (let i = 0; i < size; i++) order[i] = i;
  order.sort((a, b) => values[a]! - values[b]! || a - b);
  checkpoint();
  const imgs: number[] = [], cnts: number[] = [], offs: number[] = [];
  for (let i = 0; i < size; i++) {
    const v = values[order[i]!]!;
    if (!imgs.length || imgs[imgs.length - 1] !== v) {
      imgs.push(v);
      cnts.push(0);
      offs.push(i);
    }
    cnts[cnts.length - 1]!++;
  }
  offs.push(size);
  return { images: Float64Array.from(imgs), counts: Int32Array.from(cnts), offsets: Int32Array.from(offs), members: order };
}

export type { FqArith };
