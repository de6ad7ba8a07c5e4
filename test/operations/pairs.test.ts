import { expect } from "chai";
import type { Json } from "../../domain/json.js";
import { testJacobian } from "../support/runtime.js";

/**
 * Compute → verify by reference (issue 7 §2): for every installed checker `F.O.verify` whose
 * producer `F.O.compute` is installed, each producer example's completed value is handed to the
 * checker unchanged — once by `value://` reference through the matching ports (no copying), once
 * inline as the claim — and the checker accepts it. Its other fields come from the producer's
 * own payload, so the two requests share field names.
 */
describe("producer → checker hand-off by reference", function () {
  this.timeout(120_000);
  const j = testJacobian({ pool: false });
  after(() => j.close());
  const ops = (j.catalog() as any).operations as { id: string; kind: string; ports: { inputs: Record<string, { field: string; kind: string }>; outputs: Record<string, { field: string; kind: string }> } }[];
  const byId = new Map(ops.map((o) => [o.id, o]));
  const pairs = ops.filter((o) => o.kind === "checker" && byId.has(o.id.replace(/\.verify$/, ".compute")));

  it("every checker with an installed producer is paired (the shipped packs have several)", () => {
    expect(pairs.length).to.be.greaterThan(0);
  });

  for (const checker of pairs) {
    const producer = byId.get(checker.id.replace(/\.verify$/, ".compute"))!;
    describe(`${producer.id} → ${checker.id}`, () => {
      it("the producer publishes its whole value on a port whose kind a checker input port takes", () => {
        const links = Object.entries(producer.ports.outputs).filter(([, out]) => Object.values(checker.ports.inputs).some((inp) => inp.kind === out.kind && out.field === "."));
        expect(links.length, `${producer.id} outputs ${JSON.stringify(producer.ports.outputs)}; ${checker.id} inputs ${JSON.stringify(checker.ports.inputs)}`).to.equal(1);
      });

      it("each producer example's value is accepted, by reference and inline", async () => {
        const inspectedProducer = (j.inspect(producer.id) as any).capability;
        const checkerFields = Object.keys((j.inspect(checker.id) as any).capability.request_schema.properties ?? {});
        const [outPort, out] = Object.entries(producer.ports.outputs).find(([, o]) => o.field === ".")!;
        const [inPort, inp] = Object.entries(checker.ports.inputs).find(([, i]) => i.kind === out.kind)!;
        for (const ex of inspectedProducer.examples as { title: string; payload: Record<string, Json> }[]) {
          const made = (await j.run(producer.id, ex.payload)) as any;
          expect(made.outcome, `${producer.id} "${ex.title}": ${JSON.stringify(made).slice(0, 300)}`).to.equal("completed");
          const rest: Record<string, Json> = {};
          for (const f of checkerFields) if (f !== inp.field && ex.payload[f] !== undefined) rest[f] = ex.payload[f]!;
          const byRef = (await j.run(checker.id, rest, { inputs: { [inPort]: { value_ref: made.refs[outPort] } } })) as any;
          expect(byRef.outcome, `${checker.id} by ref for "${ex.title}": ${JSON.stringify(byRef).slice(0, 400)}`).to.equal("completed");
          expect(byRef.value.verdict, `${checker.id} by ref for "${ex.title}": ${JSON.stringify(byRef.value).slice(0, 400)}`).to.equal("accepted");
          const inline = (await j.run(checker.id, { ...rest, [inp.field]: made.value })) as any;
          expect(inline.value?.verdict, `${checker.id} inline for "${ex.title}"`).to.equal("accepted");
          expect(inline.value.bindings.claim_digest).to.equal(byRef.value.bindings.claim_digest);
        }
      });
    });
  }
});
