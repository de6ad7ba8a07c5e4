import { expect } from "chai";
import type { RunOutcome } from "../../../domain/outcome.js";
import { testJacobian } from "../../support/runtime.js";

type Value = Record<string, any>;

function valueOf(o: RunOutcome): Value {
  expect(o.outcome, JSON.stringify(o).slice(0, 500)).to.equal("completed");
  return (o as { value: Value }).value;
}

function failure(o: RunOutcome): { code: string; path?: string; hint?: string } {
  expect(o.outcome, JSON.stringify(o).slice(0, 500)).to.equal("failed");
  return (o as { error: { code: string; path?: string; hint?: string } }).error;
}

/** Two 60-digit primes: their product is far beyond the factorization budget. */
const P60 = 100000000000000000000000000000000000000000000000000000001009n;
const Q60 = 300000000000000000000000000000000000000000000000000000001117n;

describe("modular pack: domain errors, bounds, budgets and typed incomplete answers", function () {
  this.timeout(60_000);
  const j = testJacobian({ packs: ["modular"], pool: false });
  after(() => j.close());

  it("fails closed on malformed payloads with INVALID_PAYLOAD and the JSON path", async () => {
    for (const [id, payload, path] of [
      ["modular.reduce.compute", { a: "5", modulus: "0" }, "payload.modulus"],
      ["modular.reduce.compute", { a: "-0", modulus: "3" }, "payload.a"],
      ["modular.inverse.compute", { a: "007", modulus: "3" }, "payload.a"],
      ["modular.power.compute", { base: "2", exponent: "1e3", modulus: "7" }, "payload.exponent"],
      ["modular.crt.compute", { congruences: [{ residue: "1", modulus: "-4" }] }, "payload.congruences[0].modulus"],
      ["modular.sqrt_mod.compute", { a: "1", modulus: "15", max_roots: 0 }, "payload.max_roots"],
    ] as const) {
      const e = failure(await j.run(id, payload as Record<string, unknown>));
      expect(e.code, `${id} ${JSON.stringify(payload)}`).to.equal("INVALID_PAYLOAD");
      expect(e.path).to.equal(path);
    }
    const extra = failure(await j.run("modular.discrete_log.compute", { base: "2", target: "3", modulus: "101", extra: "1" }));
    expect([extra.code, extra.path]).to.deep.equal(["UNKNOWN_ARGUMENT", "payload.extra"]);
  });

  it("reports domain errors with a path and a hint", async () => {
    const cases = [
      ["modular.power.compute", { base: "6", exponent: "-1", modulus: "15" }, "payload.base"],
      ["modular.legendre.compute", { a: "2", prime: "15" }, "payload.prime"],
      ["modular.legendre.compute", { a: "2", prime: "2" }, "payload.prime"],
      ["modular.sqrt_mod_prime.compute", { a: "2", prime: "561" }, "payload.prime"],
      ["modular.jacobi.compute", { a: "2", n: "10" }, "payload.n"],
      ["modular.multiplicative_order.compute", { a: "6", modulus: "15" }, "payload.a"],
    ] as const;
    for (const [id, payload, path] of cases) {
      const e = failure(await j.run(id, payload));
      expect([e.code, e.path], id).to.deep.equal(["DOMAIN_ERROR", path]);
      expect(e.hint, id).to.be.a("string");
    }
  });

  it("refuses oversized work in preflight (RESOURCE_REFUSED), before computing", async () => {
    const big = "9".repeat(10_000);
    const t = Date.now();
    const o = await j.run("modular.power.compute", { base: "3", exponent: big, modulus: big });
    expect(o.outcome).to.equal("non_conclusion");
    if (o.outcome === "non_conclusion") expect(o.reason.code).to.equal("RESOURCE_REFUSED");
    expect(Date.now() - t).to.be.lessThan(2000);
    // the digit caps themselves are schema bounds
    const over = failure(await j.run("modular.reduce.compute", { a: "1".repeat(100_001), modulus: "7" }));
    expect(over.code).to.equal("INVALID_PAYLOAD");
  });

  it("exponents of thousands of digits are fine", async () => {
    const e = "7".repeat(5000);
    const v = valueOf(await j.run("modular.power.compute", { base: "2", exponent: e, modulus: "1000000007" }));
    // 2^(p−1) ≡ 1: reduce the exponent modulo p − 1 with the reduce operation, then compare
    const red = valueOf(await j.run("modular.reduce.compute", { a: e, modulus: "1000000006" }));
    const w = valueOf(await j.run("modular.power.compute", { base: "2", exponent: red.residue, modulus: "1000000007" }));
    expect(v.residue).to.equal(w.residue);
  });

  it("answers INCOMPLETE (not a guess) when the modulus cannot be factored within budget", async () => {
    // effort quick: the budget runs out in about a quarter second per call (standard would take ten).
    const n = (P60 * Q60).toString();
    const x = 123456789123456789n;
    const a = ((x * x) % (P60 * Q60)).toString();
    const s = valueOf(await j.run("modular.sqrt_mod.compute", { a, modulus: n, effort: "quick" }));
    expect([s.status, s.unfactored]).to.deep.equal(["INCOMPLETE", n]);
    const d = valueOf(await j.run("modular.discrete_log.compute", { base: "2", target: "3", modulus: n, effort: "quick" }));
    expect([d.status, d.stage]).to.deep.equal(["INCOMPLETE", "modulus"]);
    // … while what the known facts already decide is still decided:
    // an unfactored odd part that is not a prime power rules out a primitive root,
    const pr = valueOf(await j.run("modular.primitive_root.compute", { modulus: n, effort: "quick" }));
    expect([pr.status, pr.exists]).to.deep.equal(["COMPLETE", false]);
    // and a Jacobi symbol −1 on the unfactored part proves a non-square ((2/pq) = −1), whereas for a = x² above nothing is decided.
    const no = valueOf(await j.run("modular.quadratic_residue.compute", { a: "2", modulus: n, effort: "quick" }));
    expect([no.status, no.square, no.witness]).to.deep.equal(["COMPLETE", false, { reason: "jacobi", divisor: n }]);
    // and a that is the square of an integer has that integer as a root whatever n is.
    const yes = valueOf(await j.run("modular.quadratic_residue.compute", { a, modulus: n, effort: "quick" }));
    expect([yes.status, yes.square, yes.root, yes.root_is_least]).to.deep.equal(["COMPLETE", true, x.toString(), false]);
  });

  it("factors moduli with the integer operations' budget (issue 8): 46–61-digit moduli that the old 3·10^5 budget left INCOMPLETE", async () => {
    const both = testJacobian({ packs: ["modular", "integer"], pool: false });
    try {
      // [p, q, effort]: a 46-digit balanced semiprime (SIQS), a 61-digit n with a 13-digit factor (ECM, within quick) and a 60-digit n with a 15-digit factor (ECM, standard).
      const cases: [bigint, bigint, "quick" | "standard" | undefined][] = [
        [10000000000000000012387n, 300000000000000000006827n, undefined],
        [3000000000793n, 700000000000000000000000000000000000000000000081n, "quick"],
        [100000000000777n, 7000000000000000000000000000000000000000000369n, undefined],
      ];
      for (const [p, q, effort] of cases) {
        const n = p * q;
        const x = 10n ** 20n + 39n;
        const a = (x * x) % n;
        const payload = { a: a.toString(), modulus: n.toString(), ...(effort ? { effort } : {}) };
        const s = valueOf(await both.run("modular.sqrt_mod.compute", payload));
        expect([s.status, s.solvable, s.count], `n = ${n}`).to.deep.equal(["COMPLETE", true, "4"]);
        expect(s.factorization).to.deep.equal([{ prime: p.toString(), exponent: "1" }, { prime: q.toString(), exponent: "1" }]);
        for (const r of s.roots) expect((BigInt(r) * BigInt(r) - a) % n).to.equal(0n);
        expect(s.roots).to.include(x.toString());
        // the same effort factors the same n in the integer pack
        const f = valueOf(await both.run("integer.prime_factorization.compute", { n: n.toString(), ...(effort ? { effort } : {}) }));
        expect([f.status, f.factors.map((e: { prime: string }) => e.prime)]).to.deep.equal(["COMPLETE", [p.toString(), q.toString()]]);
      }
    } finally {
      await both.close();
    }
  });

  it("a discrete log whose group order has a prime factor near 10^20 completes (index calculus); near 5·10^29 (p above 2^80) it is INCOMPLETE (step budget), at once", async () => {
    // p = 2q + 1, q = 100000000000000001243: PARI/GP's znlog(7, Mod(3, p)) = 18063375804462924742, znorder = q
    const v = valueOf(await j.run("modular.discrete_log.compute", { base: "3", target: "7", modulus: "200000000000000002487" }));
    expect([v.status, v.solvable, v.log, v.period, v.certainty]).to.deep.equal(["COMPLETE", true, "18063375804462924742", "100000000000000001243", "PROVEN"]);
    const t = Date.now();
    const big = valueOf(await j.run("modular.discrete_log.compute", { base: "3", target: "7", modulus: "1000000000000000000000000001783" }));
    expect([big.status, big.stage, big.prime]).to.deep.equal(["INCOMPLETE", "step_budget", "500000000000000000000000000891"]);
    expect(big.reason).to.match(/index calculus/);
    expect(Date.now() - t).to.be.lessThan(5000);
    // only the primes of the order of g matter: −1 has order 2 there, so this one is immediate
    const minus = valueOf(await j.run("modular.discrete_log.compute", { base: "-1", target: "1000000000000000000000000001782", modulus: "1000000000000000000000000001783" }));
    expect([minus.status, minus.log, minus.period]).to.deep.equal(["COMPLETE", "1", "2"]);
  });

  it("modulo 1 and other degenerate moduli", async () => {
    expect(valueOf(await j.run("modular.discrete_log.compute", { base: "5", target: "7", modulus: "1" })).log).to.equal("0");
    expect(valueOf(await j.run("modular.sqrt_mod.compute", { a: "5", modulus: "1" })).roots).to.deep.equal(["0"]);
    expect(valueOf(await j.run("modular.sqrt_mod.compute", { a: "3", modulus: "2" })).roots).to.deep.equal(["1"]);
    expect(valueOf(await j.run("modular.sqrt_mod_prime.compute", { a: "3", prime: "2" })).roots).to.deep.equal(["1"]);
    expect(valueOf(await j.run("modular.primitive_root.compute", { modulus: "4" })).root).to.equal("3");
    expect(valueOf(await j.run("modular.primitive_root.compute", { modulus: "8" })).exists).to.equal(false);
  });
});

describe("modular pack: long operations run in the worker pool with progress", function () {
  this.timeout(120_000);
  const j = testJacobian({ packs: ["modular"] });
  after(() => j.close());

  it("a discrete log with a subgroup of order q ≈ 5·10^10 (index calculus modulo p ≈ 10^18) runs in the pool and reports monotone progress", async () => {
    const seen: number[] = [];
    const o = await j.run("modular.discrete_log.compute", { base: "2", target: "987654321987654321", modulus: "1000000000000000003" }, { onProgress: (d) => seen.push(d) });
    const v = valueOf(o);
    expect(v.solvable).to.equal(true);
    expect(seen.length).to.be.greaterThan(1);
    for (let i = 1; i < seen.length; i++) expect(seen[i]!).to.be.greaterThan(seen[i - 1]!);
    const c = valueOf(await j.run("modular.discrete_log.verify", { base: "2", target: "987654321987654321", modulus: "1000000000000000003", claim: v }));
    expect(c.verdict).to.equal("accepted");
  });
});
