import { type } from "arktype";
import { defineChecker } from "../../domain/declaration.js";
import { gcd, mod } from "../../domain/math/integer.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { integerString, naturalString, positiveString, strict } from "../_support/wire.js";
import { bitsOf, Congruences, CRT_MAX_CONGRUENCES, CRT_MAX_DIGITS } from "./support.js";

const MAX_RESULT_DIGITS = CRT_MAX_DIGITS * CRT_MAX_CONGRUENCES;
const Index = type("0 <= number.integer < 1000");

const Claim = type({
  solvable: "true",
  residue: integerString(MAX_RESULT_DIGITS).describe("a claimed solution x (any representative)"),
  modulus: positiveString(MAX_RESULT_DIGITS).describe("the claimed modulus M of the solution set x + k·M, which must be lcm(m_i)"),
}).or({
  solvable: "false",
  conflict: type({
    first: Index,
    second: Index,
    "gcd?": positiveString(CRT_MAX_DIGITS),
  }).describe("a pair i ≠ j claimed incompatible: r_i ≢ r_j (mod gcd(m_i, m_j))"),
});
const Request = strict(
  type({
    congruences: Congruences,
    claim: Claim.describe("a result of modular.crt.compute, or the same shape from elsewhere"),
  }),
);
type Req = typeof Request.infer;

const Bindings = strict(
  type({
    "failure?": type("'violates_congruence' | 'not_lcm' | 'pair_compatible' | 'bad_index'").describe("why the claim was rejected"),
    "index?": Index.describe("violates_congruence: the first congruence the residue violates"),
    "residue_mod?": naturalString(CRT_MAX_DIGITS).describe("violates_congruence: the claimed residue reduced modulo m_index (≠ r_index mod m_index)"),
    "lcm?": positiveString(MAX_RESULT_DIGITS).describe("not_lcm: the true lcm of the moduli"),
    "gcd?": positiveString(CRT_MAX_DIGITS).describe("the gcd of the conflicting pair's moduli (accepted or pair_compatible)"),
    "canonical_residue?": naturalString(MAX_RESULT_DIGITS).describe("accepted solution: the residue reduced into [0, M)"),
  }),
);
type Bindings = typeof Bindings.infer;

const METHOD =
  "Solution claims: the claimed x is reduced modulo each m_i and compared with r_i mod m_i (every congruence, in order), and the claimed M is compared with lcm(m_i) computed by a plain gcd fold " +
  "(L ← L/gcd(L, m_i)·m_i); together these show the solution set is exactly x + M·Z. No-solution claims: the named pair i ≠ j must have gcd(m_i, m_j) ∤ r_i − r_j, which no integer can satisfy " +
  "(x ≡ r_i and x ≡ r_j force r_i ≡ r_j modulo the gcd). The producer's extended-gcd merging is not used.";

export default defineChecker<Req>({
  id: "modular.crt.verify",
  version: "1.0.0",
  title: "Verify a Chinese remainder solution or a no-solution claim",
  summary:
    "Checks a claimed solution of x ≡ r_i (mod m_i) (general moduli, up to 1000 congruences): the residue satisfies every congruence and the modulus is exactly lcm(m_i); " +
    "or a claimed 'no solution' justified by a conflicting pair i, j with r_i ≢ r_j (mod gcd(m_i, m_j)). Takes the result of modular.crt.compute as the claim. " +
    "Rejected with the violated congruence, the true lcm, or the gcd showing the named pair is compatible.",
  keywords: ["chinese remainder", "crt", "verify", "check", "congruences", "solution", "no solution", "lcm", "conflict", "modular"],
  input_kinds: ["integer"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  bindings: Bindings,
  method: METHOD,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic (gcd, remainders)" }],
  bounds: [
    { name: "congruences", limit: CRT_MAX_CONGRUENCES, unit: "congruences", description: "at most this many congruences" },
    { name: "digits", limit: CRT_MAX_DIGITS, unit: "decimal digits", description: "each r_i and m_i has at most this many digits" },
  ],
  cost_model: "units = (Σ bits(m_i))²/256 for the lcm fold + k·bits(x)·bits(m_i)/4096 for the reductions of the claimed residue",
  budget: { max_units: 2e9, max_memory_bytes: 256 * 2 ** 20, timeout_ms: 30_000 },
  preflight(req) {
    let bits = 0;
    let red = 0;
    const xb = req.claim.solvable ? bitsOf(req.claim.residue) : 0;
    for (const c of req.congruences) {
      bits += bitsOf(c.modulus);
      red += (xb * bitsOf(c.modulus)) / 4096;
    }
    return { units: (bits * bits) / 256 + red + 64 * req.congruences.length, memory_bytes: bits * 8 + 2 ** 16, basis: `${req.congruences.length} congruences, moduli of ${bits} bits in all` };
  },
  ports: { inputs: {}, outputs: {} },
  execute(req, ctx): CheckerFinding {
    const cs = req.congruences.map((c) => ({ r: BigInt(c.residue), m: BigInt(c.modulus) }));
    const claim = req.claim;
    if (!claim.solvable) {
      const { first: i, second: j } = claim.conflict;
      if (i === j || i >= cs.length || j >= cs.length) return { verdict: "rejected", bindings: { failure: "bad_index" }, reason: "the conflicting pair must name two different congruences of the system" };
      const g = gcd(cs[i]!.m, cs[j]!.m);
      if ((cs[i]!.r - cs[j]!.r) % g === 0n) {
        return { verdict: "rejected", bindings: { failure: "pair_compatible", gcd: g.toString() }, reason: `r_${i} ≡ r_${j} (mod gcd(m_${i}, m_${j}) = ${g}): the pair is compatible, so it proves nothing` };
      }
      return { verdict: "accepted", bindings: { gcd: g.toString() }, reason: `r_${i} ≢ r_${j} (mod ${g}), so no integer satisfies both congruences` };
    }
    const x = BigInt(claim.residue), M = BigInt(claim.modulus);
    for (let i = 0; i < cs.length; i++) {
      if ((i & 63) === 63) ctx.checkpoint();
      const { r, m } = cs[i]!;
      const xr = mod(x, m);
      if (xr !== mod(r, m)) {
        return { verdict: "rejected", bindings: { failure: "violates_congruence", index: i, residue_mod: xr.toString() }, reason: `x ≡ ${xr} (mod m_${i}), but r_${i} ≡ ${mod(r, m)}` };
      }
    }
    let L = 1n;
    for (const { m } of cs) L = (L / gcd(L, m)) * m;
    if (L !== M) {
      return { verdict: "rejected", bindings: { failure: "not_lcm", lcm: L.toString() }, reason: M % L === 0n ? "the claimed modulus is a proper multiple of the lcm: the claim misses solutions" : "the claimed modulus is not the lcm of the moduli" };
    }
    return { verdict: "accepted", bindings: { canonical_residue: mod(x, M).toString() }, reason: "the residue satisfies every congruence and the modulus is the lcm of the moduli" };
  },
  postcondition(req, f) {
    const b = f.bindings as Bindings;
    if (f.verdict === "non_conclusion") return "this checker always decides";
    if (f.verdict === "rejected") return b.failure ? null : "a rejection names its failure";
    if (req.claim.solvable) {
      const M = BigInt(req.claim.modulus);
      for (const c of req.congruences) if (M % BigInt(c.modulus) !== 0n) return "accepted a modulus that is not a multiple of every m_i";
      return b.canonical_residue === mod(BigInt(req.claim.residue), M).toString() ? null : "canonical residue mismatch";
    }
    return b.gcd ? null : "an accepted conflict carries its gcd";
  },
  examples: [
    {
      title: "Sunzi: 23 modulo 105 is right",
      payload: { congruences: [{ residue: "2", modulus: "3" }, { residue: "3", modulus: "5" }, { residue: "2", modulus: "7" }], claim: { solvable: true, residue: "23", modulus: "105" } },
      expected: { verdict: "accepted", bindings: { canonical_residue: "23" } },
    },
    {
      title: "a representative outside [0, M) is fine",
      payload: { congruences: [{ residue: "1", modulus: "4" }, { residue: "3", modulus: "6" }], claim: { solvable: true, residue: "-3", modulus: "12" } },
      expected: { verdict: "accepted", bindings: { canonical_residue: "9" } },
    },
    {
      title: "a modulus that is a multiple of the lcm misses solutions",
      payload: { congruences: [{ residue: "1", modulus: "4" }, { residue: "3", modulus: "6" }], claim: { solvable: true, residue: "9", modulus: "24" } },
      expected: { verdict: "rejected", bindings: { failure: "not_lcm", lcm: "12" } },
    },
    {
      title: "a wrong residue: the first violated congruence is named",
      payload: { congruences: [{ residue: "2", modulus: "3" }, { residue: "3", modulus: "5" }, { residue: "2", modulus: "7" }], claim: { solvable: true, residue: "53", modulus: "105" } },
      expected: { verdict: "rejected", bindings: { failure: "violates_congruence", index: 2, residue_mod: "4" } },
    },
    {
      title: "a justified no-solution claim",
      payload: { congruences: [{ residue: "1", modulus: "4" }, { residue: "2", modulus: "6" }], claim: { solvable: false, conflict: { first: 0, second: 1 } } },
      expected: { verdict: "accepted", bindings: { gcd: "2" } },
    },
    {
      title: "a no-solution claim naming a compatible pair is rejected",
      payload: { congruences: [{ residue: "1", modulus: "4" }, { residue: "3", modulus: "6" }, { residue: "0", modulus: "2" }], claim: { solvable: false, conflict: { first: 0, second: 1 } } },
      expected: { verdict: "rejected", bindings: { failure: "pair_compatible", gcd: "2" } },
    },
  ],
});
