import { expect } from "chai";
import { Catalog, CatalogError, sourcePack } from "../../application/catalog.js";
import gcd from "../../operations/integer/compute_gcd.js";
import { loadPack } from "../../operations/packs.js";
import { testJacobian } from "../support/runtime.js";
import type { OperationPack } from "../../domain/declaration.js";

const providers = { status: (id: string) => ({ id, available: true }) };
const settings = { budgets: {}, budget_scale: 1 };

/** Every object node of a JSON Schema must forbid undeclared keys. */
function openObjects(schema: any, path = "$"): string[] {
  if (!schema || typeof schema !== "object") return [];
  const out: string[] = [];
  if ((schema.type === "object" || schema.properties) && schema.additionalProperties !== false && !schema.patternProperties) out.push(path);
  for (const [k, v] of Object.entries(schema)) {
    if (k === "properties") for (const [p, s] of Object.entries(v as object)) out.push(...openObjects(s, `${path}.${p}`));
    else if (typeof v === "object") out.push(...openObjects(v, `${path}/${k}`));
  }
  return out;
}

describe("application/catalog", () => {
  it("refuses to start with an example that violates its own schema", () => {
    const bad = { ...gcd, examples: [{ title: "bad", payload: { left: "1" }, expected: { gcd: "1" } }] } as any;
    expect(() => new Catalog([sourcePack({ name: "bad", version: "1", description: "", operations: [bad] })], providers, settings)).to.throw(CatalogError, /example 1/);
  });

  it("refuses duplicate ids, malformed ids and checkers not ending in .verify", () => {
    const pack = (ops: any[]): OperationPack => ({ name: "p", version: "1", description: "", operations: ops });
    expect(() => new Catalog([sourcePack(pack([gcd, gcd]))], providers, settings)).to.throw(CatalogError, /declared twice/);
    expect(() => new Catalog([sourcePack(pack([{ ...gcd, id: "Gcd" }]))], providers, settings)).to.throw(CatalogError, /lowercase dotted/);
    expect(() => new Catalog([sourcePack(pack([{ ...gcd, id: "integer.gcd.check", kind: "checker" }]))], providers, settings)).to.throw(CatalogError, /end in \.verify/);
  });

  it("every shipped request and result schema rejects undeclared keys at every depth", () => {
    const j = testJacobian();
    for (const op of (j.catalog() as any).operations) {
      const c = (j.inspect(op.id) as any).capability;
      expect(openObjects(c.request_schema), `${op.id} request`).to.deep.equal([]);
      expect(openObjects(c.result_schema), `${op.id} result`).to.deep.equal([]);
    }
    void j.close();
  });

  it("installs exactly the packs chosen at runtime", async () => {
    const integerPack = await loadPack("integer");
    const only = testJacobian({ packs: ["integer"] });
    const ids = (only.catalog() as any).operations.map((o: any) => o.id);
    expect(ids).to.deep.equal(integerPack.operations.map((o) => o.id).sort());
    expect((only.catalog() as any).packs.map((p: any) => p.name)).to.deep.equal(["integer"]);
    void only.close();
    expect(() => testJacobian({ packs: ["nope"] })).to.throw(/unknown pack/);
  });

  it("operators may scale and override budgets", () => {
    const c = new Catalog([sourcePack({ name: "i", version: "1", description: "", operations: [gcd] })], providers, { budget_scale: 2, budgets: { "integer.compute.gcd": { timeout_ms: 7 } } });
    const b = c.budget(gcd);
    expect(b.max_units).to.equal(gcd.budget.max_units * 2);
    expect(b.timeout_ms).to.equal(7);
  });
});
