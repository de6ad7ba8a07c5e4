import { type } from "arktype";
import { defineChecker } from "../../domain/declaration.js";
import { dot } from "../../domain/math/diophantine.js";
import { abs, gcd } from "../../domain/math/integer.js";
import { bareissDeterminant } from "../../domain/math/matrix.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { object, request } from "../_support/kinds.js";
import { integerString, naturalString, strict } from "../_support/wire.js";
import {
  BUILTIN, limbsOf, LINEAR_BOUNDS, LINEAR_KIND, linearEquationShape, linearSolutionShape, type LinearSolutionValue, MAX_LINEAR_DIGITS, MAX_SOLUTION_DIGITS,
} from "./support.js";

const Request = request({
  ...linearEquationShape(),
  claim: object(
    linearSolutionShape(true),
    LINEAR_KIND,
    "the claim: the value of diophantine.linear.compute unchanged ({ solvable, gcd, particular, kernel_basis }), or any part of it: solvable, optionally with gcd, a solution x0 and a basis of the homogeneous solutions",
  ),
});
type Req = { coefficients: bigint[]; rhs: bigint; claim: LinearSolutionValue };

const Bindings = strict(
  type({
    gcd: naturalString(MAX_LINEAR_DIGITS).describe("g = gcd(a1, …, an), computed by Euclid"),
    "failure?": type(
      "'wrong_gcd' | 'solvable' | 'unsolvable' | 'wrong_length' | 'not_a_solution' | 'not_in_kernel' | 'wrong_count' | 'not_a_basis'",
    ).describe("why the claim was rejected"),
    "residual?": integerString(3 * MAX_SOLUTION_DIGITS).describe("not_a_solution: a·x0 − c ≠ 0; not_in_kernel: a·v ≠ 0"),
    "vector?": naturalString(4).describe("not_in_kernel / wrong_length: index of the offending kernel vector"),
    "index?": naturalString(1_000_000).describe("not_a_basis: the index of the lattice the vectors generate inside the solution lattice (0 when they are dependent)"),
    "general_solution_verified?": type("boolean").describe("accepted solvable claim: whether a solution and a kernel basis were both given and verified (a solution alone proves solvability only)"),
    "kernel_basis_verified?": type("boolean").describe("accepted: whether a claimed kernel basis was given and verified (solvable or not, the homogeneous solutions are those of a·v = 0)"),
  }),
);
type Bindings = typeof Bindings.infer;

const METHOD =
  "Solvability: g = gcd(a1, …, an) by Euclid; solutions exist iff g | c (a = 0: iff c = 0); a claimed gcd is compared with g. A claimed solution is checked by evaluating a·x0 = c " +
  "(an unsolvable equation has none, so a solution given with solvable = false is refuted by its residual). " +
  "A claimed kernel basis v1 … vk — solvable or not, it describes the solutions of a·v = 0: each a·v = 0, k = n − 1 (k = n when a = 0), and generation by a determinant: for a coordinate j with a_j ≠ 0, dropping coordinate j maps the " +
  "solution lattice one-to-one onto {y ∈ Z^(n−1) : a_j/g divides Σ_{i≠j} (a_i/g)·y_i}, of index |a_j|/g; so the vectors are a basis iff the (n−1)×(n−1) determinant of their " +
  "remaining coordinates is ±|a_j|/g (±1 for a = 0, all n coordinates). For an echelon claim j is its coordinate without a pivot, so the determinant is the product of the pivots; otherwise j has the smallest non-zero |a_j| and the determinant is found by Bareiss elimination. " +
  "No extended gcd or Hermite reduction is used. Every rejection names the failing part with its counterexample (residual, vector, index or the true gcd).";

/**
 * The coordinate to drop for the determinant (any j with a_j ≠ 0 gives index |a_j|/g; every coordinate
 * when a = 0): the one without a pivot when the basis is in echelon form, so that what remains is
 * triangular and its determinant the product of the pivots; else the smallest non-zero |a_j|.
 */
function dropCoordinate(a: readonly bigint[], basis: readonly (readonly bigint[])[]): { j?: number; triangular: boolean } {
  const n = a.length;
  const pivots: number[] = [];
  let echelon = true;
  for (const v of basis) {
    const p = v.findIndex((e) => e !== 0n);
    if (p < 0 || (pivots.length && p <= pivots[pivots.length - 1]!)) echelon = false;
    pivots.push(p);
  }
  if (a.every((v) => v === 0n)) return { triangular: echelon && basis.length === n };
  if (echelon && basis.length === n - 1) {
    const free = [...Array(n).keys()].find((i) => !pivots.includes(i));
    if (free !== undefined && a[free] !== 0n) return { j: free, triangular: true };
  }
  let j = -1;
  for (let i = 0; i < n; i++) if (a[i] !== 0n && (j < 0 || abs(a[i]!) < abs(a[j]!))) j = i;
  return { j, triangular: false };
}

/** Determinant of a square integer matrix: the product of the diagonal for triangular rows, else Bareiss. */
function determinant(m: bigint[][], triangular: boolean, tick: () => void): bigint {
  return triangular ? m.reduce((s, row, i) => s * row[i]!, 1n) : bareissDeterminant(m, tick);
}

type Outcome = { ok: true } | { ok: false; finding: CheckerFinding };

/** Whether a claimed basis generates exactly the integer solutions of a·v = 0 (see METHOD). */
function checkKernel(a: bigint[], g: bigint, basis: bigint[][], base: Bindings, tick: () => void): Outcome {
  const n = a.length;
  const reject = (bindings: Bindings, reason: string): Outcome => ({ ok: false, finding: { verdict: "rejected", bindings: { ...base, ...bindings }, reason } });
  for (let i = 0; i < basis.length; i++) {
    tick();
    if (basis[i]!.length !== n) return reject({ ...base, failure: "wrong_length", vector: String(i) }, `kernel vector ${i} has ${basis[i]!.length} entries for ${n} variables`);
    const r = dot(a, basis[i]!);
    if (r !== 0n) return reject({ ...base, failure: "not_in_kernel", vector: String(i), residual: r.toString() }, `a·v${i} ≠ 0`);
  }
  const expected = g === 0n ? n : n - 1;
  if (basis.length !== expected) return reject({ ...base, failure: "wrong_count" }, `the solution lattice of a·v = 0 has rank ${expected}; ${basis.length} vectors were given`);
  const { j, triangular } = dropCoordinate(a, basis);
  const minor = j === undefined ? basis : basis.map((v) => v.filter((_, i) => i !== j));
  const det = abs(determinant(minor, triangular, tick));
  const target = j === undefined ? 1n : abs(a[j]!) / g;
  if (det === target) return { ok: true };
  const index = det === 0n ? 0n : det / target;
  return reject({ ...base, failure: "not_a_basis", index: index.toString() }, det === 0n ? "the vectors are linearly dependent" : `the vectors generate a sublattice of index ${index} of the solutions`);
}

export default defineChecker<Req>({
  id: "diophantine.linear.verify",
  ...BUILTIN,
  title: "Verify a claimed solution (or unsolvability) of a linear Diophantine equation",
  summary:
    "Checks a claim about a1·x1 + … + an·xn = c — the value of diophantine.linear.compute as it is, or any part of it: solvability or unsolvability (g = gcd(a) divides c or not), " +
    "the gcd, a particular solution x0, and a basis of the homogeneous solutions, which is verified to generate all of them (determinant of the basis with one coordinate dropped " +
    "equals |a_j|/g). Accepted claims say in bindings whether the general solution was verified.",
  keywords: ["linear diophantine equation", "verify", "check", "general solution", "particular solution", "integer solutions", "lattice basis", "kernel", "bezout", "certificate"],
  request: Request as never,
  bindings: Bindings,
  method: METHOD,
  bounds: [
    ...LINEAR_BOUNDS,
    { name: "solution_digits", limit: MAX_SOLUTION_DIGITS, unit: "decimal digits", description: "entries of the claimed solution and basis" },
  ],
  cost_model:
    "units = n²·L² (evaluating a·v for each vector) + the determinant: n²·L² when the basis is in echelon form (the minor without the free coordinate is triangular), " +
    "else Bareiss: about n⁵·L²/30 (n³/3 steps on minors growing to n·L limbs), L = limbs of the largest entry. Memory: 32·n²·L bytes, n³·8·L for Bareiss.",
  budget: { max_units: 5e9, max_memory_bytes: 256 * 2 ** 20, timeout_ms: 60_000 },
  preflight(req) {
    const n = req.coefficients.length;
    const basis = req.claim.kernel_basis ?? [];
    const L = limbsOf([...req.coefficients, req.rhs, ...(req.claim.particular ?? []), ...basis.flat()]);
    // Only a basis of the right shape reaches the determinant; its cost is Bareiss's unless the minor is triangular.
    const shaped = basis.length === n || basis.length === n - 1;
    const bareiss = shaped && !dropCoordinate(req.coefficients, basis).triangular;
    const units = (n + 1) * (basis.length + 1) * L * L + (bareiss ? (n ** 5 * L * L) / 30 : n * n * L * L);
    const memory = (bareiss ? n * n * n * L * 8 : 4 * n * n * L * 8) + 2 ** 20;
    return { units, memory_bytes: memory, basis: `${n} variables, ${basis.length} basis vectors${bareiss ? " (Bareiss elimination)" : " (triangular after dropping the free coordinate)"}, entries of up to ${L} limbs` };
  },
  ports: { inputs: { claim: { field: "claim", description: "the claimed general solution: the `solution` output of diophantine.linear.compute" } } },
  execute(req, ctx): CheckerFinding {
    const a = req.coefficients, c = req.rhs, n = a.length, claim = req.claim;
    const g = a.reduce((s, v) => gcd(s, v), 0n);
    const base: Bindings = { gcd: g.toString() };
    const solvable = g === 0n ? c === 0n : c % g === 0n;
    if (claim.gcd !== undefined && claim.gcd !== g) return { verdict: "rejected", bindings: { ...base, failure: "wrong_gcd" }, reason: `gcd(a1, …, an) = ${g}, not ${claim.gcd}` };
    if (claim.solvable && !solvable) return { verdict: "rejected", bindings: { ...base, failure: "unsolvable" }, reason: g === 0n ? "every coefficient is 0 but c is not" : `g = ${g} does not divide c` };
    if (!claim.solvable && solvable) {
      return { verdict: "rejected", bindings: { ...base, failure: "solvable" }, reason: g === 0n ? "every coefficient and c are 0: every vector is a solution" : `g = ${g} divides c, so solutions exist` };
    }
    if (claim.particular) {
      const x = claim.particular;
      if (x.length !== n) return { verdict: "rejected", bindings: { ...base, failure: "wrong_length" }, reason: `the solution has ${x.length} entries for ${n} variables` };
      const residual = dot(a, x) - c;
      if (residual !== 0n) return { verdict: "rejected", bindings: { ...base, failure: "not_a_solution", residual: residual.toString() }, reason: "a·x0 ≠ c" };
    }
    if (claim.kernel_basis) {
      const k = checkKernel(a, g, claim.kernel_basis, base, () => ctx.checkpoint());
      if (!k.ok) return k.finding;
    }
    const kernel = claim.kernel_basis !== undefined;
    return {
      verdict: "accepted",
      bindings: { ...base, kernel_basis_verified: kernel, ...(claim.solvable ? { general_solution_verified: kernel && claim.particular !== undefined } : {}) },
    };
  },
  postcondition(req, f) {
    const b = f.bindings as Bindings;
    const a = req.coefficients, c = req.rhs;
    const g = BigInt(b.gcd);
    if (a.some((v) => (g === 0n ? v !== 0n : v % g !== 0n))) return "the gcd binding does not divide every coefficient";
    if (f.verdict === "non_conclusion") return "this checker always reaches a verdict";
    if (f.verdict === "accepted") return b.failure === undefined ? null : "an acceptance carries no failure";
    const divides = g === 0n ? c === 0n : c % g === 0n;
    switch (b.failure) {
      case undefined:
        return "a rejection names its failure";
      case "wrong_gcd": {
        // A common divisor larger than the claimed one, or a coefficient the claimed one does not divide.
        const claimed = req.claim.gcd!;
        const commonDivisor = a.every((v) => (claimed === 0n ? v === 0n : v % claimed === 0n));
        // gcd(0, …, 0) = 0 by convention (every integer divides 0, so 0 is the greatest in the divisibility order).
        return claimed !== g && (!commonDivisor || claimed < g || g === 0n) ? null : "the claimed gcd is not refuted";
      }
      case "solvable":
        return divides && !req.claim.solvable ? null : "the equation is not shown solvable";
      case "unsolvable":
        return !divides && req.claim.solvable ? null : "the equation is not shown unsolvable";
      case "not_a_solution": {
        const r = BigInt(b.residual ?? "0");
        return r !== 0n && dot(a, req.claim.particular!) - c === r ? null : "wrong residual";
      }
      case "not_in_kernel": {
        const v = req.claim.kernel_basis?.[Number(b.vector)];
        return v !== undefined && BigInt(b.residual ?? "0") !== 0n && dot(a, v) === BigInt(b.residual!) ? null : "wrong kernel residual";
      }
      default:
        return null;
    }
  },
  examples: [
    {
      title: "a particular solution with a basis of the homogeneous solutions",
      payload: { coefficients: ["240", "46"], rhs: "10", claim: { solvable: true, particular: ["1", "-5"], kernel_basis: [["23", "-120"]] } },
      expected: { verdict: "accepted", bindings: { gcd: "2", general_solution_verified: true } },
    },
    {
      title: "any basis is accepted, not only the Hermite one: 6x + 10y + 15z = 1",
      payload: { coefficients: ["6", "10", "15"], rhs: "1", claim: { solvable: true, particular: ["-4", "1", "1"], kernel_basis: [["5", "3", "-4"], ["5", "0", "-2"]] } },
      expected: { verdict: "accepted", bindings: { gcd: "1", general_solution_verified: true } },
    },
    {
      title: "vectors that only generate a sublattice are rejected: (46, −240) has index 2",
      payload: { coefficients: ["240", "46"], rhs: "10", claim: { solvable: true, particular: ["1", "-5"], kernel_basis: [["46", "-240"]] } },
      expected: { verdict: "rejected", bindings: { gcd: "2", failure: "not_a_basis", index: "2" } },
    },
    {
      title: "a wrong particular solution is rejected with its residual",
      payload: { coefficients: ["3", "5"], rhs: "7", claim: { solvable: true, particular: ["1", "1"] } },
      expected: { verdict: "rejected", bindings: { gcd: "1", failure: "not_a_solution", residual: "1" } },
    },
    {
      title: "unsolvability is accepted when the gcd does not divide c",
      payload: { coefficients: ["6", "9"], rhs: "5", claim: { solvable: false } },
      expected: { verdict: "accepted", bindings: { gcd: "3" } },
    },
    {
      title: "the producer's answer for an unsolvable equation, kernel basis included, is accepted",
      payload: { coefficients: ["6", "9"], rhs: "5", claim: { solvable: false, gcd: "3", kernel_basis: [["3", "-2"]] } },
      expected: { verdict: "accepted", bindings: { gcd: "3", kernel_basis_verified: true } },
    },
  ],
});
