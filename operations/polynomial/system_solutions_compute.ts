import { type } from "arktype";
import { domainError } from "../../domain/errors.js";
import { PositiveDimensional, solveSystem } from "../../domain/math/poly/groebner_solve.js";
import type { Polynomial } from "../../domain/math/poly/types.js";
import { request, result } from "../_support/kinds.js";
import { generatorsField, GROEBNER_BUDGET, groebnerBounds, groebnerEstimate, prepare, PROGRESS, workOptions } from "./groebner_support.js";
import { polyCompute } from "./support.js";

/** Below this characteristic a positive-dimensional system over GF(p) is solved with the field equations x^p − x added. */
const FIELD_EQUATIONS_MAX_P = 64n;

const Request = request({ equations: generatorsField("the equations f = 0") });
const Result = result({
  variables: type("string[]").describe("the variables, in the order of each solution's values"),
  ring: type("string").describe("the field the solutions lie in (ZZ equations are solved over QQ)"),
  solutions: type("string[][]").describe("every solution in the field (GF(p): all of GF(p)^n; QQ: all rational solutions), one value per variable, sorted; [] when there is none"),
  degree: type("number.integer >= 0").describe("dim K[x]/I: the number of solutions over the algebraic closure counted with multiplicity (0 when inconsistent); with x^p − x added for a positive-dimensional system over a small GF(p)"),
  all_in_field: type("boolean").describe("true when the listed solutions are all the solutions over the algebraic closure and all simple (their number equals degree)"),
});

export default polyCompute<typeof Request.infer, typeof Result.infer>({
  id: "polynomial.system_solutions.compute",
  title: "Solve a system of polynomial equations (zero-dimensional)",
  summary:
    "Finds all solutions in GF(p)^n, or all rational solutions over QQ (ZZ read as QQ), of a system of polynomial equations with finitely many solutions over the algebraic closure: " +
    "the reduced lex Gröbner basis is triangular; the roots of its univariate polynomial in the last variable (GF(p): gcd with x^p − x and Cantor–Zassenhaus; QQ: square-free part, roots modulo a prime, Hensel lifting, rational reconstruction, exact check) " +
    "are substituted back and the smaller systems solved in turn. Also returns the number of solutions over the algebraic closure with multiplicity, so it says whether the list is complete. " +
    "Systems with infinitely many solutions fail with DOMAIN_ERROR, except over GF(p) with p < 64, where x^p − x is added for each variable.",
  keywords: ["solve", "system of equations", "polynomial system", "roots", "zero-dimensional", "groebner basis", "lex", "triangular", "rational solutions", "finite field", "common zeros", "variety", "points"],
  request: Request,
  result: Result,
  bounds: groebnerBounds(),
  cost_model: "a lex Gröbner basis (the lex-order model of polynomial.groebner_basis.compute: Bézout-number degree bound) for the system and for each substituted subsystem, plus univariate root finding",
  budget: GROEBNER_BUDGET,
  progress_measure: PROGRESS,
  preflight(req) {
    return groebnerEstimate(req.equations, true);
  },
  ports: { inputs: { equations: { field: "equations", description: "the equations" } } },
  execute(req, ctx) {
    const { polys, R } = prepare(req.equations, req.equations.map((_, k) => `payload.equations[${k}]`));
    if (R.ring.kind !== "QQ" && R.ring.kind !== "GF") throw domainError(`systems are solved over QQ and GF(p); not over ${R.name}`, "payload.equations[0].ring");
    const vars = polys[0]!.variables;
    let sol;
    try {
      sol = solveSystem(R, polys, workOptions(ctx));
    } catch (e) {
      if (!(e instanceof PositiveDimensional)) throw e;
      if (R.ring.kind === "GF" && R.ring.p < FIELD_EQUATIONS_MAX_P) {
        const p = Number(R.ring.p);
        const fieldEq = vars.map((_, i): Polynomial => ({
          $kind: "polynomial",
          ring: R.ring,
          variables: vars,
          terms: [
            { exponents: vars.map((_, j) => (j === i ? p : 0)), coeff: 1n },
            { exponents: vars.map((_, j) => (j === i ? 1 : 0)), coeff: R.ring.kind === "GF" ? R.ring.p - 1n : 0n },
          ],
        }));
        sol = solveSystem(R, [...polys, ...fieldEq], workOptions(ctx));
      } else
        throw domainError("the system has infinitely many solutions over the algebraic closure (the ideal is not zero-dimensional)", "payload.equations", "add equations, or use polynomial.groebner_basis.compute / polynomial.elimination.compute to describe the solution set");
    }
    return {
      variables: vars.slice(),
      ring: R.name,
      solutions: sol.solutions.map((s) => s.map((v) => R.format(v))),
      degree: sol.degree,
      all_in_field: sol.solutions.length === sol.degree,
    };
  },
  postcondition: (_req, res) => (res.solutions.length <= res.degree ? null : "more solutions than the degree of the ideal"),
  examples: [
    {
      title: "a circle meets a line in two rational points",
      payload: { equations: [{ ring: "QQ", variables: ["x", "y"], expression: "x^2 + y^2 - 25" }, { ring: "QQ", variables: ["x", "y"], expression: "x - y - 1" }] },
      expected: { variables: ["x", "y"], ring: "QQ", solutions: [["-3", "-4"], ["4", "3"]], degree: 2, all_in_field: true },
    },
    {
      title: "irrational solutions are not listed, and the flag says so",
      payload: { equations: [{ ring: "QQ", variables: ["x", "y"], expression: "x^2 - 2" }, { ring: "QQ", variables: ["x", "y"], expression: "y - 1/2" }] },
      expected: { variables: ["x", "y"], ring: "QQ", solutions: [], degree: 2, all_in_field: false },
    },
    {
      title: "a curve over GF(5) (infinitely many points over the closure): x^p − x is added, all GF(5)-points",
      payload: { equations: [{ ring: "GF(5)", variables: ["x", "y"], expression: "x^2 + y^2 - 1" }] },
      expected: { variables: ["x", "y"], ring: "GF(5)", solutions: [["0", "1"], ["0", "4"], ["1", "0"], ["4", "0"]], degree: 4, all_in_field: true },
    },
    {
      title: "all points of GF(7)^2 on two curves",
      payload: { equations: [{ ring: "GF(7)", variables: ["x", "y"], expression: "y^2 - x^3 - 1" }, { ring: "GF(7)", variables: ["x", "y"], expression: "x*y - 2" }] },
      expected: { variables: ["x", "y"], ring: "GF(7)", solutions: [["4", "4"]], degree: 5, all_in_field: false },
    },
  ],
});
