import { type } from "arktype";
import { gcd, mod } from "../../domain/math/integer.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { request } from "../_support/kinds.js";
import { naturalString, positiveString, strict } from "../_support/wire.js";
import { Congruences, CRT_KIND, CRT_MAX_CONGRUENCES, CRT_MAX_DIGITS, CRT_MAX_RESULT_DIGITS, crtClaimShapes, Index, lcmOf, systemBits } from "./crt_support.js";
import { modularChecker } from "./factory.js";
import { bits, claimOf, finding } from "./support.js";

const Request = request({
  congruences: Congruences,
  claim: claimOf(crtClaimShapes, CRT_KIND, "the value of modular.crt.compute unchanged, or the same shape from elsewhere (any representative of the solution; the conflict's gcd optional)"),
});
type Req = typeof Request.infer;

const Bindings = strict(
  type({
    "failure?": type("'violates_congruence' | 'not_lcm' | 'pair_compatible' | 'wrong_gcd' | 'bad_index'").describe("why the claim was rejected"),
    "index?": Index.describe("violates_congruence: the first congruence the residue violates"),
    "residue_mod?": naturalString(CRT_MAX_DIGITS).describe("violates_congruence: the claimed residue reduced modulo m_index (≠ r_index mod m_index)"),
    "lcm?": positiveString(CRT_MAX_RESULT_DIGITS).describe("not_lcm: the true lcm of the moduli"),
    "gcd?": positiveString(CRT_MAX_DIGITS).describe("the true gcd of the named pair's moduli (accepted, pair_compatible, wrong_gcd)"),
    "canonical_residue?": naturalString(CRT_MAX_RESULT_DIGITS).describe("accepted solution: the residue reduced into [0, M)"),
  }),
);
interface Found {
  failure?: "violates_congruence" | "not_lcm" | "pair_compatible" | "wrong_gcd" | "bad_index";
  index?: number;
  residue_mod?: bigint;
  lcm?: bigint;
  gcd?: bigint;
  canonical_residue?: bigint;
}

const METHOD =
  "Solution claims: the claimed x is reduced modulo each m_i and compared with r_i mod m_i (every congruence, in order), and the claimed M is compared with lcm(m_i) computed by a plain gcd fold " +
  "(L ← L/gcd(L, m_i)·m_i); together these show the solution set is exactly x + M·Z. No-solution claims: the named pair i ≠ j must have gcd(m_i, m_j) ∤ r_i − r_j, which no integer can satisfy " +
  "(x ≡ r_i and x ≡ r_j force r_i ≡ r_j modulo the gcd); a stated gcd must be that gcd. The producer's extended-gcd merging is not used. Every rejection names the fact that fails, re-checked before it is returned.";

export default modularChecker<Req>({
  id: "modular.crt.verify",
  title: "Verify a Chinese remainder solution or a no-solution claim",
  summary:
    "Checks a claimed solution of x ≡ r_i (mod m_i) (general moduli, up to 1000 congruences): the residue satisfies every congruence and the modulus is exactly lcm(m_i); " +
    "or a claimed 'no solution' justified by a conflicting pair i, j with r_i ≢ r_j (mod gcd(m_i, m_j)). The claim is the value of modular.crt.compute unchanged (by reference on the `claim` port). " +
    "Rejected with the violated congruence, the true lcm, or the gcd showing the named pair is compatible.",
  keywords: ["chinese remainder", "crt", "verify", "check", "congruences", "solution", "no solution", "lcm", "conflict", "modular"],
  request: Request,
  bindings: Bindings,
  method: METHOD,
  purpose: "exact bigint arithmetic (gcd, remainders)",
  bounds: [
    { name: "congruences", limit: CRT_MAX_CONGRUENCES, unit: "congruences", description: "at most this many congruences" },
    { name: "digits", limit: CRT_MAX_DIGITS, unit: "decimal digits", description: "each r_i and m_i has at most this many digits" },
  ],
  cost_model: "units = (Σ bits(m_i))²/256 for the lcm fold + k·bits(x)·bits(m_i)/4096 for the reductions of the claimed residue",
  budget: { max_units: 2e9, max_memory_bytes: 256 * 2 ** 20, timeout_ms: 30_000 },
  preflight({ congruences: cs, claim }) {
    const b = systemBits(cs).moduli;
    const xb = claim.solvable ? bits(claim.residue) : 0;
    return { units: (b * b) / 256 + (xb * b) / 4096 + 64 * cs.length, memory_bytes: b * 8 + 2 ** 16, basis: `${cs.length} congruences, moduli of ${b} bits in all` };
  },
  ports: {
    inputs: { claim: { field: "claim", description: "the claim: the `crt` output of modular.crt.compute" } },
  },
  execute({ congruences: cs, claim }, ctx): CheckerFinding {
    const reject = (bindings: Found, reason: string): CheckerFinding => finding("rejected", bindings, reason);
    if (!claim.solvable) {
      const { first: i, second: j } = claim.conflict;
      if (i === j || i >= cs.length || j >= cs.length) return reject({ failure: "bad_index" }, "the conflicting pair must name two different congruences of the system");
      const g = gcd(cs[i]!.modulus, cs[j]!.modulus);
      if ((cs[i]!.residue - cs[j]!.residue) % g === 0n) return reject({ failure: "pair_compatible", gcd: g }, `r_${i} ≡ r_${j} (mod gcd(m_${i}, m_${j}) = ${g}): the pair is compatible, so it proves nothing`);
      if (claim.conflict.gcd !== undefined && claim.conflict.gcd !== g) return reject({ failure: "wrong_gcd", gcd: g }, `gcd(m_${i}, m_${j}) is ${g}, not ${claim.conflict.gcd}`);
      return finding("accepted", { gcd: g }, `r_${i} ≢ r_${j} (mod ${g}), so no integer satisfies both congruences`);
    }
    const { residue: x, modulus: M } = claim;
    for (let i = 0; i < cs.length; i++) {
      if ((i & 63) === 63) ctx.checkpoint();
      const { residue: r, modulus: m } = cs[i]!;
      const xr = mod(x, m);
      if (xr !== mod(r, m)) return reject({ failure: "violates_congruence", index: i, residue_mod: xr }, `x ≡ ${xr} (mod m_${i}), but r_${i} ≡ ${mod(r, m)}`);
    }
    const L = lcmOf(cs, () => ctx.checkpoint());
    if (L !== M) {
      return reject({ failure: "not_lcm", lcm: L }, M % L === 0n ? "the claimed modulus is a proper multiple of the lcm: the claim misses solutions" : "the claimed modulus is not the lcm of the moduli");
    }
    return finding("accepted", { canonical_residue: mod(x, M) }, "the residue satisfies every congruence and the modulus is the lcm of the moduli");
  },
  // Re-check the fact each verdict rests on (cheap: one congruence, one gcd, or the multiples of M).
  postcondition({ congruences: cs, claim }, f) {
    const b = f.bindings as Found;
    if (f.verdict === "non_conclusion") return "this checker always decides";
    if (!claim.solvable) {
      const { first: i, second: j } = claim.conflict;
      if (b.failure === "bad_index") return i === j || i >= cs.length || j >= cs.length ? null : "the pair's indices are valid";
      if (b.gcd !== gcd(cs[i]!.modulus, cs[j]!.modulus)) return "the gcd binding is not gcd(m_i, m_j)";
      const compatible = (cs[i]!.residue - cs[j]!.residue) % b.gcd === 0n;
      if (b.failure === "pair_compatible") return compatible ? null : "the pair is not compatible";
      if (b.failure === "wrong_gcd") return !compatible && claim.conflict.gcd !== b.gcd ? null : "the stated gcd is right";
      return f.verdict === "accepted" && !b.failure && !compatible ? null : "the verdict does not follow from the pair";
    }
    if (b.failure === "violates_congruence") {
      const c = b.index === undefined ? undefined : cs[b.index];
      return c && b.residue_mod === mod(claim.residue, c.modulus) && b.residue_mod !== mod(c.residue, c.modulus) ? null : "the named congruence is not violated";
    }
    if (b.failure === "not_lcm") return b.lcm !== claim.modulus && cs.every((c) => b.lcm! % c.modulus === 0n) ? null : "the lcm binding does not refute the modulus";
    if (f.verdict !== "accepted" || b.failure) return "a solution claim is rejected only for a violated congruence or a wrong modulus";
    for (const c of cs) if (claim.modulus % c.modulus !== 0n) return "accepted a modulus that is not a multiple of every m_i";
    return b.canonical_residue === mod(claim.residue, claim.modulus) ? null : "canonical residue mismatch";
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
