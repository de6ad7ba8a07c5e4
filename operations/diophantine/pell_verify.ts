import { type } from "arktype";
import { defineChecker } from "../../domain/declaration.js";
import { domainError } from "../../domain/errors.js";
import { SqrtContinuedFraction } from "../../domain/math/continued_fraction.js";
import { pellMinimality, quadraticPower } from "../../domain/math/diophantine.js";
import { bitLength, isqrt, isSquare } from "../../domain/math/integer.js";
import { decidePrimality } from "../../domain/math/primality.js";
import type { CheckerFinding } from "../../domain/outcome.js";
import { object, request } from "../_support/kinds.js";
import { integerString, naturalString, positiveString, strict } from "../_support/wire.js";
import {
  BUILTIN, DEFAULT_MAX_DIGITS, hasAtMostDigits, LOG10_PHI, LOG2_10, MAX_D_DIGITS, MAX_PELL_DIGITS, PELL_KIND, pellRequestShape, pellSolutionShape, type PellValue,
} from "./support.js";

const Request = request({
  ...pellRequestShape(),
  claim: object(
    pellSolutionShape(true),
    PELL_KIND,
    "the claim: the value of diophantine.pell.compute unchanged, or any part of it — a solution { x, y }, the −1 equation { negative }, the period { period_length, continued_fraction }, or status INCOMPLETE",
  ),
  "fundamental?": type("boolean").describe(
    "true (default): the claimed x, y (and negative.x, negative.y) are claimed to be the least positive solutions; false: only that they are solutions (minimality is still decided and reported)",
  ),
});
type Req = { D: bigint; include_negative?: boolean; include_period?: boolean; max_digits?: number; fundamental?: boolean; claim: PellValue };

const Solution = positiveString(MAX_PELL_DIGITS);
const Bindings = strict(
  type({
    "failure?": type("'not_a_solution' | 'not_fundamental' | 'negative_solvable' | 'negative_unsolvable' | 'wrong_period' | 'wrong_continued_fraction' | 'not_incomplete'").describe(
      "why the claim was rejected",
    ),
    "part?": type("'solution' | 'negative'").describe("not_a_solution, not_fundamental: whether (x, y) of x² − D·y² = 1 or (negative.x, negative.y) of x² − D·y² = −1 failed"),
    "value?": integerString(2 * MAX_PELL_DIGITS + MAX_D_DIGITS + 2).describe("not_a_solution: the value of x² − D·y², which differs from 1 (or −1)"),
    "fundamental?": type("boolean").describe("for a claimed (x, y): whether it is the fundamental solution (always decided: the minimality test is a proof, not a heuristic)"),
    "negative_fundamental?": type("boolean").describe("for a claimed −1 solution: whether it is the least one"),
    "root_x?": Solution.describe("not fundamental: a, where (a + b·√D)^k = x + y·√D with a² − D·b² of the same sign (a smaller solution)"),
    "root_y?": Solution.describe("not fundamental: b"),
    "root_exponent?": positiveString(8).describe("not fundamental: the prime k"),
    "exponents_checked?": naturalString(8).describe("(x, y) fundamental: the number of prime exponents k excluded (every prime k ≤ log(2x + 1)/log(√D + √(D−1)))"),
    "fundamental_x?": Solution.describe("the fundamental solution of x² − D·y² = 1 the finding rests on, when it is not the claimed one (a solution of at most max_digits digits refutes INCOMPLETE)"),
    "fundamental_y?": Solution.describe("its y"),
    "negative_x?": Solution.describe("negative_solvable: a solution of x² − D·y² = −1"),
    "negative_y?": Solution.describe("its y"),
    "period_length?": positiveString(8).describe("the period length ℓ of the continued fraction of √D, found by developing it (verified, or the true one when the claim differs)"),
    "period_exceeds?": naturalString(8).describe("wrong_period, wrong_continued_fraction: no period ends within this many terms (d_k ≠ 1 for every k up to it)"),
    "term_index?": naturalString(8).describe("wrong_continued_fraction: the index k of the first wrong term a_k"),
    "term?": positiveString(MAX_D_DIGITS + 1).describe("wrong_continued_fraction: the true a_k"),
    "max_digits?": type("number.integer >= 1").describe("status INCOMPLETE: the cap checked (the request's max_digits, default 10,000)"),
  }),
);
type Bindings = typeof Bindings.infer;

const METHOD =
  "Each part the claim states is checked; the claim is accepted when every part holds, rejected with a counterexample when one does not, and non_conclusion when a part " +
  "cannot be decided from what is given (−1 solvability with neither a solution, the period nor the fundamental solution). `steps` describes the producer's work and is not checked. " +
  "1. Solution: x² − D·y² is computed exactly and compared with 1 (or −1 for negative.x, negative.y). " +
  "2. Minimality, without continued fractions: the positive solutions are the powers ε1^m of the fundamental unit ε1 of that norm in Z[√D] (odd m for −1), so ε = x + y√D " +
  "is not fundamental iff ε = η^k for a prime k and a unit η = a + b√D (a, b ≥ 1) of the same norm; η ≥ √D + √(D−1) bounds k ≤ log(2x + 1)/log(√D + √(D−1)). " +
  "Each prime k in range is excluded by a power-residue test — for an auxiliary prime p ∤ 2D with k | p − (D/p), the norm-1 units modulo p form a cyclic group of order " +
  "p − (D/p), so a k-th power satisfies ε^((p−(D/p))/k) ≡ 1 (mod p) (ε² for −1); a failure excludes k — or, when six auxiliary primes do not exclude it, settled " +
  "exactly: 2a lies within 2 of ⌊(2x)^(1/k)⌋, b² = (a² − N)/D must be a perfect square, and (a + b√D)^k is compared with ε. A root found is returned as the witness " +
  "(with fundamental = false, roots are taken until the fundamental solution is reached). " +
  "3. −1 solvability from the fundamental solution (x, y) of the +1 equation: a unit of norm −1 exists iff ε1 is the square of one, u + v√D with u² + D·v² = x, 2uv = y, " +
  "u² − D·v² = −1, i.e. iff (x − 1)/2 and (x + 1)/(2D) are perfect squares u², v² with 2uv = y; then (u, v) is the least −1 solution. Otherwise from the parity of a verified period. " +
  "4. Period: √D = [a0; a1, …] is developed by its complete quotients (m_k + √D)/d_k up to the claimed length; the period ends at the first k ≥ 1 with d_k = 1, and the claimed terms are compared. " +
  "5. Status INCOMPLETE (the fundamental x has more than max_digits digits): from a verified fundamental solution directly; else the convergents p_k/q_k are developed by the " +
  "recurrence p_k = a_k·p_{k−1} + p_{k−2} until p_k ≥ 10^max_digits (every solution is a convergent, and p_k increases) or the period ends at ℓ = k + 1, where the least " +
  "solution is (p_k, q_k) for even ℓ and (p_k² + D·q_k², 2·p_k·q_k) for odd ℓ; any solution of at most max_digits digits refutes the claim.";

/** Prime exponents examined: every prime up to log(2x + 1)/log(√D + √(D − 1)) (about digits(x)·2.3/log(2√D)). */
function exponentBound(D: bigint, xBits: number): number {
  const d = Number(D);
  return (xBits * Math.LN2 + 1) / Math.log(Math.sqrt(d) + Math.sqrt(Math.max(1, d - 1)));
}

/** Units of the minimality test of a solution of `bits` bits (see cost_model). */
function minimalityUnits(D: bigint, bits: number): number {
  const K = exponentBound(D, bits);
  const primes = K < 3 ? 1 : K / Math.log(K);
  return 3 * (bits / 64) ** 1.6 + primes * (4 * (bits / 64) + 400);
}

/** The fundamental unit below a unit of norm N: take k-th roots until none is left. */
function descend(D: bigint, x: bigint, y: bigint, N: 1n | -1n, tick: () => void): { x: bigint; y: bigint } {
  for (;;) {
    const m = pellMinimality(D, x, y, N, tick);
    if (!m.root) return { x, y };
    [x, y] = [m.root.a, m.root.b];
  }
}

/** The least solution of x² − D·y² = −1 from the fundamental solution of the +1 equation, when there is one (see METHOD, 3). */
function negativeFrom(D: bigint, F: { x: bigint; y: bigint }): { u: bigint; v: bigint } | undefined {
  if ((F.x - 1n) % 2n !== 0n) return undefined;
  const h = (F.x - 1n) / 2n, k = (F.x + 1n) / 2n;
  if (k % D !== 0n || !isSquare(h) || !isSquare(k / D)) return undefined;
  const u = isqrt(h), v = isqrt(k / D);
  return u >= 1n && v >= 1n && 2n * u * v === F.y && u * u - D * v * v === -1n ? { u, v } : undefined;
}

/** Develops the period of √D for at most `limit` terms, comparing the claimed terms; ℓ when it ends within the limit. */
function walkPeriod(D: bigint, limit: number, claimed: bigint[] | undefined, tick: () => void): { length?: number; wrong?: { index: number; term: bigint } } {
  const cf = new SqrtContinuedFraction(D);
  for (let k = 1; k <= limit; k++) {
    if ((k & 1023) === 0) tick();
    const end = cf.step();
    // Terms are converted to bigints only where a claimed term is compared (the conversion costs more than the step).
    if (claimed && k <= claimed.length && claimed[k - 1] !== BigInt(cf.a)) return { wrong: { index: k, term: BigInt(cf.a) } };
    if (end) return { length: k };
  }
  return {};
}

/**
 * Whether the fundamental solution of x² − D·y² = 1 has more than `cap` digits, by the convergents of √D (see METHOD, 5):
 * a solution of at most `cap` digits when there is one, and ℓ when the period ended on the way.
 */
function walkConvergents(D: bigint, cap: number, tick: () => void, progress: (done: number, total?: number, message?: string) => void): { solution?: { x: bigint; y: bigint }; period?: number } {
  const cf = new SqrtContinuedFraction(D);
  const bound = 10n ** BigInt(cap);
  // Only the numerators are developed: at the end of the period p_k² − D·q_k² = ±1 gives q_k by one square root.
  let p0 = 1n, p1 = cf.a0; // p_{k−1} and p_k, from k = 0
  for (let k = 0; ; k++) {
    if ((k & 1023) === 1023) {
      tick();
      const digits = Math.min(cap, Math.floor(bitLength(p1) / LOG2_10));
      progress(digits, undefined, `convergents of √D: ${digits} digits (the walk stops at ${cap})`);
    }
    if (p1 >= bound) return {};
    const end = cf.step(); // d_{k+1} = 1: p_k² − D·q_k² = (−1)^(k+1)
    if (end) {
      const ell = k + 1, N = ell % 2 === 0 ? 1n : -1n;
      const q = isqrt((p1 * p1 - N) / D);
      const s = N === 1n ? { x: p1, y: q } : { x: p1 * p1 + D * q * q, y: 2n * p1 * q };
      return s.x < bound ? { solution: s, period: ell } : { period: ell };
    }
    [p0, p1] = [p1, BigInt(cf.a) * p1 + p0];
  }
}

export default defineChecker<Req>({
  id: "diophantine.pell.verify",
  ...BUILTIN,
  title: "Verify a claimed (fundamental) solution of Pell's equation x² − D·y² = ±1",
  summary:
    "Checks a claim about x² − D·y² = 1 — the value of diophantine.pell.compute as it is, or any part of it: that (x, y) with x, y > 0 is a solution and, by default, the " +
    "fundamental (least) one — proven without continued fractions: ε = x + y√D is not a k-th power of a smaller unit for any prime k up to log(2x + 1)/log(√D + √(D−1)), " +
    "each k excluded by a power-residue test modulo an auxiliary prime or by an exact k-th root; the same for a solution of x² − D·y² = −1, and whether that equation is " +
    "solvable; the period length and the continued fraction of √D; and status INCOMPLETE (the fundamental x has more than max_digits digits). A non-fundamental solution is " +
    "rejected with the smaller solution (a, b) and k, where (a + b√D)^k = x + y√D. x and y of up to 1,000,001 digits.",
  keywords: ["pell equation", "pell", "verify", "check", "fundamental solution", "fundamental unit", "minimal solution", "x^2 - d*y^2 = 1", "negative pell", "diophantine", "certificate"],
  request: Request as never,
  bindings: Bindings,
  method: METHOD,
  bounds: [
    { name: "D_digits", limit: MAX_D_DIGITS, unit: "decimal digits", description: "D has at most this many digits" },
    { name: "digits", limit: MAX_PELL_DIGITS, unit: "decimal digits", description: "x and y (and the −1 solution) have at most this many digits" },
  ],
  cost_model:
    "units = 3·(b/64)^1.6 for the squares (b = bits of x), plus per prime exponent k ≤ K (about K/ln K of them, K = digits(x)·2.3/log(2√D)) two reductions of x and y modulo an " +
    "auxiliary prime (2·b/64) and a small exponentiation (400) — twice with fundamental = false (the roots taken) — and the same for a −1 solution; plus ℓ·t for " +
    "developing a claimed period of ℓ terms, t = 30 for D < 2^52 (doubles) and 600 + 150·L otherwise (L = limbs of D), plus 400 per claimed term compared; plus, for status " +
    "INCOMPLETE without a solution, S·(t + 500 + c·3.33/32) for the numerators of the convergents up to 10^c (c = max_digits, S = c/log10 φ + 2 terms at the most, each " +
    "a multiply-add of at most c digits).",
  budget: { max_units: 2e10, max_memory_bytes: 256 * 2 ** 20, timeout_ms: 120_000 },
  progress_measure: "prime exponents k examined out of the number of primes up to the bound (a claimed solution), or decimal digits of the current convergent, without a total (status INCOMPLETE)",
  preflight(req) {
    const c = req.claim, D = req.D;
    const L = Math.ceil(bitLength(D) / 64);
    const descent = req.fundamental === false ? 2 : 1;
    let units = 0;
    const parts: string[] = [];
    for (const [x, what] of [[c.x, "x"], [c.negative?.x, "negative.x"]] as const) {
      if (x === undefined) continue;
      const bits = bitLength(x);
      units += descent * minimalityUnits(D, bits);
      parts.push(`${what} of ${Math.ceil(bits / LOG2_10)} digits`);
    }
    // One term of √D: exact doubles below 2^52, bigints of D's size above (measured: about 30 ns and 600 + 150·L ns).
    const step = D < 2n ** 52n ? 30 : 600 + 150 * L;
    const ell = Math.max(Number(c.period_length ?? 0n), c.continued_fraction?.period.length ?? 0);
    if (ell > 0) {
      units += ell * step + (c.continued_fraction?.period.length ?? 0) * 400;
      parts.push(`a period of ${ell} terms`);
    }
    const cap = req.max_digits ?? DEFAULT_MAX_DIGITS;
    if (c.status === "INCOMPLETE" && c.x === undefined) {
      const steps = (cap + 1) / LOG10_PHI + 2;
      units += steps * (step + 500) + (steps * cap * LOG2_10) / 32;
      parts.push(`convergents up to ${cap} digits (at most ${Math.ceil(steps)} terms)`);
    }
    const digits = Math.max(...[c.x, c.y, c.negative?.x, c.negative?.y].map((v) => (v === undefined ? 0 : bitLength(v) / LOG2_10)), c.status === "INCOMPLETE" ? cap : 0);
    return { units, memory_bytes: 48 * digits + 2 ** 20, basis: `D of ${Math.ceil(bitLength(D) / LOG2_10)} digits; ${parts.join(", ") || "nothing to develop"}` };
  },
  ports: { inputs: { claim: { field: "claim", description: "the claimed solution: the `solution` output of diophantine.pell.compute" } } },
  execute(req, ctx): CheckerFinding {
    const D = req.D, claim = req.claim, neg = claim.negative;
    const strictMin = req.fundamental !== false;
    const tick = () => ctx.checkpoint();
    const progress = (d: number, t?: number, m?: string) => ctx.progress(d, t, m ?? (t !== undefined ? `${d} of ${t} prime exponents examined` : undefined));
    if ((claim.x === undefined) !== (claim.y === undefined)) throw domainError("a claimed solution gives both x and y", `payload.claim.${claim.x === undefined ? "x" : "y"}`, "give x and y, or neither");
    if (neg && (neg.x === undefined) !== (neg.y === undefined)) throw domainError("a claimed −1 solution gives both x and y", `payload.claim.negative.${neg.x === undefined ? "x" : "y"}`, "give negative.x and negative.y, or neither");
    if (claim.status === "COMPLETE" && claim.x === undefined) throw domainError("a COMPLETE claim gives the solution x, y", "payload.claim", "give x and y, or status INCOMPLETE");
    if (claim.x === undefined && !neg && claim.period_length === undefined && !claim.continued_fraction && claim.status !== "INCOMPLETE") {
      throw domainError("the claim states nothing to check", "payload.claim", "give a solution x, y; negative; period_length or continued_fraction; or status INCOMPLETE");
    }
    // A perfect square D has no solutions with y ≥ 1 ((x − r·y)(x + r·y) = ±1 is impossible), and √D no period.
    const r = isqrt(D);
    const square = r * r === D;
    const needsRoot = () => {
      if (square) throw domainError(`D = ${bitLength(D) > 130 ? "…" : D} is a perfect square: √D has no periodic continued fraction and x² − D·y² = ±1 only the trivial solutions`, "payload.D", "Pell's equation needs a non-square D > 1");
    };
    const bindings: Bindings = {};
    const reject = (b: Bindings, reason: string): CheckerFinding => ({ verdict: "rejected", bindings: { ...bindings, ...b }, reason });
    const fundamentalBindings = (F: { x: bigint; y: bigint }) => ({ fundamental_x: F.x.toString(), fundamental_y: F.y.toString() });

    // 1–2. The solution (x, y) of the +1 equation, and F, the fundamental one.
    let F: { x: bigint; y: bigint } | undefined;
    if (claim.x !== undefined) {
      const x = claim.x, y = claim.y!;
      const value = x * x - D * y * y;
      if (value !== 1n) return reject({ failure: "not_a_solution", part: "solution", value: value.toString() }, `x² − D·y² = ${value.toString().length > 40 ? "a different value" : value}, not 1`);
      const m = pellMinimality(D, x, y, 1n, tick, progress);
      if (m.root) {
        const witness = { fundamental: false, root_x: m.root.a.toString(), root_y: m.root.b.toString(), root_exponent: String(m.root.k) };
        const reason = `x + y√D = (${m.root.a} + ${m.root.b}√D)^${m.root.k}, the power of a smaller solution`;
        if (strictMin) return reject({ failure: "not_fundamental", part: "solution", ...witness }, reason);
        F = descend(D, m.root.a, m.root.b, 1n, tick);
        Object.assign(bindings, witness, fundamentalBindings(F));
      } else {
        F = { x, y };
        Object.assign(bindings, { fundamental: true, exponents_checked: String(m.exponents) });
      }
    }

    // 4. The period and the continued fraction, developed up to the claimed length.
    let ell: number | undefined;
    const cf = claim.continued_fraction;
    if (claim.period_length !== undefined || cf) {
      needsRoot();
      if (cf && cf.a0 !== r) return reject({ failure: "wrong_continued_fraction", term_index: "0", term: r.toString() }, `a0 = ⌊√D⌋ = ${r}`);
      const limit = Math.max(Number(claim.period_length ?? 0n), cf?.period.length ?? 0);
      const w = walkPeriod(D, limit, cf?.period, tick);
      if (w.wrong) return reject({ failure: "wrong_continued_fraction", term_index: String(w.wrong.index), term: w.wrong.term.toString() }, `a_${w.wrong.index} = ${w.wrong.term}`);
      if (w.length === undefined) {
        const failure = claim.period_length !== undefined ? "wrong_period" : "wrong_continued_fraction";
        return reject({ failure, period_exceeds: String(limit) }, `the period of √D is longer than ${limit} terms (d_k ≠ 1 for k ≤ ${limit})`);
      }
      if (claim.period_length !== undefined && claim.period_length !== BigInt(w.length)) return reject({ failure: "wrong_period", period_length: String(w.length) }, `the period of √D has ${w.length} terms`);
      if (cf && cf.period.length !== w.length) return reject({ failure: "wrong_continued_fraction", period_length: String(w.length) }, `the period of √D has ${w.length} terms, not ${cf.period.length}`);
      ell = w.length;
      bindings.period_length = String(ell);
    }

    // 5. Status INCOMPLETE: the fundamental x has more than max_digits digits.
    if (claim.status === "INCOMPLETE") {
      const cap = req.max_digits ?? DEFAULT_MAX_DIGITS;
      bindings.max_digits = cap;
      let small = F && hasAtMostDigits(F.x, cap) ? F : undefined;
      if (!F) {
        needsRoot();
        const w = walkConvergents(D, cap, tick, progress);
        small = w.solution;
        if (w.period !== undefined) ell ??= w.period;
      }
      if (small) return reject({ failure: "not_incomplete", ...fundamentalBindings(small) }, `x² − D·y² = 1 has a solution of at most ${cap} digits`);
    }

    // 3. The −1 equation.
    const undecided: string[] = [];
    if (neg?.x !== undefined) {
      const u = neg.x, v = neg.y!;
      const value = u * u - D * v * v;
      if (value !== -1n) return reject({ failure: "not_a_solution", part: "negative", value: value.toString() }, `negative.x² − D·negative.y² = ${value.toString().length > 40 ? "a different value" : value}, not −1`);
      if (!neg.solvable) return reject({ failure: "negative_solvable", negative_x: u.toString(), negative_y: v.toString() }, "the claim gives a solution of x² − D·y² = −1 and says there is none");
      const m = pellMinimality(D, u, v, -1n, tick);
      if (m.root && strictMin) {
        return reject(
          { failure: "not_fundamental", part: "negative", root_x: m.root.a.toString(), root_y: m.root.b.toString(), root_exponent: String(m.root.k) },
          `negative.x + negative.y·√D = (${m.root.a} + ${m.root.b}√D)^${m.root.k}, the power of a smaller solution of x² − D·y² = −1`,
        );
      }
      bindings.negative_fundamental = !m.root;
    } else if (neg) {
      const w = F ? negativeFrom(D, F) : undefined;
      const exists = F ? w !== undefined : ell !== undefined ? ell % 2 === 1 : undefined;
      if (exists === undefined) undecided.push("whether x² − D·y² = −1 is solvable is decided from the fundamental solution of x² − D·y² = 1 or from the period of √D; the claim gives neither");
      else if (exists && !neg.solvable) {
        return reject({ failure: "negative_solvable", ...(w ? { negative_x: w.u.toString(), negative_y: w.v.toString() } : { period_length: String(ell) }) }, w ? `(${w.u}, ${w.v}) solves x² − D·y² = −1` : `the period of √D has odd length ${ell}`);
      } else if (!exists && neg.solvable) {
        return reject(
          { failure: "negative_unsolvable", ...(F ? fundamentalBindings(F) : { period_length: String(ell) }) },
          F ? "the fundamental solution of x² − D·y² = 1 is not the square of a unit of norm −1" : `the period of √D has even length ${ell}`,
        );
      }
    }
    if (undecided.length) return { verdict: "non_conclusion", bindings, reason: undecided.join("; ") };
    return { verdict: "accepted", bindings };
  },
  postcondition(req, f) {
    const b = f.bindings as Bindings;
    const D = req.D, claim = req.claim;
    const solves = (x: bigint, y: bigint, N: bigint) => x >= 1n && y >= 1n && x * x - D * y * y === N;
    if (f.verdict === "non_conclusion") return claim.negative && claim.negative.x === undefined && b.fundamental === undefined && b.period_length === undefined ? null : "undecided although the claim can be decided";
    if (f.verdict === "accepted") {
      if (b.failure !== undefined) return "an acceptance carries no failure";
      if (claim.x !== undefined && !solves(claim.x, claim.y!, 1n)) return "accepted a non-solution";
      if (claim.x !== undefined && (b.fundamental === undefined || (req.fundamental !== false && !b.fundamental))) return "an accepted solution is decided fundamental";
      return null;
    }
    const N = b.part === "negative" ? -1n : 1n;
    const [cx, cy] = b.part === "negative" ? [claim.negative?.x, claim.negative?.y] : [claim.x, claim.y];
    switch (b.failure) {
      case "not_a_solution":
        return cx !== undefined && BigInt(b.value!) === cx * cx - D * cy! * cy! && BigInt(b.value!) !== N ? null : "wrong value binding";
      case "not_fundamental": {
        if (cx === undefined || b.root_x === undefined) return "a non-fundamental solution is shown by its root";
        const a = BigInt(b.root_x), bb = BigInt(b.root_y!), k = Number(b.root_exponent);
        if (!decidePrimality(BigInt(k)).prime || !solves(a, bb, N)) return "the root is not a smaller solution with a prime exponent";
        const [px, py] = quadraticPower(D, a, bb, k);
        return px === cx && py === cy ? null : "the root's power is not the claimed solution";
      }
      case "negative_solvable":
        return b.negative_x !== undefined ? (solves(BigInt(b.negative_x), BigInt(b.negative_y!), -1n) ? null : "the −1 witness is not a solution") : b.period_length !== undefined && Number(b.period_length) % 2 === 1 ? null : "no witness";
      case "negative_unsolvable":
        if (b.fundamental_x !== undefined) {
          const F = { x: BigInt(b.fundamental_x), y: BigInt(b.fundamental_y!) };
          return solves(F.x, F.y, 1n) && negativeFrom(D, F) === undefined ? null : "the fundamental solution is the square of a −1 unit";
        }
        return b.period_length !== undefined && Number(b.period_length) % 2 === 0 ? null : "no witness";
      case "not_incomplete":
        // Any solution of at most max_digits digits refutes INCOMPLETE: the fundamental one is no larger.
        return b.fundamental_x !== undefined && solves(BigInt(b.fundamental_x), BigInt(b.fundamental_y!), 1n) && hasAtMostDigits(BigInt(b.fundamental_x), req.max_digits ?? DEFAULT_MAX_DIGITS)
          ? null
          : "no solution within max_digits shown";
      case "wrong_period":
      case "wrong_continued_fraction":
        return b.period_length !== undefined || b.period_exceeds !== undefined || b.term_index !== undefined ? null : "no witness";
      default:
        return "a rejection names its failure";
    }
  },
  examples: [
    { title: "(649, 180) is the fundamental solution for D = 13", payload: { D: "13", claim: { x: "649", y: "180" } }, expected: { verdict: "accepted", bindings: { fundamental: true } } },
    {
      title: "(17, 12) solves x² − 2y² = 1 but is (3 + 2√2)²",
      payload: { D: "2", claim: { x: "17", y: "12" } },
      expected: { verdict: "rejected", bindings: { failure: "not_fundamental", part: "solution", fundamental: false, root_x: "3", root_y: "2", root_exponent: "2" } },
    },
    {
      title: "claiming only a solution: (17, 12) is accepted, with fundamental = false",
      payload: { D: "2", claim: { x: "17", y: "12" }, fundamental: false },
      expected: { verdict: "accepted", bindings: { fundamental: false, root_x: "3", root_y: "2", root_exponent: "2", fundamental_x: "3", fundamental_y: "2" } },
    },
    {
      title: "the −1 equation: (18, 5) for D = 13",
      payload: { D: "13", claim: { negative: { solvable: true, x: "18", y: "5" } } },
      expected: { verdict: "accepted", bindings: { negative_fundamental: true } },
    },
    {
      title: "not a solution: 649² − 13·181² = −4692",
      payload: { D: "13", claim: { x: "649", y: "181" } },
      expected: { verdict: "rejected", bindings: { failure: "not_a_solution", part: "solution", value: "-4692" } },
    },
    {
      title: "the producer's whole value for D = 13, period and −1 solution included",
      payload: {
        D: "13",
        include_negative: true,
        include_period: true,
        claim: { status: "COMPLETE", x: "649", y: "180", period_length: "5", negative: { solvable: true, x: "18", y: "5" }, continued_fraction: { a0: "3", period: ["1", "1", "1", "1", "6"] }, steps: "3" },
      },
      expected: { verdict: "accepted", bindings: { fundamental: true, negative_fundamental: true, period_length: "5" } },
    },
    {
      title: "INCOMPLETE is refuted by a solution within the cap: D = 61 has x of 10 digits",
      payload: { D: "61", max_digits: 12, claim: { status: "INCOMPLETE", steps: "6" } },
      expected: { verdict: "rejected", bindings: { failure: "not_incomplete", fundamental_x: "1766319049", fundamental_y: "226153980", max_digits: 12 } },
    },
  ],
});
