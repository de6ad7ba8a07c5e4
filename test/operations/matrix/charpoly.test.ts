import { expect } from "chai";
import fc from "fast-check";
import { charpolyKrylovModW, charpolyModSmallPrime, integerCharpoly } from "../../../domain/math/linalg/charpoly.js";
import { delayedPrimeBits, FlatResidues, lowInverse, reduceW, wordPrime } from "../../../domain/math/linalg/wordsize.js";
import { gp, requireGp } from "../../support/gp.js";
import { testJacobian } from "../../support/runtime.js";
import { gfMatrix, gpMatrix, intMatrix, ratMatrix, rng, type WireMatrix } from "./random.js";

const big = (m: WireMatrix) => m.rows.map((r) => r.map(BigInt));

/** det(xI − A) mod p (p > n) by a second route: det(tI − A) for t = 0..n by Gaussian elimination in bigints, then Lagrange interpolation. */
function charpolyByInterpolation(A: bigint[][], p: bigint): bigint[] {
  const n = A.length;
  const md = (x: bigint) => ((x % p) + p) % p;
  const det = (M: bigint[][]): bigint => {
    const a = M.map((r) => r.map(md));
    let d = 1n;
    for (let k = 0; k < n; k++) {
      let piv = -1;
      for (let i = k; i < n; i++) if (a[i]![k] !== 0n) { piv = i; break; }
      if (piv < 0) return 0n;
      if (piv !== k) { [a[k], a[piv]] = [a[piv]!, a[k]!]; d = md(-d); }
      d = md(d * a[k]![k]!);
      const inv = powmod(a[k]![k]!, p - 2n, p);
      for (let i = k + 1; i < n; i++) {
        const f = md(a[i]![k]! * inv);
        for (let j = k; j < n; j++) a[i]![j] = md(a[i]![j]! - f * a[k]![j]!);
      }
    }
    return d;
  };
  // values at t = 0..n, then Lagrange interpolation (p > n)
  const ys = Array.from({ length: n + 1 }, (_, t) => det(A.map((r, i) => r.map((v, j) => (i === j ? BigInt(t) - v : -v)))));
  let coeffs: bigint[] = new Array(n + 1).fill(0n);
  for (let i = 0; i <= n; i++) {
    let basis: bigint[] = [1n];
    let denom = 1n;
    for (let j = 0; j <= n; j++) {
      if (j === i) continue;
      const next = new Array(basis.length + 1).fill(0n);
      for (let k = 0; k < basis.length; k++) { next[k + 1] = md(next[k + 1] + basis[k]!); next[k] = md(next[k] - BigInt(j) * basis[k]!); }
      basis = next;
      denom = md(denom * BigInt(i - j));
    }
    const s = md(ys[i]! * powmod(denom, p - 2n, p));
    coeffs = coeffs.map((c, k) => md(c + s * basis[k]!));
  }
  return coeffs;
}

function powmod(b: bigint, e: bigint, m: bigint): bigint {
  let r = 1n;
  b %= m;
  while (e > 0n) { if (e & 1n) r = (r * b) % m; b = (b * b) % m; e >>= 1n; }
  return r;
}

describe("domain/math/linalg characteristic polynomial kernels", function () {
  this.timeout(120_000);

  it("reduceW equals x mod p for 0 ≤ x < 2^53, including small p and values next to 2^53", () => {
    fc.assert(fc.property(fc.integer({ min: 2, max: 2 ** 26 }), fc.bigInt({ min: 0n, max: 2n ** 53n - 1n }), (p, x) => {
      expect(reduceW(Number(x), p, lowInverse(p))).to.equal(Number(x % BigInt(p)));
    }), { numRuns: 3000 });
    for (const p of [2, 3, 5, 8388593, 67108859]) for (let d = 1; d < 40; d++) {
      const x = 2 ** 53 - d;
      expect(reduceW(x, p, lowInverse(p))).to.equal(Number(BigInt(x) % BigInt(p)));
    }
  });

  it("fast-check: Krylov (when it concludes) and Hessenberg agree with interpolated det(tI − A) mod p, incl. derogatory matrices", () => {
    const p = wordPrime(delayedPrimeBits(12), 3);
    let krylovUndecided = 0;
    fc.assert(fc.property(fc.integer({ min: 0, max: 12 }), fc.integer({ min: 0, max: 3 }), fc.integer(), (n, shape, seed) => {
      const r = rng(seed);
      // shape 1: scalar matrix; 2: a repeated 2×2 block (derogatory); 3: low rank; 0: random
      const A: bigint[][] = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => {
        if (shape === 1) return i === j ? 7n : 0n;
        if (shape === 2) return (i >> 1) === (j >> 1) ? BigInt(((i & 1) * 2 + (j & 1)) * 3 + 1) : 0n;
        if (shape === 3) return BigInt((i % 2) * (j + 1));
        return BigInt(r.int(-1000, 1000));
      }));
      const want = charpolyByInterpolation(A, BigInt(p)).map(Number);
      const res = new FlatResidues(A).reduce(p);
      const k = charpolyKrylovModW(res, n, p);
      if (k) expect(Array.from(k), "Krylov").to.deep.equal(want);
      else krylovUndecided++;
      expect(Array.from(charpolyModSmallPrime(res.slice(), n, p)), "Hessenberg").to.deep.equal(want);
    }), { numRuns: 200 });
    expect(krylovUndecided, "derogatory cases reach the Hessenberg fallback").to.be.greaterThan(0);
  });

  it("integerCharpoly of a scalar matrix with 61-bit entries (derogatory: every prime takes the Hessenberg route)", () => {
    const n = 9;
    const S = Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => (i === j ? -(2n ** 60n) : 0n)));
    // (x + 2^60)^9
    const want = Array.from({ length: n + 1 }, (_, k) => binom(n, k) * (2n ** 60n) ** BigInt(n - k));
    expect(integerCharpoly(S)).to.deep.equal(want);
  });
});

function binom(n: number, k: number): bigint {
  let r = 1n;
  for (let i = 0; i < k; i++) r = (r * BigInt(n - i)) / BigInt(i + 1);
  return r;
}

describe("operations/matrix characteristic polynomial vs PARI/GP", function () {
  this.timeout(180_000);
  before(function () {
    requireGp(this);
  });
  const j = testJacobian({ packs: ["matrix"] });
  after(() => j.close());
  const run = async (id: string, payload: Record<string, unknown>) => {
    const o = (await j.run(id, payload)) as any;
    expect(o.outcome, `${id}: ${JSON.stringify(o).slice(0, 400)}`).to.equal("completed");
    return o.value;
  };
  const dense = (poly: { terms: { coefficient: string; exponents: number[] }[] }) => {
    const deg = poly.terms.length ? poly.terms[0]!.exponents[0]! : 0;
    const c = new Array<string>(deg + 1).fill("0");
    for (const t of poly.terms) c[deg - t.exponents[0]!] = t.coefficient;
    return c.join(";");
  };

  it("charpoly over ZZ (0–25, 31-bit, 200-bit entries, derogatory, a 60×60), QQ and GF(p) equals gp's charpoly; verify accepts", async () => {
    const r = rng(4242);
    const ms: WireMatrix[] = [];
    for (let i = 0; i < 18; i++) {
      const n = r.int(0, 25);
      ms.push(i % 3 === 0 ? intMatrix(900 + i, n, n, [4, 31, 200][i % 9 / 3]!) : i % 3 === 1 ? ratMatrix(900 + i, n, n, 12, 9) : gfMatrix(900 + i, n, n, [3n, 65537n, 1000000007n][i % 3]!));
    }
    const blocks = big(intMatrix(990, 3, 3, 40));
    ms.push({ ring: "ZZ", rows: Array.from({ length: 12 }, (_, i) => Array.from({ length: 12 }, (_, k) => (Math.floor(i / 3) === Math.floor(k / 3) ? blocks[i % 3]![k % 3]!.toString() : "0"))) });
    ms.push({ ring: "ZZ", rows: Array.from({ length: 8 }, (_, i) => Array.from({ length: 8 }, (_, k) => (i === k ? "-5" : "0"))) });
    ms.push(intMatrix(991, 60, 60, 31));
    const gpOf = (m: WireMatrix) => (m.ring.startsWith("GF(") ? `(${gpMatrix(m)}*Mod(1,${m.ring.slice(3, -1)}))` : gpMatrix(m));
    const truth = gp(ms.map((m) => `print(strjoin([Str(if(type(c)=="t_INTMOD",lift(c),c)) | c <- Vec(charpoly(${gpOf(m)}))], ";"))`).join("\n"));
    for (const [i, m] of ms.entries()) {
      const v = await run("matrix.characteristic_polynomial.compute", { matrix: m });
      expect(dense(v.characteristic_polynomial), `matrix ${i} ${m.ring} ${m.rows.length}`).to.equal(truth[i]);
      expect((await run("matrix.characteristic_polynomial.verify", { matrix: m, claim: v })).verdict, `verify ${i}`).to.equal("accepted");
    }
  });
});
