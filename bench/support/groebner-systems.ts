/**
 * Standard Gröbner benchmark systems as lists of terms (integer coefficients, exponent vectors),
 * plus their renderings for SymPy and Singular.
 */
export interface SystemTerm {
  c: bigint;
  e: number[];
}
export type SystemPoly = SystemTerm[];

function addTerm(p: Map<string, SystemTerm>, c: bigint, e: number[]): void {
  const k = e.join(",");
  const t = p.get(k);
  if (t) t.c += c;
  else p.set(k, { c, e: e.slice() });
}

function finish(p: Map<string, SystemTerm>): SystemPoly {
  return [...p.values()].filter((t) => t.c !== 0n);
}

/** cyclic-n: sum over i of prod_{j<k} x_{i+j mod n} for k = 1..n−1, and x_0⋯x_{n−1} − 1. */
export function cyclic(n: number): SystemPoly[] {
  const out: SystemPoly[] = [];
  for (let k = 1; k < n; k++) {
    const p = new Map<string, SystemTerm>();
    for (let i = 0; i < n; i++) {
      const e = new Array<number>(n).fill(0);
      for (let j = 0; j < k; j++) e[(i + j) % n]!++;
      addTerm(p, 1n, e);
    }
    out.push(finish(p));
  }
  const p = new Map<string, SystemTerm>();
  addTerm(p, 1n, new Array<number>(n).fill(1));
  addTerm(p, -1n, new Array<number>(n).fill(0));
  out.push(finish(p));
  return out;
}

/** katsura-n in n+1 variables u_0..u_n (u_{-i} = u_i, u_i = 0 for i > n). */
export function katsura(n: number): SystemPoly[] {
  const N = n + 1;
  const idx = (i: number): number | undefined => {
    const a = Math.abs(i);
    return a <= n ? a : undefined;
  };
  const out: SystemPoly[] = [];
  // sum_{i=-n}^{n} u_i = 1
  {
    const p = new Map<string, SystemTerm>();
    for (let i = -n; i <= n; i++) {
      const e = new Array<number>(N).fill(0);
      e[idx(i)!]!++;
      addTerm(p, 1n, e);
    }
    addTerm(p, -1n, new Array<number>(N).fill(0));
    out.push(finish(p));
  }
  // for m = 0..n-1: sum_{i=-n}^{n} u_i u_{m-i} = u_m
  for (let m = 0; m < n; m++) {
    const p = new Map<string, SystemTerm>();
    for (let i = -n; i <= n; i++) {
      const a = idx(i), b = idx(m - i);
      if (a === undefined || b === undefined) continue;
      const e = new Array<number>(N).fill(0);
      e[a]!++;
      e[b]!++;
      addTerm(p, 1n, e);
    }
    const e = new Array<number>(N).fill(0);
    e[m]!++;
    addTerm(p, -1n, e);
    out.push(finish(p));
  }
  return out;
}

/** Render as an expression in the given variable names ("x0*x1^2 - 3"). */
export function render(p: SystemPoly, vars: readonly string[], pow = "^"): string {
  if (!p.length) return "0";
  return p
    .map((t, k) => {
      const mono = t.e.flatMap((x, i) => (x === 0 ? [] : [x === 1 ? vars[i]! : `${vars[i]}${pow}${x}`])).join("*");
      const a = t.c < 0n ? -t.c : t.c;
      const body = mono ? (a === 1n ? mono : `${a}*${mono}`) : `${a}`;
      return (t.c < 0n ? (k ? " - " : "-") : k ? " + " : "") + body;
    })
    .join("");
}
