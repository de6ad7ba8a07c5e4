import { fieldValue } from "../../domain/math/poly/gfq.js";
import { integer, request, result } from "../_support/kinds.js";
import { arithOf, FIELD_BOUNDS, ffCompute, fieldElement, fieldElementOut, mulUnits } from "./support.js";

const Request = request({ element: fieldElement("the base { field, element }"), exponent: integer(10_000, "the exponent e, any integer (e < 0 needs a nonzero base)") });
const Result = result({ power: fieldElementOut("element^exponent { field, element }") });

export default ffCompute<typeof Request.infer, typeof Result.infer>({
  id: "finite_field.power.compute",
  title: "Power of a finite-field element",
  summary: "x^e in GF(p) or GF(p^k) for any integer e (negative through the inverse; 0^0 = 1, 0^e for e < 0 is a DOMAIN_ERROR); the exponent is first reduced modulo q − 1 for nonzero x. Square-and-multiply.",
  keywords: ["finite field", "power", "exponentiation", "galois field", "gf", "extension field", "field element"],
  request: Request,
  result: Result,
  bounds: [...FIELD_BOUNDS, { name: "exponent_digits", limit: 10_000, unit: "decimal digits", description: "the exponent has at most 10,000 digits" }],
  cost_model: "units ≈ 1.5·min(bits(e), bits(q)) multiplications of 2·k²·limbs(p)² each",
  budget: { max_units: 5e10, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 30_000 },
  preflight(req) {
    const A = arithOf(req.element.field);
    const bits = Math.min(req.exponent.toString(2).length, A.q.toString(2).length);
    return { units: 1.5 * bits * mulUnits(req.element.field), memory_bytes: 8192, basis: `${bits} squarings` };
  },
  execute({ element, exponent }) {
    const A = arithOf(element.field);
    const x = A.from(element.value);
    let e = exponent;
    if (x.length) e = ((e % (A.q - 1n)) + (A.q - 1n)) % (A.q - 1n);
    return { power: fieldValue(element.field, A.big(A.pow(x, e))) } as never;
  },
  postcondition: () => null,
  examples: [
    { title: "a^8 = 1 in GF(3^2): the generator of the Conway field is primitive", payload: { element: { field: "GF(3^2)", element: "a" }, exponent: "8" }, expected: { power: { field: "GF(3^2)", element: "1" } } },
    { title: "a negative exponent", payload: { element: { field: "GF(2^4)", element: "a" }, exponent: "-1" }, expected: { power: { field: "GF(2^4)", element: "a^3 + 1" } } },
  ],
});
