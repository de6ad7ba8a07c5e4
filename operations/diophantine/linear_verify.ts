import { type } from "arktype";
import { defineChecker } from "../../domain/declaration.js";
import { dot } from "../../domain/math/diophantine.js";
import { abs, gcd } from "../../domain/math/integer.js";
import { bareissDeterminant } from "../../domain/math/matrix.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { integerString, naturalString, strict } from "../_support/wire.js";
import { limbsOfDigits, MAX_LINEAR_DIGITS, MAX_SOLUTION_DIGITS, MAX_VARIABLES, maxDigits } from "./support.js";

const Entry = integerString(MAX_SOLUTION_DIGITS);
const Request = strict(
  type({
    coefficients: integerString(MAX_LINEAR_DIGITS).array().moreThanLength(0).atMostLength(MAX_VARIABLES).describe("a1, …, an of a1·x1 + … + an·xn = c"),
    rhs: integerString(MAX_LINEAR_DIGITS).describe("c"),
    solvable: type("boolean").describe("the claim: whether integer solutions exist"),
    "particular?": Entry.array().atMostLength(MAX_VARIABLES).describe("claimed solution x0 (required when solvable is true)"),
    "kernel_basis?": Entry.array().atMostLength(MAX_VARIABLES).array().atMostLength(MAX_VARIABLES + 1).describe(
      "optional claimed basis of the integer solutions of a·v = 0 (any basis, not necessarily in Hermite form): the general solution x0 + Σ t_j·v_j",
    ),
  }),
);
type Req = typeof Request.infer;

const Bindings = strict(
  type({
    gcd: naturalString(MAX_LINEAR_DIGITS).describe("g = gcd(a1, …, an)"),
    "failure?": type("'solvable' | 'unsolvable' | 'inconsistent_claim' | 'wrong_length' | 'not_a_solution' | 'not_in_kernel' | 'wrong_count' | 'not_a_basis'").describe(
      "why the claim was rejected",
    ),
    "residual?": integerString(3 * MAX_SOLUTION_DIGITS).describe("not_a_solution: a·x0 − c ≠ 0; not_in_kernel: a·v ≠ 0"),
    "vector?": naturalString(4).describe("not_in_kernel / wrong_length: index of the offending kernel vector"),
    "index?": naturalString(1_000_000).describe("not_a_basis: the index of the lattice the vectors generate inside the solution lattice (0 when they are dependent)"),
    "general_solution_verified?": type("boolean").describe("accepted: whether a kernel basis was given and verified (the particular solution alone only proves solvability)"),
  }),
);
type Bindings = typeof Bindings.infer;

const METHOD =
  "Solvability: g = gcd(a1, …, an) by Euclid; solutions exist iff g | c (a = 0: iff c = 0). A claimed solution is checked by evaluating a·x0 = c. " +
  "A claimed kernel basis v1 … vk: each a·v = 0, k = n − 1 (k = n when a = 0), and generation by a determinant: for a coordinate j with a_j ≠ 0, dropping coordinate j maps the " +
  "solution lattice one-to-one onto {y ∈ Z^(n−1) : a_j/g divides Σ_{i≠j} (a_i/g)·y_i}, of index |a_j|/g; so the vectors are a basis iff the (n−1)×(n−1) determinant of their " +
  "remaining coordinates is ±|a_j|/g (±1 for a = 0, all n coordinates). The determinant is a product of pivots for echelon claims, Bareiss elimination otherwise. " +
  "No extended gcd or Hermite reduction is used.";

/** Determinant of a square integer matrix: the product of the diagonal-like pivots for echelon rows, else Bareiss. */
function determinant(m: bigint[][], tick: () => void): bigint {
  let last = -1, prod = 1n, echelon = true;
  for (const row of m) {
    const p = row.findIndex((e) => e !== 0n);
    if (p <= last) { echelon = false; break; }
    last = p;
    prod *= row[p]!;
  }
  if (echelon && last === m.length - 1) return prod;
  return bareissDeterminant(m, tick);
}

export default defineChecker<Req>({
  id: "diophantine.linear.verify",
  version: "1.0.0",
  title: "Verify a claimed solution (or unsolvability) of a linear Diophantine equation",
  summary:
    "Checks a claim about a1·x1 + … + an·xn = c: unsolvability (then g = gcd(a) must not divide c), or a particular solution x0, optionally with a basis of the homogeneous " +
    "solutions, which is verified to generate all of them (determinant of the basis with one coordinate dropped equals |a_j|/g). Accepted claims say in bindings whether the " +
    "general solution was verified.",
  keywords: ["linear diophantine equation", "verify", "check", "general solution", "particular solution", "integer solutions", "lattice basis", "kernel", "bezout", "certificate"],
  input_kinds: ["integer"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  bindings: Bindings,
  method: METHOD,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic" }],
  bounds: [
    { name: "variables", limit: MAX_VARIABLES, unit: "variables", description: "the equation has at most this many unknowns" },
    { name: "digits", limit: MAX_LINEAR_DIGITS, unit: "decimal digits", description: "coefficients and right-hand side" },
    { name: "solution_digits", limit: MAX_SOLUTION_DIGITS, unit: "decimal digits", description: "entries of the claimed solution and basis" },
  ],
  cost_model:
    "units = n²·L² (evaluating a·v for each vector) + for a non-echelon basis Bareiss: about n⁵·L²/30 (n³/3 steps on minors growing to n·L limbs), L = limbs of the largest entry",
  budget: { max_units: 5e9, max_memory_bytes: 256 * 2 ** 20, timeout_ms: 60_000 },
  preflight(req) {
    const n = req.coefficients.length;
    const basis = req.kernel_basis ?? [];
    const L = limbsOfDigits(Math.max(maxDigits(req.coefficients), maxDigits([req.rhs]), maxDigits(req.particular ?? []), ...basis.map((v) => maxDigits(v))));
    const echelon = (() => {
      let last = -1;
      for (const v of basis) {
        const p = v.findIndex((e) => e !== "0");
        if (p <= last) return false;
        last = p;
      }
      return true;
    })();
    const units = (n + 1) * (basis.length + 1) * L * L + (echelon ? 0 : (n ** 5 * L * L) / 30);
    return { units, memory_bytes: n * n * n * L * 8 + 2 ** 20, basis: `${n} variables, ${basis.length} basis vectors${echelon ? " (echelon)" : ""}, entries of up to ${L} limbs` };
  },
  ports: { inputs: {}, outputs: {} },
  execute(req, ctx): CheckerFinding {
    const a = req.coefficients.map(BigInt), c = BigInt(req.rhs), n = a.length;
    const g = a.reduce((s, v) => gcd(s, v), 0n);
    const base: Bindings = { gcd: g.toString() };
    const solvable = g === 0n ? c === 0n : c % g === 0n;
    if (!req.solvable) {
      if (req.particular || req.kernel_basis) return { verdict: "rejected", bindings: { ...base, failure: "inconsistent_claim" }, reason: "an unsolvability claim cannot carry a solution" };
      return solvable
        ? { verdict: "rejected", bindings: { ...base, failure: "solvable" }, reason: g === 0n ? "every coefficient and c are 0: every vector is a solution" : `g = ${g} divides c, so solutions exist` }
        : { verdict: "accepted", bindings: base };
    }
    if (!solvable) return { verdict: "rejected", bindings: { ...base, failure: "unsolvable" }, reason: g === 0n ? "every coefficient is 0 but c is not" : `g = ${g} does not divide c` };
    if (!req.particular) return { verdict: "rejected", bindings: { ...base, failure: "inconsistent_claim" }, reason: "a solvability claim must give a particular solution" };
    if (req.particular.length !== n) return { verdict: "rejected", bindings: { ...base, failure: "wrong_length" }, reason: `the solution has ${req.particular.length} entries for ${n} variables` };
    const residual = dot(a, req.particular.map(BigInt)) - c;
    if (residual !== 0n) return { verdict: "rejected", bindings: { ...base, failure: "not_a_solution", residual: residual.toString() }, reason: "a·x0 ≠ c" };
    if (!req.kernel_basis) return { verdict: "accepted", bindings: { ...base, general_solution_verified: false } };
    const basis = req.kernel_basis.map((v) => v.map(BigInt));
    for (let i = 0; i < basis.length; i++) {
      ctx.checkpoint();
      if (basis[i]!.length !== n) return { verdict: "rejected", bindings: { ...base, failure: "wrong_length", vector: String(i) }, reason: `kernel vector ${i} has ${basis[i]!.length} entries` };
      const r = dot(a, basis[i]!);
      if (r !== 0n) return { verdict: "rejected", bindings: { ...base, failure: "not_in_kernel", vector: String(i), residual: r.toString() }, reason: `a·v${i} ≠ 0` };
    }
    const expected = g === 0n ? n : n - 1;
    if (basis.length !== expected) return { verdict: "rejected", bindings: { ...base, failure: "wrong_count" }, reason: `the solution lattice has rank ${expected}; ${basis.length} vectors were given` };
    let det: bigint, target: bigint;
    if (g === 0n) {
      det = determinant(basis, () => ctx.checkpoint());
      target = 1n;
    } else {
      let j = -1;
      for (let i = 0; i < n; i++) if (a[i] !== 0n && (j < 0 || abs(a[i]!) < abs(a[j]!))) j = i;
      det = determinant(basis.map((v) => v.filter((_, i) => i !== j)), () => ctx.checkpoint());
      target = abs(a[j]!) / g;
    }
    det = abs(det);
    if (det !== target) {
      const index = det === 0n ? 0n : det / target;
      return { verdict: "rejected", bindings: { ...base, failure: "not_a_basis", index: index.toString() }, reason: det === 0n ? "the vectors are linearly dependent" : `the vectors generate a sublattice of index ${index} of the solutions` };
    }
    return { verdict: "accepted", bindings: { ...base, general_solution_verified: true } };
  },
  postcondition(req, f) {
    const b = f.bindings as Bindings;
    const a = req.coefficients.map(BigInt);
    const g = BigInt(b.gcd);
    if (a.some((v) => (g === 0n ? v !== 0n : v % g !== 0n))) return "the gcd binding does not divide every coefficient";
    if (f.verdict === "accepted") return b.failure === undefined ? null : "an acceptance carries no failure";
    if (f.verdict === "rejected" && b.failure === undefined) return "a rejection names its failure";
    if (b.failure === "not_a_solution") return BigInt(b.residual ?? "0") !== 0n && dot(a, req.particular!.map(BigInt)) - BigInt(req.rhs) === BigInt(b.residual!) ? null : "wrong residual";
    return null;
  },
  examples: [
    {
      title: "a particular solution with a basis of the homogeneous solutions",
      payload: { coefficients: ["240", "46"], rhs: "10", solvable: true, particular: ["1", "-5"], kernel_basis: [["23", "-120"]] },
      expected: { verdict: "accepted", bindings: { gcd: "2", general_solution_verified: true } },
    },
    {
      title: "any basis is accepted, not only the Hermite one: 6x + 10y + 15z = 1",
      payload: { coefficients: ["6", "10", "15"], rhs: "1", solvable: true, particular: ["-4", "1", "1"], kernel_basis: [["5", "3", "-4"], ["5", "0", "-2"]] },
      expected: { verdict: "accepted", bindings: { gcd: "1", general_solution_verified: true } },
    },
    {
      title: "vectors that only generate a sublattice are rejected: (46, −240) has index 2",
      payload: { coefficients: ["240", "46"], rhs: "10", solvable: true, particular: ["1", "-5"], kernel_basis: [["46", "-240"]] },
      expected: { verdict: "rejected", bindings: { gcd: "2", failure: "not_a_basis", index: "2" } },
    },
    {
      title: "a wrong particular solution is rejected with its residual",
      payload: { coefficients: ["3", "5"], rhs: "7", solvable: true, particular: ["1", "1"] },
      expected: { verdict: "rejected", bindings: { gcd: "1", failure: "not_a_solution", residual: "1" } },
    },
    {
      title: "unsolvability is accepted when the gcd does not divide c",
      payload: { coefficients: ["6", "9"], rhs: "5", solvable: false },
      expected: { verdict: "accepted", bindings: { gcd: "3" } },
    },
  ],
});
