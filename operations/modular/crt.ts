import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { gcd, mod } from "../../domain/math/integer.js";
import { solveCrt } from "../../domain/math/modular.js";
import { naturalString, positiveString, strict } from "../_support/wire.js";
import { bitsOf, Congruences, CRT_MAX_CONGRUENCES as MAX_CONGRUENCES, CRT_MAX_DIGITS as MAX_DIGITS } from "./support.js";

/** The lcm has at most the sum of the moduli's digits. */
const MAX_RESULT_DIGITS = MAX_DIGITS * MAX_CONGRUENCES;

const Request = strict(type({ congruences: Congruences }));
const Index = type("0 <= number.integer < 1000");
const Result = strict(
  type({
    solvable: "true",
    residue: naturalString(MAX_RESULT_DIGITS).describe("the least non-negative solution x, 0 ≤ x < modulus"),
    modulus: positiveString(MAX_RESULT_DIGITS).describe("M = lcm(m_i): the solutions are exactly x + k·M"),
  }).or({
    solvable: "false",
    conflict: type({
      first: Index.describe("index i of the first congruence of an incompatible pair"),
      second: Index.describe("index j > i of the second congruence"),
      gcd: positiveString(MAX_DIGITS).describe("g = gcd(m_i, m_j), which does not divide r_i − r_j"),
    }).describe("a pair of congruences that no integer satisfies together: r_i ≢ r_j (mod gcd(m_i, m_j))"),
  }),
);
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export function crtCost(req: Req): { units: number; bits: number } {
  let bits = 0, rbits = 0;
  for (const c of req.congruences) {
    bits += bitsOf(c.modulus);
    rbits += bitsOf(c.residue);
  }
  // Merging step k costs about bits(M_k)·bits(m_k)/64² limb products for the gcd and the products: (Σ bits)²/4096 in all, with a constant for the extended gcd.
  return { units: (bits * bits) / 256 + (rbits * bits) / 4096 + 64 * req.congruences.length, bits };
}

export default defineCompute<Req, Res>({
  id: "modular.crt.compute",
  version: "1.0.0",
  title: "Chinese remainder theorem (general moduli)",
  summary:
    "Solves x ≡ r_i (mod m_i) for up to 1000 congruences with arbitrary positive moduli — coprime or not. Solvable: { solvable: true, residue, modulus } with modulus = lcm(m_i) " +
    "and the least non-negative solution. Unsolvable: the typed answer { solvable: false, conflict: { first, second, gcd } } naming a pair i < j with r_i ≢ r_j (mod gcd(m_i, m_j)) " +
    "(a system is solvable iff every pair is). The empty system gives x ≡ 0 (mod 1).",
  keywords: ["chinese remainder", "crt", "chinese remainder theorem", "congruences", "system of congruences", "simultaneous congruences", "non-coprime moduli", "lcm", "mod", "modular", "chinese"],
  input_kinds: ["integer"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic (extended Euclid)" }],
  bounds: [
    { name: "congruences", limit: MAX_CONGRUENCES, unit: "congruences", description: "at most this many congruences" },
    { name: "digits", limit: MAX_DIGITS, unit: "decimal digits", description: "each residue and modulus has at most this many digits" },
  ],
  cost_model: "units = (Σ bits(m_i))²/256 + (Σ bits(r_i))·(Σ bits(m_i))/4096 + 64·k: merging one congruence at a time costs an extended gcd and products with the running lcm",
  budget: { max_units: 2e9, max_memory_bytes: 256 * 2 ** 20, timeout_ms: 30_000 },
  preflight(req) {
    const { units, bits } = crtCost(req);
    return { units, memory_bytes: bits * 8 + req.congruences.length * 64, basis: `${req.congruences.length} congruences, moduli of ${bits} bits in all` };
  },
  ports: { inputs: {}, outputs: { residue: { field: "residue", kind: "integer", description: "the least non-negative solution (when solvable)" } } },
  execute(req, ctx): Res {
    const cs = req.congruences.map((c) => ({ residue: BigInt(c.residue), modulus: BigInt(c.modulus) }));
    const s = solveCrt(cs, () => ctx.checkpoint());
    if (s.solvable) return { solvable: true, residue: s.residue.toString(), modulus: s.modulus.toString() };
    return { solvable: false, conflict: { first: s.first, second: s.second, gcd: s.gcd.toString() } };
  },
  postcondition(req, res) {
    const cs = req.congruences.map((c) => ({ r: BigInt(c.residue), m: BigInt(c.modulus) }));
    if (!res.solvable) {
      const { first: i, second: j } = res.conflict;
      if (!(i < j && j < cs.length)) return "the conflict indices are out of range";
      const g = gcd(cs[i]!.m, cs[j]!.m);
      if (BigInt(res.conflict.gcd) !== g) return "the conflict gcd is wrong";
      return (cs[i]!.r - cs[j]!.r) % g !== 0n ? null : "the named pair is compatible";
    }
    const x = BigInt(res.residue), M = BigInt(res.modulus);
    if (x < 0n || x >= M) return "the residue is not in [0, modulus)";
    // lcm by a plain gcd fold (not the producer's extended-gcd merge)
    let L = 1n;
    for (const c of cs) L = (L / gcd(L, c.m)) * c.m;
    if (L !== M) return "the modulus is not the lcm of the moduli";
    for (const c of cs) if (mod(x - c.r, c.m) !== 0n) return "the residue violates a congruence";
    return null;
  },
  examples: [
    {
      title: "Sunzi's problem: x ≡ 2 (3), x ≡ 3 (5), x ≡ 2 (7)",
      payload: { congruences: [{ residue: "2", modulus: "3" }, { residue: "3", modulus: "5" }, { residue: "2", modulus: "7" }] },
      expected: { solvable: true, residue: "23", modulus: "105" },
    },
    {
      title: "non-coprime moduli: x ≡ 1 (4), x ≡ 3 (6) has solutions modulo lcm = 12",
      payload: { congruences: [{ residue: "1", modulus: "4" }, { residue: "3", modulus: "6" }] },
      expected: { solvable: true, residue: "9", modulus: "12" },
    },
    {
      title: "no solution: x ≡ 1 (4) and x ≡ 2 (6) disagree modulo gcd = 2",
      payload: { congruences: [{ residue: "5", modulus: "7" }, { residue: "1", modulus: "4" }, { residue: "2", modulus: "6" }] },
      expected: { solvable: false, conflict: { first: 1, second: 2, gcd: "2" } },
    },
    {
      title: "negative residues are fine",
      payload: { congruences: [{ residue: "-1", modulus: "1000000007" }, { residue: "-1", modulus: "998244353" }] },
      expected: { solvable: true, residue: "998244359987710470", modulus: "998244359987710471" },
    },
    { title: "the empty system", payload: { congruences: [] }, expected: { solvable: true, residue: "0", modulus: "1" } },
  ],
});
