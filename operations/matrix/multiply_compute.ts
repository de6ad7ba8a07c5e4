import { defineCompute } from "../../domain/declaration.js";
import { domainError } from "../../domain/errors.js";
import { bitLength, mod } from "../../domain/math/integer.js";
import {
  integerMatVec, matVecModSmallPrime, multiplyIntegerSteps, multiplyModPrimeSteps, multiplyRationalSteps, rationalMatVec, SMALL_MODULUS_LIMIT, toResidueRows, type IntMatrix,
} from "../../domain/math/matrix.js";
import { rational, ratEq, type Rational } from "../../domain/math/rational.js";
import { formatRing, type TypedMatrix } from "../../domain/kinds.js";
import { extensionMultiply } from "../../domain/math/linalg/extension.js";
import { extensionFieldRing } from "../../domain/math/poly/gfq.js";
import type { FieldElement } from "../../domain/math/poly/types.js";
import { matrix, request, result } from "../_support/kinds.js";
import { asInt, asRat, CHAR_COST, extensionOpCost, FLOAT_STEP, LOG2_10, MAX_DIM, MAX_ENTRY_CHARS, MAX_FACTOR_ENTRY_CHARS, measure, mulCost, runSteps, splitmix, type MatrixSize } from "./support.js";
import { EXT } from "./linalg.js";

const Request = request({ left: matrix(MAX_DIM, MAX_FACTOR_ENTRY_CHARS, EXT), right: matrix(MAX_DIM, MAX_FACTOR_ENTRY_CHARS, EXT) });
const Result = result({ product: matrix(MAX_DIM, MAX_ENTRY_CHARS, EXT) });
type Req = typeof Request.infer;
type Res = typeof Result.infer;

/** Check that the factors can be multiplied (same ring, inner dimensions agree). */
function factors(req: Req, valuePath = "payload"): { a: TypedMatrix; b: TypedMatrix } {
  const a = req.left, b = req.right;
  const ra = formatRing(a.ring), rb = formatRing(b.ring);
  if (ra !== rb) throw domainError(`the factors are over different rings: left over ${ra}, right over ${rb}`, `${valuePath}.right.ring`, "give both matrices over the same ring (an integer matrix can be written over QQ)");
  const k = a.rows.length ? a.rows[0]!.length : 0;
  if (b.rows.length !== k) {
    throw domainError(`left is ${a.rows.length}×${k} but right has ${b.rows.length} rows; the product needs as many rows on the right as columns on the left`, `${valuePath}.right.rows`);
  }
  return { a, b };
}

export default defineCompute<Req, Res>({
  id: "matrix.multiply.compute",
  version: "1.0.0",
  title: "Exact product of two matrices over ZZ, QQ, GF(p) or GF(p^k)",
  summary:
    "Exact matrix product left·right of an n×k and a k×m matrix (n, k, m ≤ 500) over the integers ZZ, the rationals QQ, a prime field GF(p) or a finite field GF(p^k). " +
    "The product is published on the `product` output port (kind matrix) as a value:// reference.",
  keywords: ["matrix product", "multiply", "multiplication", "matmul", "matrix", "linear algebra", "integer matrix", "rational matrix", "finite field", "modular", "compose"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic" }],
  bounds: [
    { name: "dimension", limit: MAX_DIM, unit: "rows or columns", description: "each factor has at most this many rows and columns" },
    { name: "entry_chars", limit: MAX_FACTOR_ENTRY_CHARS, unit: "characters", description: "each entry string of a factor has at most this many characters" },
    { name: "product_entry_chars", limit: MAX_ENTRY_CHARS, unit: "characters", description: "requests whose product entries could exceed this size (estimated from the factors' entry and denominator sizes) are refused in preflight" },
    { name: "field_characteristic_digits", limit: 40, unit: "decimal digits", description: "p of GF(p) has at most 40 digits and must be a proven prime" },
  ],
  cost_model:
    "units ≈ 64-bit limb operations plus a fixed overhead per bigint operation: n·k·m multiply-adds of a-bit by b-bit numbers, a and b the largest entry sizes " +
    "(QQ: after clearing the left factor's row denominators and the right factor's column denominators, plus one reduction per product entry); GF(p) with p < 2^26 runs in doubles. " +
    "The postcondition (a Freivalds check with a pseudo-random 64-bit vector; over GF(p) ⌈64/log2 p⌉ vectors) adds three matrix–vector products per vector.",
  budget: { max_units: 5e9, max_memory_bytes: 512 * 2 ** 20, timeout_ms: 60_000 },
  progress_measure: "rows of the product done out of n",
  preflight(req) {
    return estimate(measure(req.left), measure(req.right));
  },
  ports: {
    inputs: {
      left: { field: "left", description: "the left factor { ring, rows } (n×k)" },
      right: { field: "right", description: "the right factor { ring, rows } (k×m)" },
    },
    outputs: { product: { field: "product", description: "the product left·right { ring, rows } (n×m)" } },
  },
  async execute(req, ctx) {
    const { a, b } = factors(req);
    const n = a.rows.length;
    let product: TypedMatrix;
    switch (a.ring.kind) {
      case "ZZ":
        product = { $kind: "matrix", ring: a.ring, rows: await runSteps(multiplyIntegerSteps(asInt(a), asInt(b)), ctx, n, "rows of the product") };
        break;
      case "QQ":
        product = { $kind: "matrix", ring: a.ring, rows: await runSteps(multiplyRationalSteps(asRat(a), asRat(b)), ctx, n, "rows of the product") };
        break;
      case "GF":
        product = { $kind: "matrix", ring: a.ring, rows: await runSteps(multiplyModPrimeSteps(asInt(a), asInt(b), a.ring.p), ctx, n, "rows of the product") };
        break;
      case "GFq":
        product = { $kind: "matrix", ring: a.ring, rows: extensionMultiply(a.ring, a.rows as FieldElement[][], b.rows as FieldElement[][], () => ctx.checkpoint()) };
        break;
    }
    return { product };
  },
  postcondition(req, res) {
    const { a, b } = factors(req);
    const c = res.product;
    if (formatRing(c.ring) !== formatRing(a.ring)) return "the product is over a different ring than the factors";
    const n = a.rows.length, m = b.rows.length ? b.rows[0]!.length : 0;
    if (c.rows.length !== n || c.rows.some((r) => r.length !== m)) return `the product is not ${n}×${m}`;
    // Freivalds: C·x = A·(B·x) for a pseudo-random x. A wrong C passes with probability ≤ 2^-64 per wrong row.
    const next = splitmix(BigInt(n * 1_000_003 + m * 1009 + b.rows.length) ^ 0x4a61636f6269616en);
    const x = Array.from({ length: m }, () => next() + 1n);
    switch (a.ring.kind) {
      case "ZZ": {
        const lhs = integerMatVec(asInt(c), x), rhs = integerMatVec(asInt(a), integerMatVec(asInt(b), x));
        return lhs.every((v, i) => v === rhs[i]) ? null : "Freivalds check failed: C·x ≠ A·(B·x)";
      }
      case "QQ": {
        const xr: Rational[] = x.map((v) => rational(v));
        const lhs = rationalMatVec(asRat(c), xr), rhs = rationalMatVec(asRat(a), rationalMatVec(asRat(b), xr));
        return lhs.every((v, i) => ratEq(v, rhs[i]!)) ? null : "Freivalds check failed: C·x ≠ A·(B·x)";
      }
      case "GF":
        return freivaldsModPrime(asInt(a), asInt(b), asInt(c), a.ring.p, next) ? null : "Freivalds check failed: C·x ≠ A·(B·x) over GF(p)";
      case "GFq": {
        // One random vector catches a wrong product with probability ≥ 1 − 1/q: ⌈64 / log2 q⌉ vectors.
        const F = a.ring;
        const R = extensionFieldRing(F);
        const rounds = freivaldsRounds(F.k * (bitLength(F.p) - 1));
        const mv = (M: FieldElement[][], x: FieldElement[]) => M.map((row) => row.reduce((acc, v, j) => R.add(acc, R.mul(v, x[j]!)), R.zero));
        for (let t = 0; t < rounds; t++) {
          const x = Array.from({ length: m }, () => Array.from({ length: F.k }, () => mod(next(), F.p)).reduceRight<bigint[]>((acc, c) => (acc.length || c !== 0n ? [c, ...acc] : acc), []));
          const lhs = mv(c.rows as FieldElement[][], x), rhs = mv(a.rows as FieldElement[][], mv(b.rows as FieldElement[][], x));
          if (lhs.some((v, i) => !R.eq(v, rhs[i]!))) return "Freivalds check failed: C·x ≠ A·(B·x) over GF(p^k)";
        }
        return null;
      }
    }
  },
  examples: [
    {
      title: "2×2 integer matrices",
      payload: { left: { ring: "ZZ", rows: [["1", "2"], ["3", "4"]] }, right: { ring: "ZZ", rows: [["5", "6"], ["7", "8"]] } },
      expected: { product: { ring: "ZZ", rows: [["19", "22"], ["43", "50"]] } },
    },
    {
      title: "a row times a column",
      payload: { left: { ring: "ZZ", rows: [["1", "-2", "3"]] }, right: { ring: "ZZ", rows: [["4"], ["5"], ["6"]] } },
      expected: { product: { ring: "ZZ", rows: [["12"]] } },
    },
    {
      title: "rational matrices (canonical p/q entries)",
      payload: { left: { ring: "QQ", rows: [["1/2", "1"], ["0", "2/3"]] }, right: { ring: "QQ", rows: [["2"], ["3/4"]] } },
      expected: { product: { ring: "QQ", rows: [["7/4"], ["1/2"]] } },
    },
    {
      title: "over GF(5) (residues 0..4)",
      payload: { left: { ring: "GF(5)", rows: [["2", "3"], ["4", "1"]] }, right: { ring: "GF(5)", rows: [["1", "4"], ["2", "3"]] } },
      expected: { product: { ring: "GF(5)", rows: [["3", "2"], ["1", "4"]] } },
    },
    {
      title: "over GF(5^2): entries are polynomials in the generator a",
      payload: { left: { ring: "GF(5^2)", rows: [["a", "1"]] }, right: { ring: "GF(5^2)", rows: [["a"], ["4"]] } },
      expected: { product: { ring: "GF(5^2)", rows: [["a + 2"]] } },
    },
    {
      title: "entries beyond 2^64",
      payload: { left: { ring: "ZZ", rows: [["18446744073709551616", "1"]] }, right: { ring: "ZZ", rows: [["18446744073709551616"], ["-1"]] } },
      expected: { product: { ring: "ZZ", rows: [["340282366920938463463374607431768211455"]] } },
    },
  ],
});

/**
 * Freivalds over GF(p): one random vector catches a wrong product with probability ≥ 1 − 1/p, so
 * ⌈64 / log2 p⌉ independent vectors are used (failure probability ≤ 2^-64).
 */
function freivaldsModPrime(a: IntMatrix, b: IntMatrix, c: IntMatrix, p: bigint, next: () => bigint): boolean {
  const rounds = freivaldsRounds(bitLength(p) - 1);
  const m = c.length ? c[0]!.length : b.length ? b[0]!.length : 0;
  if (p < BigInt(SMALL_MODULUS_LIMIT)) {
    const q = Number(p);
    const [af, bf, cf] = [toResidueRows(a, q), toResidueRows(b, q), toResidueRows(c, q)];
    for (let r = 0; r < rounds; r++) {
      const x = Float64Array.from({ length: m }, () => Number(next() % p));
      const lhs = matVecModSmallPrime(cf, x, q), rhs = matVecModSmallPrime(af, matVecModSmallPrime(bf, x, q), q);
      if (lhs.some((v, i) => v !== rhs[i])) return false;
    }
    return true;
  }
  for (let r = 0; r < rounds; r++) {
    const x = Array.from({ length: m }, () => mod(next() * next(), p));
    const lhs = integerMatVec(c, x).map((v) => mod(v, p));
    const bx = integerMatVec(b, x).map((v) => mod(v, p));
    const rhs = integerMatVec(a, bx).map((v) => mod(v, p));
    if (lhs.some((v, i) => v !== rhs[i])) return false;
  }
  return true;
}

/** Vectors needed for a 2^-64 failure bound in a field with more than 2^log2p elements. */
const freivaldsRounds = (log2p: number): number => Math.max(1, Math.ceil(64 / Math.max(1, log2p)));

/** Preflight: n·k·m multiply-adds at the factors' cleared entry sizes, plus output size checks. */
function estimate(sa: MatrixSize, sb: MatrixSize) {
  const n = sa.rows, k = Math.max(sa.cols, sb.rows), m = sb.cols;
  const mults = n * k * m;
  const logK = Math.log2(k + 1);
  let units: number, outBits: number, entryBytes: number, basis: string;
  if (sa.ring.kind === "GFq" || sb.ring.kind === "GFq") {
    const r = sa.ring.kind === "GFq" ? sa.ring : sb.ring;
    const per = extensionOpCost(r);
    // the product, then the Freivalds postcondition: ⌈64/log2 q⌉ vectors, three matrix–vector products each (conversions included)
    const rounds = freivaldsRounds(r.degree * (r.pBits - 1));
    const u = mults * per + rounds * (n * k + k * m + n * m) * (per + 200) + (sa.chars + sb.chars + n * m * r.degree * 8) * CHAR_COST;
    return { units: u, memory_bytes: n * m * (r.degree * 16 + 64) * 3 + (sa.chars + sb.chars) * 4, basis: `${n}×${k} by ${k}×${m} over GF(p^${r.degree}) with p of ${r.pBits} bits` };
  }
  if (sa.ring.kind === "GF" || sb.ring.kind === "GF") {
    const pBits = Math.max(sa.ring.pBits, sb.ring.pBits);
    const small = sa.ring.smallField && sb.ring.smallField;
    units = mults * (small ? FLOAT_STEP : mulCost(pBits, pBits)) + n * m * mulCost(2 * pBits + logK, pBits);
    outBits = pBits;
    entryBytes = small ? 8 + 24 : Math.ceil(pBits / 8) + 24;
    basis = `${n}×${k} by ${k}×${m} over GF(p) with p of ${pBits} bits`;
  } else {
    // QQ: left rows and right columns are cleared; ZZ: den bits are 0.
    const aBits = Math.max(0, ...sa.rowBits);
    const bBits = sb.maxNumBits + Math.max(0, ...sb.colDenBits);
    const numBits = aBits + bBits + logK;
    const denBits = Math.max(0, ...sa.rowDenBits) + Math.max(0, ...sb.colDenBits);
    units = mults * mulCost(aBits, bBits) + (denBits > 0 ? n * m * 4 * mulCost(numBits, numBits) : 0);
    outBits = numBits + denBits;
    entryBytes = Math.ceil(outBits / 8) + 32;
    basis = `${n}×${k} by ${k}×${m} over ${sa.ring.kind}, cleared entries ≈ ${aBits} and ${bBits} bits, product entries ≤ ≈ ${Math.round(outBits)} bits`;
  }
  // Freivalds postcondition: three matrix–vector products per vector (GF(p): ⌈64/log2 p⌉ vectors); parsing and formatting.
  const isGF = sa.ring.kind === "GF" || sb.ring.kind === "GF";
  const rounds = isGF ? freivaldsRounds(Math.max(sa.ring.pBits, sb.ring.pBits) - 1) : 1;
  const perMatVec = isGF && sa.ring.smallField ? FLOAT_STEP : mulCost(outBits + 64 + logK, 64);
  units += rounds * (n * k + k * m + n * m) * perMatVec + (sa.chars + sb.chars + n * m * (outBits / LOG2_10 + 1)) * CHAR_COST;
  const memory = n * m * entryBytes * 3 + (sa.chars + sb.chars) * 4;
  const outChars = Math.ceil(outBits / LOG2_10) + 2;
  if (outChars > MAX_ENTRY_CHARS) {
    return { units: Number.POSITIVE_INFINITY, memory_bytes: memory, basis: `${basis}: product entries could exceed ${MAX_ENTRY_CHARS} characters` };
  }
  return { units, memory_bytes: memory, basis };
}
