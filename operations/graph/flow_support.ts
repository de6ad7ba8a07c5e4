/** Maximum flow for the flow family: scaling, the choice of number type, result assembly. (Not a declaration.) */
import { maxFlowBig, maxFlowNum, residualNetwork } from "../../domain/math/graph/flow.js";
import { doubles, fitsDoubles, scaleWeights, unscale } from "../../domain/math/graph/paths.js";
import type { Graph } from "../../domain/math/graph/types.js";
import { formatRational } from "../../domain/math/rational.js";

export interface SolvedFlow {
  value: string;
  /** flow on every edge (src → dst; negative: the other way on an undirected edge), as rational strings */
  edgeFlows: string[];
  sourceSide: Uint8Array;
  cutEdges: number[];
  cutCapacity: string;
}

export function solveMaxFlow(g: Graph, s: number, t: number, tick: () => void): SolvedFlow {
  const sw = scaleWeights(g);
  const net = residualNetwork(g);
  const text = new Map<number | bigint, string>();
  const fmt = (x: number | bigint): string => {
    let f = text.get(x);
    if (f === undefined) text.set(x, (f = formatRational(unscale(typeof x === "number" ? BigInt(x) : x, sw.scale))));
    return f;
  };
  let value: number | bigint, flows: (number | bigint)[], sourceSide: Uint8Array;
  if (fitsDoubles(sw.sumAbs)) {
    const cap = doubles(sw);
    const r = maxFlowNum(g, net, cap, s, t, tick);
    value = r.value;
    flows = Array.from({ length: g.m }, (_, e) => cap[e]! - r.residual[2 * e]!);
    sourceSide = r.sourceSide;
  } else {
    const r = maxFlowBig(g, net, sw.big, s, t, tick);
    value = r.value;
    flows = Array.from({ length: g.m }, (_, e) => sw.big[e]! - r.residual[2 * e]!);
    sourceSide = r.sourceSide;
  }
  const cutEdges: number[] = [];
  let cut = 0n;
  for (let e = 0; e < g.m; e++) {
    const a = sourceSide[g.src[e]!], b = sourceSide[g.dst[e]!];
    if ((a && !b) || (!g.directed && b && !a)) {
      cutEdges.push(e);
      cut += sw.big[e]!;
    }
  }
  return { value: fmt(value), edgeFlows: flows.map(fmt), sourceSide, cutEdges, cutCapacity: fmt(cut) };
}
