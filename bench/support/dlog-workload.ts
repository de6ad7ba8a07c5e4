/**
 * Discrete logarithm modulo a safe prime p = 2q + 1 of d digits (q prime, from the seeded PRNG): the
 * shared builder of the dlog-12 / dlog-20 workloads. The base g is the least primitive root, the
 * target h a random unit, so the least solution is unique in [0, p − 2] and all three engines agree
 * on it. Ours: modular.discrete_log.compute; PARI/GP: znlog(h, Mod(g, p)); SymPy: discrete_log(p, h, g).
 * The group order is 2·q with q of d digits: generic methods need about √q steps, index calculus does not.
 */
import { decidePrimality } from "../../domain/math/primality.js";
import { modPow } from "../../domain/math/integer.js";
import type { Workload } from "../types.js";
import { defineComputeWorkload } from "./compute-workload.js";
import type { Prng } from "./prng.js";

const SMALL = [3n, 5n, 7n, 11n, 13n, 17n, 19n, 23n, 29n, 31n, 37n, 41n, 43n, 47n];

/** The least safe prime p ≥ a random `digits`-digit number (p still of `digits` digits). */
export function randomSafePrime(rng: Prng, digits: number): bigint {
  for (;;) {
    let q = BigInt(rng.decimalDigits(digits)) / 2n;
    q += q % 2n === 0n ? 1n : 0n;
    for (let i = 0; i < 200_000; i++, q += 2n) {
      const p = 2n * q + 1n;
      if (p.toString().length !== digits) break;
      if (SMALL.some((s) => q % s === 0n || p % s === 0n)) continue;
      if (modPow(2n, p - 1n, p) !== 1n) continue;
      if (decidePrimality(q).prime && decidePrimality(p).prime) return p;
    }
  }
}

/** The least primitive root of a safe prime p > 7: g ≠ ±1 with g^q ≠ 1, i.e. a non-residue. */
export function leastPrimitiveRoot(p: bigint): bigint {
  const q = (p - 1n) / 2n;
  for (let g = 2n; ; g++) if (modPow(g, q, p) !== 1n && g !== p - 1n) return g;
}

export function dlogWorkload(digits: number, opts: { reps: number; sympyTimeoutMs: number; sympyWarmup: boolean }): Workload {
  return defineComputeWorkload({
    name: `dlog-${digits}`,
    description: `discrete logarithm modulo a ${digits}-digit safe prime p = 2q + 1, base the least primitive root, random target (modular.discrete_log.compute)`,
    capabilityId: "modular.discrete_log.compute",
    reps: opts.reps,
    generate: (rng) => {
      const p = randomSafePrime(rng, digits);
      const g = leastPrimitiveRoot(p);
      const h = 2n + (BigInt(rng.decimalDigits(digits + 2)) % (p - 3n));
      return { p: p.toString(), g: g.toString(), h: h.toString() };
    },
    describe: ({ p, g, h }) => ({ digits, p, g, h }),
    ours: {
      payload: ({ p, g, h }) => ({ base: g, target: h, modulus: p }),
      result: (v) => {
        const r = v as { status?: string; solvable?: boolean; log?: string; reason?: string };
        if (r.status !== "COMPLETE" || r.solvable !== true) throw new Error(`discrete log not completed: ${JSON.stringify(v).slice(0, 300)}`);
        return r.log!;
      },
      budgetMs: 20_000,
    },
    pari: {
      definitions: ({ p, g, h }) => `p = ${p};\ng = Mod(${g}, p);\nh = ${h};`,
      call: "znlog(h, g)",
    },
    sympy: {
      data: ({ p, g, h }) => ({ p, g, h }),
      setup: "from sympy.ntheory.residue_ntheory import discrete_log as _dlog\nP = int(data['p'])\nG = int(data['g'])\nH = int(data['h'])",
      call: "_dlog(P, H, G)",
      timeoutMs: opts.sympyTimeoutMs,
      budgetMs: opts.sympyTimeoutMs,
      warmup: opts.sympyWarmup,
    },
  });
}
