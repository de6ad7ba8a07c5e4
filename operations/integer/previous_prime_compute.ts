import { primeSearchDeclaration } from "./prime_support.js";

export default primeSearchDeclaration({
  id: "integer.previous_prime.compute",
  direction: "previous",
  title: "Previous prime: the largest prime less than n",
  summary:
    "The largest prime p < n for an integer n ≥ 3 of up to 1500 digits (precprime(n − 1) in PARI/GP terms). n ≤ 2 has no smaller prime: DOMAIN_ERROR. " +
    "Below 2^40 a complete segmented sieve decides (PROVEN); above, a window below n is sieved by the small primes and each survivor, from the top, is tested " +
    "(strong base-2 test, then Baillie–PSW / deterministic Miller–Rabin). Every skipped number is proven composite; status says whether p itself is PROVEN or only PROBABLE (above 3.3·10^24).",
  keywords: ["previous prime", "precprime", "prevprime", "preceding prime", "largest prime less than", "prime before", "predecessor prime", "prime", "primes", "integer"],
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
