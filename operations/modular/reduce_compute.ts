import { mod } from "../../domain/math/integer.js";
import { request, result } from "../_support/kinds.js";
import { modularCompute } from "./factory.js";
import { bits, int, limbs, nat, pos } from "./support.js";

const MAX_DIGITS = 100_000;

const Request = request({
  a: int(MAX_DIGITS, "the integer to reduce (at most 100,000 digits)"),
  modulus: pos(MAX_DIGITS, "the modulus m ≥ 1 (at most 100,000 digits)"),
});
const Result = result({
  residue: nat(MAX_DIGITS, "the canonical residue r = a mod m, 0 ≤ r < m"),
  quotient: int(MAX_DIGITS, "the floor quotient q = ⌊a/m⌋, so that a = q·m + r"),
  symmetric_residue: int(MAX_DIGITS, "the representative of a mod m in (−m/2, m/2]"),
});

export default modularCompute<typeof Request.infer, typeof Result.infer>({
  id: "modular.reduce.compute",
  title: "Reduce an integer modulo m",
  summary:
    "The canonical residue a mod m in [0, m) for any integer a and modulus m ≥ 1 (negative a included: −7 mod 3 = 2), with the floor quotient ⌊a/m⌋ (a = q·m + r) " +
    "and the symmetric representative in (−m/2, m/2]. Operands up to 100,000 digits.",
  keywords: ["mod", "modulo", "reduce", "reduction", "residue", "remainder", "canonical residue", "floor division", "quotient", "symmetric residue", "balanced", "congruence", "modular"],
  request: Request,
  result: Result,
  purpose: "exact bigint arithmetic",
  bounds: [{ name: "digits", limit: MAX_DIGITS, unit: "decimal digits", description: "a and m have at most this many digits each" }],
  cost_model: "units = limbs(a)·limbs(m) + limbs(a) (one long division, schoolbook; a limb is 64 bits)",
  budget: { max_units: 5e9, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 10_000 },
  preflight(req) {
    const ba = bits(req.a), bm = bits(req.modulus);
    const la = limbs(ba), lm = limbs(bm);
    return { units: la * lm + la, memory_bytes: (la + lm) * 8 * 4, basis: `a of ${ba} bits, m of ${bm} bits` };
  },
  ports: {
    inputs: { a: { field: "a", description: "the integer to reduce" } },
    outputs: { residue: { field: "residue", description: "a mod m in [0, m)" } },
  },
  execute({ a, modulus: m }) {
    const r = mod(a, m);
    return { residue: r, quotient: (a - r) / m, symmetric_residue: 2n * r > m ? r - m : r };
  },
  postcondition({ a, modulus: m }, { residue: r, quotient: q, symmetric_residue: s }) {
    if (r < 0n || r >= m) return "the residue is not in [0, m)";
    if (q * m + r !== a) return "a ≠ q·m + r";
    if ((s - r) % m !== 0n || 2n * s > m || 2n * s <= -m) return "the symmetric residue is wrong";
    return null;
  },
  examples: [
    { title: "a negative number", payload: { a: "-7", modulus: "3" }, expected: { residue: "2", quotient: "-3", symmetric_residue: "-1" } },
    { title: "2^64 mod 1000000007", payload: { a: "18446744073709551616", modulus: "1000000007" }, expected: { residue: "582344008", quotient: "18446743944", symmetric_residue: "-417655999" } },
    { title: "everything is 0 modulo 1", payload: { a: "123456789", modulus: "1" }, expected: { residue: "0", quotient: "123456789", symmetric_residue: "0" } },
    { title: "the symmetric residue takes m/2, not −m/2", payload: { a: "5", modulus: "10" }, expected: { residue: "5", quotient: "0", symmetric_residue: "5" } },
  ],
});
