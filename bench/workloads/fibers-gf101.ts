/** Fibers of a 3-variable polynomial map GF(101)^3 → GF(101)^2 (1,030,301 points). */
import type { Json } from "../../domain/json.js";
import { defineComputeWorkload } from "../support/compute-workload.js";

const P = 101;
const F1 = "x^3*y + 5*y^2*z^2 + 17*x*z + 3*y^3 + 11*z + 42";
const F2 = "x^2 + y*z^3 + 7*x*y + 13*z^2 + 1";

export default defineComputeWorkload({
  name: "fibers-gf101",
  description: `fibers of (f1, f2): GF(${P})^3 → GF(${P})^2, f1 = ${F1}, f2 = ${F2} (finite_field.polynomial_map.fibers.compute; PARI and Python loops counting images)`,
  capabilityId: "finite_field.polynomial_map.fibers.compute",
  reps: 5,
  generate: () => ({}),
  describe: () => ({ field: `GF(${P})`, variables: 3, components: 2, points: P ** 3, f1: F1, f2: F2, result: "sorted fiber sizes" }),
  ours: {
    payload: () => ({ map: [F1, F2].map((expression) => ({ ring: `GF(${P})`, variables: ["x", "y", "z"], expression })), max_fibers: 10, max_preimages: 1 }),
    result: (v: Json) => {
      const sizes: number[] = [];
      for (const f of (v as { fiber_sizes: { size: string; fibers: string }[] }).fiber_sizes) for (let i = 0; i < Number(f.fibers); i++) sizes.push(Number(f.size));
      return `[${sizes.join(", ")}]`;
    },
  },
  pari: {
    definitions: () =>
      `jb_fib() = my(c = vector(${P * P})); for(x = 0, ${P - 1}, for(y = 0, ${P - 1}, for(z = 0, ${P - 1}, my(a = (${F1}) % ${P}, b = (${F2}) % ${P}); c[a * ${P} + b + 1]++))); vecsort(select(t -> t > 0, c));`,
    call: "jb_fib()",
    timeoutMs: 120_000,
  },
  sympy: {
    data: () => ({}),
    setup:
      `x, y, z = sympy.symbols('x y z')\n` +
      `f1 = sympy.lambdify((x, y, z), sympy.sympify('${F1.replace(/\^/g, "**")}'), 'math')\n` +
      `f2 = sympy.lambdify((x, y, z), sympy.sympify('${F2.replace(/\^/g, "**")}'), 'math')\n` +
      `def _fib():\n    c = [0] * ${P * P}\n    r = range(${P})\n    for a in r:\n        for b in r:\n            for d in r:\n                c[(f1(a, b, d) % ${P}) * ${P} + f2(a, b, d) % ${P}] += 1\n    return sorted(t for t in c if t)`,
    call: "_fib()",
    warmup: false,
    timeoutMs: 120_000,
  },
});
