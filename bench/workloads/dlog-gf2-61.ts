/**
 * Discrete logarithm in GF(2^61)^* (finite_field.discrete_log.compute) against PARI/GP's fflog, with
 * our default modulus on both sides. 2^61 − 1 is a Mersenne prime, so every element ≠ 0, 1 generates
 * the group and a generic method would need ~2^31 steps: this is index calculus against index
 * calculus. Base and target are random elements (61 random coefficient bits each, seeded). SymPy
 * 1.11 has no discrete logarithm in GF(p^k).
 */
import { defaultModulus } from "../../domain/math/poly/gfq.js";
import { defineComputeWorkload } from "../support/compute-workload.js";

const K = 61;
const { modulus } = defaultModulus(2n, K);

/** Bits (little-endian) as a polynomial in `v`, highest power first; "1" when only the constant is set. */
function poly(bits: readonly number[], v: string): string {
  const terms = bits.map((b, i) => (b ? (i === 0 ? "1" : i === 1 ? v : `${v}^${i}`) : "")).filter(Boolean).reverse();
  return terms.join(" + ") || "0";
}

/** A random element ∉ {0, 1} as its coefficient bits. */
function randomElement(rng: { below(n: number): number }): number[] {
  for (;;) {
    const c = Array.from({ length: K }, () => rng.below(2));
    if (c.slice(1).some((b) => b)) return c;
  }
}

export default defineComputeWorkload({
  name: "dlog-gf2-61",
  description: "discrete logarithm in GF(2^61)^* (prime order 2^61 − 1), random base and target (finite_field.discrete_log.compute)",
  capabilityId: "finite_field.discrete_log.compute",
  reps: 5,
  generate: (rng) => ({ g: randomElement(rng), h: randomElement(rng) }),
  describe: () => ({ field: `GF(2^${K}), default modulus ${poly(modulus.map(Number), "a")}`, group_order: "2^61 − 1 (prime)" }),
  ours: {
    payload: ({ g, h }) => ({ base: { field: `GF(2^${K})`, element: poly(g, "a") }, target: { field: `GF(2^${K})`, element: poly(h, "a") } }),
    result: (v) => {
      const r = v as { status?: string; exists?: boolean; log?: string };
      if (r.status !== "COMPLETE" || r.exists !== true) throw new Error(`discrete log not completed: ${JSON.stringify(v).slice(0, 300)}`);
      return r.log!;
    },
    budgetMs: 60_000,
  },
  pari: {
    definitions: ({ g, h }) => `a = ffgen(Mod(1, 2)*(${poly(modulus.map(Number), "x")}), 'a);\ng = ${poly(g, "a")};\nh = ${poly(h, "a")};`,
    call: "fflog(h, g)",
  },
  sympy: { unavailable: "SymPy 1.11 has no discrete logarithm in GF(p^k)" },
});
