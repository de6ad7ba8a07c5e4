import { gcd, mod } from "../../domain/math/integer.js";
import { solveCrt } from "../../domain/math/modular.js";
import { request } from "../_support/kinds.js";
import { Congruences, CRT_KIND, CRT_MAX_CONGRUENCES, CRT_MAX_DIGITS, crtResultShapes, lcmOf, systemBits } from "./crt_support.js";
import { modularCompute } from "./factory.js";
import { oneOf } from "./support.js";

const Request = request({ congruences: Congruences });
const Result = oneOf(crtResultShapes, CRT_KIND);
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default modularCompute<Req, Res>({
  id: "modular.crt.compute",
  title: "Chinese remainder theorem (general moduli)",
  summary:
    "Solves x ≡ r_i (mod m_i) for up to 1000 congruences with arbitrary positive moduli — coprime or not. Solvable: { solvable: true, residue, modulus } with modulus = lcm(m_i) " +
    "and the least non-negative solution. Unsolvable: the typed answer { solvable: false, conflict: { first, second, gcd } } naming a pair i < j with r_i ≢ r_j (mod gcd(m_i, m_j)) " +
    "(a system is solvable iff every pair is). The empty system gives x ≡ 0 (mod 1). The whole answer is published on the `crt` port; modular.crt.verify takes it as its claim.",
  keywords: ["chinese remainder", "crt", "chinese remainder theorem", "congruences", "system of congruences", "simultaneous congruences", "non-coprime moduli", "lcm", "mod", "modular", "chinese"],
  request: Request,
  result: Result,
  purpose: "exact bigint arithmetic (extended Euclid)",
  bounds: [
    { name: "congruences", limit: CRT_MAX_CONGRUENCES, unit: "congruences", description: "at most this many congruences" },
    { name: "digits", limit: CRT_MAX_DIGITS, unit: "decimal digits", description: "each residue and modulus has at most this many digits" },
  ],
  cost_model: "units = (Σ bits(m_i))²/256 + (Σ bits(r_i))·(Σ bits(m_i))/4096 + 64·k: merging one congruence at a time costs an extended gcd and products with the running lcm",
  budget: { max_units: 2e9, max_memory_bytes: 256 * 2 ** 20, timeout_ms: 30_000 },
  preflight({ congruences: cs }) {
    const b = systemBits(cs);
    return { units: (b.moduli * b.moduli) / 256 + (b.residues * b.moduli) / 4096 + 64 * cs.length, memory_bytes: b.moduli * 8 + cs.length * 64, basis: `${cs.length} congruences, moduli of ${b.moduli} bits in all` };
  },
  ports: {
    outputs: {
      crt: { field: ".", description: "the whole answer (solution or conflict): the claim of modular.crt.verify" },
      residue: { field: "residue", description: "the least non-negative solution (when solvable)" },
    },
  },
  execute({ congruences }, ctx): Res {
    const s = solveCrt(congruences, () => ctx.checkpoint());
    if (s.solvable) return { solvable: true, residue: s.residue, modulus: s.modulus };
    return { solvable: false, conflict: { first: s.first, second: s.second, gcd: s.gcd } };
  },
  postcondition({ congruences: cs }, res) {
    if (!res.solvable) {
      const { first: i, second: j, gcd: g } = res.conflict;
      if (!(i < j && j < cs.length)) return "the conflict indices are out of range";
      if (g !== gcd(cs[i]!.modulus, cs[j]!.modulus)) return "the conflict gcd is wrong";
      return (cs[i]!.residue - cs[j]!.residue) % g !== 0n ? null : "the named pair is compatible";
    }
    const { residue: x, modulus: M } = res;
    if (x < 0n || x >= M) return "the residue is not in [0, modulus)";
    if (lcmOf(cs) !== M) return "the modulus is not the lcm of the moduli";
    for (const c of cs) if (mod(x - c.residue, c.modulus) !== 0n) return "the residue violates a congruence";
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
