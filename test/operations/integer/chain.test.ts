/**
 * Producer → checker by reference, for every checker of the integer pack: each declared example of
 * the producer runs through the API, and its published value goes to the checker as a value://
 * reference, with the producer's own payload as the rest of the checker's request — no copying,
 * no editing. Every such hand-off is accepted.
 */
import { expect } from "chai";
import type { Json } from "../../../domain/json.js";
import { testJacobian } from "../../support/runtime.js";

interface Pair {
  producer: string;
  /** The producer's output port and the checker's input port it feeds. */
  output: string;
  checker: string;
  input: string;
  /** How many of the producer's examples publish a value on the port (at least). */
  atLeast: number;
}

const PAIRS: Pair[] = [
  { producer: "integer.extended_gcd.compute", output: "extended_gcd", checker: "integer.extended_gcd.verify", input: "claim", atLeast: 7 },
  { producer: "integer.prime_factorization.compute", output: "factorization", checker: "integer.prime_factorization.verify", input: "claim", atLeast: 9 },
  // Only a proof (prove: true, n above 3.3·10^24) carries a certificate.
  { producer: "integer.primality.compute", output: "certificate", checker: "integer.primality_certificate.verify", input: "certificate", atLeast: 1 },
];

interface Capability {
  ports: { inputs: Record<string, { field: string; kind: string }>; outputs: Record<string, { field: string; kind: string }> };
  examples: { title: string; payload: Record<string, Json> }[];
}

describe("integer producers → checkers by value:// reference", function () {
  this.timeout(120_000);
  const j = testJacobian({ packs: ["integer"], pool: false });
  after(() => j.close());
  const capability = (id: string) => (j.inspect(id) as unknown as { capability: Capability }).capability;

  for (const pair of PAIRS) {
    describe(`${pair.producer} → ${pair.checker}`, () => {
      it("the producer's output port and the checker's input port carry the same kind", () => {
        const out = capability(pair.producer).ports.outputs[pair.output];
        const inp = capability(pair.checker).ports.inputs[pair.input];
        expect(out, "output port").to.not.equal(undefined);
        expect(inp, "input port").to.not.equal(undefined);
        expect(inp!.kind).to.equal(out!.kind);
        expect(out!.kind).to.match(/^integer\.[a-z_]+$/);
      });

      it("every example's published value is accepted by reference, with the producer's payload unchanged", async () => {
        let handed = 0;
        for (const ex of capability(pair.producer).examples) {
          const produced = await j.run(pair.producer, ex.payload);
          expect(produced.outcome, `${ex.title}: ${JSON.stringify(produced).slice(0, 300)}`).to.equal("completed");
          const ref = (produced as { refs?: Record<string, string> }).refs?.[pair.output];
          if (ref === undefined) continue;
          expect(ref).to.match(/^value:\/\/[A-Za-z0-9_-]{32}$/);
          const checked = await j.run(pair.checker, ex.payload, { inputs: { [pair.input]: { value_ref: ref } } });
          expect(checked.outcome, `${ex.title}: ${JSON.stringify(checked).slice(0, 300)}`).to.equal("completed");
          const value = (checked as unknown as { value: { verdict: string; reason?: string } }).value;
          expect(value.verdict, `${ex.title}: ${value.reason}`).to.equal("accepted");
          handed++;
        }
        expect(handed).to.be.at.least(pair.atLeast);
      });
    });
  }

  it("a reference of another kind is refused at the port, naming it", async () => {
    const egcd = (await j.run("integer.extended_gcd.compute", { left: "6", right: "4" })) as { refs: Record<string, string> };
    const o = await j.run("integer.prime_factorization.verify", { n: "6" }, { inputs: { claim: { value_ref: egcd.refs.extended_gcd! } } });
    expect(o.outcome === "failed" && o.error).to.include({ code: "INVALID_INPUT_REF", path: "inputs.claim.value_ref" });
  });

  it("a referenced claim of another number is rejected, not refused: the value is the claim, n is the payload's", async () => {
    const f = (await j.run("integer.prime_factorization.compute", { n: "360" })) as { refs: Record<string, string> };
    const o = await j.run("integer.prime_factorization.verify", { n: "720" }, { inputs: { claim: { value_ref: f.refs.factorization! } } });
    const v = (o as unknown as { value: { verdict: string; bindings: Record<string, string> } }).value;
    expect([v.verdict, v.bindings.failure, v.bindings.product]).to.deep.equal(["rejected", "product_mismatch", "360"]);
    const e = (await j.run("integer.extended_gcd.compute", { left: "240", right: "46" })) as { refs: Record<string, string> };
    const w = await j.run("integer.extended_gcd.verify", { left: "240", right: "48" }, { inputs: { claim: { value_ref: e.refs.extended_gcd! } } });
    expect((w as unknown as { value: { verdict: string } }).value.verdict).to.equal("rejected");
  });
});
