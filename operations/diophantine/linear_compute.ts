import { defineCompute } from "../../domain/declaration.js";
import { dot, solveLinear } from "../../domain/math/diophantine.js";
import { request, result } from "../_support/kinds.js";
import { BUILTIN, limbsOf, LINEAR_BOUNDS, LINEAR_KIND, linearEquationShape, linearSolutionShape, type LinearSolutionValue } from "./support.js";

const Request = request(linearEquationShape());
const Result = result(linearSolutionShape(false), LINEAR_KIND);
type Req = { coefficients: bigint[]; rhs: bigint };
type Res = LinearSolutionValue & { gcd: bigint; kernel_basis: bigint[][] };

export default defineCompute<Req, Res>({
  id: "diophantine.linear.compute",
  ...BUILTIN,
  title: "Linear Diophantine equation a1·x1 + … + an·xn = c: all integer solutions",
  summary:
    "Decides whether a1·x1 + … + an·xn = c has integer solutions (n ≤ 100, coefficients of up to 1000 digits) and gives all of them: a particular solution x0 and a basis " +
    "v1 … v_{n−1} of the homogeneous solutions, so that the solutions are exactly x0 + Σ t_j·v_j (t_j ∈ Z). Both are canonical (Hermite normal form): the basis vectors have " +
    "ascending pivots (first non-zero coordinate) with positive pivot values and the entries of each vector at the later pivots reduced into [0, pivot value); x0 is reduced " +
    "the same way. For two variables a·x + b·y = c (a, b ≠ 0, g = gcd(a, b)): v1 = (|b|/g, −sign(b)·a/g), i.e. x = x0 + (b/g)·t, y = y0 − (a/g)·t, with 0 ≤ x0 < |b|/g " +
    "(the least non-negative x). Method: extended gcds absorbing one coefficient at a time (from the last), reducing every new vector at once.",
  keywords: [
    "linear diophantine equation", "diophantine", "integer solutions", "bezout", "general solution", "particular solution", "extended gcd", "ax + by = c",
    "integer linear equation", "hermite normal form", "lattice", "kernel", "nullspace", "integer kernel", "solve",
  ],
  request: Request as never,
  result: Result as never,
  bounds: [
    ...LINEAR_BOUNDS,
  ],
  cost_model:
    "units = n³·L + n·L² with L = 64-bit limbs of the largest coefficient: n extended gcds, and per absorbed coefficient a reduction of up to n vectors of n entries " +
    "(entries stay of the size of the coefficients)",
  budget: { max_units: 1e9, max_memory_bytes: 128 * 2 ** 20, timeout_ms: 20_000 },
  preflight(req) {
    const n = req.coefficients.length;
    const L = limbsOf([...req.coefficients, req.rhs]);
    return { units: n ** 3 * L + n * L * L, memory_bytes: n * n * L * 8 * 4 + 2 ** 20, basis: `${n} variables, coefficients of up to ${L} limbs` };
  },
  ports: { outputs: { solution: { field: ".", description: "the whole result { solvable, gcd, particular, kernel_basis }: the claim of diophantine.linear.verify" } } },
  execute(req, ctx) {
    const s = solveLinear(req.coefficients, req.rhs, () => ctx.checkpoint());
    return { solvable: s.solvable, gcd: s.gcd, ...(s.particular ? { particular: s.particular } : {}), kernel_basis: s.kernel.map((k) => k.vector) };
  },
  postcondition(req, res) {
    const a = req.coefficients, c = req.rhs, n = a.length;
    const g = res.gcd;
    if (a.some((v) => (g === 0n ? v !== 0n : v % g !== 0n))) return "the gcd does not divide every coefficient";
    if (res.solvable !== (g === 0n ? c === 0n : c % g === 0n)) return "solvable must say whether the gcd divides c";
    if (res.solvable !== (res.particular !== undefined)) return "a particular solution is given exactly when the equation is solvable";
    if (res.particular && (res.particular.length !== n || dot(a, res.particular) !== c)) return "the particular solution does not satisfy the equation";
    const basis = res.kernel_basis;
    if (basis.length !== (g === 0n ? n : n - 1)) return "the kernel basis has the wrong number of vectors";
    let lastPivot = -1;
    for (const v of basis) {
      if (v.length !== n || dot(a, v) !== 0n) return "a kernel vector does not solve the homogeneous equation";
      const p = v.findIndex((e) => e !== 0n);
      if (p <= lastPivot || v[p]! < 0n) return "the kernel basis is not in Hermite normal form (ascending pivots, positive pivot values)";
      lastPivot = p;
    }
    // The vectors generate every solution of a·v = 0: dropping the free coordinate f (a_f ≠ 0) maps the solution lattice
    // one-to-one onto a sublattice of index |a_f|/g of Z^(n−1); the echelon vectors map to a triangular matrix whose
    // determinant is the product of the pivot values, so they are a basis exactly when that product is |a_f|/g.
    if (g !== 0n) {
      const pivots = new Set(basis.map((v) => v.findIndex((e) => e !== 0n)));
      const free = [...Array(n).keys()].find((i) => !pivots.has(i));
      if (free === undefined || a[free] === 0n) return "no free coordinate with a non-zero coefficient";
      const prod = basis.reduce((s, v) => s * v.find((e) => e !== 0n)!, 1n);
      const af = a[free]! < 0n ? -a[free]! : a[free]!;
      if (prod * g !== af) return "the pivot values do not multiply to |a_free|/g: the vectors do not generate every solution";
    }
    return null;
  },
  examples: [
    {
      title: "240x + 46y = 10: x = 1 + 23t, y = −5 − 120t",
      payload: { coefficients: ["240", "46"], rhs: "10" },
      expected: { solvable: true, gcd: "2", particular: ["1", "-5"], kernel_basis: [["23", "-120"]] },
    },
    { title: "no solution when the gcd does not divide c: 6x + 9y = 5", payload: { coefficients: ["6", "9"], rhs: "5" }, expected: { solvable: false, gcd: "3", kernel_basis: [["3", "-2"]] } },
    {
      title: "three variables: 6x + 10y + 15z = 1",
      payload: { coefficients: ["6", "10", "15"], rhs: "1" },
      expected: { solvable: true, gcd: "1", particular: ["1", "1", "-1"], kernel_basis: [["5", "0", "-2"], ["0", "3", "-2"]] },
    },
    { title: "a zero coefficient leaves its variable free: 0·x + 3y = 6", payload: { coefficients: ["0", "3"], rhs: "6" }, expected: { solvable: true, gcd: "3", particular: ["0", "2"], kernel_basis: [["1", "0"]] } },
    { title: "0 = 0: every vector is a solution", payload: { coefficients: ["0", "0"], rhs: "0" }, expected: { solvable: true, gcd: "0", particular: ["0", "0"], kernel_basis: [["1", "0"], ["0", "1"]] } },
  ],
});
