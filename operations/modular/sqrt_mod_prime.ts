import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { domainError } from "../../domain/errors.js";
import { jacobi, mod } from "../../domain/math/integer.js";
import { certainty, sqrtModPrime } from "../../domain/math/modular.js";
import { decidePrimality } from "../../domain/math/primality.js";
import { integerString, naturalString, positiveString, strict } from "../_support/wire.js";
import { bitsOf, Certainty, mulCost, primalityCost, PROOF_WORK } from "./support.js";

const MAX_A_DIGITS = 10_000;
const MAX_P_DIGITS = 1000;

const Request = strict(
  type({
    a: integerString(MAX_A_DIGITS).describe("the integer a whose square roots are wanted (at most 10,000 digits)"),
    prime: positiveString(MAX_P_DIGITS).describe("a prime p (at most 1000 digits); its primality is checked"),
  }),
);
const Result = strict(
  type({
    solvable: type("boolean").describe("whether x² ≡ a (mod p) has a solution"),
    roots: naturalString(MAX_P_DIGITS).array().atMostLength(2).describe("all solutions in [0, p), ascending: none, [0] when p | a, one for p = 2, else two (r and p − r)"),
    certainty: Certainty,
  }),
);
type Req = typeof Request.infer;
type Res = typeof Result.infer;

export default defineCompute<Req, Res>({
  id: "modular.sqrt_mod_prime.compute",
  version: "1.0.0",
  title: "Square roots modulo a prime",
  summary:
    "All x in [0, p) with x² ≡ a (mod p) for a prime p up to 1000 digits: none when a is a non-residue ((a/p) = −1), [0] when p | a, else the two roots r < p − r. " +
    "p ≡ 3 (mod 4): a^((p+1)/4); p ≡ 5 (mod 8): Atkin's formula; otherwise Tonelli–Shanks, or Cipolla when the 2-adic valuation s of p − 1 is large (s² > 8·log2 p). " +
    "p is tested (deterministic below 3.3·10^24, above that Baillie–PSW plus a Pocklington attempt: certainty PROVEN or PROBABLE); a composite p is a DOMAIN_ERROR (use modular.sqrt_mod.compute).",
  keywords: ["square root", "modular square root", "sqrt mod p", "tonelli shanks", "tonelli", "cipolla", "quadratic residue", "quadratic congruence", "x^2 = a mod p", "roots", "modular"],
  input_kinds: ["integer"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic (Tonelli–Shanks, Cipolla, Baillie–PSW)" }],
  bounds: [
    { name: "a_digits", limit: MAX_A_DIGITS, unit: "decimal digits", description: "a has at most this many digits" },
    { name: "prime_digits", limit: MAX_P_DIGITS, unit: "decimal digits", description: "p has at most this many digits" },
  ],
  cost_model:
    "units = Baillie–PSW of p + a Pocklington attempt above 3.3·10^24 (at most 4·10^7 limb-weighted Pollard–Brent units) + 12·bits(p) modular multiplications (the root: an exponentiation, or Cipolla's F_{p²} ladder), each 2(L² + 4) for L limbs of p",
  budget: { max_units: 3e9, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 60_000 },
  preflight(req) {
    const bp = bitsOf(req.prime), ba = bitsOf(req.a);
    const proof = bp > 81 ? PROOF_WORK : 0;
    return { units: primalityCost(bp) + proof + 12 * bp * mulCost(bp) + (ba * bp) / 4096, memory_bytes: (ba + bp) * 8 + 2 ** 16, basis: `p of ${req.prime.length} digits` };
  },
  ports: { inputs: {}, outputs: {} },
  execute(req, ctx): Res {
    const a = BigInt(req.a), p = BigInt(req.prime);
    const d = decidePrimality(p);
    if (!d.prime) throw domainError(`p = ${req.prime.length > 40 ? `a ${req.prime.length}-digit number` : req.prime} is not prime`, "payload.prime", "for a composite modulus use modular.sqrt_mod.compute");
    const checkpoint = () => ctx.checkpoint();
    const c = certainty([{ prime: p, status: d.status }], { proofWork: PROOF_WORK, checkpoint });
    const roots = sqrtModPrime(a, p, checkpoint);
    return { solvable: roots.length > 0, roots: roots.map(String), certainty: c };
  },
  postcondition(req, res) {
    const a = BigInt(req.a), p = BigInt(req.prime);
    const rs = res.roots.map(BigInt);
    if (res.solvable !== rs.length > 0) return "solvable disagrees with the roots";
    for (let i = 0; i < rs.length; i++) {
      if (rs[i]! < 0n || rs[i]! >= p) return "a root is not in [0, p)";
      if (mod(rs[i]! * rs[i]! - a, p) !== 0n) return "a root does not square to a";
      if (i > 0 && rs[i]! <= rs[i - 1]!) return "the roots are not strictly ascending";
    }
    const ar = mod(a, p);
    const expected = ar === 0n || p === 2n ? 1 : jacobi(ar, p) === 1 ? 2 : 0;
    return rs.length === expected ? null : `expected ${expected} roots`;
  },
  examples: [
    { title: "x² ≡ 2 (mod 7): x = 3, 4", payload: { a: "2", prime: "7" }, expected: { solvable: true, roots: ["3", "4"], certainty: "PROVEN" } },
    { title: "3 is a non-residue modulo 7", payload: { a: "3", prime: "7" }, expected: { solvable: false, roots: [], certainty: "PROVEN" } },
    { title: "p | a: the only root is 0", payload: { a: "14", prime: "7" }, expected: { solvable: true, roots: ["0"], certainty: "PROVEN" } },
    {
      title: "Tonelli–Shanks territory: p = 998244353 = 119·2^23 + 1",
      payload: { a: "2", prime: "998244353" },
      expected: { solvable: true, roots: ["116195171", "882049182"], certainty: "PROVEN" },
    },
    {
      title: "a 39-digit prime (2^127 − 1 ≡ 3 mod 4)",
      payload: { a: "11", prime: "170141183460469231731687303715884105727" },
      expected: { solvable: true, roots: ["18756936442469208154408315811770624301", "151384247018000023577278987904113481426"], certainty: "PROVEN" },
    },
  ],
});
