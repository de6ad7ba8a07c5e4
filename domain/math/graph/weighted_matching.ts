/**
 * Maximum-weight matching in general graphs: Edmonds' primal–dual blossom algorithm in Galil's
 * O(n³) form (vertex duals u, blossom duals z, labelled S/T forests, blossoms shrunk and expanded,
 * the four dual adjustments δ1 … δ4 per stage).
 *
 * Exactness: the caller passes integer weights already doubled (2·W); then every dual variable and
 * every slack stays an integer (δ3 halves a slack between two S-vertices, which is even), so doubles
 * represent them exactly as long as n·max|2W| stays far below 2^53 (the caller checks the bound).
 *
 * Returns mate[v] (−1 when exposed) and the duals: u[v] for vertices, z[b] with the member lists of
 * the blossoms with z > 0 — the optimality certificate (u ≥ 0, z ≥ 0, every edge's slack
 * u_i + u_j − w_ij + Σ_{b ∋ i, j} z_b ≥ 0, tight on matched edges, u = 0 on exposed vertices,
 * z > 0 only on full blossoms), from which Σu + Σ z·⌊|b|/2⌋ equals the matching's weight.
 */

export interface WeightedMatching {
  mate: Int32Array;
  /** Duals in the doubled scale: u for vertices 0..n−1. */
  u: Float64Array;
  /** Blossoms with a positive dual: their vertices and z. */
  blossoms: { vertices: number[]; z: number }[];
}

export function maxWeightMatching(n: number, eu: Int32Array, ev: Int32Array, w2: Float64Array, tick: () => void = () => {}): WeightedMatching {
  const m = eu.length;
  const mate = new Int32Array(n).fill(-1); // the remote endpoint p (edge p >> 1) of v's matched edge
  if (m === 0 || n === 0) return { mate: new Int32Array(n).fill(-1), u: new Float64Array(n), blossoms: [] };
  const endpoint = new Int32Array(2 * m);
  for (let k = 0; k < m; k++) {
    endpoint[2 * k] = eu[k]!;
    endpoint[2 * k + 1] = ev[k]!;
  }
  const neighbend: number[][] = Array.from({ length: n }, () => []);
  for (let k = 0; k < m; k++) {
    if (eu[k] === ev[k]) continue;
    neighbend[eu[k]!]!.push(2 * k + 1);
    neighbend[ev[k]!]!.push(2 * k);
  }
  let maxw = 0;
  for (let k = 0; k < m; k++) if (w2[k]! > maxw) maxw = w2[k]!;
  const N2 = 2 * n;
  const label = new Int8Array(N2);
  const labelend = new Int32Array(N2).fill(-1);
  const inblossom = Int32Array.from({ length: n }, (_, v) => v);
  const blossomparent = new Int32Array(N2).fill(-1);
  const blossomchilds: (number[] | null)[] = new Array(N2).fill(null);
  const blossombase = new Int32Array(N2).fill(-1);
  for (let v = 0; v < n; v++) blossombase[v] = v;
  const blossomendps: (number[] | null)[] = new Array(N2).fill(null);
  const bestedge = new Int32Array(N2).fill(-1);
  const blossombestedges: (number[] | null)[] = new Array(N2).fill(null);
  const unusedblossoms: number[] = [];
  for (let b = n; b < N2; b++) unusedblossoms.push(b);
  const dualvar = new Float64Array(N2);
  for (let v = 0; v < n; v++) dualvar[v] = maxw / 2;
  const allowedge = new Uint8Array(m);
  let queue: number[] = [];

  const slack = (k: number): number => dualvar[eu[k]!]! + dualvar[ev[k]!]! - w2[k]!;

  const leaves = (b: number, out: number[] = []): number[] => {
    if (b < n) out.push(b);
    else for (const t of blossomchilds[b]!) leaves(t, out);
    return out;
  };

  const assignLabel = (w: number, t: number, p: number): void => {
    const b = inblossom[w]!;
    label[w] = label[b] = t;
    labelend[w] = labelend[b] = p;
    bestedge[w] = bestedge[b] = -1;
    if (t === 1) {
      for (const x of leaves(b)) queue.push(x);
    } else {
      const base = blossombase[b]!;
      assignLabel(endpoint[mate[base]!]!, 1, mate[base]! ^ 1);
    }
  };

  // Trace back from v and w to find a new blossom's base, or −1 when the paths reach two roots (augmenting path).
  const scanBlossom = (v0: number, w0: number): number => {
    const path: number[] = [];
    let base = -1;
    let v = v0, w = w0;
    while (v !== -1 || w !== -1) {
      let b = inblossom[v]!;
      if (label[b] === 5) {
        base = blossombase[b]!;
        break;
      }
      path.push(b);
      label[b] = 5;
      if (labelend[b] === -1) v = -1;
      else {
        v = endpoint[labelend[b]!]!;
        b = inblossom[v]!;
        v = endpoint[labelend[b]!]!;
      }
      if (w !== -1) [v, w] = [w, v];
    }
    for (const b of path) label[b] = 1;
    return base;
  };

  const addBlossom = (base: number, k: number): void => {
    let v = eu[k]!, w = ev[k]!;
    const bb = inblossom[base]!;
    let bv = inblossom[v]!, bw = inblossom[w]!;
    const b = unusedblossoms.pop()!;
    blossombase[b] = base;
    blossomparent[b] = -1;
    blossomparent[bb] = b;
    const childs: number[] = [], endps: number[] = [];
    while (bv !== bb) {
      blossomparent[bv] = b;
      childs.push(bv);
      endps.push(labelend[bv]!);
      v = endpoint[labelend[bv]!]!;
      bv = inblossom[v]!;
    }
    childs.push(bb);
    childs.reverse();
    endps.reverse();
    endps.push(2 * k);
    while (bw !== bb) {
      blossomparent[bw] = b;
      childs.push(bw);
      endps.push(labelend[bw]! ^ 1);
      w = endpoint[labelend[bw]!]!;
      bw = inblossom[w]!;
    }
    blossomchilds[b] = childs;
    blossomendps[b] = endps;
    label[b] = 1;
    labelend[b] = labelend[bb]!;
    dualvar[b] = 0;
    for (const x of leaves(b)) {
      if (label[inblossom[x]!] === 2) queue.push(x);
      inblossom[x] = b;
    }
    // Best edges from the new blossom to other S-blossoms.
    const bestedgeto = new Int32Array(N2).fill(-1);
    for (const c of childs) {
      let lists: number[][];
      if (blossombestedges[c] === null) lists = leaves(c).map((x) => neighbend[x]!.map((p) => p >> 1));
      else lists = [blossombestedges[c]!];
      for (const list of lists) {
        for (const kk of list) {
          let i = eu[kk]!, j = ev[kk]!;
          if (inblossom[j] === b) [i, j] = [j, i];
          const bj = inblossom[j]!;
          if (bj !== b && label[bj] === 1 && (bestedgeto[bj] === -1 || slack(kk) < slack(bestedgeto[bj]!))) bestedgeto[bj] = kk;
        }
      }
      blossombestedges[c] = null;
      bestedge[c] = -1;
    }
    const be: number[] = [];
    for (let x = 0; x < N2; x++) if (bestedgeto[x] !== -1) be.push(bestedgeto[x]!);
    blossombestedges[b] = be;
    bestedge[b] = -1;
    for (const kk of be) if (bestedge[b] === -1 || slack(kk) < slack(bestedge[b]!)) bestedge[b] = kk;
  };

  const expandBlossom = (b: number, endstage: boolean): void => {
    for (const s of blossomchilds[b]!) {
      blossomparent[s] = -1;
      if (s < n) inblossom[s] = s;
      else if (endstage && dualvar[s] === 0) expandBlossom(s, endstage);
      else for (const x of leaves(s)) inblossom[x] = s;
    }
    if (!endstage && label[b] === 2) {
      const childs = blossomchilds[b]!, endps = blossomendps[b]!;
      const entrychild = inblossom[endpoint[labelend[b]! ^ 1]!]!;
      let j = childs.indexOf(entrychild);
      let jstep: number, endptrick: number;
      if (j & 1) {
        j -= childs.length;
        jstep = 1;
        endptrick = 0;
      } else {
        jstep = -1;
        endptrick = 1;
      }
      const at = <T>(arr: T[], i: number): T => arr[((i % arr.length) + arr.length) % arr.length]!;
      let p = labelend[b]!;
      while (j !== 0) {
        label[endpoint[p ^ 1]!] = 0;
        label[endpoint[at(endps, j - endptrick) ^ endptrick ^ 1]!] = 0;
        assignLabel(endpoint[p ^ 1]!, 2, p);
        allowedge[at(endps, j - endptrick) >> 1] = 1;
        j += jstep;
        p = at(endps, j - endptrick) ^ endptrick;
        allowedge[p >> 1] = 1;
        j += jstep;
      }
      const bv = at(childs, j);
      label[endpoint[p ^ 1]!] = label[bv] = 2;
      labelend[endpoint[p ^ 1]!] = labelend[bv] = p;
      bestedge[bv] = -1;
      j += jstep;
      while (at(childs, j) !== entrychild) {
        const bw = at(childs, j);
        if (label[bw] === 1) {
          j += jstep;
          continue;
        }
        let found = -1;
        for (const x of leaves(bw)) {
          if (label[x] !== 0) {
            found = x;
            break;
          }
        }
        if (found >= 0) {
          label[found] = 0;
          label[endpoint[mate[blossombase[bw]!]!]!] = 0;
          assignLabel(found, 2, labelend[found]!);
        }
        j += jstep;
      }
    }
    label[b] = -1;
    labelend[b] = -1;
    blossomchilds[b] = null;
    blossomendps[b] = null;
    blossombase[b] = -1;
    blossombestedges[b] = null;
    bestedge[b] = -1;
    unusedblossoms.push(b);
  };

  const augmentBlossom = (b: number, v: number): void => {
    let t = v;
    while (blossomparent[t] !== b) t = blossomparent[t]!;
    if (t >= n) augmentBlossom(t, v);
    const childs = blossomchilds[b]!, endps = blossomendps[b]!;
    const i = childs.indexOf(t);
    let j = i, jstep: number, endptrick: number;
    if (i & 1) {
      j -= childs.length;
      jstep = 1;
      endptrick = 0;
    } else {
      jstep = -1;
      endptrick = 1;
    }
    const at = <T>(arr: T[], k: number): T => arr[((k % arr.length) + arr.length) % arr.length]!;
    while (j !== 0) {
      j += jstep;
      t = at(childs, j);
      const p = at(endps, j - endptrick) ^ endptrick;
      if (t >= n) augmentBlossom(t, endpoint[p]!);
      j += jstep;
      t = at(childs, j);
      if (t >= n) augmentBlossom(t, endpoint[p ^ 1]!);
      mate[endpoint[p]!] = p ^ 1;
      mate[endpoint[p ^ 1]!] = p;
    }
    // Rotate so that the base is the first child.
    const k = ((i % childs.length) + childs.length) % childs.length;
    blossomchilds[b] = childs.slice(k).concat(childs.slice(0, k));
    blossomendps[b] = endps.slice(k).concat(endps.slice(0, k));
    blossombase[b] = blossombase[blossomchilds[b]![0]!]!;
  };

  const augmentMatching = (k: number): void => {
    for (const [s0, p0] of [[eu[k]!, 2 * k + 1], [ev[k]!, 2 * k]] as [number, number][]) {
      let s = s0, p = p0;
      for (;;) {
        const bs = inblossom[s]!;
        if (bs >= n) augmentBlossom(bs, s);
        mate[s] = p;
        if (labelend[bs] === -1) break;
        const t = endpoint[labelend[bs]!]!;
        const bt = inblossom[t]!;
        s = endpoint[labelend[bt]!]!;
        const j = endpoint[labelend[bt]! ^ 1]!;
        if (bt >= n) augmentBlossom(bt, j);
        mate[j] = labelend[bt]!;
        p = labelend[bt]! ^ 1;
      }
    }
  };

  for (let stage = 0; stage < n; stage++) {
    tick();
    label.fill(0);
    bestedge.fill(-1);
    for (let b = n; b < N2; b++) blossombestedges[b] = null;
    allowedge.fill(0);
    queue = [];
    for (let v = 0; v < n; v++) if (mate[v] === -1 && label[inblossom[v]!] === 0) assignLabel(v, 1, -1);
    let augmented = false;
    for (;;) {
      while (queue.length && !augmented) {
        const v = queue.pop()!;
        for (const p of neighbend[v]!) {
          const k = p >> 1, w = endpoint[p]!;
          if (inblossom[v] === inblossom[w]) continue;
          let kslack = 0;
          if (!allowedge[k]) {
            kslack = slack(k);
            if (kslack <= 0) allowedge[k] = 1;
          }
          if (allowedge[k]) {
            if (label[inblossom[w]!] === 0) assignLabel(w, 2, p ^ 1);
            else if (label[inblossom[w]!] === 1) {
              const base = scanBlossom(v, w);
              if (base >= 0) addBlossom(base, k);
              else {
                augmentMatching(k);
                augmented = true;
                break;
              }
            } else if (label[w] === 0) {
              label[w] = 2;
              labelend[w] = p ^ 1;
            }
          } else if (label[inblossom[w]!] === 1) {
            const b = inblossom[v]!;
            if (bestedge[b] === -1 || kslack < slack(bestedge[b]!)) bestedge[b] = k;
          } else if (label[w] === 0) {
            if (bestedge[w] === -1 || kslack < slack(bestedge[w]!)) bestedge[w] = k;
          }
        }
      }
      if (augmented) break;
      // Dual adjustment: the least of δ1 (a vertex dual reaches 0), δ2 (S–free edge tight),
      // δ3 (S–S edge tight, half its slack), δ4 (a T-blossom's dual reaches 0).
      let deltatype = 1, delta = Infinity, deltaedge = -1, deltablossom = -1;
      for (let v = 0; v < n; v++) if (dualvar[v]! < delta) delta = dualvar[v]!;
      for (let v = 0; v < n; v++) {
        if (label[inblossom[v]!] === 0 && bestedge[v] !== -1) {
          const d = slack(bestedge[v]!);
          if (d < delta) {
            delta = d;
            deltatype = 2;
            deltaedge = bestedge[v]!;
          }
        }
      }
      for (let b = 0; b < N2; b++) {
        if (blossomparent[b] === -1 && label[b] === 1 && bestedge[b] !== -1) {
          const d = slack(bestedge[b]!) / 2;
          if (d < delta) {
            delta = d;
            deltatype = 3;
            deltaedge = bestedge[b]!;
          }
        }
      }
      for (let b = n; b < N2; b++) {
        if (blossombase[b] >= 0 && blossomparent[b] === -1 && label[b] === 2 && dualvar[b]! < delta) {
          delta = dualvar[b]!;
          deltatype = 4;
          deltablossom = b;
        }
      }
      for (let v = 0; v < n; v++) {
        const l = label[inblossom[v]!];
        if (l === 1) dualvar[v]! -= delta;
        else if (l === 2) dualvar[v]! += delta;
      }
      for (let b = n; b < N2; b++) {
        if (blossombase[b] >= 0 && blossomparent[b] === -1) {
          if (label[b] === 1) dualvar[b]! += delta;
          else if (label[b] === 2) dualvar[b]! -= delta;
        }
      }
      if (deltatype === 1) break;
      if (deltatype === 2) {
        allowedge[deltaedge] = 1;
        let i = eu[deltaedge]!, j = ev[deltaedge]!;
        if (label[inblossom[i]!] === 0) [i, j] = [j, i];
        queue.push(i);
      } else if (deltatype === 3) {
        allowedge[deltaedge] = 1;
        queue.push(eu[deltaedge]!);
      } else expandBlossom(deltablossom, false);
    }
    if (!augmented) break;
    for (let b = n; b < N2; b++) if (blossomparent[b] === -1 && blossombase[b] >= 0 && label[b] === 1 && dualvar[b] === 0) expandBlossom(b, true);
  }
  const out = new Int32Array(n).fill(-1);
  for (let v = 0; v < n; v++) if (mate[v] >= 0) out[v] = endpoint[mate[v]!]!;
  const blossoms: { vertices: number[]; z: number }[] = [];
  for (let b = n; b < N2; b++) if (blossombase[b] >= 0 && dualvar[b]! > 0) blossoms.push({ vertices: leaves(b).sort((x, y) => x - y), z: dualvar[b]! });
  return { mate: out, u: dualvar.slice(0, n), blossoms };
}
