import { type } from "arktype";
import { checkUnimodular, firstDifference, mulInt } from "../../domain/math/linalg/certify.js";
import { hermite, isHermite } from "../../domain/math/linalg/normal_forms.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { object, request } from "../_support/kinds.js";
import { naturalString, positiveString, strict } from "../_support/wire.js";
import { MAX_DIM } from "./support.js";
import { HERMITE_KIND, hermiteEstimate, hermiteShape, inputMatrix, integral, matrixChecker, maxBits } from "./structure.js";

const Request = request({ matrix: inputMatrix(), claim: object(hermiteShape(), HERMITE_KIND, "the claim: the value of matrix.hermite_form.compute unchanged (with its transform)") });
type Req = typeof Request.infer;

const Bindings = strict(
  type({
    method: type("'transform_certificate' | 'derived_certificate' | 'shape' | 'lattice_membership'").describe("what decided the verdict (see the method)"),
    "rank?": type("number.integer >= 0").describe("the rank of H"),
    "moduli?": type("number.integer >= 0").describe("primes below 2^26 whose determinants of U proved det U = ±1"),
    "determinant?": type("'1' | '-1'").describe("det U"),
    "prime?": positiveString(12).describe("a prime modulo which det U is not ±1 (counterexample)"),
    "residue?": naturalString(12).describe("det U modulo that prime"),
    "row?": type("number.integer >= 0").describe("the row of a counterexample"),
    "column?": type("number.integer >= 0").describe("the column of a counterexample"),
  }),
);
type Bindings = typeof Bindings.infer;

const METHOD =
  "By certificate, not by recomputing: H must have the Hermite shape (echelon, positive pivots, entries above each pivot in [0, pivot), zero rows last); U·A = H exactly; and det U = ±1, " +
  "proven by determinants of U modulo primes below 2^26 whose product exceeds Hadamard's bound + 1 (a residue other than ±1 is a counterexample). Then H is the Hermite form of A (it is unique). " +
  "Without a transform every row of A is tested for membership in the lattice of H (triangular solve): a row outside it rejects; otherwise the checker derives a transform U' itself and certifies it the same way " +
  "(U'·A = H' in Hermite shape, det U' = ±1): H equal to the certified H' is accepted, H different from it is rejected (the form is unique), and a derivation that does not certify is non_conclusion.";

export default matrixChecker<Req>({
  id: "matrix.hermite_form.verify",
  title: "Verify a claimed Hermite normal form with its unimodular transform",
  summary: "Checks a claimed row-style Hermite normal form H of an integer matrix A by its certificate: the shape of H, U·A = H exactly, and det U = ±1 by a multimodular determinant with Hadamard's bound. Rejections name the entry, row or prime that fails.",
  keywords: ["hermite normal form", "hnf", "verify", "check", "certificate", "unimodular", "determinant", "lattice"],
  request: Request,
  bindings: Bindings,
  method: METHOD,
  bounds: [
    { name: "dimension", limit: MAX_DIM, unit: "rows or columns", description: "the matrix has at most this many rows and columns" },
    { name: "entry_chars", limit: 2_000, unit: "characters", description: "each entry of A has at most this many characters" },
  ],
  cost_model: "units ≈ the producer's estimate (the product U·A) plus the multimodular determinant of U: k ≈ (Hadamard bits of U)/26 primes, each n³/3 double steps and a reduction of U's entries.",
  budget: { max_units: 1e10, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 120_000 },
  preflight(req) {
    const e = hermiteEstimate(req.matrix, true);
    const m = req.matrix.rows.length;
    const uBits = maxBits(req.claim.transform && integral(req.claim.transform, "payload.claim.transform", "a unimodular transform"));
    const primes = (m * (uBits + Math.log2(m + 1))) / 26 + 1;
    // Without a transform the checker derives one: the producer's cost again, and U' is as large as the lattice determinant.
    const derived = req.claim.transform ? 0 : e.units;
    return { units: derived + e.units + primes * ((m * m * m) / 3 * 2.5 + m * m * (uBits / 24 + 1) * 2.5), memory_bytes: e.memory_bytes * 2, basis: `${e.basis}; U entries ≤ ${uBits} bits, ≈ ${Math.ceil(primes)} primes` };
  },
  ports: {
    inputs: {
      matrix: { field: "matrix", description: "the integer matrix A" },
      claim: { field: "claim", description: "the claimed Hermite form: the output of matrix.hermite_form.compute" },
    },
    outputs: {},
  },
  execute(req, ctx): CheckerFinding {
    const tick = () => ctx.checkpoint();
    const A = integral(req.matrix, "payload.matrix", "the Hermite normal form");
    const m = A.length, n = m ? A[0]!.length : 0;
    const H = integral(req.claim.hermite, "payload.claim.hermite", "the Hermite normal form");
    if (H.length !== m || H.some((r) => r.length !== n)) return { verdict: "rejected", bindings: { method: "shape" }, reason: `H must be ${m}×${n} like A` };
    const shape = isHermite(H);
    if (!shape.ok) return { verdict: "rejected", bindings: { method: "shape" }, reason: shape.reason };
    if (shape.rank !== req.claim.rank || shape.pivots.join() !== req.claim.pivots.join()) return { verdict: "rejected", bindings: { method: "shape", rank: shape.rank }, reason: "the claimed rank or pivots do not match H" };
    if (!req.claim.transform) {
      for (let i = 0; i < m; i++) {
        const a = A[i]!.slice();
        for (let k = 0; k < shape.rank; k++) {
          const c = shape.pivots[k]!;
          const piv = H[k]![c]!;
          if (a[c]! % piv !== 0n) break;
          const q = a[c]! / piv;
          if (q !== 0n) for (let j = 0; j < n; j++) a[j] = a[j]! - q * H[k]![j]!;
        }
        if (a.some((v) => v !== 0n)) return { verdict: "rejected", bindings: { method: "lattice_membership", rank: shape.rank, row: i }, reason: `row ${i} of A is not an integer combination of the rows of H, so H does not span the row lattice of A` };
      }
      // L(A) ⊆ L(H) holds; the converse needs a transform, which the checker derives and then certifies
      // like a claimed one. A certified (U', H') fixes the unique Hermite form, so a claim that differs
      // from H' is refuted by that certificate; a derivation that does not certify decides nothing.
      const own = hermite(A, { transform: true, tick });
      const certified = isHermite(own.H).ok && !firstDifference(mulInt(own.U, A, n), own.H) && checkUnimodular(own.U, tick).unimodular;
      if (!certified) return { verdict: "non_conclusion", bindings: { method: "lattice_membership", rank: shape.rank }, reason: "every row of A lies in the lattice of H, and the checker's derived transform did not certify the converse inclusion" };
      const d = firstDifference(own.H, H);
      if (d) return { verdict: "rejected", bindings: { method: "derived_certificate", rank: shape.rank, row: d[0], column: d[1] }, reason: `the Hermite form is unique and a certified transform U' (U'·A = H', det U' = ±1) gives H'[${d[0]}][${d[1]}] = ${own.H[d[0]]![d[1]]} ≠ H[${d[0]}][${d[1]}] = ${H[d[0]]![d[1]]}` };
      return { verdict: "accepted", bindings: { method: "derived_certificate", rank: shape.rank } };
    }
    const U = integral(req.claim.transform, "payload.claim.transform", "a unimodular transform");
    if (U.length !== m || U.some((r) => r.length !== m)) return { verdict: "rejected", bindings: { method: "shape" }, reason: `U must be ${m}×${m}` };
    const diff = firstDifference(mulInt(U, A, n), H);
    if (diff) return { verdict: "rejected", bindings: { method: "transform_certificate", row: diff[0], column: diff[1] }, reason: `(U·A)[${diff[0]}][${diff[1]}] ≠ H[${diff[0]}][${diff[1]}]` };
    const u = checkUnimodular(U, tick);
    if (!u.unimodular) return { verdict: "rejected", bindings: { method: "transform_certificate", prime: String(u.prime), residue: String(u.residue) }, reason: `U is not unimodular: ${u.reason}` };
    return { verdict: "accepted", bindings: { method: "transform_certificate", rank: shape.rank, moduli: u.moduli, determinant: u.determinant === 1n ? "1" : "-1" } };
  },
  postcondition(req, f) {
    const b = f.bindings as Bindings;
    if (f.verdict === "accepted" && !(b.method === "transform_certificate" ? req.claim.transform : b.method === "derived_certificate" && !req.claim.transform)) return "an acceptance needs a transform certificate (claimed or derived)";
    return null;
  },
  examples: [
    {
      title: "the producer's value is accepted",
      payload: { matrix: { ring: "ZZ", rows: [["2", "3", "6"], ["4", "1", "5"], ["6", "2", "1"]] }, claim: { hermite: { ring: "ZZ", rows: [["2", "0", "9"], ["0", "1", "23"], ["0", "0", "36"]] }, transform: { ring: "ZZ", rows: [["0", "2", "-1"], ["1", "4", "-3"], ["1", "7", "-5"]] }, rank: 3, pivots: [0, 1, 2] } },
      expected: {"verdict":"accepted","bindings":{"method":"transform_certificate","rank":3,"moduli":1,"determinant":"1"}},
    },
    {
      title: "a non-unimodular transform is rejected with a prime",
      payload: { matrix: { ring: "ZZ", rows: [["1", "0"], ["0", "1"]] }, claim: { hermite: { ring: "ZZ", rows: [["2", "0"], ["0", "1"]] }, transform: { ring: "ZZ", rows: [["2", "0"], ["0", "1"]] }, rank: 2, pivots: [0, 1] } },
      expected: {"verdict":"rejected","bindings":{"method":"transform_certificate","prime":"67108859","residue":"2"},"reason":"U is not unimodular: det ≡ 2 (mod 67108859), neither 1 nor −1"},
    },
    {
      title: "an entry above a pivot out of range is rejected",
      payload: { matrix: { ring: "ZZ", rows: [["1", "2"], ["0", "3"]] }, claim: { hermite: { ring: "ZZ", rows: [["1", "5"], ["0", "3"]] }, rank: 2, pivots: [0, 1] } },
      expected: {"verdict":"rejected","bindings":{"method":"shape"},"reason":"entry (0, 1) above the pivot of row 1 is not in [0, pivot)"},
    },
  ],
});
