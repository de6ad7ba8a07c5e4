import { expect } from "chai";
import type { Json } from "../../../domain/json.js";
import type { RunOutcome } from "../../../domain/outcome.js";
import { loadPack } from "../../../operations/packs.js";
import { testJacobian } from "../../support/runtime.js";

const pack = await loadPack("modular");
const decl = (id: string) => pack.operations.find((d) => d.id === id)!;

type Completed = Extract<RunOutcome, { outcome: "completed" }>;
function completed(o: RunOutcome): Completed {
  expect(o.outcome, JSON.stringify(o).slice(0, 500)).to.equal("completed");
  return o as Completed;
}

/** Two 60-digit primes: their product is far beyond the factorization budget. */
const P60 = 100000000000000000000000000000000000000000000000000000001009n;
const Q60 = 300000000000000000000000000000000000000000000000000000001117n;

/**
 * Producer → checker by reference: every example of each producer runs through the API, and its
 * whole value, bound by its value:// reference to the checker's `claim` port with the producer's
 * own payload, is accepted (an INCOMPLETE value is a non-conclusion).
 */
describe("modular producer → checker pairs by reference", function () {
  this.timeout(60_000);
  const j = testJacobian({ packs: ["modular"], pool: false });
  after(() => j.close());

  const pairs = [
    ["modular.crt.compute", "crt", "modular.crt.verify"],
    ["modular.sqrt_mod.compute", "sqrt_mod", "modular.sqrt_mod.verify"],
    ["modular.discrete_log.compute", "discrete_log", "modular.discrete_log.verify"],
  ] as const;

  for (const [producer, port, checker] of pairs) {
    it(`${producer} → ${checker}: every example's value is accepted unchanged`, async () => {
      for (const ex of decl(producer).examples) {
        const p = completed(await j.run(producer, ex.payload));
        const ref = p.refs?.[port];
        expect(ref, `${producer} publishes its whole value on the ${port} port`).to.match(/^value:\/\/[A-Za-z0-9_-]{32}$/);
        // The checker's payload is the producer's payload (max_roots is not a checker field), the claim comes by reference.
        const { max_roots: _limit, ...payload } = ex.payload as Record<string, Json>;
        const c = completed(await j.run(checker, payload, { inputs: { claim: { value_ref: ref! } } }));
        expect((c.value as { verdict: string }).verdict, `${ex.title}: ${JSON.stringify(c.value)}`).to.equal("accepted");
        // The same value given inline digests the same (canonical request).
        const inline = completed(await j.run(checker, { ...payload, claim: p.value as Json }));
        expect((inline.value as { bindings: { claim_digest: string } }).bindings.claim_digest).to.equal((c.value as { bindings: { claim_digest: string } }).bindings.claim_digest);
      }
    });
  }

  it("the checkers' claim ports take only their producer's kind", async () => {
    const crt = completed(await j.run("modular.crt.compute", { congruences: [{ residue: "1", modulus: "4" }] }));
    const o = await j.run("modular.discrete_log.verify", { base: "2", target: "3", modulus: "101" }, { inputs: { claim: { value_ref: crt.refs!.crt! } } });
    expect(o.outcome).to.equal("failed");
    if (o.outcome === "failed") expect(o.error).to.include({ code: "INVALID_INPUT_REF", path: "inputs.claim.value_ref" });
  });

  it("an INCOMPLETE value is taken unchanged and answered with non_conclusion, never a verdict", async () => {
    const n = (P60 * Q60).toString();
    const x = 123456789123456789n;
    const a = ((x * x) % (P60 * Q60)).toString();
    const s = completed(await j.run("modular.sqrt_mod.compute", { a, modulus: n, effort: "quick" }));
    expect((s.value as { status: string }).status).to.equal("INCOMPLETE");
    const sv = completed(await j.run("modular.sqrt_mod.verify", { a, modulus: n, effort: "quick" }, { inputs: { claim: { value_ref: s.refs!.sqrt_mod! } } })).value as any;
    expect([sv.verdict, sv.bindings.claim_status]).to.deep.equal(["non_conclusion", "INCOMPLETE"]);
    const d = completed(await j.run("modular.discrete_log.compute", { base: "2", target: "3", modulus: n, effort: "quick" }));
    expect((d.value as { status: string }).status).to.equal("INCOMPLETE");
    const dv = completed(await j.run("modular.discrete_log.verify", { base: "2", target: "3", modulus: n, effort: "quick" }, { inputs: { claim: { value_ref: d.refs!.discrete_log! } } })).value as any;
    expect([dv.verdict, dv.bindings.claim_status]).to.deep.equal(["non_conclusion", "INCOMPLETE"]);
  });

  it("modular.sqrt_mod.verify takes the value of modular.sqrt_mod_prime.compute unchanged (modulus = p): its roots are checked, not its completeness", async () => {
    for (const ex of decl("modular.sqrt_mod_prime.compute").examples) {
      const { a, prime } = ex.payload as { a: string; prime: string };
      const v = completed(await j.run("modular.sqrt_mod_prime.compute", ex.payload)).value as Json;
      const c = completed(await j.run("modular.sqrt_mod.verify", { a, modulus: prime, claim: v })).value as any;
      expect(c.verdict, `${ex.title}: ${JSON.stringify(c)}`).to.equal("accepted");
      expect(c.bindings.established).to.equal((v as { solvable: boolean }).solvable ? "listed_roots" : "no_root");
    }
    // a false value of the same shape is rejected
    const bad = completed(await j.run("modular.sqrt_mod.verify", { a: "3", modulus: "7", claim: { solvable: false, roots: [], certainty: "PROVEN" } })).value as any;
    expect(bad.verdict).to.equal("accepted"); // 3 is a non-residue mod 7: this one is true
    const wrong = completed(await j.run("modular.sqrt_mod.verify", { a: "2", modulus: "7", claim: { solvable: false, roots: [], certainty: "PROVEN" } })).value as any;
    expect([wrong.verdict, wrong.bindings.failure, wrong.bindings.count]).to.deep.equal(["rejected", "has_roots", "2"]);
  });
});
