import { type } from "arktype";
import { domainError } from "../../domain/errors.js";
import { rational as rat, ratCompare } from "../../domain/math/rational.js";
import { firstDifference, mulInt } from "../../domain/math/linalg/certify.js";
import { checkLllReduced } from "../../domain/math/linalg/lattice.js";
import { hermite } from "../../domain/math/linalg/normal_forms.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { object, request } from "../_support/kinds.js";
import { strict } from "../_support/wire.js";
import { MAX_DIM } from "./support.js";
import { inputMatrix, integral, LLL_KIND, lllEstimate, lllShape, matrixChecker } from "./structure.js";

const Request = request({ basis: inputMatrix(), claim: object(lllShape(), LLL_KIND, "the claim: the value of matrix.lll_reduction.compute unchanged") });
type Req = typeof Request.infer;

const Bindings = strict(
  type({
    method: type("'gram_schmidt_and_hermite'").describe("exact rational Gram–Schmidt for the LLL conditions, Hermite forms for the lattice"),
    "rank?": type("number.integer >= 0").describe("the rank of the lattice"),
    "condition?": type("'independence' | 'size_reduction' | 'lovasz' | 'lattice' | 'transform' | 'shape'").describe("the condition that fails"),
    "i?": type("number.integer >= 0").describe("the row index where it fails"),
    "j?": type("number.integer >= 0").describe("the second index (μ_ij), or the column of a lattice mismatch"),
  }),
);

const METHOD =
  "Exact Gram–Schmidt over QQ (rational arithmetic, not LLL's integral d_i / λ_ij bookkeeping) on the claimed basis: every b*_i ≠ 0, |μ_ij| ≤ 1/2, and ‖b*_k‖² ≥ (δ − μ²_{k,k−1})·‖b*_{k−1}‖²; " +
  "the claimed basis generates the same lattice as the input: their Hermite normal forms (unique) are equal. A failed condition is reported with its indices; the transform, when given, must satisfy T·basis = reduced.";

export default matrixChecker<Req>({
  id: "matrix.lll_reduction.verify",
  title: "Verify that a claimed basis is an LLL reduction of a lattice",
  summary: "Checks a claimed LLL-reduced basis exactly: size reduction and the Lovász condition on rational Gram–Schmidt data for the claimed δ, and equality of the lattices by comparing Hermite normal forms.",
  keywords: ["lll", "verify", "check", "reduced basis", "lovasz condition", "size reduction", "gram-schmidt", "lattice", "hermite normal form"],
  request: Request,
  bindings: Bindings,
  method: METHOD,
  bounds: [
    { name: "dimension", limit: MAX_DIM, unit: "rows or columns", description: "the matrix has at most this many rows and columns" },
    { name: "entry_chars", limit: 2_000, unit: "characters", description: "each entry of the input has at most this many characters" },
  ],
  cost_model: "units ≈ rational Gram–Schmidt (r²·n products of numbers of ≈ r·log2 B bits) plus two Hermite forms without transform.",
  budget: { max_units: 1e10, max_memory_bytes: 1024 * 2 ** 20, timeout_ms: 120_000 },
  preflight(req) {
    const e = lllEstimate(req.basis);
    return { ...e, units: e.units / 4 + 1e5 };
  },
  ports: {
    inputs: {
      basis: { field: "basis", description: "the generating rows of the lattice" },
      claim: { field: "claim", description: "the claimed reduction: the output of matrix.lll_reduction.compute" },
    },
    outputs: {},
  },
  execute(req, ctx): CheckerFinding {
    const tick = () => ctx.checkpoint();
    const B = integral(req.basis, "payload.basis", "LLL reduction");
    const R = integral(req.claim.reduced, "payload.claim.reduced", "an LLL-reduced basis");
    const n = B.length ? B[0]!.length : R.length ? R[0]!.length : 0;
    const bad = (condition: string, reason: string, i?: number, j?: number): CheckerFinding => ({ verdict: "rejected", bindings: { method: "gram_schmidt_and_hermite", condition, ...(i !== undefined ? { i } : {}), ...(j !== undefined ? { j } : {}) }, reason });
    if (R.some((r) => r.length !== n)) return bad("shape", `the reduced rows must have ${n} entries`);
    // δ ≤ 1/4 makes the Lovász condition hold for every size-reduced basis: such a claim says nothing LLL says (the producer refuses it too).
    const delta = req.claim.delta;
    if (!(ratCompare(delta, rat(1n, 4n)) > 0 && ratCompare(delta, rat(1n)) <= 0)) throw domainError("LLL reduction is defined for 1/4 < δ ≤ 1", "payload.claim.delta", 'the usual choices are "3/4" and "99/100"');
    const c = checkLllReduced(R, req.claim.delta, tick);
    if (!c.ok) return bad(c.condition, c.reason, c.i, c.j);
    if (req.claim.rank !== R.length) return bad("shape", "the rank is not the number of reduced rows");
    if (req.claim.transform) {
      const T = integral(req.claim.transform, "payload.claim.transform", "the LLL transform");
      if (T.length !== R.length || T.some((r) => r.length !== B.length)) return bad("transform", `T must be ${R.length}×${B.length}`);
      const d = firstDifference(mulInt(T, B, n), R);
      if (d) return bad("transform", `(T·basis)[${d[0]}][${d[1]}] ≠ reduced[${d[0]}][${d[1]}]`, d[0], d[1]);
    }
    const h1 = hermite(B, { transform: false, tick });
    const h2 = hermite(R, { transform: false, tick });
    if (h1.rank !== h2.rank) return bad("lattice", `the input lattice has rank ${h1.rank}, the claimed basis spans rank ${h2.rank}`);
    const d = firstDifference(h1.H.slice(0, h1.rank), h2.H.slice(0, h2.rank));
    if (d) return bad("lattice", `the Hermite forms of the input and of the claimed basis differ at (${d[0]}, ${d[1]}): the lattices differ`, d[0], d[1]);
    return { verdict: "accepted", bindings: { method: "gram_schmidt_and_hermite", rank: R.length } };
  },
  postcondition: () => null,
  examples: [
    {
      title: "the producer's value is accepted",
      payload: { basis: { ring: "ZZ", rows: [["1", "1", "1"], ["-1", "0", "2"], ["3", "5", "6"]] }, claim: { reduced: { ring: "ZZ", rows: [["0", "1", "0"], ["1", "0", "1"], ["-1", "0", "2"]] }, transform: { ring: "ZZ", rows: [["-4", "-1", "1"], ["5", "1", "-1"], ["0", "1", "0"]] }, rank: 3, delta: "3/4" } },
      expected: {"verdict":"accepted","bindings":{"method":"gram_schmidt_and_hermite","rank":3}},
    },
    {
      title: "an unreduced basis of the same lattice is rejected (size reduction)",
      payload: { basis: { ring: "ZZ", rows: [["1", "0"], ["0", "1"]] }, claim: { reduced: { ring: "ZZ", rows: [["1", "0"], ["3", "1"]] }, rank: 2, delta: "3/4" } },
      expected: {"verdict":"rejected","bindings":{"method":"gram_schmidt_and_hermite","condition":"size_reduction","i":1,"j":0},"reason":"|μ_1,0| = 3 > 1/2"},
    },
    {
      title: "a reduced basis of a sublattice is rejected",
      payload: { basis: { ring: "ZZ", rows: [["1", "0"], ["0", "1"]] }, claim: { reduced: { ring: "ZZ", rows: [["0", "1"], ["2", "0"]] }, rank: 2, delta: "3/4" } },
      expected: {"verdict":"rejected","bindings":{"method":"gram_schmidt_and_hermite","condition":"lattice","i":0,"j":0},"reason":"the Hermite forms of the input and of the claimed basis differ at (0, 0): the lattices differ"},
    },
  ],
});
