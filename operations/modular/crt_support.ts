/**
 * Chinese remaindering: the request and answer shapes shared by modular.crt.compute and its
 * checker modular.crt.verify (whose claim is the producer's value). (Not a declaration.)
 */
import { type } from "arktype";
import { gcd } from "../../domain/math/integer.js";
import { bits, int, nat, pos } from "./support.js";
import { list, object } from "../_support/kinds.js";

export const CRT_KIND = "modular.crt";
export const CRT_MAX_DIGITS = 10_000;
export const CRT_MAX_CONGRUENCES = 1000;
/** The lcm has at most the sum of the moduli's digits. */
export const CRT_MAX_RESULT_DIGITS = CRT_MAX_DIGITS * CRT_MAX_CONGRUENCES;

export const Congruences = list(
  object({
    residue: int(CRT_MAX_DIGITS, "r_i, any integer (at most 10,000 digits)"),
    modulus: pos(CRT_MAX_DIGITS, "m_i ≥ 1 (at most 10,000 digits)"),
  }),
  CRT_MAX_CONGRUENCES,
  "the system x ≡ r_i (mod m_i); moduli need not be coprime (at most 1000 congruences)",
);
export type Congruence = { residue: bigint; modulus: bigint };

export const Index = type("0 <= number.integer < 1000");
const conflictPair = {
  first: Index.describe("index i of the first congruence of an incompatible pair"),
  second: Index.describe("index j of the second congruence (j > i in answers; any j ≠ i in claims)"),
};
const pairGcd = () => pos(CRT_MAX_DIGITS, "g = gcd(m_i, m_j), which does not divide r_i − r_j");
const lcmModulus = () => pos(CRT_MAX_RESULT_DIGITS, "M = lcm(m_i): the solutions are exactly x + k·M");
const CONFLICT = "a pair of congruences that no integer satisfies together: r_i ≢ r_j (mod gcd(m_i, m_j))";

/** The answer of modular.crt.compute. */
export const crtResultShapes = [
  { solvable: "true", residue: nat(CRT_MAX_RESULT_DIGITS, "the least non-negative solution x, 0 ≤ x < modulus"), modulus: lcmModulus() },
  { solvable: "false", conflict: type({ ...conflictPair, gcd: pairGcd() }).describe(CONFLICT) },
] as const;

/** The claim of modular.crt.verify: the answer unchanged, or with any representative and without the gcd. */
export const crtClaimShapes = [
  { solvable: "true", residue: int(CRT_MAX_RESULT_DIGITS, "a claimed solution x (any representative)"), modulus: lcmModulus() },
  { solvable: "false", conflict: type({ ...conflictPair, "gcd?": pairGcd() }).describe(CONFLICT) },
] as const;

/** lcm of the moduli by a plain gcd fold (not the producer's extended-gcd merge). */
export function lcmOf(cs: readonly Congruence[], checkpoint: () => void = () => {}): bigint {
  let L = 1n;
  cs.forEach(({ modulus: m }, i) => {
    if ((i & 63) === 63) checkpoint();
    L = (L / gcd(L, m)) * m;
  });
  return L;
}

/** Bits of all moduli together, and of all residues together. */
export function systemBits(cs: readonly Congruence[]): { moduli: number; residues: number } {
  let moduli = 0, residues = 0;
  for (const c of cs) {
    moduli += bits(c.modulus);
    residues += bits(c.residue);
  }
  return { moduli, residues };
}
