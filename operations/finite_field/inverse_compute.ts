import { fieldValue } from "../../domain/math/poly/gfq.js";
import { request, result } from "../_support/kinds.js";
import { arithOf, FIELD_BOUNDS, ffCompute, fieldElement, fieldElementOut, mulUnits } from "./support.js";

const Request = request({ element: fieldElement("the element { field, element } to invert (nonzero)") });
const Result = result({ inverse: fieldElementOut("the inverse { field, element }") });

export default ffCompute<typeof Request.infer, typeof Result.infer>({
  id: "finite_field.inverse.compute",
  title: "Inverse of a finite-field element",
  summary: "The multiplicative inverse of a nonzero element of GF(p) or GF(p^k), by the extended Euclidean algorithm against the modulus; 0 is a DOMAIN_ERROR.",
  keywords: ["finite field", "inverse", "reciprocal", "galois field", "gf", "extension field", "field element"],
  request: Request,
  result: Result,
  bounds: FIELD_BOUNDS,
  cost_model: "units ≈ 2·k²·limbs(p)² (the extended Euclid of two polynomials of degree ≤ k over GF(p))",
  budget: { max_units: 1e9, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 10_000 },
  preflight: (req) => ({ units: 2 * mulUnits(req.element.field), memory_bytes: 8192, basis: "one extended Euclid" }),
  execute({ element }) {
    const A = arithOf(element.field);
    return { inverse: fieldValue(element.field, A.big(A.inv(A.from(element.value)))) } as never;
  },
  postcondition: () => null,
  examples: [
    { title: "the AES S-box inverse of 0x53 in GF(2^8) with the AES modulus", payload: { element: { field: "GF(2^8, a^8 + a^4 + a^3 + a + 1)", element: "a^6 + a^4 + a + 1" } }, expected: { inverse: { field: "GF(2^8, a^8 + a^4 + a^3 + a + 1)", element: "a^7 + a^6 + a^3 + a" } } },
    { title: "in GF(101)", payload: { element: { field: "GF(101)", element: "2" } }, expected: { inverse: { field: "GF(101)", element: "51" } } },
  ],
});
