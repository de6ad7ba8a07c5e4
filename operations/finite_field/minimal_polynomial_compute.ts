import { type } from "arktype";
import { GF } from "../../domain/kinds.js";
import { makePolynomial } from "../../domain/math/poly/sparse.js";
import { polynomial, request, result } from "../_support/kinds.js";
import { arithOf, FIELD_BOUNDS, ffCompute, fieldElement, fieldSize } from "./support.js";

const Request = request({ element: fieldElement("the element { field, element }"), "variable?": type("/^[a-z][a-z0-9_]{0,31}$/").describe('the variable of the result (default "x")') });
const Result = result({
  minimal_polynomial: polynomial({ maxChars: 1_000_000, maxVariables: 1, maxDegree: 256, maxTerms: 257, maxCoeffDigits: 40 }, "the monic minimal polynomial of x over GF(p), a polynomial over GF(p) in one variable"),
  degree: type("number.integer").describe("its degree d (d divides k; x generates GF(p^d))"),
});

export default ffCompute<typeof Request.infer, typeof Result.infer>({
  id: "finite_field.minimal_polynomial.compute",
  title: "Minimal polynomial of a finite-field element over GF(p)",
  summary:
    "The monic irreducible polynomial of least degree over GF(p) with x as a root, for x in GF(p^k); its degree d divides k and its roots are the conjugates x^(p^i), i < d. " +
    "Found as the first linear dependence among 1, x, x², … by incremental Gaussian elimination over GF(p) (O(k³), independent of the size of p).",
  keywords: ["finite field", "minimal polynomial", "minpoly", "ffminpoly", "conjugates", "galois field", "gf", "extension field", "field element"],
  request: Request,
  result: Result,
  bounds: FIELD_BOUNDS,
  cost_model: "units ≈ k³·limbs(p)² (k powers and the elimination of k vectors of length k)",
  budget: { max_units: 2e9, max_memory_bytes: 128 * 2 ** 20, timeout_ms: 30_000 },
  preflight(req) {
    const s = fieldSize(req.element.field);
    return { units: 3 * s.k ** 3 * s.limbs * s.limbs + 100, memory_bytes: 64 * s.k * s.k * s.limbs + 8192, basis: `k = ${s.k}` };
  },
  execute({ element, variable }) {
    const A = arithOf(element.field);
    const mp = A.minimalPolynomial(A.from(element.value));
    const terms = [];
    for (let i = mp.length - 1; i >= 0; i--) if (mp[i] !== 0n) terms.push({ exponents: [i], coeff: mp[i]! });
    return { minimal_polynomial: makePolynomial(GF(element.field.p), [variable ?? "x"], terms), degree: mp.length - 1 } as never;
  },
  postcondition: () => null,
  examples: [
    { title: "the generator of GF(3^2) has the Conway polynomial as minimal polynomial", payload: { element: { field: "GF(3^2)", element: "a" } }, expected: { minimal_polynomial: { ring: "GF(3)", variables: ["x"], expression: "x^2 + 2*x + 2", terms: [{ coefficient: "1", exponents: [2] }, { coefficient: "2", exponents: [1] }, { coefficient: "2", exponents: [0] }] }, degree: 2 } },
    { title: "an element of the subfield GF(2^2) inside GF(2^4) has degree 2", payload: { element: { field: "GF(2^4)", element: "a^2 + a" } }, expected: { minimal_polynomial: { ring: "GF(2)", variables: ["x"], expression: "x^2 + x + 1", terms: [{ coefficient: "1", exponents: [2] }, { coefficient: "1", exponents: [1] }, { coefficient: "1", exponents: [0] }] }, degree: 2 } },
  ],
});
