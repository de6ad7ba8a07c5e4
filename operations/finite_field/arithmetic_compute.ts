import { type } from "arktype";
import { fieldValue } from "../../domain/math/poly/gfq.js";
import { request, result } from "../_support/kinds.js";
import { arithOf, FIELD_BOUNDS, ffCompute, fieldElement, fieldElementOut, mulUnits, requireSameField } from "./support.js";

const Request = request({
  operation: type("'add' | 'subtract' | 'multiply' | 'divide'").describe("the operation: left + right, left − right, left·right or left/right (right ≠ 0)"),
  left: fieldElement("the left operand { field, element }"),
  right: fieldElement("the right operand { field, element } in the same field"),
});
const Result = result({ result: fieldElementOut("the result { field, element } in canonical form") });

export default ffCompute<typeof Request.infer, typeof Result.infer>({
  id: "finite_field.arithmetic.compute",
  title: "Add, subtract, multiply or divide finite-field elements",
  summary:
    "Exact arithmetic in GF(p) or GF(p^k) = GF(p)[a]/(f): left + right, left − right, left·right or left/right (division by 0 is a DOMAIN_ERROR). " +
    "Elements of GF(p^k) are expressions in the generator a (\"a^2 + 3\", products and powers allowed); the result is the canonical reduced form (descending powers of a, coefficients 0..p−1).",
  keywords: ["finite field", "galois field", "gf", "extension field", "add", "multiply", "divide", "subtract", "field element", "ffgen", "arithmetic"],
  request: Request,
  result: Result,
  bounds: FIELD_BOUNDS,
  cost_model: "units ≈ 2·k²·limbs(p)² per multiplication (schoolbook product and reduction by the modulus); a division adds an extended Euclid against the modulus (about the same)",
  budget: { max_units: 1e9, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 10_000 },
  preflight(req) {
    const u = mulUnits(req.left.field);
    return { units: 3 * u, memory_bytes: 4096 + 64 * u, basis: `one ${req.operation} in ${req.left.field.kind === "GFq" ? `GF(p^${req.left.field.k})` : "GF(p)"}` };
  },
  execute({ operation, left, right }) {
    requireSameField(left, right, "payload.right");
    const A = arithOf(left.field);
    const x = A.from(left.value), y = A.from(right.value);
    const r = operation === "add" ? A.add(x, y) : operation === "subtract" ? A.sub(x, y) : operation === "multiply" ? A.mul(x, y) : A.mul(x, A.inv(y));
    return { result: fieldValue(left.field, A.big(r)) } as never;
  },
  postcondition: () => null,
  examples: [
    { title: "a product in GF(3^2) (Conway modulus a^2 + 2a + 2)", payload: { operation: "multiply", left: { field: "GF(3^2)", element: "a + 1" }, right: { field: "GF(3^2)", element: "a" } }, expected: { result: { field: "GF(3^2)", element: "2*a + 1" } } },
    { title: "a quotient with an explicit modulus", payload: { operation: "divide", left: { field: "GF(2^8, a^8 + a^4 + a^3 + a + 1)", element: "1" }, right: { field: "GF(2^8, a^8 + a^4 + a^3 + a + 1)", element: "a^6 + a^4 + a + 1" } }, expected: { result: { field: "GF(2^8, a^8 + a^4 + a^3 + a + 1)", element: "a^7 + a^6 + a^3 + a" } } },
    { title: "a sum in GF(7)", payload: { operation: "add", left: { field: "GF(7)", element: "5" }, right: { field: "GF(7)", element: "4" } }, expected: { result: { field: "GF(7)", element: "2" } } },
  ],
});
