import { type } from "arktype";
import { fieldValue } from "../../domain/math/poly/gfq.js";
import { request, result } from "../_support/kinds.js";
import { arithOf, FIELD_BOUNDS, ffCompute, fieldElement, fieldElementOut, fieldSize, mulUnits } from "./support.js";

const Request = request({ element: fieldElement("the element { field, element }"), "times?": type("0 <= number.integer <= 1000000").describe("how many times to apply the Frobenius x ↦ x^p (default 1; taken modulo k)") });
const Result = result({ image: fieldElementOut("x^(p^times) { field, element }") });

export default ffCompute<typeof Request.infer, typeof Result.infer>({
  id: "finite_field.frobenius.compute",
  title: "Frobenius automorphism of a finite-field element",
  summary: "x^(p^i) in GF(p^k): the i-th power of the Frobenius automorphism (i taken modulo k; identity on GF(p)). Its orbit is the set of conjugates of x over GF(p).",
  keywords: ["finite field", "frobenius", "automorphism", "conjugate", "galois", "galois field", "gf", "extension field"],
  request: Request,
  result: Result,
  bounds: FIELD_BOUNDS,
  cost_model: "units ≈ 1.5·(i mod k)·bits(p) multiplications of 2·k²·limbs(p)² each",
  budget: { max_units: 5e10, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 30_000 },
  preflight(req) {
    const s = fieldSize(req.element.field);
    const i = (req.times ?? 1) % s.k;
    return { units: 1.5 * i * s.pbits * mulUnits(req.element.field) + 100, memory_bytes: 8192, basis: `${i} Frobenius steps` };
  },
  execute({ element, times }) {
    const A = arithOf(element.field);
    return { image: fieldValue(element.field, A.big(A.frobenius(A.from(element.value), times ?? 1))) } as never;
  },
  postcondition: () => null,
  examples: [
    { title: "the conjugate of a in GF(3^2) is a^3 = 2a + 1 (the other root of a^2 + 2a + 2)", payload: { element: { field: "GF(3^2)", element: "a" } }, expected: { image: { field: "GF(3^2)", element: "2*a + 1" } } },
    { title: "applying it k times is the identity", payload: { element: { field: "GF(5^3)", element: "a^2 + 3" }, times: 3 }, expected: { image: { field: "GF(5^3)", element: "a^2 + 3" } } },
  ],
});
