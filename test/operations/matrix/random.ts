/** Seeded random matrices for the matrix tests (reproducible: every generator takes a seed). */

export interface WireMatrix {
  ring: string;
  rows: string[][];
}

/** xorshift128+ on bigints, 64-bit outputs. */
export function rng(seed: number): { bits(n: number): bigint; int(lo: number, hi: number): number } {
  let s0 = BigInt.asUintN(64, BigInt(seed) * 0x9e3779b97f4a7c15n + 1n);
  let s1 = BigInt.asUintN(64, (s0 ^ 0xdeadbeefcafebaben) * 0xbf58476d1ce4e5b9n + 7n);
  const next64 = () => {
    let x = s0;
    const y = s1;
    s0 = y;
    x = BigInt.asUintN(64, x ^ (x << 23n));
    s1 = x ^ y ^ (x >> 17n) ^ (y >> 26n);
    return BigInt.asUintN(64, s1 + y);
  };
  for (let i = 0; i < 8; i++) next64();
  return {
    /** Uniform in [0, 2^n). */
    bits(n: number) {
      let v = 0n;
      for (let got = 0; got < n; got += 64) v = (v << 64n) | next64();
      return v & ((1n << BigInt(n)) - 1n);
    },
    /** Uniform integer in [lo, hi]. */
    int(lo: number, hi: number) {
      return lo + Number(next64() % BigInt(hi - lo + 1));
    },
  };
}

export function randomInteger(r: ReturnType<typeof rng>, bits: number): bigint {
  const v = r.bits(bits);
  return r.int(0, 1) ? -v : v;
}

export function intMatrix(seed: number, rows: number, cols: number, bits: number, ring = "ZZ"): WireMatrix {
  const r = rng(seed);
  return { ring, rows: Array.from({ length: rows }, () => Array.from({ length: cols }, () => randomInteger(r, bits).toString())) };
}

/** Entries num/den with |num| < 2^numBits and 1 ≤ den ≤ maxDen, written unreduced (as inputs may be). */
export function ratMatrix(seed: number, rows: number, cols: number, numBits: number, maxDen: number): WireMatrix {
  const r = rng(seed);
  return {
    ring: "QQ",
    rows: Array.from({ length: rows }, () =>
      Array.from({ length: cols }, () => {
        const n = randomInteger(r, numBits);
        const d = r.int(1, maxDen);
        return d === 1 || n === 0n ? n.toString() : `${n}/${d}`;
      }),
    ),
  };
}

export function gfMatrix(seed: number, rows: number, cols: number, p: bigint): WireMatrix {
  const r = rng(seed);
  const bits = p.toString(2).length + 8;
  return { ring: `GF(${p})`, rows: Array.from({ length: rows }, () => Array.from({ length: cols }, () => (r.bits(bits) % p).toString())) };
}

/** A PARI/GP matrix literal (exact rationals; GF(p) entries are lifted integers). */
export function gpMatrix(m: WireMatrix): string {
  const n = m.rows.length;
  const c = n ? m.rows[0]!.length : 0;
  if (n === 0 || c === 0) return `matrix(${n},${c})`;
  return `Mat([${m.rows.map((row) => row.join(",")).join(";")}])`;
}
