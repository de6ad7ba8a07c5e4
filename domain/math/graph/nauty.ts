/**
 * The nauty text formats (B. McKay, "Description of graph6, sparse6 and digraph6 encodings"):
 *
 * - N(n): one byte n + 63 for n ≤ 62; byte 126 and three 6-bit groups for n ≤ 258047; bytes 126 126
 *   and six groups for n < 2^36. Every group is a byte 63 + (six bits, big-endian).
 * - graph6: N(n), then the upper triangle of the adjacency matrix column by column — (0,1), (0,2),
 *   (1,2), (0,3), … — six bits per byte, padded with zeros.
 * - digraph6: "&", N(n), then the whole n×n adjacency matrix row by row (loops allowed).
 * - sparse6: ":", N(n), then pairs (b, x) of one bit and k bits (k the bit length of n − 1, at
 *   least 1): b = 1 advances the current vertex v; x > v makes v = x, otherwise the pair is the
 *   edge {x, v}. Loops and parallel edges are representable; a pair with x ≥ n or v ≥ n is padding
 *   and ends the list.
 *
 * Decoders check the alphabet, the header and the length against n, and count edges while
 * reading, so a string that encodes more edges than the caller admits stops at the first one too
 * many. Each returns vertex indices in the format's own edge order.
 */
import { JacobianError } from "../../errors.js";

export interface DecodedGraph {
  n: number;
  src: number[];
  dst: number[];
}

const invalid = (path: string, message: string, hint: string): JacobianError => new JacobianError("INVALID_PAYLOAD", message, { path, hint });

const HEADERS = { graph6: ">>graph6<<", sparse6: ">>sparse6<<", digraph6: ">>digraph6<<" } as const;
export type NautyFormat = keyof typeof HEADERS;

const FORMAT_HINT: Record<NautyFormat, string> = {
  graph6: 'graph6 is N(n) followed by the upper triangle in 6-bit groups, every byte in "?" … "~" (63–126), e.g. "Bg" for the path 0–1–2; an optional ">>graph6<<" header',
  sparse6: 'sparse6 starts with ":" followed by N(n) and the edge list in 6-bit groups (bytes 63–126), e.g. ":Bf" ; an optional ">>sparse6<<" header',
  digraph6: 'digraph6 starts with "&" followed by N(n) and the n×n adjacency matrix row by row in 6-bit groups (bytes 63–126); an optional ">>digraph6<<" header',
};

/** The 6-bit groups of a string body (bytes 63..126), checked. A trailing newline is tolerated. */
function groups(s: string, start: number, path: string, format: NautyFormat): Uint8Array {
  let end = s.length;
  if (end > start && s.charCodeAt(end - 1) === 10) end--;
  const out = new Uint8Array(end - start);
  for (let i = start; i < end; i++) {
    const c = s.charCodeAt(i);
    if (c < 63 || c > 126) throw invalid(path, `${path}: character ${i} (${JSON.stringify(s[i])}) is not a ${format} byte`, FORMAT_HINT[format]);
    out[i - start] = c - 63;
  }
  return out;
}

/** N(n) at the start of the groups: [n, groups consumed]. */
function readSize(g: Uint8Array, path: string, format: NautyFormat, maxVertices: number): [number, number] {
  if (g.length === 0) throw invalid(path, `${path}: the ${format} string has no vertex count`, FORMAT_HINT[format]);
  let n: number, used: number;
  if (g[0]! < 63) [n, used] = [g[0]!, 1];
  else if (g.length >= 2 && g[1]! < 63) {
    if (g.length < 4) throw invalid(path, `${path}: the ${format} vertex count is cut short`, FORMAT_HINT[format]);
    [n, used] = [(g[1]! << 12) | (g[2]! << 6) | g[3]!, 4];
    if (n < 63) throw invalid(path, `${path}: the ${format} vertex count ${n} is not in its shortest form`, FORMAT_HINT[format]);
  } else {
    if (g.length < 8) throw invalid(path, `${path}: the ${format} vertex count is cut short`, FORMAT_HINT[format]);
    n = 0;
    for (let i = 2; i < 8; i++) n = n * 64 + g[i]!;
    used = 8;
    if (n < 258048) throw invalid(path, `${path}: the ${format} vertex count ${n} is not in its shortest form`, FORMAT_HINT[format]);
  }
  if (n > maxVertices) throw invalid(path, `${path}: the ${format} graph has ${n} vertices; at most ${maxVertices} are allowed here`, "send a smaller graph");
  return [n, used];
}

function body(s: string, format: NautyFormat, lead: string, path: string): number {
  let start = s.startsWith(HEADERS[format]) ? HEADERS[format].length : 0;
  if (lead) {
    if (s[start] !== lead) throw invalid(path, `${path}: a ${format} string starts with ${JSON.stringify(lead)}`, FORMAT_HINT[format]);
    start++;
  }
  return start;
}

const tooMany = (path: string, format: NautyFormat, maxEdges: number): JacobianError =>
  invalid(path, `${path}: the ${format} graph has more than ${maxEdges} edges; at most ${maxEdges} are allowed here`, "send a smaller graph");

/** graph6: an undirected simple graph. */
export function decodeGraph6(s: string, path: string, maxVertices: number, maxEdges: number): DecodedGraph {
  const g = groups(s, body(s, "graph6", "", path), path, "graph6");
  const [n, used] = readSize(g, path, "graph6", maxVertices);
  const bits = (n * (n - 1)) / 2;
  const need = Math.ceil(bits / 6);
  if (g.length - used !== need) throw invalid(path, `${path}: a graph6 string of ${n} vertices has ${need} data bytes after the vertex count, not ${g.length - used}`, FORMAT_HINT.graph6);
  const src: number[] = [], dst: number[] = [];
  let k = 0;
  for (let j = 1; j < n; j++) {
    for (let i = 0; i < j; i++, k++) {
      if ((g[used + ((k / 6) | 0)]! >> (5 - (k % 6))) & 1) {
        if (src.length >= maxEdges) throw tooMany(path, "graph6", maxEdges);
        src.push(i);
        dst.push(j);
      }
    }
  }
  for (; k < need * 6; k++) if ((g[used + ((k / 6) | 0)]! >> (5 - (k % 6))) & 1) throw invalid(path, `${path}: the graph6 padding bits are not zero`, FORMAT_HINT.graph6);
  return { n, src, dst };
}

/** digraph6: a directed graph, loops allowed. */
export function decodeDigraph6(s: string, path: string, maxVertices: number, maxEdges: number): DecodedGraph {
  const g = groups(s, body(s, "digraph6", "&", path), path, "digraph6");
  const [n, used] = readSize(g, path, "digraph6", maxVertices);
  const bits = n * n;
  const need = Math.ceil(bits / 6);
  if (g.length - used !== need) throw invalid(path, `${path}: a digraph6 string of ${n} vertices has ${need} data bytes after the vertex count, not ${g.length - used}`, FORMAT_HINT.digraph6);
  const src: number[] = [], dst: number[] = [];
  let k = 0;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++, k++) {
      if ((g[used + ((k / 6) | 0)]! >> (5 - (k % 6))) & 1) {
        if (src.length >= maxEdges) throw tooMany(path, "digraph6", maxEdges);
        src.push(i);
        dst.push(j);
      }
    }
  }
  for (; k < need * 6; k++) if ((g[used + ((k / 6) | 0)]! >> (5 - (k % 6))) & 1) throw invalid(path, `${path}: the digraph6 padding bits are not zero`, FORMAT_HINT.digraph6);
  return { n, src, dst };
}

/** Bit length of n − 1, at least 1 (the width of x in sparse6). */
export function sparse6Width(n: number): number {
  let k = 1;
  while (2 ** k < n) k++;
  return k;
}

/** sparse6: an undirected graph, loops and parallel edges allowed. */
export function decodeSparse6(s: string, path: string, maxVertices: number, maxEdges: number): DecodedGraph {
  const g = groups(s, body(s, "sparse6", ":", path), path, "sparse6");
  const [n, used] = readSize(g, path, "sparse6", maxVertices);
  const src: number[] = [], dst: number[] = [];
  if (n === 0) return { n, src, dst };
  const k = sparse6Width(n);
  const total = (g.length - used) * 6;
  const bit = (p: number): number => (g[used + ((p / 6) | 0)]! >> (5 - (p % 6))) & 1;
  let v = 0;
  for (let p = 0; p + 1 + k <= total; ) {
    const b = bit(p++);
    let x = 0;
    for (let i = 0; i < k; i++) x = x * 2 + bit(p++);
    if (b === 1) v++;
    if (x >= n || v >= n) break;
    if (x > v) v = x;
    else {
      if (src.length >= maxEdges) throw tooMany(path, "sparse6", maxEdges);
      src.push(x);
      dst.push(v);
    }
  }
  return { n, src, dst };
}

/* ---------- encoders (canonical outputs and tests) ---------- */

function sizeBytes(n: number): number[] {
  if (n <= 62) return [n];
  if (n <= 258047) return [63, (n >> 12) & 63, (n >> 6) & 63, n & 63];
  const out = [63, 63];
  for (let i = 5; i >= 0; i--) out.push(Math.floor(n / 64 ** i) % 64);
  return out;
}

function text(groupsOut: number[]): string {
  let s = "";
  for (const x of groupsOut) s += String.fromCharCode(x + 63);
  return s;
}

function packBits(bits: Uint8Array): number[] {
  const out: number[] = [];
  for (let i = 0; i < bits.length; i += 6) {
    let x = 0;
    for (let j = 0; j < 6; j++) x = x * 2 + (i + j < bits.length ? bits[i + j]! : 0);
    out.push(x);
  }
  return out;
}

/** graph6 of a simple undirected graph on vertices 0..n−1 (edges as index pairs). */
export function encodeGraph6(n: number, edges: readonly (readonly [number, number])[]): string {
  const bits = new Uint8Array((n * (n - 1)) / 2);
  for (const [a, b] of edges) {
    const i = Math.min(a, b), j = Math.max(a, b);
    if (i === j) throw new RangeError("graph6 has no loops");
    bits[(j * (j - 1)) / 2 + i] = 1;
  }
  return text([...sizeBytes(n), ...packBits(bits)]);
}

/** digraph6 of a directed graph on 0..n−1. */
export function encodeDigraph6(n: number, arcs: readonly (readonly [number, number])[]): string {
  const bits = new Uint8Array(n * n);
  for (const [a, b] of arcs) bits[a * n + b] = 1;
  return "&" + text([...sizeBytes(n), ...packBits(bits)]);
}

/** sparse6 of an undirected (multi)graph on 0..n−1. */
export function encodeSparse6(n: number, edges: readonly (readonly [number, number])[]): string {
  const k = sparse6Width(n);
  const sorted = edges.map(([a, b]) => (a <= b ? [a, b] : [b, a]) as [number, number]).sort((p, q) => p[1] - q[1] || p[0] - q[0]);
  const bits: number[] = [];
  const put = (b: number, x: number) => {
    bits.push(b);
    for (let i = k - 1; i >= 0; i--) bits.push(Math.floor(x / 2 ** i) % 2);
  };
  let v = 0;
  for (const [x, w] of sorted) {
    if (w === v) put(0, x);
    else if (w === v + 1) {
      put(1, x);
      v = w;
    } else {
      put(1, w);
      v = w;
      put(0, x);
    }
  }
  // Padding is one-bits; the spec's special case: when k < 6, n = 2^k and the current vertex is
  // n − 2, k + 1 padding bits would read as "advance to n − 1, edge {n − 1, n − 1}" — a 0 bit first avoids it.
  const pad = (6 - (bits.length % 6)) % 6;
  if (k < 6 && n === 2 ** k && v === n - 2 && pad >= k + 1) bits.push(0);
  while (bits.length % 6) bits.push(1);
  return ":" + text([...sizeBytes(n), ...packBits(Uint8Array.from(bits))]);
}
