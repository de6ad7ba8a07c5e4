/**
 * Integer factorization: the one engine every operation that needs a factorization uses
 * (multiplicative functions, orders, square roots mod n, the factorization operation itself).
 * Strategy: trial division → perfect powers → Pollard–Brent rho → (ECM, SIQS as they land),
 * under a work budget; what cannot be split within budget is returned as an unfactored cofactor.
 */
import { perfectPower } from "./integer.js";
import { decidePrimality, pollardBrent, smallPrimes, type PrimalityStatus } from "./primality.js";

export interface PrimePower {
  prime: bigint;
  exponent: number;
  /** PROVEN (deterministic range or certificate) or PROBABLE (BPSW only). */
  status: PrimalityStatus;
}

export interface Factorization {
  /** Prime powers found, ascending by prime. */
  factors: PrimePower[];
  /** Composite part left unfactored (1 when the factorization is complete). */
  cofactor: bigint;
  status: "COMPLETE" | "INCOMPLETE";
}

export interface FactorOptions {
  /** Abstract work budget (rho iterations, ECM curves × stage bounds…); default generous. */
  budget?: number;
  checkpoint?: () => void;
  progress?: (done: number, total?: number, message?: string) => void;
}

/** Factor |n| (n ≠ 0). ±1 has the empty factorization. */
export function factorInteger(n: bigint, opts: FactorOptions = {}): Factorization {
  if (n === 0n) throw new RangeError("factorInteger(0)");
  if (n < 0n) n = -n;
  let budget = opts.budget ?? 5_000_000;
  const found = new Map<bigint, { exponent: number; status: PrimalityStatus }>();
  const add = (p: bigint, e: number, status: PrimalityStatus) => {
    const cur = found.get(p);
    found.set(p, { exponent: (cur?.exponent ?? 0) + e, status: cur?.status === "PROVEN" ? "PROVEN" : status });
  };
  for (const sp of smallPrimes) {
    const p = BigInt(sp);
    if (p * p > n) break;
    let e = 0;
    while (n % p === 0n) {
      n /= p;
      e++;
    }
    if (e) add(p, e, "PROVEN");
  }
  let cofactor = 1n;
  const stack: { m: bigint; e: number }[] = n > 1n ? [{ m: n, e: 1 }] : [];
  while (stack.length) {
    opts.checkpoint?.();
    const { m, e } = stack.pop()!;
    const d = decidePrimality(m);
    if (d.prime) {
      add(m, e, d.status);
      continue;
    }
    const pp = perfectPower(m);
    if (pp) {
      stack.push({ m: pp.root, e: e * pp.exponent });
      continue;
    }
    if (budget <= 0) {
      cofactor *= m ** BigInt(e);
      continue;
    }
    const meter = { remaining: Math.min(budget, 2_000_000) };
    const before = meter.remaining;
    const f = pollardBrent(m, before, 1n, opts.checkpoint, meter);
    budget -= Math.max(before - meter.remaining, 1);
    if (f === undefined) {
      cofactor *= m ** BigInt(e);
      continue;
    }
    // Split into coprime parts by repeated gcd so multiplicities stay exact.
    stack.push({ m: f, e }, { m: m / f, e });
  }
  const factors = [...found.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([prime, v]) => ({ prime, exponent: v.exponent, status: v.status }));
  return { factors: mergeEqual(factors), cofactor, status: cofactor === 1n ? "COMPLETE" : "INCOMPLETE" };
}

function mergeEqual(fs: PrimePower[]): PrimePower[] {
  const out: PrimePower[] = [];
  for (const f of fs) {
    const last = out[out.length - 1];
    if (last && last.prime === f.prime) last.exponent += f.exponent;
    else out.push({ ...f });
  }
  return out;
}
