import { type } from "arktype";
import { bitLength } from "../../domain/math/integer.js";
import {
  bigintLog, MAX_PARTITION_N, partitionBitsEstimate, partitionLogEstimate, partitionNumber, partitionResiduesPow2, ramanujanModulus, rademacherTermCount,
} from "../../domain/math/partitions.js";
import { natural, ofKind, request, result } from "../_support/kinds.js";
import { combinatoricsOperation, described } from "./factory.js";
import { grouped } from "../../domain/library.js";

/** p(10^9) has 35,219 digits. */
const MAX_RESULT_DIGITS = 36_000;
/** Up to this n the postcondition recomputes p(n) mod 2^32 by the pentagonal recurrence (≈ 1.1·n^1.5 word operations). */
const RESIDUE_CHECK_MAX_N = 10_000;

const Request = request({
  // n's range is a property of the wire type (n ≤ 10^9 refused as INVALID_PAYLOAD), so a bounded integer type of its own, parsed once to bigint.
  n: ofKind(
    type("string")
      .atMostLength(11)
      .and(/^(0|-[1-9][0-9]{0,9}|[1-9][0-9]{0,8}|1000000000)$/)
      .describe("an integer n ≤ 1,000,000,000 as a decimal string (n < 0 gives p(n) = 0; at most 10 digits)")
      .pipe((s: string): bigint => BigInt(s)),
    "integer",
  ),
});
const Result = result({
  partitions: described(natural(MAX_RESULT_DIGITS), "integer", "p(n): the number of ways to write n as an unordered sum of positive integers"),
});

/** Work estimate: the O(N²) Selberg-index scan plus the leading high-precision terms (≈ b^1.9 for b-bit p(n)). */
function cost(n: number): { units: number; bits: number; terms: number } {
  if (n <= 300) return { units: Math.max(1, 1.1 * Math.max(0, n) ** 1.5 * 8), bits: Math.max(1, partitionBitsEstimate(n)), terms: 0 };
  const terms = rademacherTermCount(n);
  const bits = partitionBitsEstimate(n);
  return { units: terms * terms + 1.5 * bits ** 1.9, bits, terms };
}

export default combinatoricsOperation<typeof Request.infer, typeof Result.infer>({
  object: "partition",
  title: "Partition number p(n)",
  summary:
    `The number p(n) of partitions of n (unordered sums of positive integers), exact, for n ≤ ${grouped(MAX_PARTITION_N)} (p(0) = 1, p(n) = 0 for n < 0 as in the generating function Π 1/(1 − q^k)). ` +
    "Small n: Euler's pentagonal recurrence. Otherwise the Hardy–Ramanujan–Rademacher series with Selberg's formula for the Kloosterman sums, in bigint fixed-point arithmetic " +
    "(Chudnovsky π, exp and cos by rectangular splitting) with a rigorous error bound: Rademacher's remainder bound fixes the number of terms, each term runs at the precision it needs " +
    "(falling like 1/k; small terms in IEEE doubles with a proved bound), and every rounding is bounded, so the final rounding to an integer is certain. " +
    "p(10^5) (347 digits) takes about a millisecond; p(10^9) (35,219 digits) a few seconds. " +
    "Postcondition: the Ramanujan–Watson–Atkin congruences mod powers of 5, 7, 11 where they apply; for n ≤ 10^4 p(n) mod 2^32 from the pentagonal recurrence; above, ln p(n) against the asymptotic formula.",
  keywords: [
    "partition", "partitions", "partition function", "partition number", "p(n)", "numbpart", "npartitions", "integer partitions", "number of partitions",
    "hardy ramanujan rademacher", "rademacher", "pentagonal number theorem", "euler", "combinatorics", "counting",
  ],
  request: Request,
  result: Result,
  purpose: "exact bigint arithmetic (fixed-point π, exp and cos with proved error bounds)",
  bounds: [
    { name: "n", limit: MAX_PARTITION_N, unit: "value", description: "n is at most this (larger n are refused as INVALID_PAYLOAD with the bound in the message)" },
    { name: "result_digits", limit: MAX_RESULT_DIGITS, unit: "decimal digits", description: "p(n) has at most this many digits over the accepted range" },
  ],
  cost_model:
    "units = N² + 1.5·b^1.9 for n > 300, with N the number of Rademacher terms (Rademacher's remainder bound ≤ 1/4; N ≈ 0.33·√n) and b ≈ 3.7·√n the bit length of p(n): " +
    "the N² is the scan for the Selberg indices of the Kloosterman sums, b^1.9 the leading high-precision terms; 1.1·n^1.5·8 for n ≤ 300 (pentagonal recurrence)",
  budget: { max_units: 2e10, max_memory_bytes: 256 * 2 ** 20, timeout_ms: 180_000 },
  progress_measure: "Rademacher terms summed, out of N (the number of terms Rademacher's remainder bound requires)",
  preflight(req) {
    const n = Number(req.n);
    const c = cost(n);
    const residueCheck = n > 1 && n <= RESIDUE_CHECK_MAX_N ? 1.1 * n ** 1.5 : 0;
    return {
      units: c.units + residueCheck,
      memory_bytes: 64 * c.bits + 8 * Math.max(0, Math.min(n, RESIDUE_CHECK_MAX_N)) + 2 ** 16,
      basis: n <= 300 ? `n = ${n}: pentagonal recurrence` : `n = ${n}: ${c.terms} Rademacher terms, p(n) of about ${c.bits} bits`,
    };
  },
  ports: {
    inputs: { n: { field: "n", description: "n" } },
    outputs: { partitions: { field: "partitions", description: "p(n)" } },
  },
  execute(req, ctx) {
    const n = Number(req.n);
    const p = partitionNumber(n, { checkpoint: () => ctx.checkpoint(), progress: (done, total, message) => ctx.progress(done, total, message) });
    return { partitions: p };
  },
  postcondition(req, res) {
    const n = Number(req.n);
    const p = res.partitions;
    if (n < 0) return p === 0n ? null : "p(n) must be 0 for n < 0";
    if (n <= 1) return p === 1n ? null : "p(0) = p(1) = 1";
    // Ramanujan–Watson–Atkin congruences: a power of 5, 7 or 11 that provably divides p(n).
    const M = ramanujanModulus(BigInt(n));
    if (p % M !== 0n) return `p(n) must be divisible by ${M} (Ramanujan's congruences), but it is not`;
    if (n <= RESIDUE_CHECK_MAX_N) {
      // Independent exact check of the low 32 bits: Euler's pentagonal recurrence in 32-bit arithmetic.
      const r = partitionResiduesPow2(n)[n]!;
      return BigInt.asUintN(32, p) === BigInt(r) ? null : "p(n) mod 2^32 differs from Euler's pentagonal recurrence";
    }
    // Independent size check: ln p(n) from the leading asymptotic term in double precision (≈ 10 leading digits).
    if (bitLength(p) < 2) return "p(n) is too small";
    const delta = Math.abs(bigintLog(p) - partitionLogEstimate(n));
    return delta <= 1e-9 ? null : `ln p(n) differs from the Hardy–Ramanujan asymptotic by ${delta.toExponential(2)}`;
  },
  examples: [
    { title: "p(4) = 5: 4, 3+1, 2+2, 2+1+1, 1+1+1+1", payload: { n: "4" }, expected: { partitions: "5" } },
    { title: "p(100) (MacMahon's table)", payload: { n: "100" }, expected: { partitions: "190569292" } },
    { title: "p(1000), by the Rademacher series", payload: { n: "1000" }, expected: { partitions: "24061467864032622473692149727991" } },
    {
      title: "p(10000): 107 digits",
      payload: { n: "10000" },
      expected: { partitions: "36167251325636293988820471890953695495016030339315650422081868605887952568754066420592310556052906916435144" },
    },
    { title: "p(0) = 1 (the empty partition)", payload: { n: "0" }, expected: { partitions: "1" } },
    { title: "p(n) = 0 for n < 0", payload: { n: "-3" }, expected: { partitions: "0" } },
  ],
});
