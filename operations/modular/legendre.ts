import { type } from "arktype";
import { defineCompute } from "../../domain/declaration.js";
import { domainError } from "../../domain/errors.js";
import { jacobi, mod, modPow } from "../../domain/math/integer.js";
import { certainty } from "../../domain/math/modular.js";
import { decidePrimality } from "../../domain/math/primality.js";
import { integerString, positiveString, strict } from "../_support/wire.js";
import { bitsOf, Certainty, primalityCost, PROOF_WORK } from "./support.js";

const MAX_A_DIGITS = 10_000;
const MAX_P_DIGITS = 1000;

const Request = strict(
  type({
    a: integerString(MAX_A_DIGITS).describe("the integer a (at most 10,000 digits)"),
    prime: positiveString(MAX_P_DIGITS).describe("an odd prime p (at most 1000 digits); its primality is checked"),
  }),
);
const Result = strict(
  type({
    symbol: type("'-1' | '0' | '1'").describe("(a/p): 0 when p | a, 1 when a is a non-zero square modulo p, −1 otherwise"),
    certainty: Certainty,
  }),
);

export default defineCompute<typeof Request.infer, typeof Result.infer>({
  id: "modular.legendre.compute",
  version: "1.0.0",
  title: "Legendre symbol (a/p)",
  summary:
    "The Legendre symbol (a/p) for an odd prime p (up to 1000 digits): 1 if a is a non-zero quadratic residue modulo p, −1 if a non-residue, 0 if p | a. " +
    "p is tested (Baillie–PSW; deterministic below 3.3·10^24, above that a Pocklington proof is attempted — certainty says PROVEN or PROBABLE); a composite p is a DOMAIN_ERROR " +
    "(use modular.jacobi.compute), p = 2 too (use modular.kronecker.compute). Computed by quadratic reciprocity (binary Jacobi algorithm).",
  keywords: ["legendre symbol", "legendre", "quadratic residue", "quadratic character", "euler criterion", "reciprocity", "symbol", "mod p", "modular"],
  input_kinds: ["integer"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  request: Request,
  result: Result,
  effect: "read_only",
  providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic (Jacobi symbol, Baillie–PSW, Pocklington)" }],
  bounds: [
    { name: "a_digits", limit: MAX_A_DIGITS, unit: "decimal digits", description: "a has at most this many digits" },
    { name: "prime_digits", limit: MAX_P_DIGITS, unit: "decimal digits", description: "p has at most this many digits" },
  ],
  cost_model:
    "units = Baillie–PSW of p (4·bits·2(L² + 4), L = limbs of p) + a Pocklington attempt above 3.3·10^24 (at most 4·10^7 limb-weighted Pollard–Brent units) + bits(a)·bits(p)/64 for the reduction and the Jacobi algorithm",
  budget: { max_units: 3e9, max_memory_bytes: 64 * 2 ** 20, timeout_ms: 60_000 },
  preflight(req) {
    const bp = bitsOf(req.prime), ba = bitsOf(req.a);
    const proof = bp > 81 ? PROOF_WORK : 0;
    return { units: primalityCost(bp) + proof + (ba * bp) / 64 + (bp * bp) / 32, memory_bytes: (ba + bp) * 8 + 2 ** 16, basis: `p of ${req.prime.length} digits, a of ${req.a.replace("-", "").length} digits` };
  },
  ports: { inputs: {}, outputs: {} },
  execute(req, ctx) {
    const a = BigInt(req.a), p = BigInt(req.prime);
    if (p === 2n) throw domainError("the Legendre symbol is defined for odd primes; p = 2", "payload.prime", "use modular.kronecker.compute for (a/2)");
    const d = decidePrimality(p);
    if (!d.prime) throw domainError(`p = ${req.prime.length > 40 ? `a ${req.prime.length}-digit number` : req.prime} is not prime`, "payload.prime", "for a composite odd modulus use modular.jacobi.compute (the Jacobi symbol)");
    const c = certainty([{ prime: p, status: d.status }], { proofWork: PROOF_WORK, checkpoint: () => ctx.checkpoint() });
    const s = jacobi(a, p);
    return { symbol: String(s) as "-1" | "0" | "1", certainty: c };
  },
  postcondition(req, res) {
    // Euler's criterion, independently of reciprocity, while p is small enough for it to be cheap.
    const a = BigInt(req.a), p = BigInt(req.prime);
    if (req.prime.length > 300) return null;
    const e = modPow(mod(a, p), (p - 1n) / 2n, p);
    const expected = e === 0n ? "0" : e === 1n ? "1" : e === p - 1n ? "-1" : "?";
    return expected === res.symbol ? null : `Euler's criterion gives ${expected}`;
  },
  examples: [
    { title: "2 is a quadratic residue modulo 7 (3² = 9 ≡ 2)", payload: { a: "2", prime: "7" }, expected: { symbol: "1", certainty: "PROVEN" } },
    { title: "−1 is a non-residue modulo primes ≡ 3 (mod 4)", payload: { a: "-1", prime: "1000000007" }, expected: { symbol: "-1", certainty: "PROVEN" } },
    { title: "p divides a", payload: { a: "21", prime: "7" }, expected: { symbol: "0", certainty: "PROVEN" } },
    {
      title: "a 39-digit prime (the Mersenne prime 2^127 − 1) is proven by a Pocklington certificate",
      payload: { a: "3", prime: "170141183460469231731687303715884105727" },
      expected: { symbol: "-1", certainty: "PROVEN" },
    },
  ],
});
