import { type } from "arktype";
import { gcd } from "../../domain/math/integer.js";
import { certainty, primitiveRoot } from "../../domain/math/modular.js";
import { request } from "../_support/kinds.js";
import { factoringBounds, modularCompute } from "./factory.js";
import { bits, Certainty, CERTAINTY_NOTE, EFFORT, EFFORT_LEVELS, effortBudget, groupCost, GROUP_STAGE, incompleteShape, nat, oneOf, pos, PROOF_WORK } from "./support.js";

const MAX_N_DIGITS = 500;

const Request = request({
  modulus: pos(MAX_N_DIGITS, "the modulus m ≥ 1 (at most 500 digits)"),
  "effort?": EFFORT.describe(`work budget for factoring m and then p − 1, together (the levels of integer.prime_factorization.compute): ${EFFORT_LEVELS}`),
});
const Result = oneOf([
  { status: "'COMPLETE'", exists: "true", root: nat(MAX_N_DIGITS, "the least primitive root g modulo m (a generator of (Z/mZ)^*); 0 for m = 1"), certainty: Certainty },
  { status: "'COMPLETE'", exists: "false", reason: type("string").describe("why (Z/mZ)^* is not cyclic: m is not 1, 2, 4, p^k or 2p^k for an odd prime p") },
  incompleteShape({ stage: GROUP_STAGE, unfactored: pos(MAX_N_DIGITS, "the composite part left unfactored") }),
]);
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default modularCompute<Req, Res>({
  id: "modular.primitive_root.compute",
  title: "Least primitive root modulo m",
  summary:
    "The least primitive root modulo m (up to 500 digits) when (Z/mZ)^* is cyclic, i.e. m = 1, 2, 4, p^k or 2p^k (p an odd prime); otherwise the typed answer exists: false with the reason. " +
    "Candidates g = 2, 3, … are tested modulo p against the primes q of p − 1 (g^((p−1)/q) ≢ 1), then g^(p−1) ≢ 1 (mod p²) when k ≥ 2, and g odd for 2p^k. " +
    "PARI/GP's znprimroot returns a primitive root that need not be the least (znprimroot(10) = 7, znprimroot(250) = 127; the least are 3 and 3). An unfactored odd part that is not a prime power already rules out a primitive root; " +
    "status INCOMPLETE when m or p − 1 cannot be factored within the work budget chosen by `effort` (the levels of integer.prime_factorization.compute, for both factorizations together). " +
    CERTAINTY_NOTE,
  keywords: ["primitive root", "generator", "znprimroot", "cyclic group", "unit group", "mod", "modulo", "least primitive root", "modular"],
  request: Request,
  result: Result,
  purpose: "exact bigint arithmetic; the shared factorization engine",
  bounds: factoringBounds({ modulus: { letter: "m", digits: MAX_N_DIGITS }, factoring: "of m and then of p − 1" }),
  cost_model:
    "units = 2 × the expected factoring work for a number of m's size (m, then p − 1: 256 × the engine work estimate of integer.prime_factorization.compute), capped at the effort's budget, + candidate tests (a few hundred candidates at most in practice, each ω(p − 1) exponentiations modulo p) + Pocklington attempts above 3.3·10^24",
  budget: { max_units: 2e11, max_memory_bytes: 128 * 2 ** 20, timeout_ms: 900_000 },
  progress_measure: "none (factorizations, then a short candidate search)",
  preflight(req) {
    const b = bits(req.modulus);
    return { units: groupCost(b, req.effort), memory_bytes: 2 ** 20 + b * 20, basis: `m of ${b} bits, effort ${req.effort ?? "standard"}` };
  },
  ports: { outputs: { root: { field: "root", description: "the least primitive root" } } },
  execute({ modulus: m, effort }, ctx): Res {
    const checkpoint = () => ctx.checkpoint();
    const r = primitiveRoot(m, { factorBudget: effortBudget(effort), checkpoint });
    if (r.status === "INCOMPLETE") {
      return { status: "INCOMPLETE", stage: r.stage, unfactored: r.unfactored, reason: `${r.stage === "modulus" ? "m" : "p − 1"} could not be fully factored within the ${effort ?? "standard"} effort's budget` };
    }
    if (!r.exists) return { status: "COMPLETE", exists: false, reason: r.reason };
    return { status: "COMPLETE", exists: true, root: r.root, certainty: certainty(r.primes, { proofWork: PROOF_WORK, checkpoint }) };
  },
  postcondition({ modulus: m }, res) {
    if (res.status !== "COMPLETE" || !res.exists) return null;
    const g = res.root;
    if (m === 1n) return g === 0n ? null : "the primitive root modulo 1 is 0";
    if (g >= m || gcd(g, m) !== 1n) return "the root is not a unit below m";
    if (m <= 20_000n) {
      // The order of g by repeated multiplication equals φ(m) (counted by gcds), and no smaller candidate has that order.
      let phi = 0n;
      for (let x = 1n; x < m; x++) if (gcd(x, m) === 1n) phi++;
      const ord = (h: bigint): bigint => {
        let k = 1n;
        for (let y = h % m; y !== 1n; y = (y * h) % m) k++;
        return k;
      };
      if (ord(g) !== phi) return "the root does not have order φ(m)";
      if (m <= 2000n) for (let h = 1n; h < g; h++) if (gcd(h, m) === 1n && ord(h) === phi) return `${h} is a smaller primitive root`;
    }
    return null;
  },
  examples: [
    { title: "3 is the least primitive root modulo 7", payload: { modulus: "7" }, expected: { status: "COMPLETE", exists: true, root: "3", certainty: "PROVEN" } },
    { title: "modulo 10 the least primitive root is 3 (PARI's znprimroot(10) gives 7)", payload: { modulus: "10" }, expected: { status: "COMPLETE", exists: true, root: "3", certainty: "PROVEN" } },
    { title: "modulo 2·7^3 the least primitive root is odd: 3", payload: { modulus: "686" }, expected: { status: "COMPLETE", exists: true, root: "3", certainty: "PROVEN" } },
    { title: "40487: 5 is a primitive root modulo p but not modulo p², so the least modulo p² is 10", payload: { modulus: "1639197169" }, expected: { status: "COMPLETE", exists: true, root: "10", certainty: "PROVEN" } },
    { title: "(Z/15Z)^* is not cyclic", payload: { modulus: "15" }, expected: { status: "COMPLETE", exists: false, reason: "m has two distinct odd prime factors 3 and 5: (Z/mZ)^* has two factors of even order" } },
    { title: "modulo 1", payload: { modulus: "1" }, expected: { status: "COMPLETE", exists: true, root: "0", certainty: "PROVEN" } },
  ],
});
