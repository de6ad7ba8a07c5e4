import { expect } from "chai";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { createJacobian } from "../../../adapters/api/index.js";
import { DEFAULT_MANIFEST, readManifest } from "../../../adapters/catalog/manifest.js";
import { MemoryArtifactStore } from "../../../adapters/stores/memory-artifact-store.js";
import { describeOperation } from "../../../domain/metadata.js";
import type { LogRecord } from "../../../domain/ports.js";
import { loadAllShipped } from "../../../operations/packs.js";
import { tempDir } from "../../support/runtime.js";

describe("adapters/catalog: the build-time manifest and lazy loading", () => {
  it("the manifest holds exactly what describeOperation derives from every shipped declaration", async () => {
    const fromManifest = new Map(readManifest(undefined).flatMap((p) => p.operations.map((o) => [o.meta.id, o.meta] as const)));
    const shipped = await loadAllShipped();
    expect([...fromManifest.keys()].sort()).to.deep.equal(shipped.map((s) => s.decl.id).sort());
    for (const { decl } of shipped) {
      const { meta, problems } = describeOperation(decl);
      expect(problems, decl.id).to.deep.equal([]);
      expect(fromManifest.get(decl.id), decl.id).to.deep.equal(JSON.parse(JSON.stringify(meta)));
    }
  });

  it("catalog, search and inspect never load an operation module; run loads it once", async () => {
    // A manifest whose one operation points at a module that does not exist: everything but run works.
    const dir = tempDir();
    const real = JSON.parse(readFileSync(DEFAULT_MANIFEST, "utf8"));
    const gcd = real.packs.flatMap((p: any) => p.operations).find((o: any) => o.meta.id === "integer.compute.gcd");
    mkdirSync(path.join(dir, "inspection"));
    writeFileSync(path.join(dir, "inspection", "integer.compute.gcd.json"), readFileSync(path.join(path.dirname(DEFAULT_MANIFEST), "inspection", "integer.compute.gcd.json")));
    writeFileSync(path.join(dir, "manifest.json"), JSON.stringify({ format: 1, packs: [{ name: "lazy", version: "0", description: "lazy", operations: [{ meta: gcd.meta, module: "./missing-module.js" }] }] }));
    const j = createJacobian({ catalogManifest: path.join(dir, "manifest.json"), artifactsDir: tempDir(), pool: false });
    try {
      expect((j.catalog() as any).operations.map((o: any) => o.id)).to.deep.equal(["integer.compute.gcd"]);
      expect((j.find({ op: "search", query: "greatest common divisor" }) as any).hits[0].capability_id).to.equal("integer.compute.gcd");
      const c = (j.inspect("integer.compute.gcd") as any).capability;
      expect(c.request_schema.properties).to.have.keys(["left", "right"]);
      expect(c.preflight.budget.timeout_ms).to.be.a("number");
      const o = (await j.run("integer.compute.gcd", { left: "4", right: "6" })) as any;
      expect(o.outcome).to.equal("failed"); // the module is missing: the one place that loads it
    } finally {
      await j.close();
    }
  });

  it("the MCP tool schemas written by the build equal a fresh projection of the contract's types", async () => {
    const { FindArguments, RunArguments } = await import("../../../application/contract.js");
    const { TOOL_SCHEMAS_FILE } = await import("../../../adapters/mcp/schemas.js");
    const written = JSON.parse(readFileSync(TOOL_SCHEMAS_FILE, "utf8"));
    expect(written).to.deep.equal({ find: FindArguments.toJsonSchema(), run: RunArguments.toJsonSchema() });
    // No pattern uses a repeat count (RE2-based validators refuse counts above 1000).
    expect(JSON.stringify(written)).to.not.match(/\{[0-9]+,[0-9]*\}/);
  });

  it("no published schema uses a regex repeat count above 1000 (lengths are bounded by maxLength)", () => {
    const dir = path.dirname(DEFAULT_MANIFEST);
    const offenders: string[] = [];
    for (const f of readdirSync(path.join(dir, "inspection"))) {
      const text = readFileSync(path.join(dir, "inspection", f), "utf8");
      for (const m of text.matchAll(/\{([0-9]+)(,([0-9]*))?\}/g)) if (Number(m[1]) > 1000 || Number(m[3] ?? 0) > 1000) offenders.push(`${f}: ${m[0]}`);
    }
    expect(offenders).to.deep.equal([]);
  });

  it("an unknown pack name fails at creation, naming the available packs", () => {
    expect(() => createJacobian({ packs: ["nope"], artifactsDir: tempDir() })).to.throw(/unknown pack "nope"; available: .*integer/);
  });
});

describe("adapters/composition: swappable registrations", () => {
  it("an in-memory artifact store and a recording logger replace the defaults", async () => {
    const store = new MemoryArtifactStore();
    const logs: LogRecord[] = [];
    const logger = { info: (event: string, fields?: Record<string, unknown>) => logs.push({ level: "info", event, ...(fields ?? {}) } as never), warn() {}, error() {}, debug: false };
    const dir = tempDir();
    const j = createJacobian({ packs: ["matrix"], artifactsDir: dir, pool: false, overrides: { artifacts: store, logger: logger as never } });
    try {
      const o = (await j.run("matrix.determinant.verify", { matrix: { ring: "ZZ", rows: [["2", "1"], ["1", "2"]] }, claim: { determinant: "3" } })) as any;
      expect(o.value.verdict).to.equal("accepted");
      const uri = o.value.bindings.evidence as string;
      expect(await store.list()).to.deep.equal([uri]);
      expect(((await j.artifact(uri)) as any).kind).to.equal("evidence");
      expect(readdir(dir)).to.deep.equal([]); // nothing reached the directory store
    } finally {
      await j.close();
    }
  });

  it("each runtime gets its own value store and use cases; the shared services are one", async () => {
    const { JacobianHost } = await import("../../../adapters/composition.js");
    const host = JacobianHost.create({ packs: ["matrix"], artifactsDir: tempDir(), pool: false });
    const a = host.openRuntime(), b = host.openRuntime();
    const o = (await a.run({ capability_id: "matrix.determinant.compute", payload: { matrix: { ring: "ZZ", rows: [["1"]] } } })) as any;
    const ref = o.refs.determinant as string;
    const fromB = (await b.run({ capability_id: "matrix.determinant.verify", payload: { matrix: { ring: "ZZ", rows: [["1"]] } }, inputs: { claim: { value_ref: ref } } })) as any;
    expect(fromB.error.code).to.equal("INVALID_INPUT_REF");
    const fromA = (await a.run({ capability_id: "matrix.determinant.verify", payload: { matrix: { ring: "ZZ", rows: [["1"]] } }, inputs: { claim: { value_ref: ref } } })) as any;
    expect(fromA.value.verdict).to.equal("accepted");
    expect(host.openRuntimes).to.equal(2);
    await host.close();
    expect(host.openRuntimes).to.equal(0);
  });
});

function readdir(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
