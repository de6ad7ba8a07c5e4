import { type } from "arktype";
import { oneOf, request } from "../_support/kinds.js";
import { arithOf, FIELD_BOUNDS, ffCompute, factorsOut, fieldElement, fieldSize, groupOrderOf, groupOrderUnits, incompleteShape, mulUnits } from "./support.js";

const Request = request({ element: fieldElement("the element { field, element }") });
const factorList = type({ prime: "string", exponent: "string" }).array().describe("prime factorization of q − 1");
const Result = oneOf([
  { status: "'COMPLETE'", primitive: type("boolean").describe("whether x generates GF(q)^*"), "witness_prime?": type("string").describe("when not primitive: a prime r | q − 1 with x^((q−1)/r) = 1 (0 has no witness)"), group_order_factorization: factorList },
  incompleteShape,
]);
type Res = typeof Result.infer;

export default ffCompute<typeof Request.infer, Res>({
  id: "finite_field.is_primitive.compute",
  title: "Whether a finite-field element is primitive",
  summary:
    "Decides whether x generates GF(q)^*: x ≠ 0 and x^((q−1)/r) ≠ 1 for every prime r | q − 1 (q − 1 factored through its cyclotomic pieces, standard effort; INCOMPLETE otherwise). A non-primitive unit comes with the prime r that witnesses it.",
  keywords: ["finite field", "primitive element", "is primitive", "generator", "primitive root test", "galois field", "gf", "extension field"],
  request: Request,
  result: Result,
  bounds: FIELD_BOUNDS,
  cost_model: "units ≈ factoring q − 1 + ω(q−1)·bits(q) multiplications of 2·k²·limbs(p)²",
  budget: { max_units: 2e10, max_memory_bytes: 256 * 2 ** 20, timeout_ms: 120_000 },
  preflight(req) {
    const s = fieldSize(req.element.field);
    return { units: groupOrderUnits(req.element.field) + 20 * s.qbits * mulUnits(req.element.field), memory_bytes: 2 ** 22, basis: `q of ${s.qbits} bits` };
  },
  execute({ element }, ctx): Res {
    const A = arithOf(element.field);
    const fac = groupOrderOf(element.field, () => ctx.checkpoint());
    if (fac.status === "INCOMPLETE") return { status: "INCOMPLETE", unfactored: fac.unfactored.toString(), reason: "q − 1 could not be fully factored within the standard effort" };
    const x = A.from(element.value);
    const group_order_factorization = factorsOut(fac) as never;
    if (!x.length) return { status: "COMPLETE", primitive: false, group_order_factorization };
    for (const { prime } of fac.factors) if (A.isOne(A.pow(x, (A.q - 1n) / prime))) return { status: "COMPLETE", primitive: false, witness_prime: prime.toString(), group_order_factorization };
    return { status: "COMPLETE", primitive: true, group_order_factorization };
  },
  postcondition: () => null,
  examples: [
    { title: "a is primitive in the Conway field GF(2^4)", payload: { element: { field: "GF(2^4)", element: "a" } }, expected: { status: "COMPLETE", primitive: true, group_order_factorization: [{ prime: "3", exponent: "1" }, { prime: "5", exponent: "1" }] } },
    { title: "a^3 has order 5 in GF(2^4)", payload: { element: { field: "GF(2^4)", element: "a^3" } }, expected: { status: "COMPLETE", primitive: false, witness_prime: "3", group_order_factorization: [{ prime: "3", exponent: "1" }, { prime: "5", exponent: "1" }] } },
  ],
});
