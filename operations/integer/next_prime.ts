import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { nextPrime } from "../../domain/math/primes.js";
import { parseInteger } from "../../domain/values.js";
import { integerString, positiveString, strict } from "../_support/wire.js";
import { checkSearchResult, PRIME_SEARCH_MAX_DIGITS, primeSearchPreflight, PRIME_SEARCH_COST_MODEL } from "./prime_support.js";

const Request = strict(type({ n: integerString(PRIME_SEARCH_MAX_DIGITS).describe("an integer (at most 1500 digits); any n < 2 gives 2") }));
const Result = strict(
  type({
    prime: positiveString(PRIME_SEARCH_MAX_DIGITS + 1).describe("the smallest prime p > n"),
    status: type("'PROVEN' | 'PROBABLE'").describe(
      "primality of p: PROVEN below 3317044064679887385961981 (sieve or deterministic Miller–Rabin), PROBABLE (Baillie–PSW) above. Every number strictly between n and p is proven composite either way",
    ),
    distance: positiveString(PRIME_SEARCH_MAX_DIGITS + 1).describe("p − n"),
  }),
);
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default defineCompute<Req, Res>({
  id: "integer.next_prime.compute",
  version: "1.0.0",
  title: "Next prime: the smallest prime greater than n",
  summary:
    "The smallest prime p > n for an integer n of up to 1500 digits (nextprime(n + 1) in PARI/GP terms). Below 2^40 a complete segmented sieve decides (PROVEN); " +
    "above, a window is sieved by the small primes and each survivor is tested (strong base-2 test, then Baillie–PSW / deterministic Miller–Rabin). " +
    "Every skipped number is proven composite, so p is the next prime whenever it is prime; status says whether p itself is PROVEN or only PROBABLE (above 3.3·10^24).",
  keywords: ["next prime", "nextprime", "successor prime", "smallest prime greater than", "prime after", "following prime", "prime", "primes", "integer"],
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
    outputs: { prime: { field: "prime", kind: "integer", description: "the next prime" } },
  },
  progress_measure: "sieve windows searched (no total: the gap is not known in advance)",
  execute(req, ctx) {
    const n = parseInteger(req.n, "payload.n");
    const r = nextPrime(n, { checkpoint: () => ctx.checkpoint(), progress: (d, t, m) => ctx.progress(d, t, m) });
    return { prime: r.prime.toString(), status: r.status, distance: (r.prime - n).toString() };
  },
  postcondition(req, res) {
    const n = BigInt(req.n), p = BigInt(res.prime);
    if (p - n !== BigInt(res.distance)) return "distance ≠ p − n";
    if (n < 2n) return p === 2n && res.status === "PROVEN" ? null : "the next prime after n < 2 is 2";
    if (p <= n) return "p is not greater than n";
    return checkSearchResult(n, p, res.status);
  },
  examples: [
    { title: "after 100", payload: { n: "100" }, expected: { prime: "101", status: "PROVEN", distance: "1" } },
    { title: "strictly greater: after the prime 7 comes 11", payload: { n: "7" }, expected: { prime: "11", status: "PROVEN", distance: "4" } },
    { title: "any n < 2 gives 2", payload: { n: "-50" }, expected: { prime: "2", status: "PROVEN", distance: "52" } },
    { title: "after 10^20", payload: { n: "100000000000000000000" }, expected: { prime: "100000000000000000039", status: "PROVEN", distance: "39" } },
    { title: "after 2^64", payload: { n: "18446744073709551616" }, expected: { prime: "18446744073709551629", status: "PROVEN", distance: "13" } },
    {
      title: "after 10^30: Baillie–PSW above the deterministic range",
      payload: { n: "1000000000000000000000000000000" },
      expected: { prime: "1000000000000000000000000000057", status: "PROBABLE", distance: "57" },
    },
  ],
});
