import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { domainError } from "../../domain/errors.js";
import { previousPrime } from "../../domain/math/primes.js";
import { parseInteger } from "../../domain/values.js";
import { integerString, positiveString, strict } from "../_support/wire.js";
import { checkSearchResult, PRIME_SEARCH_COST_MODEL, PRIME_SEARCH_MAX_DIGITS, primeSearchPreflight } from "./prime_support.js";

const Request = strict(type({ n: integerString(PRIME_SEARCH_MAX_DIGITS).describe("an integer n ≥ 3 (at most 1500 digits)") }));
const Result = strict(
  type({
    prime: positiveString(PRIME_SEARCH_MAX_DIGITS).describe("the largest prime p < n"),
    status: type("'PROVEN' | 'PROBABLE'").describe(
      "primality of p: PROVEN below 3317044064679887385961981 (sieve or deterministic Miller–Rabin), PROBABLE (Baillie–PSW) above. Every number strictly between p and n is proven composite either way",
    ),
    distance: positiveString(PRIME_SEARCH_MAX_DIGITS).describe("n − p"),
  }),
);
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default defineCompute<Req, Res>({
  id: "integer.previous_prime.compute",
  version: "1.0.0",
  title: "Previous prime: the largest prime less than n",
  summary:
    "The largest prime p < n for an integer n ≥ 3 of up to 1500 digits (precprime(n − 1) in PARI/GP terms). n ≤ 2 has no smaller prime: DOMAIN_ERROR. " +
    "Below 2^40 a complete segmented sieve decides (PROVEN); above, a window below n is sieved by the small primes and each survivor, from the top, is tested " +
    "(strong base-2 test, then Baillie–PSW / deterministic Miller–Rabin). Every skipped number is proven composite; status says whether p itself is PROVEN or only PROBABLE (above 3.3·10^24).",
  keywords: ["previous prime", "precprime", "prevprime", "preceding prime", "largest prime less than", "prime before", "predecessor prime", "prime", "primes", "integer"],
  input_kinds: ["integer"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "segmented sieve, Miller–Rabin, Baillie–PSW on bigints" }],
  bounds: [{ name: "digits", limit: PRIME_SEARCH_MAX_DIGITS, unit: "decimal digits", description: "n has at most this many digits" }],
  cost_model: PRIME_SEARCH_COST_MODEL,
  budget: { max_units: 2e11, max_memory_bytes: 256 * 2 ** 20, timeout_ms: 120_000 },
  preflight: (req) => primeSearchPreflight(req.n),
  ports: {
    inputs: { n: { field: "n", kind: "integer", description: "the starting integer" } },
    outputs: { prime: { field: "prime", kind: "integer", description: "the previous prime" } },
  },
  progress_measure: "sieve windows searched (no total: the gap is not known in advance)",
  execute(req, ctx) {
    const n = parseInteger(req.n, "payload.n");
    const r = previousPrime(n, { checkpoint: () => ctx.checkpoint(), progress: (d, t, m) => ctx.progress(d, t, m) });
    if (!r) throw domainError(`there is no prime less than ${n}`, "payload.n", "2 is the smallest prime: give n ≥ 3");
    return { prime: r.prime.toString(), status: r.status, distance: (n - r.prime).toString() };
  },
  postcondition(req, res) {
    const n = BigInt(req.n), p = BigInt(res.prime);
    if (n - p !== BigInt(res.distance)) return "distance ≠ n − p";
    if (p >= n || p < 2n) return "p is not in [2, n)";
    return checkSearchResult(n, p, res.status);
  },
  examples: [
    { title: "before 100", payload: { n: "100" }, expected: { prime: "97", status: "PROVEN", distance: "3" } },
    { title: "strictly less: before the prime 11 comes 7", payload: { n: "11" }, expected: { prime: "7", status: "PROVEN", distance: "4" } },
    { title: "the smallest case", payload: { n: "3" }, expected: { prime: "2", status: "PROVEN", distance: "1" } },
    { title: "before 2^64", payload: { n: "18446744073709551616" }, expected: { prime: "18446744073709551557", status: "PROVEN", distance: "59" } },
    {
      title: "before 10^30: Baillie–PSW above the deterministic range",
      payload: { n: "1000000000000000000000000000000" },
      expected: { prime: "999999999999999999999999999989", status: "PROBABLE", distance: "11" },
    },
  ],
});
