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
    const { findArgumentsType, runArgumentsType } = await import("../../../application/contract.js");
    const { TOOL_SCHEMAS_FILE } = await import("../../../adapters/mcp/schemas.js");
    const written = JSON.parse(readFileSync(TOOL_SCHEMAS_FILE, "utf8"));
    expect(written).to.deep.equal({ find: findArgumentsType().toJsonSchema(), run: runArgumentsType().toJsonSchema() });
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

describe("ports: nested fields and declared equivalences", () => {
  it("an input port may bind a nested request field, and an example may declare an equivalence", async () => {
    const { defineCompute } = await import("../../../domain/declaration.js");
    const K = await import("../../../operations/_support/kinds.js");
    const { type } = await import("arktype");
    const sum = defineCompute({
      id: "test.nested_sum.compute",
      version: "1.0.0",
      title: "Sum of a nested list",
      summary: "Adds the integers of claim.values (a test operation).",
      keywords: ["test"],
      accepted_artifact_types: [],
      produced_artifact_types: [],
      request: K.request({ claim: K.object({ values: K.object({ first: K.integer(10), second: K.integer(10) }, "test.pair"), label: type("string <= 10") }) }),
      result: K.result({ sum: K.integer(12), witness: K.integer(12) }),
      effect: "read_only",
      providers: [{ id: "jacobian.builtin", purpose: "test" }],
      bounds: [{ name: "digits", limit: 10, unit: "digits", description: "test" }],
      cost_model: "constant",
      budget: { max_units: 1e6, max_memory_bytes: 1e6, timeout_ms: 1000 },
      preflight: () => ({ units: 1, memory_bytes: 0, basis: "constant" }),
      ports: { inputs: { pair: { field: "claim.values", description: "the pair" } } },
      execute: (r: any) => ({ sum: r.claim.values.first + r.claim.values.second, witness: r.claim.values.first }),
      postcondition: () => null,
      examples: [
        {
          title: "any witness among the operands is right",
          payload: { claim: { values: { first: "2", second: "3" }, label: "x" } },
          expected: { sum: "5", witness: "3" },
          equivalence: { description: "same sum; the witness is either operand", equivalent: (e: any, a: any) => e.sum === a.sum && ["2", "3"].includes(a.witness) },
        },
      ],
    });
    const pairSource = defineCompute({
      ...(sum as any),
      postcondition: () => null,
      id: "test.pair_source.compute",
      request: K.request({ n: K.integer(5) }),
      result: K.result({ pair: K.object({ first: K.integer(10), second: K.integer(10) }, "test.pair") }),
      ports: { outputs: { pair: { field: "pair", description: "a pair" } } },
      execute: (r: any) => ({ pair: { first: r.n, second: r.n + 1n } }),
      examples: [{ title: "n, n+1", payload: { n: "4" }, expected: { pair: { first: "4", second: "5" } } }],
    });
    const j = createJacobian({ packs: [{ name: "nested", version: "0", description: "", operations: [sum as never, pairSource as never] }], artifactsDir: tempDir(), pool: false });
    try {
      const inspected = (j.inspect("test.nested_sum.compute") as any).capability;
      expect(inspected.ports.inputs.pair).to.deep.equal({ field: "claim.values", kind: "test.pair", description: "the pair" });
      expect(inspected.examples[0].equivalence).to.equal("same sum; the witness is either operand");
      const made = (await j.run("test.pair_source.compute", { n: "4" })) as any;
      const o = (await j.run("test.nested_sum.compute", { claim: { label: "by ref" } }, { inputs: { pair: { value_ref: made.refs.pair } } })) as any;
      expect(o.value).to.deep.equal({ sum: "9", witness: "4" });
      const twice = (await j.run("test.nested_sum.compute", { claim: { label: "x", values: { first: "1", second: "1" } } }, { inputs: { pair: { value_ref: made.refs.pair } } })) as any;
      expect(twice.error).to.include({ code: "INVALID_PAYLOAD", path: "payload.claim.values" });
      expect(sum.examples[0]!.equivalence!.equivalent(sum.examples[0]!.expected, { sum: "5", witness: "2" })).to.equal(true);
    } finally {
      await j.close();
    }
  });
});
