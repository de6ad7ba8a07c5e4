import { expect } from "chai";
import { loadPack } from "../../../operations/packs.js";

const matrixPack = await loadPack("matrix");
import { testJacobian } from "../../support/runtime.js";

describe("operations/matrix declared examples", () => {
  const j = testJacobian({ packs: ["matrix"] });
  after(() => j.close());

  it("the runtime's catalog lists exactly the pack's operations, each a matrix.* id", () => {
    const ids = matrixPack.operations.map((o) => o.id).sort();
    expect(ids).to.include.members(["matrix.determinant.compute", "matrix.determinant.verify", "matrix.multiply.compute"]);
    for (const id of ids) expect(id).to.match(/^matrix\.[a-z_]+\.(compute|verify)$/);
    const cat = j.catalog() as { operations?: { id: string }[] };
    expect((cat.operations ?? []).map((o) => o.id).sort()).to.deep.equal(ids);
  });

  for (const decl of matrixPack.operations) {
    describe(decl.id, () => {
      decl.examples.forEach((ex) => {
        it(`example: ${ex.title}`, async () => {
          const o = await j.run(decl.id, ex.payload as Record<string, unknown>);
          expect(o.outcome, JSON.stringify(o)).to.equal("completed");
          if (o.outcome !== "completed") return;
          const value = o.value as Record<string, unknown>;
          if (decl.kind === "compute") {
            const fields = ex.compare ?? Object.keys(ex.expected);
            for (const f of fields) expect(value[f], f).to.deep.equal((ex.expected as Record<string, unknown>)[f]);
          } else {
            const expected = ex.expected as { verdict: string; bindings?: Record<string, unknown> };
            expect(value.verdict).to.equal(expected.verdict);
            const bindings = value.bindings as Record<string, unknown>;
            for (const [k, v] of Object.entries(expected.bindings ?? {})) expect(bindings[k], k).to.deep.equal(v);
            expect(bindings.claim_digest).to.match(/^sha256:[0-9a-f]{64}$/);
            expect(bindings.checker).to.equal(`${decl.id}@${decl.version}`);
          }
        });
      });
    });
  }

  it("inspection publishes ports, bounds, cost model, progress measure and the checker's method", () => {
    const det = j.inspect("matrix.determinant.compute") as any;
    expect(det.capability.ports.inputs.matrix).to.include({ field: "matrix", kind: "matrix" });
    expect(det.capability.preflight.bounds.map((b: { name: string }) => b.name)).to.include.members(["dimension", "entry_chars"]);
    expect(det.capability.preflight.progress_measure).to.match(/lifting steps and primes/);
    const mul = j.inspect("matrix.multiply.compute") as any;
    expect(mul.capability.ports.outputs.product).to.include({ field: "product", kind: "matrix" });
    expect(Object.keys(mul.capability.ports.inputs).sort()).to.deep.equal(["left", "right"]);
    const ver = j.inspect("matrix.determinant.verify") as any;
    expect(ver.capability.method).to.match(/Hadamard/).and.to.match(/Bareiss/);
    expect(ver.capability.kind).to.equal("checker");
  });
});
