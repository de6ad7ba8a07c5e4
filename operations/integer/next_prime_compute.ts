import { primeSearchDeclaration } from "./prime_support.js";

export default primeSearchDeclaration({
  id: "integer.next_prime.compute",
  direction: "next",
  title: "Next prime: the smallest prime greater than n",
  summary:
    "The smallest prime p > n for an integer n of up to 1500 digits (nextprime(n + 1) in PARI/GP terms). Below 2^40 a complete segmented sieve decides (PROVEN); " +
    "above, a window is sieved by the small primes and each survivor is tested (strong base-2 test, then Baillie–PSW / deterministic Miller–Rabin). " +
    "Every skipped number is proven composite, so p is the next prime whenever it is prime; status says whether p itself is PROVEN or only PROBABLE (above 3.3·10^24).",
  keywords: ["next prime", "nextprime", "successor prime", "smallest prime greater than", "prime after", "following prime", "prime", "primes", "integer"],
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
