import { type } from "arktype";
import { oneOf, positive, request } from "../_support/kinds.js";
import { arithOf, FIELD_BOUNDS, ffCompute, factorsOut, fieldElement, fieldSize, groupOrderOf, groupOrderUnits, incompleteShape, mulUnits } from "./support.js";

const Request = request({ element: fieldElement("a nonzero element { field, element }") });
const factorList = type({ prime: "string", exponent: "string" }).array().describe("prime factorization [{ prime, exponent }] of q − 1, ascending");
const Result = oneOf([{ status: "'COMPLETE'", order: positive(2600, "the least n ≥ 1 with x^n = 1"), group_order_factorization: factorList }, incompleteShape]);
type Res = typeof Result.infer;

export default ffCompute<typeof Request.infer, Res>({
  id: "finite_field.order.compute",
  title: "Multiplicative order of a finite-field element",
  summary:
    "The order of x in GF(q)^* (q = p^k): the least n ≥ 1 with x^n = 1, a divisor of q − 1. q − 1 = Π_{d | k} Φ_d(p) is factored piece by piece with the integer factoring engine (standard effort); " +
    "status INCOMPLETE names the part left unfactored. The order is cut down prime by prime from q − 1.",
  keywords: ["finite field", "order", "multiplicative order", "fforder", "galois field", "gf", "extension field", "field element", "unit group"],
  request: Request,
  result: Result,
  bounds: FIELD_BOUNDS,
  cost_model: "units ≈ the factoring of q − 1 through its cyclotomic pieces (256 × engine work, at most the standard effort) + ω·bits(q) multiplications of 2·k²·limbs(p)²",
  budget: { max_units: 2e10, max_memory_bytes: 256 * 2 ** 20, timeout_ms: 120_000 },
  preflight(req) {
    const s = fieldSize(req.element.field);
    return { units: groupOrderUnits(req.element.field) + 20 * s.qbits * mulUnits(req.element.field), memory_bytes: 2 ** 22, basis: `q of ${s.qbits} bits` };
  },
  execute({ element }, ctx): Res {
    const A = arithOf(element.field);
    const fac = groupOrderOf(element.field, () => ctx.checkpoint());
    if (fac.status === "INCOMPLETE") return { status: "INCOMPLETE", unfactored: fac.unfactored.toString(), reason: "q − 1 could not be fully factored within the standard effort" };
    return { status: "COMPLETE", order: A.order(A.from(element.value), fac, () => ctx.checkpoint()), group_order_factorization: factorsOut(fac) } as never;
  },
  postcondition: () => null,
  examples: [
    { title: "a generates GF(3^2)^* (Conway polynomials are primitive)", payload: { element: { field: "GF(3^2)", element: "a" } }, expected: { status: "COMPLETE", order: "8", group_order_factorization: [{ prime: "2", exponent: "3" }] } },
    { title: "with the modulus a^2 + 1, a has order 4", payload: { element: { field: "GF(3^2, a^2 + 1)", element: "a" } }, expected: { status: "COMPLETE", order: "4", group_order_factorization: [{ prime: "2", exponent: "3" }] } },
  ],
});
