import { type } from "arktype";
import { fieldValue } from "../../domain/math/poly/gfq.js";
import { oneOf, request } from "../_support/kinds.js";
import { arithOf, FIELD_BOUNDS, ffCompute, factorsOut, fieldElementOut, fieldSize, finiteField, groupOrderOf, groupOrderUnits, incompleteShape, mulUnits } from "./support.js";

const Request = request({ field: finiteField() });
const factorList = type({ prime: "string", exponent: "string" }).array().describe("prime factorization of q − 1");
const Result = oneOf([{ status: "'COMPLETE'", primitive_element: fieldElementOut("the least generator of GF(q)^* in index order"), group_order_factorization: factorList }, incompleteShape]);
type Res = typeof Result.infer;

export default ffCompute<typeof Request.infer, Res>({
  id: "finite_field.primitive_element.compute",
  title: "Least primitive element of a finite field",
  summary:
    "The least generator of the cyclic group GF(q)^* in index order (element Σ c_i a^i has index Σ c_i p^i; for GF(p) the least primitive root): candidates are tested by x^((q−1)/r) ≠ 1 for every prime r | q − 1. " +
    "With the default (Conway or least primitive) modulus the answer is usually a itself. q − 1 is factored through its cyclotomic pieces (standard effort; INCOMPLETE otherwise).",
  keywords: ["finite field", "primitive element", "generator", "primitive root", "ffprimroot", "galois field", "gf", "extension field", "cyclic group"],
  request: Request,
  result: Result,
  bounds: FIELD_BOUNDS,
  cost_model: "units ≈ factoring q − 1 + (expected q/φ(q−1)·ln ln q candidates) · ω(q−1) · bits(q) multiplications of 2·k²·limbs(p)²",
  budget: { max_units: 2e10, max_memory_bytes: 256 * 2 ** 20, timeout_ms: 120_000 },
  preflight(req) {
    const s = fieldSize(req.field);
    return { units: groupOrderUnits(req.field) + 200 * s.qbits * mulUnits(req.field), memory_bytes: 2 ** 22, basis: `q of ${s.qbits} bits` };
  },
  execute({ field }, ctx): Res {
    const A = arithOf(field);
    const fac = groupOrderOf(field, () => ctx.checkpoint());
    if (fac.status === "INCOMPLETE") return { status: "INCOMPLETE", unfactored: fac.unfactored.toString(), reason: "q − 1 could not be fully factored within the standard effort" };
    const { element } = A.leastPrimitive(fac, () => ctx.checkpoint());
    return { status: "COMPLETE", primitive_element: fieldValue(field, A.big(element)), group_order_factorization: factorsOut(fac) } as never;
  },
  postcondition: () => null,
  examples: [
    { title: "a is primitive for the Conway modulus", payload: { field: "GF(3^2)" }, expected: { status: "COMPLETE", primitive_element: { field: "GF(3^2)", element: "a" }, group_order_factorization: [{ prime: "2", exponent: "3" }] } },
    { title: "the modulus a^2 + 1 is not primitive", payload: { field: "GF(3^2, a^2 + 1)" }, expected: { status: "COMPLETE", primitive_element: { field: "GF(3^2, a^2 + 1)", element: "a + 1" }, group_order_factorization: [{ prime: "2", exponent: "3" }] } },
    { title: "GF(p): the least primitive root", payload: { field: "GF(41)" }, expected: { status: "COMPLETE", primitive_element: { field: "GF(41)", element: "6" }, group_order_factorization: [{ prime: "2", exponent: "3" }, { prime: "5", exponent: "1" }] } },
  ],
});
