/**
 * The README's client snippets, run as written: the Claude Code command and the Claude Desktop
 * config start the stdio server (with this repository's path for /path/to/jacobian), and the HTTP
 * snippet runs against a test server whose address it reads from JACOBIAN_URL.
 */
import { expect } from "chai";
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { Client } from "@modelcontextprotocol/client";
import { StdioClientTransport } from "@modelcontextprotocol/client/stdio";
import { JacobianHost } from "../adapters/composition.js";
import { startHttpServer } from "../adapters/mcp/index.js";
import { tempDir } from "./support/runtime.js";

const README = readFileSync("README.md", "utf8");
const REPO = path.resolve(".");

/** The fenced blocks of a language, in order. */
function blocks(lang: string): string[] {
  return [...README.matchAll(new RegExp("```" + lang + "\\n([\\s\\S]*?)```", "g"))].map((m) => m[1]!);
}

async function searchOverStdio(command: string, args: string[]): Promise<string> {
  const home = tempDir("jacobian-readme-");
  const transport = new StdioClientTransport({ command, args, env: { ...(process.env as Record<string, string>), JACOBIAN_HOME: home }, stderr: "ignore" });
  const client = new Client({ name: "readme-test", version: "1" });
  await client.connect(transport);
  try {
    const r = (await client.callTool({ name: "math.find", arguments: { request: { op: "search", query: "gcd", limit: 1 } } })) as { structuredContent: { hits: { capability_id: string }[] } };
    return r.structuredContent.hits[0]!.capability_id;
  } finally {
    await client.close();
  }
}

describe("README snippets", function () {
  this.timeout(60_000);

  it("the Claude Code command starts a working stdio server", async () => {
    const line = blocks("sh").flatMap((b) => b.split("\n")).find((l) => l.startsWith("claude mcp add jacobian -- "));
    expect(line, "README has the `claude mcp add` line").to.be.a("string");
    const [command, ...args] = line!.slice("claude mcp add jacobian -- ".length).replaceAll("/path/to/jacobian", REPO).trim().split(/\s+/);
    expect(command).to.equal("node");
    expect(await searchOverStdio(process.execPath, args)).to.equal("integer.compute.gcd");
  });

  it("the Claude Desktop config starts a working stdio server", async () => {
    const block = blocks("json").find((b) => b.includes('"mcpServers"'));
    expect(block, "README has the claude_desktop_config.json block").to.be.a("string");
    const server = (JSON.parse(block!.replaceAll("/path/to/jacobian", REPO)) as { mcpServers: Record<string, { command: string; args: string[] }> }).mcpServers.jacobian!;
    expect(server.command).to.equal("node");
    expect(await searchOverStdio(process.execPath, server.args)).to.equal("integer.compute.gcd");
  });

  it("the HTTP client snippet runs verbatim against a server", async () => {
    const snippet = blocks("js").find((b) => b.includes("StreamableHTTPClientTransport"));
    expect(snippet, "README has the HTTP client snippet").to.be.a("string");
    const host = JacobianHost.create({ artifactsDir: tempDir() }, "silent");
    const http = await startHttpServer(host, { port: 0 });
    try {
      // Run in a child process (so the server here keeps answering), from the repository root so
      // that the SDK package resolves as it does for a user who installed it.

      const child = spawn(process.execPath, ["--input-type=module", "-e", snippet!], { cwd: REPO, env: { ...process.env, JACOBIAN_URL: http.url } });
      let out = "", err = "";
      child.stdout.on("data", (d: Buffer) => (out += d));
      child.stderr.on("data", (d: Buffer) => (err += d));
      const code = await new Promise<number | null>((resolve) => child.on("close", resolve));
      expect(code, err).to.equal(0);
      expect(out).to.equal("integer.compute.gcd\ncompleted { gcd: '6' }\n");
    } finally {
      await http.close();
      await host.close();
    }
  });
});

