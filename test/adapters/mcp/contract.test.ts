/**
 * The MCP contract through real clients: v2 (2025 handshake and 2026-07-28) and v1, over stdio
 * (spawned server process) and Streamable HTTP (in-process server on port 0).
 */
import { createHash } from "node:crypto";
import { expect } from "chai";
import { JacobianHost } from "../../../adapters/composition.js";
import { startHttpServer, type HttpServerHandle } from "../../../adapters/mcp/index.js";
import { findArgumentsType, runArgumentsType } from "../../../application/contract.js";
import { canonicalJson } from "../../../domain/json.js";
import type { OperationPack } from "../../../domain/declaration.js";
import { loadPack } from "../../../operations/packs.js";
import { tempDir } from "../../support/runtime.js";
import { connectHttp, connectStdio, envelope, euclid, KINDS, TEST_PACKS, type TestClient } from "./support/harness.js";

const installedIds = (await Promise.all(TEST_PACKS.map((p) => (typeof p === "string" ? loadPack(p) : p))))
  .flatMap((p: OperationPack) => p.operations.map((o) => o.id))
  .sort();

/** Checkers shipped by other packs; exercised when installed. */
const SHIPPED_CHECKERS = ["matrix.determinant.verify", "integer.prime_factorization.verify"];

describe("MCP adapter: contract through real clients", function () {
  this.timeout(30_000);
  let artifactsDir: string;
  let host: JacobianHost;
  let http: HttpServerHandle;

  before(async () => {
    artifactsDir = tempDir("jacobian-mcp-");
    host = JacobianHost.create({ packs: TEST_PACKS, artifactsDir }, "silent");
    http = await startHttpServer(host, { port: 0 });
  });
  after(async () => {
    await http?.close();
    await host?.close();
  });

  for (const transport of ["stdio", "http"] as const) {
    for (const kind of KINDS) {
      describe(`${kind} over ${transport}`, () => {
        let c: TestClient;
        before(async () => {
          c = transport === "stdio" ? await connectStdio(kind, { artifactsDir }) : await connectHttp(kind, http.url);
        });
        after(async () => {
          await c?.close();
        });

        it("negotiates the expected protocol era and sends the server instructions", () => {
          expect(c.era()).to.equal(kind === "v2-modern" ? "modern" : "legacy");
          const text = c.instructions() ?? "";
          for (const phrase of ["exact", "math.find", "inspect", "math.run", "string", "completed", "non_conclusion", "failed", "capability://catalog"]) {
            expect(text).to.include(phrase);
          }
        });

        it("lists exactly math.find and math.run with annotations, strict input schemas and output schemas", async () => {
          const tools = await c.listTools();
          expect(tools.map((t) => t.name).sort()).to.deep.equal(["math.find", "math.run"]);
          const find = tools.find((t) => t.name === "math.find")!;
          const run = tools.find((t) => t.name === "math.run")!;
          expect(find.annotations).to.include({ readOnlyHint: true, idempotentHint: true, destructiveHint: false, openWorldHint: false });
          expect(run.annotations).to.include({ readOnlyHint: false, idempotentHint: false, destructiveHint: false, openWorldHint: false });
          expect(find.inputSchema).to.deep.equal(findArgumentsType().toJsonSchema());
          expect(run.inputSchema).to.deep.equal(runArgumentsType().toJsonSchema());
          expect(find.inputSchema.additionalProperties).to.equal(false);
          for (const branch of find.inputSchema.properties.request.anyOf) expect(branch.additionalProperties).to.equal(false);
          expect(run.inputSchema.additionalProperties).to.equal(false);
          expect(run.inputSchema.properties.inputs.additionalProperties.additionalProperties).to.equal(false);
          expect(find.outputSchema.type).to.equal("object");
          expect(find.outputSchema.required).to.deep.equal(["op"]);
          expect(run.outputSchema.type).to.equal("object");
          expect(run.outputSchema.properties.outcome.enum).to.deep.equal(["completed", "non_conclusion", "failed"]);
          expect(run.outputSchema.required).to.include.members(["capability_id", "outcome", "execution"]);
          expect(find.description).to.be.a("string").and.not.empty;
          expect(run.description).to.be.a("string").and.not.empty;
        });

        it("search returns ranked hits with catalog facts", async () => {
          const r = await c.find({ op: "search", query: "greatest common divisor of integers", limit: 3 });
          expect(r.isError).to.not.equal(true);
          const out = envelope(r);
          expect(out.op).to.equal("search");
          expect(out.hits.length).to.be.within(1, 3);
          expect(out.hits[0].capability_id).to.equal("integer.compute.gcd");
          expect(out.hits[0].applicability.status).to.equal("NEEDS_MORE_TYPED_REQUIREMENTS");
          expect(out.hits[0].provider.available).to.equal(true);
          // This client gets the complete structuredContent; the text is the compact rendering,
          // one line per hit (envelope() checked that it lists the same hits in the same order).
          expect(r.structuredContent.hits).to.deep.equal(out.hits);
          const text = r.content.find((x) => x.type === "text")!.text!;
          expect(text.split("\n").filter((l) => /^\d+\. /.test(l))).to.have.length(out.hits.length);
          expect(() => JSON.parse(text)).to.throw();
        });

        it("inspect returns the authoritative schemas and examples of one exact id", async () => {
          const out = envelope(await c.find({ op: "inspect", capability_id: "integer.compute.gcd" }));
          expect(out.op).to.equal("inspect");
          expect(out.capability.id).to.equal("integer.compute.gcd");
          expect(out.capability.request_schema.additionalProperties).to.equal(false);
          expect(out.capability.request_schema.required).to.have.members(["left", "right"]);
          expect(out.capability.examples.length).to.be.greaterThan(0);
        });

        it("runs gcd exactly, beyond 2^53, with the envelope as structuredContent and text", async () => {
          const left = "123456789012345678901234567890123456789", right = "987654321098765432109876543210";
          const r = await c.run("integer.compute.gcd", { left, right });
          expect(r.isError).to.not.equal(true);
          const out = envelope(r);
          expect(out).to.include({ capability_id: "integer.compute.gcd", outcome: "completed" });
          expect(out.value).to.deep.equal({ gcd: euclid(BigInt(left), BigInt(right)).toString() });
          expect(out.execution.provider).to.equal("jacobian.builtin");
          expect(r.content.filter((x) => x.type === "resource_link")).to.have.length(0);
          expect(envelope(await c.run("integer.compute.gcd", { left: "84", right: "30" })).value).to.deep.equal({ gcd: "6" });
        });

        it("fails closed on an unknown top-level argument (isError, UNKNOWN_ARGUMENT, path)", async () => {
          const r = await c.call("math.run", { capability_id: "integer.compute.gcd", payload: { left: "1", right: "2" }, verbose: true });
          expect(r.isError).to.equal(true);
          const out = envelope(r);
          expect(out.outcome).to.equal("failed");
          expect(out.error).to.include({ code: "UNKNOWN_ARGUMENT", path: "verbose" });
          expect(out.error.hint).to.be.a("string");
        });

        it("fails closed on an unknown payload field", async () => {
          const out = envelope(await c.run("integer.compute.gcd", { left: "1", right: "2", modulus: "5" }));
          expect(out.outcome).to.equal("failed");
          expect(out.error).to.include({ code: "UNKNOWN_ARGUMENT", path: "payload.modulus" });
        });

        it("refuses a search-only field on inspect and an inspect id on search", async () => {
          const a = await c.find({ op: "inspect", capability_id: "integer.compute.gcd", limit: 3 });
          expect(a.isError).to.equal(true);
          expect(envelope(a).error).to.include({ code: "UNKNOWN_ARGUMENT", path: "request.limit" });
          const b = await c.find({ op: "search", query: "gcd", capability_id: "integer.compute.gcd" });
          expect(b.isError).to.equal(true);
          expect(envelope(b).error).to.include({ code: "UNKNOWN_ARGUMENT", path: "request.capability_id" });
        });

        it("refuses an empty or stop-word-only query without listing the inventory", async () => {
          for (const query of ["", "the of and"]) {
            const r = await c.find({ op: "search", query });
            expect(r.isError).to.equal(true);
            const out = envelope(r);
            expect(out.error).to.include({ code: "INVALID_PAYLOAD", path: "request.query" });
            expect(out.hits).to.equal(undefined);
          }
        });

        it("answers an unknown capability with UNKNOWN_CAPABILITY (run and inspect)", async () => {
          const r = await c.run("integer.compute.nonexistent", {});
          expect(r.isError).to.equal(true);
          expect(envelope(r).error.code).to.equal("UNKNOWN_CAPABILITY");
          const i = await c.find({ op: "inspect", capability_id: "integer.compute.nonexistent" });
          expect(i.isError).to.equal(true);
          expect(envelope(i).error.code).to.equal("UNKNOWN_CAPABILITY");
        });

        it("returns non_conclusion as a normal (non-error) result", async () => {
          const r = await c.run("test.external.compute", { n: "1" });
          expect(r.isError).to.not.equal(true);
          expect(envelope(r)).to.deep.include({ outcome: "non_conclusion" });
          expect(envelope(r).reason.code).to.equal("PROVIDER_UNAVAILABLE");
        });

        it("publishes capability://catalog with exactly the installed operations", async () => {
          expect((await c.listResources()).map((r) => r.uri)).to.include("capability://catalog");
          const { contents } = await c.readResource("capability://catalog");
          expect(contents).to.have.length(1);
          expect(contents[0]!.mimeType).to.equal("application/json");
          const catalog = JSON.parse(contents[0]!.text!);
          expect(catalog.operations.map((o: { id: string }) => o.id).sort()).to.deep.equal(installedIds);
        });

        it("publishes the artifact template and serves checker evidence, hash-verified", async () => {
          expect((await c.listResourceTemplates()).map((t) => t.uriTemplate)).to.include("artifact://sha256/{hex}");
          const r = await c.run("test.slow.verify", { n: "4" });
          const out = envelope(r);
          expect(out.outcome).to.equal("completed");
          expect(out.value.verdict).to.equal("accepted");
          expect(out.artifacts).to.have.length(1);
          const uri: string = out.artifacts[0];
          expect(out.value.bindings.evidence).to.equal(uri);
          const links = r.content.filter((x) => x.type === "resource_link");
          expect(links.map((l) => l.uri)).to.deep.equal([uri]);
          expect(links[0]!.mimeType).to.equal("application/json");
          const { contents } = await c.readResource(uri);
          const stored = JSON.parse(contents[0]!.text!);
          expect(createHash("sha256").update(canonicalJson(stored), "utf8").digest("hex")).to.equal(uri.slice("artifact://sha256/".length));
          expect(stored.kind).to.equal("evidence");
          expect(stored.result.claim_digest).to.equal(out.value.bindings.claim_digest);
          // resources/list shows a session what it produced; a stateless 2026-era HTTP request has
          // no session, so nothing it produced is listed afterwards (it stays readable by id).
          const listed = (await c.listResources()).map((x) => x.uri);
          if (transport === "http" && kind === "v2-modern") expect(listed).to.not.include(uri);
          else expect(listed).to.include(uri);
        });

        it("answers an unknown artifact with resource-not-found", async () => {
          for (const uri of ["artifact://sha256/" + "0".repeat(64), "artifact://sha256/not-hex"]) {
            let error: any;
            try {
              await c.readResource(uri);
            } catch (e) {
              error = e;
            }
            expect(error, uri).to.exist;
            expect([-32602, -32002]).to.include(error.code);
          }
        });

        it("runs the shipped checkers' first examples and serves their artifacts (when installed)", async function () {
          const catalog = JSON.parse((await c.readResource("capability://catalog")).contents[0]!.text!);
          const present = SHIPPED_CHECKERS.filter((id) => catalog.operations.some((o: { id: string }) => o.id === id));
          if (!present.length) this.skip();
          for (const id of present) {
            const cap = envelope(await c.find({ op: "inspect", capability_id: id })).capability;
            const example = cap.examples[0];
            const r = await c.run(id, example.payload);
            const out = envelope(r);
            expect(out.outcome, id).to.equal("completed");
            expect(r.content.filter((x) => x.type === "resource_link").map((x) => x.uri)).to.deep.equal(out.artifacts ?? []);
            expect(out.value.verdict, id).to.equal(example.expected.verdict);
            for (const uri of out.artifacts ?? []) {
              const { contents } = await c.readResource(uri);
              expect(JSON.parse(contents[0]!.text!).operation.id).to.equal(id);
            }
          }
        });
      });
    }
  }
});
