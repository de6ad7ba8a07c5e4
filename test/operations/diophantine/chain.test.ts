import { expect } from "chai";
import { loadPack } from "../../../operations/packs.js";
import { testJacobian } from "../../support/runtime.js";

const pack = await loadPack("diophantine");

/**
 * Producer → checker by reference: every declared example of each producer runs through the API,
 * and its value goes to the checker unchanged on the checker's `claim` port, with the producer's
 * payload as the checker's payload. A true value is accepted.
 */
describe("diophantine producers → checkers by value:// reference", function () {
  this.timeout(60_000);
  const j = testJacobian({ packs: ["diophantine"], pool: false });
  after(() => j.close());

  const pairs = [
    ["diophantine.linear.compute", "diophantine.linear.verify", "solution"],
    ["diophantine.pell.compute", "diophantine.pell.verify", "solution"],
  ] as const;

  it("each producer publishes its whole result with the kind its checker's claim port takes", () => {
    for (const [producer, checker, port] of pairs) {
      const out = (j.inspect(producer) as any).capability.ports.outputs[port];
      const claim = (j.inspect(checker) as any).capability.ports.inputs.claim;
      expect(out).to.include({ field: "." });
      expect(claim).to.include({ field: "claim", kind: out.kind });
    }
  });

  for (const [producer, checker, port] of pairs) {
    const decl = pack.operations.find((d) => d.id === producer)!;
    for (const ex of decl.examples) {
      it(`${producer} example "${ex.title}" → ${checker}: accepted`, async () => {
        const produced = await j.run(producer, ex.payload);
        expect(produced.outcome, JSON.stringify(produced).slice(0, 300)).to.equal("completed");
        if (produced.outcome !== "completed") return;
        const ref = produced.refs?.[port];
        expect(ref).to.match(/^value:\/\/[A-Za-z0-9_-]{32}$/);
        const checked = await j.run(checker, ex.payload, { inputs: { claim: { value_ref: ref! } } });
        expect(checked.outcome, JSON.stringify(checked).slice(0, 300)).to.equal("completed");
        if (checked.outcome !== "completed") return;
        expect((checked.value as { verdict: string }).verdict, JSON.stringify(checked.value).slice(0, 300)).to.equal("accepted");
      });
    }
  }
});
