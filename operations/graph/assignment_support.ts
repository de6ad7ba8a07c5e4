/** Scaling a rational cost matrix to integers and running the Hungarian algorithm on doubles or bigints. (Not a declaration.) */
import { checkAssignmentDuals, hungarianBig, hungarianNum } from "../../domain/math/graph/assignment.js";
import { fitsDoubles } from "../../domain/math/graph/paths.js";
import { gcd } from "../../domain/math/integer.js";
import { rational, type Rational } from "../../domain/math/rational.js";

export interface SolvedAssignment {
  colOf: Int32Array;
  /** Scaled integer duals and cost, and the scale. */
  u: bigint[];
  v: bigint[];
  cost: bigint;
  scale: bigint;
}

/** Minimum-cost assignment of the n rows of `a` (n ≤ k) to distinct columns; maximize negates. */
export function solveAssignment(a: readonly (readonly Rational[])[], maximize: boolean, tick: () => void): SolvedAssignment {
  const n = a.length, k = n ? a[0]!.length : 0;
  let scale = 1n;
  for (const row of a) for (const r of row) if (r.den !== 1n) scale = (scale / gcd(scale, r.den)) * r.den;
  const sign = maximize ? -1n : 1n;
  const ints = a.map((row) => row.map((r) => sign * r.num * (scale / r.den)));
  let maxAbs = 0;
  for (const row of ints) for (const x of row) maxAbs = Math.max(maxAbs, Math.abs(Number(x)));
  let colOf: Int32Array, u: bigint[], v: bigint[], cost: bigint;
  if (fitsDoubles(4 * (n + 1) * Math.max(1, maxAbs))) {
    const r = hungarianNum(ints.map((row) => Float64Array.from(row, Number)), n, k, tick);
    colOf = r.colOf;
    u = r.u.map((x) => BigInt(x));
    v = r.v.map((x) => BigInt(x));
    cost = BigInt(r.cost);
  } else {
    const r = hungarianBig(ints, n, k, tick);
    ({ colOf, u, v, cost } = r);
  }
  const why = checkAssignmentDuals(ints, colOf, u, v);
  if (why) throw new Error(`Hungarian algorithm: the duals do not certify the assignment (${why})`);
  return { colOf, u: u.map((x) => sign * x), v: v.map((x) => sign * x), cost: sign * cost, scale };
}

export const unscaled = (x: bigint, scale: bigint): Rational => rational(x, scale);
