import { natural, request, result } from "../_support/kinds.js";
import { arithOf, FIELD_BOUNDS, ffCompute, fieldElement, fieldSize } from "./support.js";

const Request = request({ element: fieldElement("the element { field, element }") });
const Result = result({ trace: natural(40, "Tr(x) = x + x^p + … + x^(p^(k−1)), a residue 0..p−1") });

export default ffCompute<typeof Request.infer, typeof Result.infer>({
  id: "finite_field.trace.compute",
  title: "Trace of a finite-field element over GF(p)",
  summary: "The absolute trace Tr(x) = Σ x^(p^i) (i < k) of x in GF(p^k), an element of GF(p); computed linearly from the power sums of the modulus' roots (Newton's identities), so without any exponentiation.",
  keywords: ["finite field", "trace", "absolute trace", "galois field", "gf", "extension field", "field element", "linear form"],
  request: Request,
  result: Result,
  bounds: FIELD_BOUNDS,
  cost_model: "units ≈ k²·limbs(p)² (power sums, once) + k·limbs(p)²",
  budget: { max_units: 1e9, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 10_000 },
  preflight(req) {
    const s = fieldSize(req.element.field);
    return { units: s.k * s.k * s.limbs * s.limbs + 100, memory_bytes: 8192, basis: "power sums of degree k" };
  },
  execute({ element }) {
    return { trace: arithOf(element.field).trace(arithOf(element.field).from(element.value)) };
  },
  postcondition: () => null,
  examples: [
    { title: "Tr(a) in GF(3^2) is minus the a-coefficient of the modulus a^2 + 2a + 2", payload: { element: { field: "GF(3^2)", element: "a" } }, expected: { trace: "1" } },
    { title: "the trace of 1 is k mod p", payload: { element: { field: "GF(2^8)", element: "1" } }, expected: { trace: "0" } },
  ],
});
