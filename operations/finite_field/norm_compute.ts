import { natural, request, result } from "../_support/kinds.js";
import { arithOf, FIELD_BOUNDS, ffCompute, fieldElement, fieldSize } from "./support.js";

const Request = request({ element: fieldElement("the element { field, element }") });
const Result = result({ norm: natural(40, "N(x) = x·x^p·…·x^(p^(k−1)), a residue 0..p−1") });

export default ffCompute<typeof Request.infer, typeof Result.infer>({
  id: "finite_field.norm.compute",
  title: "Norm of a finite-field element over GF(p)",
  summary: "The absolute norm N(x) = Π x^(p^i) = x^((q−1)/(p−1)) of x in GF(p^k), an element of GF(p); computed as the resultant Res(f, x) of the modulus and x by the Euclidean algorithm (no exponentiation).",
  keywords: ["finite field", "norm", "absolute norm", "galois field", "gf", "extension field", "field element", "resultant"],
  request: Request,
  result: Result,
  bounds: FIELD_BOUNDS,
  cost_model: "units ≈ 2·k²·limbs(p)² (a Euclidean resultant of degree ≤ k)",
  budget: { max_units: 1e9, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 10_000 },
  preflight(req) {
    const s = fieldSize(req.element.field);
    return { units: 2 * s.k * s.k * s.limbs * s.limbs + 100, memory_bytes: 8192, basis: "a resultant of degree k" };
  },
  execute({ element }) {
    return { norm: arithOf(element.field).norm(arithOf(element.field).from(element.value)) };
  },
  postcondition: () => null,
  examples: [
    { title: "N(a) in GF(3^2) is the constant term of the modulus a^2 + 2a + 2", payload: { element: { field: "GF(3^2)", element: "a" } }, expected: { norm: "2" } },
    { title: "the norm of 0 is 0", payload: { element: { field: "GF(5^3)", element: "0" } }, expected: { norm: "0" } },
  ],
});
