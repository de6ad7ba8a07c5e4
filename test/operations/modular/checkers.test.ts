import { expect } from "chai";
import fc from "fast-check";
import type { Json } from "../../../domain/json.js";
import { gcd, mod, modPow } from "../../../domain/math/integer.js";
import type { RunOutcome } from "../../../domain/outcome.js";
import { testJacobian } from "../../support/runtime.js";

type Value = Record<string, any>;

function valueOf(o: RunOutcome): Value {
  expect(o.outcome, JSON.stringify(o).slice(0, 500)).to.equal("completed");
  return (o as { value: Value }).value;
}

/** Producer → checker round trips, and tampered claims, for the three modular checkers. */
describe("modular checkers", function () {
  this.timeout(60_000);
  // pool: false — the math is the same inline, and the suite does not pay for worker start-up
  const j = testJacobian({ packs: ["modular"], pool: false });
  after(() => j.close());
  const run = async (id: string, payload: Record<string, unknown>) => valueOf(await j.run(id, payload as Record<string, Json>));

  describe("modular.crt.verify", () => {
    const congruence = fc.record({ residue: fc.bigInt(-500n, 500n), modulus: fc.bigInt(1n, 90n) });
    it("accepts every modular.crt.compute result, and rejects shifted residues, scaled moduli and swapped conflict pairs", async () => {
      await fc.assert(
        fc.asyncProperty(fc.array(congruence, { minLength: 1, maxLength: 5 }), async (cs) => {
          const congruences = cs.map((c) => ({ residue: c.residue.toString(), modulus: c.modulus.toString() }));
          const res = await run("modular.crt.compute", { congruences });
          const ok = await run("modular.crt.verify", { congruences, claim: res });
          expect(ok.verdict, JSON.stringify([congruences, res])).to.equal("accepted");
          if (res.solvable) {
            const M = BigInt(res.modulus);
            if (M > 1n) {
              const bad = await run("modular.crt.verify", { congruences, claim: { ...res, residue: (BigInt(res.residue) + 1n).toString() } });
              expect(bad.verdict).to.equal("rejected");
              expect(bad.bindings.failure).to.equal("violates_congruence");
            }
            const wide = await run("modular.crt.verify", { congruences, claim: { ...res, modulus: (2n * M).toString() } });
            expect([wide.verdict, wide.bindings.failure, wide.bindings.lcm]).to.deep.equal(["rejected", "not_lcm", M.toString()]);
          } else {
            // every compatible pair named as a conflict is rejected
            for (let i = 0; i < cs.length; i++)
              for (let k = i + 1; k < cs.length; k++) {
                const g = gcd(cs[i]!.modulus, cs[k]!.modulus);
                if ((cs[i]!.residue - cs[k]!.residue) % g !== 0n) continue;
                const v = await run("modular.crt.verify", { congruences, claim: { solvable: false, conflict: { first: i, second: k } } });
                expect([v.verdict, v.bindings.failure]).to.deep.equal(["rejected", "pair_compatible"]);
              }
          }
        }),
        { numRuns: 60 },
      );
    });
  });

  describe("modular.discrete_log.verify", () => {
    it("accepts every modular.discrete_log.compute answer (solutions and no-solution witnesses) and rejects tampered ones", async () => {
      let witnesses = 0;
      await fc.assert(
        fc.asyncProperty(fc.bigInt(2n, 5000n), fc.bigInt(0n, 5000n), fc.bigInt(0n, 5000n), fc.boolean(), async (m, g, k, power) => {
          const h = power ? modPow(g, k, m) : k;
          const payload = { base: g.toString(), target: h.toString(), modulus: m.toString() };
          const res = await run("modular.discrete_log.compute", payload);
          expect(res.status).to.equal("COMPLETE");
          const ok = await run("modular.discrete_log.verify", { ...payload, claim: res });
          expect(ok.verdict, JSON.stringify([payload, res, ok])).to.equal("accepted");
          if (res.solvable) {
            const wrong = await run("modular.discrete_log.verify", { ...payload, claim: { solvable: true, log: (BigInt(res.log) + 1n).toString() } });
            // log + 1 can only be a solution when g^(log+1) ≡ h as well (e.g. g ≡ 1 or a fixed point)
            if (modPow(g, BigInt(res.log) + 1n, m) !== mod(h, m)) expect([wrong.verdict, wrong.bindings.failure]).to.deep.equal(["rejected", "not_a_solution"]);
            if (res.period !== undefined) {
              const later = await run("modular.discrete_log.verify", { ...payload, claim: { ...res, log: (BigInt(res.log) + BigInt(res.period)).toString() } });
              expect([later.verdict, later.bindings.failure]).to.deep.equal(["rejected", "not_least"]);
            }
          } else {
            witnesses++;
            const w = res.witness;
            if (w.kind === "order") {
              // modulo 1 there is no contradiction to be had: the tampered witness must be rejected
              const v = await run("modular.discrete_log.verify", { ...payload, claim: { solvable: false, witness: { ...w, modulus: "1" } } });
              expect([v.verdict, v.bindings.failure]).to.deep.equal(["rejected", "invalid_witness"]);
            }
          }
        }),
        { numRuns: 150 },
      );
      expect(witnesses).to.be.greaterThan(5);
    });

    it("no order witness is ever accepted for a solvable instance (soundness against random witnesses)", async () => {
      await fc.assert(
        fc.asyncProperty(fc.bigInt(3n, 3000n), fc.bigInt(1n, 3000n), fc.bigInt(0n, 100n), fc.bigInt(1n, 3000n), fc.bigInt(1n, 200n), async (m, g, k, d, N) => {
          if (gcd(g, m) !== 1n) return;
          const h = modPow(g, k, m);
          const div = gcd(d, m);
          const claim = { solvable: false, witness: { kind: "order", forced_modulus: "1", forced_log: "0", forced_order: "1", forced_order_factorization: [], modulus: div.toString(), exponent: N.toString() } };
          const v = await run("modular.discrete_log.verify", { base: g.toString(), target: h.toString(), modulus: m.toString(), claim });
          expect(v.verdict).to.equal("rejected");
        }),
        { numRuns: 150 },
      );
    });

    it("checks the vanishing witness of a non-unit base", async () => {
      // 2^x mod 24: 1, 2, 4, 8, 16, 8, 16, … never 3; T = 3 with d = 8: 2^3 ≡ 0 (mod 8), 3 ≢ 0.
      const ok = await run("modular.discrete_log.verify", { base: "2", target: "3", modulus: "24", claim: { solvable: false, witness: { kind: "vanishing", divisor: "8", threshold: 3 } } });
      expect(ok.verdict).to.equal("accepted");
      // 2^2 = 4 is a solution below T: the witness must fail
      const bad = await run("modular.discrete_log.verify", { base: "2", target: "4", modulus: "24", claim: { solvable: false, witness: { kind: "vanishing", divisor: "8", threshold: 3 } } });
      expect([bad.verdict, bad.bindings.failure]).to.deep.equal(["rejected", "invalid_witness"]);
    });
  });

  describe("modular.sqrt_mod.verify", () => {
    it("accepts every modular.sqrt_mod.compute answer; rejects dropped roots, wrong counts, non-roots and false 'no root' claims", async () => {
      await fc.assert(
        fc.asyncProperty(fc.bigInt(1n, 400_000n), fc.bigInt(-(10n ** 6n), 10n ** 6n), fc.boolean(), async (n, x, square) => {
          const a = square ? mod(x * x, n) : x;
          const payload = { a: a.toString(), modulus: n.toString() };
          const res = await run("modular.sqrt_mod.compute", { ...payload, max_roots: 10000 });
          const ok = await run("modular.sqrt_mod.verify", { ...payload, claim: res });
          expect(ok.verdict, JSON.stringify([payload, res, ok])).to.equal("accepted");
          if (!res.solvable) {
            const noWitness = await run("modular.sqrt_mod.verify", { ...payload, claim: { solvable: false } });
            expect(noWitness.verdict).to.equal("accepted");
            return;
          }
          const roots: string[] = res.roots;
          if (roots.length > 1 && res.roots_complete) {
            const { count: _count, ...rest } = res;
            const dropped = await run("modular.sqrt_mod.verify", { ...payload, claim: { ...rest, roots: roots.slice(1) } });
            expect([dropped.verdict, dropped.bindings.failure]).to.deep.equal(["rejected", "incomplete_roots"]);
          }
          const wrongCount = await run("modular.sqrt_mod.verify", { ...payload, claim: { solvable: true, roots: [], count: (BigInt(res.count) + 1n).toString() } });
          expect([wrongCount.verdict, wrongCount.bindings.failure, wrongCount.bindings.count]).to.deep.equal(["rejected", "wrong_count", res.count]);
          const noRoot = await run("modular.sqrt_mod.verify", { ...payload, claim: { solvable: false } });
          expect([noRoot.verdict, noRoot.bindings.failure]).to.deep.equal(["rejected", "has_roots"]);
          const r0 = BigInt(roots[0]!);
          if (mod((r0 + 1n) ** 2n - a, n) !== 0n) {
            const nonRoot = await run("modular.sqrt_mod.verify", { ...payload, claim: { solvable: true, roots: [(r0 + 1n).toString()] } });
            expect([nonRoot.verdict, nonRoot.bindings.failure]).to.deep.equal(["rejected", "not_a_root"]);
          }
          if (n > 1n) {
            const dup = await run("modular.sqrt_mod.verify", { ...payload, claim: { solvable: true, roots: [roots[0]!, (r0 + n).toString()] } });
            expect([dup.verdict, dup.bindings.failure]).to.deep.equal(["rejected", "duplicate_root"]);
          }
        }),
        { numRuns: 80 },
      );
    });

    it("rejects witnesses that do not hold", async () => {
      for (const [a, n, w] of [
        ["4", "15", { reason: "legendre", divisor: "5", prime: "5", valuation: "0" }], // 4 is a square mod 5
        ["2", "15", { reason: "legendre", divisor: "7", prime: "7", valuation: "0" }], // 7 ∤ 15
        ["3", "45", { reason: "odd_valuation", divisor: "9", prime: "3", valuation: "2" }], // v_3(3) = 1
        ["9", "16", { reason: "mod_8", divisor: "16", prime: "2", valuation: "0" }], // 9 ≡ 1 (mod 8)
        ["2", "15", { reason: "jacobi", divisor: "15" }], // (2/15) = 1
      ] as const) {
        const v = await run("modular.sqrt_mod.verify", { a, modulus: n, claim: { solvable: false, witness: w } });
        expect([v.verdict, v.bindings.failure], `${a} mod ${n}`).to.deep.equal(["rejected", "invalid_witness"]);
      }
      // (2/35) = (2/5)(2/7) = −1: a valid Jacobi witness without any factorization
      const ok = await run("modular.sqrt_mod.verify", { a: "2", modulus: "35", claim: { solvable: false, witness: { reason: "jacobi", divisor: "35" } } });
      expect(ok.verdict).to.equal("accepted");
    });

    it("counting needs a factorization: an unfactorable modulus gives non_conclusion, a listed root alone is still accepted", async function () {
      this.timeout(60_000);
      // n = p·q with two 60-digit primes: far beyond the quick factorization budget
      const p = 100000000000000000000000000000000000000000000000000000001009n, q = 300000000000000000000000000000000000000000000000000000001117n;
      const n = p * q;
      const x = 123456789123456789n;
      const a = mod(x * x, n);
      const plain = await run("modular.sqrt_mod.verify", { a: a.toString(), modulus: n.toString(), claim: { solvable: true, roots: [x.toString()] } });
      expect(plain.verdict).to.equal("accepted");
      // effort quick: the checker's own factoring gives up in about a quarter second (standard would take ten).
      const counted = await run("modular.sqrt_mod.verify", { a: a.toString(), modulus: n.toString(), effort: "quick", claim: { solvable: true, roots: [x.toString()], count: "4" } });
      expect([counted.verdict, counted.bindings.unfactored]).to.deep.equal(["non_conclusion", n.toString()]);
    });

    // Found by the MCP fuzzer: witness fields were free strings (BigInt("1.0") → INTERNAL) and the
    // prime 1 made the divisor loop spin forever.
    it("refuses non-numeric witness fields as INVALID_PAYLOAD and rejects the prime 1 without spinning", async function () {
      for (const witness of [
        { reason: "legendre", divisor: "1.0", prime: "3", valuation: "0" },
        { reason: "legendre", divisor: "3", prime: "x", valuation: "0" },
        { reason: "legendre", divisor: "3", prime: "3", valuation: "-1" },
        { reason: "jacobi", divisor: "1" + "0".repeat(500) },
      ]) {
        const o = await j.run("modular.sqrt_mod.verify", { a: "2", modulus: "15", claim: { solvable: false, witness } });
        expect(o.outcome, JSON.stringify(witness).slice(0, 80)).to.equal("failed");
        expect((o as { error: { code: string } }).error.code).to.equal("INVALID_PAYLOAD");
      }
      // In a worker with a short budget, so that a regression times out instead of hanging the suite.
      const pooled = testJacobian({ packs: ["modular"], pool: { threads: 1, inlineMaxUnits: 0 }, budgets: { "modular.sqrt_mod.verify": { timeout_ms: 5000 } } });
      try {
        const o = await pooled.run("modular.sqrt_mod.verify", { a: "2", modulus: "15", claim: { solvable: false, witness: { reason: "legendre", divisor: "3", prime: "1", valuation: "0" } } });
        const v = valueOf(o);
        expect([v.verdict, v.bindings.failure]).to.deep.equal(["rejected", "invalid_witness"]);
      } finally {
        await pooled.close();
      }
    });
  });
});
