import { type } from "arktype";
import { checkUnimodular, firstDifference, mulInt } from "../../domain/math/linalg/certify.js";
import { smith } from "../../domain/math/linalg/normal_forms.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { object, request } from "../_support/kinds.js";
import { naturalString, positiveString, strict } from "../_support/wire.js";
import { MAX_DIM } from "./support.js";
import { hermiteEstimate, inputMatrix, integral, matrixChecker, maxBits, SMITH_KIND, smithShape } from "./structure.js";

const Request = request({ matrix: inputMatrix(), claim: object(smithShape(), SMITH_KIND, "the claim: the value of matrix.smith_form.compute unchanged (with its transforms)") });
type Req = typeof Request.infer;

const Bindings = strict(
  type({
    method: type("'transform_certificate' | 'derived_certificate' | 'shape'").describe("what decided the verdict (see the method)"),
    "rank?": type("number.integer >= 0").describe("the number of invariant factors"),
    "moduli_left?": type("number.integer >= 0").describe("primes that proved det U = ±1"),
    "moduli_right?": type("number.integer >= 0").describe("primes that proved det V = ±1"),
    "factor?": type("'left' | 'right'").describe("which transform fails to be unimodular"),
    "prime?": positiveString(12).describe("a prime modulo which det U (or det V) is not ±1"),
    "residue?": naturalString(12).describe("that determinant modulo the prime"),
    "row?": type("number.integer >= 0").describe("the row of a counterexample entry"),
    "column?": type("number.integer >= 0").describe("the column of a counterexample entry"),
  }),
);
type Bindings = typeof Bindings.infer;

const METHOD =
  "By certificate: D must be diagonal with positive entries d_1 | d_2 | … | d_r followed by zeros and equal to the listed invariant factors; U·A·V = D exactly; det U = ±1 and det V = ±1, each proven by determinants modulo primes below 2^26 " +
  "whose product exceeds Hadamard's bound + 1. Then D is the Smith form of A (it is unique). Without the transforms the checker derives U', V' itself and certifies them the same way: D equal to the certified D' is accepted, " +
  "D different from it is rejected (the form is unique), and a derivation that does not certify is non_conclusion.";

export default matrixChecker<Req>({
  id: "matrix.smith_form.verify",
  title: "Verify a claimed Smith normal form with its unimodular transforms",
  summary: "Checks a claimed Smith normal form D = U·A·V of an integer matrix by its certificate: diagonal shape and divisibility chain, the exact product, and det U, det V = ±1 by multimodular determinants with Hadamard's bound.",
  keywords: ["smith normal form", "snf", "invariant factors", "verify", "check", "certificate", "unimodular", "divisibility chain"],
  request: Request,
  bindings: Bindings,
  method: METHOD,
  bounds: [
    { name: "dimension", limit: MAX_DIM, unit: "rows or columns", description: "the matrix has at most this many rows and columns" },
    { name: "entry_chars", limit: 2_000, unit: "characters", description: "each entry of A has at most this many characters" },
  ],
  cost_model: "units ≈ two products (U·A)·V at the transforms' entry sizes, plus two multimodular determinants (k ≈ Hadamard bits / 26 primes, n³/3 double steps each).",
  budget: { max_units: 1e10, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 120_000 },
  preflight(req) {
    const e = hermiteEstimate(req.matrix, true, 2);
    const m = req.matrix.rows.length, n = m ? req.matrix.rows[0]!.length : 0;
    const bu = maxBits(req.claim.left && integral(req.claim.left, "payload.claim.left", "a unimodular transform")), bv = maxBits(req.claim.right && integral(req.claim.right, "payload.claim.right", "a unimodular transform"));
    const det = (k: number, b: number) => ((k * (b + Math.log2(k + 1))) / 26 + 1) * ((k * k * k) / 3 * 2.5 + k * k * (b / 24 + 1) * 2.5);
    // Without both transforms the checker derives them: about the producer's cost (four Hermite rounds).
    const derived = req.claim.left && req.claim.right ? 0 : hermiteEstimate(req.matrix, true, 4).units * 1.5;
    return { units: derived + e.units + det(m, bu) + det(n, bv) + m * n * (m + n) * ((bu + bv) / 64 + 2) ** 2, memory_bytes: e.memory_bytes * 2, basis: `${e.basis}; transforms ≤ ${bu} and ${bv} bits` };
  },
  ports: {
    inputs: {
      matrix: { field: "matrix", description: "the integer matrix A" },
      claim: { field: "claim", description: "the claimed Smith form: the output of matrix.smith_form.compute" },
    },
    outputs: {},
  },
  execute(req, ctx): CheckerFinding {
    const tick = () => ctx.checkpoint();
    const A = integral(req.matrix, "payload.matrix", "the Smith normal form");
    const m = A.length, n = m ? A[0]!.length : 0;
    const D = integral(req.claim.smith, "payload.claim.smith", "the Smith normal form");
    const d = req.claim.invariant_factors;
    const shape = (reason: string): CheckerFinding => ({ verdict: "rejected", bindings: { method: "shape" }, reason });
    if (D.length !== m || D.some((r) => r.length !== n)) return shape(`D must be ${m}×${n} like A`);
    // An m×n matrix has at most min(m, n) invariant factors; extra ones would never meet D's diagonal below.
    if (d.length > Math.min(m, n)) return shape(`an ${m}×${n} matrix has at most ${Math.min(m, n)} invariant factors; the claim lists ${d.length}`);
    for (let i = 0; i < m; i++) for (let j = 0; j < n; j++) {
      const v = D[i]![j]!;
      const want = i === j && i < d.length ? d[i]! : 0n;
      if (v !== want) return { verdict: "rejected", bindings: { method: "shape", row: i, column: j }, reason: `D[${i}][${j}] = ${v}, but D must be diagonal with the invariant factors then zeros` };
    }
    for (let i = 0; i < d.length; i++) {
      if (d[i]! <= 0n) return shape(`invariant factor ${i} is not positive`);
      if (i && d[i]! % d[i - 1]! !== 0n) return shape(`d_${i} = ${d[i - 1]} does not divide d_${i + 1} = ${d[i]}`);
    }
    if (req.claim.rank !== d.length) return shape("the rank is not the number of invariant factors");
    if (!req.claim.left || !req.claim.right) {
      // The checker derives transforms itself and certifies them like claimed ones: a certified
      // (U', D', V') fixes the unique Smith form, so a D that differs from D' is refuted by it.
      const own = smith(A, { transform: true, tick, cols: n });
      const certified = !firstDifference(mulInt(mulInt(own.U, A, n), own.V, n), own.D) && checkUnimodular(own.U, tick).unimodular && checkUnimodular(own.V, tick).unimodular &&
        own.diagonal.every((x, i) => x > 0n && (i === 0 || x % own.diagonal[i - 1]! === 0n)) && !firstDifference(own.D, own.D.map((r, i) => r.map((_, j) => (i === j && i < own.diagonal.length ? own.diagonal[i]! : 0n))));
      if (!certified) return { verdict: "non_conclusion", bindings: { method: "shape", rank: d.length }, reason: "D has the Smith shape, and the checker's derived transforms did not certify a Smith form of A" };
      const diff = firstDifference(own.D, D);
      if (diff) return { verdict: "rejected", bindings: { method: "derived_certificate", row: diff[0], column: diff[1] }, reason: `the Smith form is unique and certified transforms U', V' (U'·A·V' = D', both unimodular) give D'[${diff[0]}][${diff[1]}] = ${own.D[diff[0]]![diff[1]]} ≠ D[${diff[0]}][${diff[1]}] = ${D[diff[0]]![diff[1]]}` };
      return { verdict: "accepted", bindings: { method: "derived_certificate", rank: d.length } };
    }
    const U = integral(req.claim.left, "payload.claim.left", "a unimodular transform"), V = integral(req.claim.right, "payload.claim.right", "a unimodular transform");
    if (U.length !== m || U.some((r) => r.length !== m) || V.length !== n || V.some((r) => r.length !== n)) return shape(`U must be ${m}×${m} and V ${n}×${n}`);
    const diff = firstDifference(mulInt(mulInt(U, A, n), V, n), D);
    if (diff) return { verdict: "rejected", bindings: { method: "transform_certificate", row: diff[0], column: diff[1] }, reason: `(U·A·V)[${diff[0]}][${diff[1]}] ≠ D[${diff[0]}][${diff[1]}]` };
    const u = checkUnimodular(U, tick);
    if (!u.unimodular) return { verdict: "rejected", bindings: { method: "transform_certificate", factor: "left", prime: String(u.prime), residue: String(u.residue) }, reason: `U is not unimodular: ${u.reason}` };
    const v = checkUnimodular(V, tick);
    if (!v.unimodular) return { verdict: "rejected", bindings: { method: "transform_certificate", factor: "right", prime: String(v.prime), residue: String(v.residue) }, reason: `V is not unimodular: ${v.reason}` };
    return { verdict: "accepted", bindings: { method: "transform_certificate", rank: d.length, moduli_left: u.moduli, moduli_right: v.moduli } };
  },
  postcondition(req, f) {
    const b = f.bindings as Bindings;
    const both = !!(req.claim.left && req.claim.right);
    if (f.verdict === "accepted" && !(b.method === "transform_certificate" ? both : b.method === "derived_certificate" && !both)) return "an acceptance needs a transform certificate (claimed or derived)";
    return null;
  },
  examples: [
    {
      title: "the producer's value is accepted",
      payload: { matrix: { ring: "ZZ", rows: [["2", "4", "4"], ["-6", "6", "12"], ["10", "-4", "-16"]] }, claim: { invariant_factors: ["2", "6", "12"], smith: { ring: "ZZ", rows: [["2", "0", "0"], ["0", "6", "0"], ["0", "0", "12"]] }, left: { ring: "ZZ", rows: [["1", "0", "0"], ["-1", "3", "2"], ["3", "-4", "-3"]] }, right: { ring: "ZZ", rows: [["1", "-2", "-2"], ["0", "1", "0"], ["0", "0", "1"]] }, rank: 3 } },
      expected: {"verdict":"accepted","bindings":{"method":"transform_certificate","rank":3,"moduli_left":1,"moduli_right":1}},
    },
    {
      title: "a broken divisibility chain is rejected",
      payload: { matrix: { ring: "ZZ", rows: [["2", "0"], ["0", "3"]] }, claim: { invariant_factors: ["2", "3"], smith: { ring: "ZZ", rows: [["2", "0"], ["0", "3"]] }, left: { ring: "ZZ", rows: [["1", "0"], ["0", "1"]] }, right: { ring: "ZZ", rows: [["1", "0"], ["0", "1"]] }, rank: 2 } },
      expected: {"verdict":"rejected","bindings":{"method":"shape"},"reason":"d_1 = 2 does not divide d_2 = 3"},
    },
  ],
});
