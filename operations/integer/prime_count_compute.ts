import { primePi, primesUpTo } from "../../domain/math/primes.js";
import { request, result } from "../_support/kinds.js";
import { builtinCompute, integerField, naturalField } from "./builtin.js";

const MAX_DIGITS = 15;

const Request = request({ x: integerField(MAX_DIGITS, "a real bound x as an integer, |x| < 10^15 (x < 2 gives 0)") });
const Result = result({ count: naturalField(14, "π(x): the number of primes p ≤ x") });
type Req = typeof Request.infer;
type Res = typeof Result.infer;

/** Rosser–Schoenfeld / Dusart: x/ln x·(1 + 1/ln x) ≤ π(x) for x ≥ 599, π(x) ≤ x/ln x·(1 + 1.2762/ln x) for x > 1. */
function dusartBounds(x: number): [number, number] {
  const L = Math.log(x);
  return [x >= 599 ? (x / L) * (1 + 1 / L) : 0, (x / L) * (1 + 1.2762 / L)];
}

export default builtinCompute<Req, Res>({
  id: "integer.prime_count.compute",
  title: "Prime-counting function π(x)",
  summary:
    "π(x), the number of primes ≤ x, exactly, for |x| < 10^15 (x < 2 gives 0). Combinatorial method of Lagarias–Miller–Odlyzko with the Deléglise–Rivat refinements " +
    "(ordinary and special leaves of the φ(x, a) recursion, easy leaves from a π table, hard leaves and P2 from one segmented bit sieve up to x/y with y ≈ α·x^{1/3}): " +
    "about x^{2/3} work, π(10^12) in well under a second, never a sieve up to x. PARI/GP primepi(x).",
  keywords: ["prime counting", "prime-counting function", "pi(x)", "primepi", "number of primes", "count primes", "how many primes", "meissel lehmer", "lagarias miller odlyzko", "deleglise rivat", "primes below", "integer"],
  request: Request,
  result: Result,
  purpose: "segmented sieve and LMO prime counting on typed arrays",
  bounds: [{ name: "x_digits", limit: MAX_DIGITS, unit: "decimal digits", description: "|x| < 10^15" }],
  cost_model: "units = x^{2/3} (the LMO / Deléglise–Rivat work, measured at roughly 3 ns per unit); memory ≈ 2·√x bytes (π table over odd numbers up to √x) + α·x^{1/3}·5 bytes + a 64 KB segment",
  budget: { max_units: 1.1e10, max_memory_bytes: 512 * 2 ** 20, timeout_ms: 300_000 },
  preflight(req) {
    const x = Math.max(0, Number(req.x));
    return { units: Math.max(1000, x ** (2 / 3)), memory_bytes: 2 * Math.sqrt(x) + 20 * Math.cbrt(x) * 20 + 2 ** 20, basis: `x ≈ ${x.toExponential(2)}` };
  },
  ports: {
    inputs: { x: { field: "x", description: "the bound x" } },
    outputs: { count: { field: "count", description: "π(x)" } },
  },
  progress_measure: "segments of the sieve up to x/y done, out of the total",
  execute(req, ctx) {
    if (req.x < 2n) return { count: 0n };
    return { count: BigInt(primePi(Number(req.x), { checkpoint: () => ctx.checkpoint(), progress: (d, t, m) => ctx.progress(d, t, m) })) };
  },
  postcondition(req, res) {
    const x = Number(req.x), c = Number(res.count);
    if (x < 2) return c === 0 ? null : "π(x) = 0 for x < 2";
    // small x: recount with an independent sieve; large x: the explicit bounds of Rosser–Schoenfeld and Dusart
    if (x <= 1_000_000) return primesUpTo(x).length === c ? null : "π(x) differs from a direct sieve count";
    const [lo, hi] = dusartBounds(x);
    return c >= Math.floor(lo) && c <= Math.ceil(hi) ? null : "π(x) is outside the bounds x/ln x·(1 + 1/ln x) ≤ π(x) ≤ x/ln x·(1 + 1.2762/ln x)";
  },
  examples: [
    { title: "π(100) = 25", payload: { x: "100" }, expected: { count: "25" } },
    { title: "a prime bound is counted: π(97) = 25", payload: { x: "97" }, expected: { count: "25" } },
    { title: "x < 2 gives 0", payload: { x: "-10" }, expected: { count: "0" } },
    { title: "π(10^6)", payload: { x: "1000000" }, expected: { count: "78498" } },
    { title: "π(10^10)", payload: { x: "10000000000" }, expected: { count: "455052511" } },
    { title: "π(10^12), combinatorially", payload: { x: "1000000000000" }, expected: { count: "37607912018" } },
  ],
});
