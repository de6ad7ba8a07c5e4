/**
 * What an agent's context pays for a math.find answer, in UTF-8 bytes, over the shipped catalog and
 * the labelled agent queries of the search-quality suite. A host forwards ONE rendering of a tool
 * result to its model: Claude Code and VS Code forward JSON.stringify(structuredContent) whenever it
 * is present (anthropics/claude-code#79944), content-only hosts the text. So each rendering must fit
 * the target; the whole result (both, as on the wire) is reported alongside. Targets (issue 13):
 * 5 hits ≤ 2 KB, 20 hits ≤ 8 KB, inspect of a typical operation ≤ 4 KB.
 */
import { readFileSync } from "node:fs";
import { expect } from "chai";
import { Client } from "@modelcontextprotocol/client";
import { InMemoryTransport } from "@modelcontextprotocol/server";
import { JacobianHost } from "../../../adapters/composition.js";
import { createMcpServer } from "../../../adapters/mcp/index.js";
import { HIT_SUMMARY_MAX } from "../../../application/find.js";
import { tempDir } from "../../support/runtime.js";
import { envelope, type ToolResult } from "./support/harness.js";

const QUERIES = (JSON.parse(readFileSync("test/application/search-queries.json", "utf8")) as { query: string }[]).map((q) => q.query);
export const SIZE_TARGETS = { search5: 2048, search20: 8192, inspect: 4096 } as const;

/** Bytes of what a host forwards to its model: the larger of the two renderings. */
export const modelBytes = (r: ToolResult) => Math.max(Buffer.byteLength(JSON.stringify(r.structuredContent)), Buffer.byteLength(r.content.find((c) => c.type === "text")!.text!));
/** Bytes of the whole tool result as the client holds it (both renderings). */
export const wireBytes = (r: ToolResult) => Buffer.byteLength(JSON.stringify({ content: r.content, structuredContent: r.structuredContent, ...(r.isError ? { isError: true } : {}) }));

describe("MCP adapter: response sizes", function () {
  this.timeout(60_000);
  let host: JacobianHost;
  let client: Client;
  let call: (name: string, args: unknown) => Promise<ToolResult>;
  before(async () => {
    host = JacobianHost.create({ artifactsDir: tempDir() }, "silent");
    const server = createMcpServer(host);
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    await server.connect(serverSide);
    client = new Client({ name: "sizes-test", version: "1" });
    await client.connect(clientSide);
    call = (name, args) => client.callTool({ name, arguments: args as Record<string, unknown> }) as Promise<ToolResult>;
  });
  after(async () => {
    await client?.close();
    await host?.close();
  });

  for (const [limit, target] of [[5, SIZE_TARGETS.search5], [20, SIZE_TARGETS.search20]] as const) {
    it(`search with limit ${limit}: each rendering stays within ${target} bytes for every labelled agent query`, async () => {
      let worst = { bytes: 0, wire: 0, query: "" };
      for (const query of QUERIES) {
        const r = await call("math.find", { request: { op: "search", query, limit } });
        const out = envelope(r); // text and structuredContent agree
        for (const h of out.hits) expect(h.summary.length, h.capability_id).to.be.at.most(HIT_SUMMARY_MAX);
        const bytes = modelBytes(r);
        if (bytes > worst.bytes) worst = { bytes, wire: wireBytes(r), query };
      }
      console.log(`      worst ${limit}-hit search: ${worst.bytes} bytes forwarded to a model (${worst.wire} on the wire, both renderings) for ${JSON.stringify(worst.query)}, over ${QUERIES.length} queries`);
      expect(worst.bytes, worst.query).to.be.at.most(target);
    });
  }

  it(`inspect of the model operation stays within ${SIZE_TARGETS.inspect} bytes (the catalog's median, the typical operation, and maximum are reported)`, async () => {
    const gcd = await call("math.find", { request: { op: "inspect", capability_id: "integer.compute.gcd" } });
    const capability = envelope(gcd).capability;
    // structuredContent stays complete: every example and both schemas.
    expect(capability.examples.length).to.be.greaterThan(0);
    expect(capability.request_schema.required).to.have.members(["left", "right"]);
    const sizes: number[] = [];
    for (const op of (host.openRuntime().catalog() as { operations: { id: string }[] }).operations) {
      sizes.push(modelBytes(await call("math.find", { request: { op: "inspect", capability_id: op.id } })));
    }
    sizes.sort((a, b) => a - b);
    console.log(`      inspect integer.compute.gcd: ${modelBytes(gcd)} bytes forwarded (${wireBytes(gcd)} on the wire); catalog median ${sizes[sizes.length >> 1]}, max ${sizes.at(-1)} over ${sizes.length} operations`);
    expect(modelBytes(gcd)).to.be.at.most(SIZE_TARGETS.inspect);
  });
});
