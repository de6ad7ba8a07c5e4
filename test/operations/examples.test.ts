import { expect } from "chai";
import type { Example } from "../../domain/declaration.js";
import type { Json } from "../../domain/json.js";
import { loadAllShipped } from "../../operations/packs.js";

const shipped = await loadAllShipped();
import { testJacobian } from "../support/runtime.js";

interface CatalogEntry {
  id: string;
  kind: "compute" | "checker";
  version: string;
  available: boolean;
}
interface InspectedExample {
  title: string;
  payload: Record<string, Json>;
  expected: Record<string, Json>;
}

/**
 * Every declared example of every installed operation (all shipped packs) runs through the public
 * API and produces its stated result: compute examples compare the declared fields (`compare`, else
 * all of `expected`); checker examples compare the verdict and each binding the example lists.
 */
describe("declared examples of every installed operation", function () {
  this.timeout(120_000);
  const j = testJacobian();
  after(() => j.close());

  const catalog = j.catalog() as unknown as { operations: CatalogEntry[] };
  const declared = new Map(shipped.map(({ decl }) => [decl.id, decl] as const));

  it("the catalog lists every shipped operation, and each declares at least one example", () => {
    expect(catalog.operations.map((o) => o.id).sort()).to.deep.equal([...declared.keys()].sort());
    for (const op of catalog.operations) expect(declared.get(op.id)!.examples.length, op.id).to.be.greaterThan(0);
  });

  for (const op of catalog.operations) {
    describe(op.id, () => {
      const inspected = (j.inspect(op.id) as unknown as { capability: { examples: InspectedExample[] } }).capability.examples;
      const decl = declared.get(op.id);

      it("inspection publishes exactly the declared examples", () => {
        expect(decl, `${op.id} is declared in a shipped pack`).to.not.equal(undefined);
        expect(inspected).to.deep.equal(decl!.examples.map((e) => ({ title: e.title, payload: e.payload, expected: e.expected })));
      });

      inspected.forEach((ex, i) => {
        it(`example ${i + 1}: ${ex.title}`, async function () {
          if (!op.available) this.skip();
          const o = await j.run(op.id, ex.payload);
          expect(o.outcome, JSON.stringify(o).slice(0, 500)).to.equal("completed");
          if (o.outcome !== "completed") return;
          let value = o.value as Record<string, Json> | undefined;
          if (value === undefined) {
            expect(o.value_artifact, "a value too large to inline is published as an artifact").to.be.a("string");
            value = ((await j.artifact(o.value_artifact!)) as { result: Record<string, Json> }).result;
          }
          if (op.kind === "compute") {
            const declared = decl!.examples[i] as Example<unknown, unknown>;
            if (declared.equivalence) {
              // Several results are equally right (a basis, a witness): the declared equivalence decides.
              expect(declared.equivalence.equivalent(ex.expected, value), `${op.id} example ${i + 1}: ${declared.equivalence.description}`).to.equal(true);
              return;
            }
            const fields = declared.compare ?? Object.keys(ex.expected);
            expect(fields.length, "an example compares at least one field").to.be.greaterThan(0);
            for (const f of fields) expect(value[f], `${op.id} example ${i + 1}: field ${f}`).to.deep.equal(ex.expected[f]);
          } else {
            expect(value.verdict, `${op.id} example ${i + 1}: verdict (${JSON.stringify(value).slice(0, 300)})`).to.equal(ex.expected.verdict);
            const bindings = value.bindings as Record<string, Json>;
            for (const [k, v] of Object.entries((ex.expected.bindings ?? {}) as Record<string, Json>)) expect(bindings[k], `${op.id} example ${i + 1}: binding ${k}`).to.deep.equal(v);
            expect(bindings.claim_digest).to.match(/^sha256:[0-9a-f]{64}$/);
            expect(bindings.checker).to.equal(`${op.id}@${op.version}`);
          }
        });
      });
    });
  }
});
