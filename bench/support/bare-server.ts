/**
 * The start-up baseline: a bare MCP SDK v2 server with two tools over stdio (serveStdio), doing
 * nothing else. bench/startup.ts compares `jacobian serve --stdio` with it in the same run.
 */
import { fromJsonSchema, McpServer, type JsonSchemaType } from "@modelcontextprotocol/server";
import { serveStdio } from "@modelcontextprotocol/server/stdio";

const schema = { type: "object", properties: { request: { type: "object" } }, required: ["request"] };

serveStdio(() => {
  const server = new McpServer({ name: "bare", version: "0.0.0" }, { capabilities: { tools: {} } });
  for (const name of ["math.find", "math.run"]) {
    server.registerTool(name, { description: name, inputSchema: fromJsonSchema(schema as JsonSchemaType) }, async () => ({ content: [{ type: "text" as const, text: "{}" }] }));
  }
  return server;
});
