/**
 * The assignment problem (rectangular, n rows ≤ k columns): the Hungarian algorithm with
 * potentials (Kuhn–Munkres in the O(n²·k) shortest-augmenting-path form), on integer costs.
 *
 * The duals are the certificate: u_i + v_j ≤ a_ij for every cell, v_j ≤ 0, equality on the
 * assigned cells and v_j = 0 on unassigned columns; then Σ u + Σ v equals the assignment's cost and
 * bounds every assignment's cost from below (LP duality), so the assignment is optimal.
 * Doubles when n·max|a| < 2^51 (every potential stays an exactly represented integer), else bigints.
 */

export interface Assignment<T> {
  /** colOf[i]: the column assigned to row i. */
  colOf: Int32Array;
  u: T[];
  v: T[];
  cost: T;
}

export function hungarianNum(a: Float64Array[], n: number, k: number, tick: () => void = () => {}): Assignment<number> {
  const u = new Float64Array(n + 1), v = new Float64Array(k + 1);
  const p = new Int32Array(k + 1), way = new Int32Array(k + 1);
  const minv = new Float64Array(k + 1);
  const used = new Uint8Array(k + 1);
  for (let i = 1; i <= n; i++) {
    tick();
    p[0] = i;
    let j0 = 0;
    minv.fill(Infinity);
    used.fill(0);
    do {
      used[j0] = 1;
      const i0 = p[j0]!, row = a[i0 - 1]!;
      let delta = Infinity, j1 = 0;
      const ui = u[i0]!;
      for (let j = 1; j <= k; j++) {
        if (used[j]) continue;
        const cur = row[j - 1]! - ui - v[j]!;
        if (cur < minv[j]!) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j]! < delta) {
          delta = minv[j]!;
          j1 = j;
        }
      }
      for (let j = 0; j <= k; j++) {
        if (used[j]) {
          u[p[j]!]! += delta;
          v[j]! -= delta;
        } else minv[j]! -= delta;
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0]!;
      p[j0] = p[j1]!;
      j0 = j1;
    } while (j0);
  }
  const colOf = new Int32Array(n).fill(-1);
  for (let j = 1; j <= k; j++) if (p[j]) colOf[p[j]! - 1] = j - 1;
  let cost = 0;
  for (let i = 0; i < n; i++) cost += a[i]![colOf[i]!]!;
  return { colOf, u: Array.from(u.subarray(1)), v: Array.from(v.subarray(1)), cost };
}

export function hungarianBig(a: bigint[][], n: number, k: number, tick: () => void = () => {}): Assignment<bigint> {
  const u: bigint[] = new Array(n + 1).fill(0n), v: bigint[] = new Array(k + 1).fill(0n);
  const p = new Int32Array(k + 1), way = new Int32Array(k + 1);
  const minv: (bigint | null)[] = new Array(k + 1);
  const used = new Uint8Array(k + 1);
  for (let i = 1; i <= n; i++) {
    tick();
    p[0] = i;
    let j0 = 0;
    minv.fill(null);
    used.fill(0);
    do {
      used[j0] = 1;
      const i0 = p[j0]!, row = a[i0 - 1]!;
      let delta: bigint | null = null, j1 = 0;
      for (let j = 1; j <= k; j++) {
        if (used[j]) continue;
        const cur = row[j - 1]! - u[i0]! - v[j]!;
        if (minv[j] === null || cur < minv[j]!) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (delta === null || minv[j]! < delta) {
          delta = minv[j]!;
          j1 = j;
        }
      }
      const d = delta!;
      for (let j = 0; j <= k; j++) {
        if (used[j]) {
          u[p[j]!] = u[p[j]!]! + d;
          v[j] = v[j]! - d;
        } else if (minv[j] !== null) minv[j] = minv[j]! - d;
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0]!;
      p[j0] = p[j1]!;
      j0 = j1;
    } while (j0);
  }
  const colOf = new Int32Array(n).fill(-1);
  for (let j = 1; j <= k; j++) if (p[j]) colOf[p[j]! - 1] = j - 1;
  let cost = 0n;
  for (let i = 0; i < n; i++) cost += a[i]![colOf[i]!]!;
  return { colOf, u: u.slice(1), v: v.slice(1), cost };
}

/** Whether (colOf, u, v) certifies optimality for costs a (see the module comment). Returns the first failing cell or null. */
export function checkAssignmentDuals(a: readonly (readonly bigint[])[], colOf: Int32Array, u: readonly bigint[], v: readonly bigint[]): string | null {
  const n = a.length, k = n ? a[0]!.length : 0;
  const assigned = new Uint8Array(k);
  for (let i = 0; i < n; i++) {
    const j = colOf[i]!;
    if (j < 0 || j >= k || assigned[j]) return `row ${i} has no column of its own`;
    assigned[j] = 1;
    if (u[i]! + v[j]! !== a[i]![j]!) return `the assigned cell (${i}, ${j}) is not tight`;
  }
  for (let j = 0; j < k; j++) {
    if (v[j]! > 0n) return `column potential ${j} is positive`;
    if (!assigned[j] && v[j] !== 0n) return `unassigned column ${j} has a non-zero potential`;
    for (let i = 0; i < n; i++) if (u[i]! + v[j]! > a[i]![j]!) return `cell (${i}, ${j}) violates u + v ≤ a`;
  }
  return null;
}
