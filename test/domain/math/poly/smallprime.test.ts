/**
 * The word-size resultant kernel (smallprime.ts `resultantWord`, `resultantP`) against an
 * independent second algorithm: the Sylvester determinant by Gaussian elimination modulo p with
 * bigint arithmetic. Cases chosen for the paths of the division-free Euclid: constants, deg f <
 * deg g, abnormal remainder sequences (degree drops of two or more: sparse operands, powers of x,
 * shared factors), small primes where images degenerate, the largest fused primes, and images of
 * large integer coefficients (wordImage limbs).
 */
import { expect } from "chai";
import { SeededRandom } from "../../../../domain/math/seeded-random.js";
import { divWord, largePrime, reduceWord, resultantP, resultantWord, wordImage, wordPrime } from "../../../../domain/math/poly/smallprime.js";

const rng = new SeededRandom(20261202);

/** The Sylvester determinant of f (deg m) and g (deg n) modulo p, f and g trimmed with residues. */
function sylvesterMod(f: readonly number[], g: readonly number[], p: number): number {
  const m = f.length - 1, n = g.length - 1;
  if (m < 0 || n < 0) return 0;
  if (m === 0 && n === 0) return 1;
  const N = m + n, P = BigInt(p);
  const M: bigint[][] = [];
  for (let i = 0; i < n; i++) {
    const row = new Array<bigint>(N).fill(0n);
    for (let j = 0; j <= m; j++) row[i + j] = BigInt(f[m - j]!);
    M.push(row);
  }
  for (let i = 0; i < m; i++) {
    const row = new Array<bigint>(N).fill(0n);
    for (let j = 0; j <= n; j++) row[i + j] = BigInt(g[n - j]!);
    M.push(row);
  }
  let det = 1n;
  for (let c = 0; c < N; c++) {
    let r = c;
    while (r < N && M[r]![c]! % P === 0n) r++;
    if (r === N) return 0;
    if (r !== c) {
      [M[r], M[c]] = [M[c]!, M[r]!];
      det = -det;
    }
    const piv = M[c]![c]!;
    det = (det * piv) % P;
    const inv = modPow(((piv % P) + P) % P, P - 2n, P);
    for (let i = c + 1; i < N; i++) {
      const t = (M[i]![c]! * inv) % P;
      if (t === 0n) continue;
      for (let j = c; j < N; j++) M[i]![j] = (M[i]![j]! - t * M[c]![j]!) % P;
    }
  }
  return Number(((det % P) + P) % P);
}

function modPow(b: bigint, e: bigint, m: bigint): bigint {
  let r = 1n;
  for (b %= m; e > 0n; e >>= 1n, b = (b * b) % m) if (e & 1n) r = (r * b) % m;
  return r;
}

function randomImage(deg: number, p: number, density = 1): number[] {
  const a = Array.from({ length: deg + 1 }, () => (rng.below(1000) < density * 1000 ? rng.below(p) : 0));
  while (a[deg] === 0) a[deg] = 1 + rng.below(p - 1);
  return a;
}

function mulMod(a: readonly number[], b: readonly number[], p: number): number[] {
  const out = new Array<number>(a.length + b.length - 1).fill(0);
  a.forEach((x, i) => b.forEach((y, j) => (out[i + j] = Number((BigInt(out[i + j]!) + BigInt(x) * BigInt(y)) % BigInt(p)))));
  return out;
}

const word = (a: readonly number[]) => Float64Array.from(a);

describe("domain/math/poly/smallprime resultant kernel", () => {
  // resultantP takes primes up to 2^26 (the two largest here go to its own Euclid)
  const primes = [2, 3, 5, 7, 101, 32003, wordPrime(0), wordPrime(1), wordPrime(200), largePrime(0), largePrime(5)];

  it("agrees with the Sylvester determinant on random, sparse, constant and shared-factor images", () => {
    let nonzero = 0, zero = 0;
    for (const p of primes) {
      for (let t = 0; t < 40; t++) {
        const kind = t % 5;
        const m = rng.below(kind === 0 ? 3 : 14), n = rng.below(kind === 0 ? 3 : 14);
        let f = randomImage(m, p, kind === 2 ? 0.3 : 1), g = randomImage(n, p, kind === 2 ? 0.3 : 1);
        if (kind === 3) {
          // a shared factor: the resultant is 0 (and Euclid ends early)
          const c = randomImage(1 + rng.below(3), p);
          f = mulMod(f, c, p);
          g = mulMod(g, c, p);
        }
        if (kind === 4) f = [...new Array<number>(1 + rng.below(4)).fill(0), ...f]; // powers of x: remainders drop in degree
        const want = sylvesterMod(f, g, p);
        if (p < 2 ** 25) expect(resultantWord(word(f), word(g), p), `p=${p} f=${f} g=${g}`).to.equal(want);
        expect(resultantP(f, g, p), `resultantP p=${p}`).to.equal(want);
        if (want) nonzero++;
        else zero++;
      }
    }
    expect(nonzero).to.be.greaterThan(100);
    expect(zero).to.be.greaterThan(20);
  });

  it("handles zero and constant operands", () => {
    const p = wordPrime(0);
    expect(resultantWord(word([]), word([1, 2]), p)).to.equal(0);
    expect(resultantWord(word([3, 1]), word([]), p)).to.equal(0);
    expect(resultantWord(word([5]), word([7]), p)).to.equal(1);
    expect(resultantWord(word([5]), word([1, 2, 3]), p)).to.equal(25);
    expect(resultantWord(word([1, 2, 3]), word([5]), p)).to.equal(25);
    expect(resultantWord(word([1, 2, 3, 4]), word([p - 1]), p)).to.equal(p - 1);
  });

  it("reduces large integer coefficients before the kernel (limb images)", () => {
    for (let t = 0; t < 20; t++) {
      const deg = 1 + rng.below(12);
      const big = Array.from({ length: deg + 1 }, () => BigInt(rng.below(2 ** 30)) ** BigInt(1 + rng.below(8)) * (rng.below(2) ? -1n : 1n));
      if (big[deg] === 0n) big[deg] = 1n;
      const other = Array.from({ length: 2 + rng.below(10) }, () => BigInt(rng.below(2 ** 26)) - 2n ** 25n);
      if (other[other.length - 1] === 0n) other[other.length - 1] = 3n;
      const p = wordPrime(rng.below(300));
      const P = BigInt(p);
      const ref = (a: bigint[]) => a.map((c) => Number(((c % P) + P) % P));
      const fa = ref(big), ga = ref(other);
      if (fa[fa.length - 1] === 0 || ga[ga.length - 1] === 0) continue;
      expect(Array.from(reduceWord(wordImage(big), p))).to.deep.equal(fa);
      expect(resultantWord(reduceWord(wordImage(big), p), reduceWord(wordImage(other), p), p)).to.equal(sylvesterMod(fa, ga, p));
    }
  });
});

describe("domain/math/poly/smallprime exact division", () => {
  // divWord sums seven products before each reduction: the largest word primes keep it at its bound
  const primes = [2, 3, 101, 32003, wordPrime(0), wordPrime(1), wordPrime(300)];
  it("divWord(q·b, b) = q, against bigint schoolbook products, for quotient and divisor degrees 0..60", () => {
    const rng = new SeededRandom(4242);
    for (const p of primes) {
      const P = BigInt(p);
      for (let t = 0; t < 60; t++) {
        const dq = rng.below(61), db = rng.below(61);
        // residues at the top of the range as often as random ones
        const elt = () => (rng.below(3) === 0 ? p - 1 - rng.below(2) : rng.below(p));
        const q = Array.from({ length: dq + 1 }, elt), b = Array.from({ length: db + 1 }, elt);
        if (q[dq] === 0) q[dq] = 1;
        if (b[db] === 0) b[db] = p - 1;
        const a = new Array<bigint>(dq + db + 1).fill(0n);
        for (let i = 0; i <= dq; i++) for (let j = 0; j <= db; j++) a[i + j] = (a[i + j]! + BigInt(q[i]!) * BigInt(b[j]!)) % P;
        const got = divWord(Float64Array.from(a, Number), Float64Array.from(b), p);
        expect(Array.from(got), `p = ${p}, degrees ${dq} and ${db}`).to.deep.equal(q);
      }
    }
  });
});
