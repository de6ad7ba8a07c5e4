#!/usr/bin/env node
/**
 * The CLI face. Mathematical commands (catalog, inspect, run) are generic over the installed
 * declarations; the hand-written commands are operator administration only. Clipanion parses the
 * command line; help text, usage errors and the version are ours (help.ts), so that values are
 * named, operator options listed once and every command shows one example.
 */
import { readFileSync } from "node:fs";
import { Cli, Command, Option, UsageError } from "clipanion";
import type { JacobianHost } from "../composition.js";
import type { JacobianOptions } from "../config.js";
import type { Json } from "../../domain/json.js";
import { EXIT_CODES } from "../../domain/outcome.js";
import { renderOperationsReference } from "./reference.js";
import { commandHelp, commandHelpText, globalHelp, usageLine } from "./help.js";
import { payloadHint } from "./payload-hint.js";
import { progressLine } from "./progress.js";
import { LIBRARY } from "../../domain/library.js";

abstract class RuntimeCommand extends Command {
  packs = Option.String("--packs");
  config = Option.String("--config");
  artifactsDir = Option.String("--artifacts-dir");
  budgetScale = Option.String("--budget-scale");
  redis = Option.String("--redis");
  debug = Option.Boolean("--debug", false);

  options(): JacobianOptions {
    const o: JacobianOptions = { debug: this.debug };
    if (this.packs) o.packs = this.packs.split(",").map((s) => s.trim()).filter(Boolean);
    if (this.config) o.configFile = this.config;
    if (this.artifactsDir) o.artifactsDir = this.artifactsDir;
    if (this.redis !== undefined) o.redis = this.redis;
    if (this.budgetScale !== undefined) {
      const n = Number(this.budgetScale);
      if (!(n > 0 && n <= 1000)) throw new UsageError("--budget-scale must be a number in (0, 1000]");
      o.budgetScale = n;
    }
    return o;
  }

  /** The composition root is loaded only by commands that need a runtime (`--help`/`--version` load nothing). */
  async host(logger: "stderr" | "silent" = "silent"): Promise<JacobianHost> {
    const { JacobianHost } = await import("../composition.js");
    try {
      return JacobianHost.create(this.options(), logger);
    } catch (e) {
      throw new UsageError((e as Error).message);
    }
  }

  print(value: unknown): void {
    this.context.stdout.write(JSON.stringify(value, null, 2) + "\n");
  }
}

class CatalogCommand extends RuntimeCommand {
  static override paths = [["catalog"]];
  async execute() {
    const host = await this.host();
    const rt = host.openRuntime();
    this.print(rt.catalog());
    await host.close();
    return 0;
  }
}

class InspectCommand extends RuntimeCommand {
  static override paths = [["inspect"]];
  id = Option.String({ required: true });
  async execute() {
    const host = await this.host();
    const rt = host.openRuntime();
    const r = rt.inspect(this.id);
    this.print(r);
    await host.close();
    return "error" in r ? EXIT_CODES.failed : 0;
  }
}

class SearchCommand extends RuntimeCommand {
  static override paths = [["search"]];
  query = Option.Rest({ required: 1 });
  limit = Option.String("--limit");
  inputKind = Option.String("--input-kind");
  artifactType = Option.String("--artifact-type");
  async execute() {
    if (this.limit !== undefined && !/^(?:[1-9]|1[0-9]|20)$/.test(this.limit)) throw new UsageError(`--limit takes a whole number from 1 to 20, not ${JSON.stringify(this.limit.slice(0, 40))}`);
    const host = await this.host();
    const rt = host.openRuntime();
    const request: Record<string, unknown> = { op: "search", query: this.query.join(" ") };
    if (this.limit !== undefined) request.limit = Number(this.limit);
    if (this.inputKind) request.input_kind = this.inputKind;
    if (this.artifactType) request.artifact_type = this.artifactType;
    const r = rt.find({ request });
    this.print(r);
    await host.close();
    return "error" in r ? EXIT_CODES.failed : 0;
  }
}

class RunCommand extends RuntimeCommand {
  static override paths = [["run"]];
  id = Option.String({ required: true });
  json = Option.String("--json");
  file = Option.String("--file");
  async execute() {
    if ((this.json === undefined) === (this.file === undefined)) throw new UsageError("give exactly one of --json or --file");
    let text: string;
    try {
      text = this.json ?? readFileSync(this.file === "-" ? 0 : this.file!, "utf8");
    } catch (e) {
      throw new UsageError(`cannot read ${this.file}: ${(e as Error).message}`);
    }
    let payload: unknown;
    try {
      payload = JSON.parse(text);
    } catch (e) {
      throw new UsageError(`the payload is not valid JSON: ${(e as Error).message}`);
    }
    const host = await this.host();
    const rt = host.openRuntime();
    const ac = new AbortController();
    const onSigint = () => ac.abort();
    process.once("SIGINT", onSigint);
    const bar = progressLine(this.context.stderr);
    // This command's runtime closes when it exits, so a value:// ref could never be resolved.
    const outcome = await rt.run({ capability_id: this.id, payload }, { signal: ac.signal, issueRefs: false, ...(bar ? { onProgress: bar.update } : {}) });
    bar?.done();
    process.off("SIGINT", onSigint);
    this.print(outcome);
    // A person at a terminal also gets one line saying what was wrong and the corrected shape.
    if (outcome.outcome === "failed" && (this.context.stdout as NodeJS.WriteStream).isTTY) {
      const inspected = rt.inspect(this.id);
      const example = "capability" in inspected ? ((inspected.capability.examples as { payload: { [key: string]: Json } }[] | undefined)?.[0]?.payload) : undefined;
      const line = payloadHint(this.id, outcome.error, text, example);
      if (line) this.context.stderr.write(`jacobian: ${line}\n`);
    }
    await host.close();
    return EXIT_CODES[outcome.outcome];
  }
}

class ServeCommand extends RuntimeCommand {
  static override paths = [["serve"]];
  stdio = Option.Boolean("--stdio", false);
  http = Option.Boolean("--http", false);
  port = Option.String("--port");
  bind = Option.String("--host");
  async execute() {
    if (this.stdio && this.http) throw new UsageError("choose one of --stdio or --http");
    if (this.http) {
      const host = await this.host("stderr");
      const mcp = (await import("../mcp/http.js")) as Pick<McpAdapter, "startHttpServer">; // the math commands never load the MCP SDK
      const port = this.port !== undefined ? Number(this.port) : host.settings.http.port;
      if (!Number.isInteger(port) || port < 0 || port > 65535) throw new UsageError("--port must be an integer in 0..65535");
      const server = await mcp.startHttpServer(host, { host: this.bind ?? host.settings.http.host, port, ...(host.settings.http.allowedHosts ? { allowedHosts: host.settings.http.allowedHosts } : {}) });
      this.context.stderr.write(`jacobian ${LIBRARY.version}: MCP over Streamable HTTP at ${server.url}\n`);
      const consume = host.settings.distributed?.replicaConcurrency ?? 0;
      if (consume > 0) await host.startWorker(consume);
      warmLater(host);
      await waitForSignal();
      await server.close();
      await host.close();
      return 0;
    }
    // stdio: answer initialize and tools/list at once; the composition root (catalog, validation
    // library, stores, pool) is created right after the server is up, and tool calls await it.
    const options = this.options();
    const { peekSettings } = await import("../config-peek.js");
    const { StderrLogger } = await import("../logging/stderr-logger.js");
    const early = peekSettings(options);
    const logger = new StderrLogger(early.debug);
    const [{ deferredHost }, { runStdioServer }] = await Promise.all([import("../mcp/server.js"), import("../mcp/stdio.js")]);
    const deferred = deferredHost(early, logger, async () => (await import("../composition.js")).JacobianHost.create(options, "stderr"));
    const server = await runStdioServer(deferred);
    setImmediate(() =>
      deferred.start().then(
        (host) => warmLater(host),
        (e: unknown) => {
          // An invalid configuration or installation: say so and stop, as a non-deferred start would.
          this.context.stderr.write(`jacobian: ${String((e as Error)?.message ?? e)}\n`);
          process.exit(EXIT_CODES.usage);
        },
      ),
    );
    await (server.closed ?? waitForSignal());
    await server.close();
    await deferred.current()?.close();
    return 0;
  }
}

class WorkerCommand extends RuntimeCommand {
  static override paths = [["worker"]];
  concurrency = Option.String("--concurrency");
  async execute() {
    const n = this.concurrency === undefined ? undefined : Number(this.concurrency);
    if (n !== undefined && !(Number.isInteger(n) && n >= 1 && n <= 64)) throw new UsageError("--concurrency must be an integer from 1 to 64");
    const host = await this.host("stderr");
    const distributed = host.settings.distributed;
    if (!distributed) {
      await host.close();
      throw new UsageError("a worker needs distributed mode: give --redis redis://host:port (or `redis` in the config file)");
    }
    const worker = await host.startWorker(n ?? distributed.workerConcurrency);
    this.context.stderr.write(`jacobian ${LIBRARY.version}: worker ${worker.name} on ${host.artifacts.location}\n`);
    await waitForSignal();
    await host.close();
    return 0;
  }
}

class DocsCommand extends RuntimeCommand {
  static override paths = [["docs"]];
  async execute() {
    const host = await this.host();
    this.context.stdout.write(renderOperationsReference(host.openRuntime()));
    await host.close();
    return 0;
  }
}

class DoctorCommand extends RuntimeCommand {
  static override paths = [["doctor"]];
  async execute() {
    const host = await this.host();
    const providers = new Map<string, unknown>();
    for (const { meta } of host.catalog.all()) for (const s of host.catalog.providerStatus(meta)) providers.set(s.id, s);
    const d = host.settings.distributed;
    let distributed: unknown;
    if (d) {
      const queue = host.queue as { health?: () => Promise<Record<string, number>> } | null;
      distributed = await queue?.health?.().then(
        (jobs) => ({ redis: host.artifacts.location, reachable: true, jobs }),
        (e: Error) => ({ redis: host.artifacts.location, reachable: false, error: e.message }),
      );
    }
    this.print({ library: LIBRARY, node: process.version, packs: host.catalog.packs, providers: [...providers.values()], artifacts_dir: host.artifacts.location, ...(distributed ? { distributed } : {}) });
    await host.close();
    return 0;
  }
}

/** The MCP adapter's serving entry points (adapters/mcp/index.ts). */
interface McpAdapter {
  runStdioServer(host: JacobianHost): Promise<{ close(): Promise<void>; closed?: Promise<void> }>;
  startHttpServer(host: JacobianHost, opts: { host: string; port: number; allowedHosts?: string[] }): Promise<{ url: string; close(): Promise<void> }>;
}

class ArtifactsCommand extends RuntimeCommand {
  static override paths = [["artifacts"]];

  action = Option.String({ required: true });
  id = Option.String({ required: false });
  olderThanDays = Option.String("--older-than-days");
  async execute() {
    const host = await this.host();
    const rt = host.openRuntime();
    try {
      switch (this.action) {
        case "ls":
          this.print({ location: host.artifacts.location, artifacts: await rt.listArtifacts() });
          return 0;
        case "show": {
          const content = await rt.readArtifact(this.requireId());
          this.print(content ?? { error: "no such artifact" });
          return content === undefined ? EXIT_CODES.failed : 0;
        }
        case "verify": {
          const r = await rt.artifactOps.verify();
          this.print(r);
          return r.corrupt.length ? EXIT_CODES.failed : 0;
        }
        case "replay": {
          const r = await rt.replay(this.requireId(), { issueRefs: false });
          this.print(r);
          return r.identical ? 0 : EXIT_CODES.failed;
        }
        case "gc": {
          const days = this.olderThanDays === undefined ? undefined : Number(this.olderThanDays);
          if (days !== undefined && !(days >= 0)) throw new UsageError("--older-than-days must be a non-negative number");
          this.print(await rt.artifactOps.gc(days === undefined ? {} : { olderThanMs: days * 86_400_000 }));
          return 0;
        }
        default:
          throw new UsageError(`unknown artifacts action ${JSON.stringify(this.action)}: use ls, show, verify, replay or gc`);
      }
    } finally {
      await host.close();
    }
  }
  private requireId(): string {
    if (!this.id) throw new UsageError(`artifacts ${this.action} needs an artifact id (artifact://sha256/…)`);
    return this.id;
  }
}

/** Start a pool worker shortly after the server is up, off the cold-start path. */
function warmLater(host: JacobianHost): void {
  void host.prepareSearch().catch((e) => host.logger.warn("search_prepare_failed", { error: String(e) }));
  setTimeout(() => void host.warm().catch((e) => host.logger.warn("pool_warmup_failed", { error: String(e) })), 2000).unref();
}

function waitForSignal(): Promise<void> {
  return new Promise((resolve) => {
    process.once("SIGINT", () => resolve());
    process.once("SIGTERM", () => resolve());
  });
}

const COMMAND_CLASSES = [CatalogCommand, InspectCommand, SearchCommand, RunCommand, ServeCommand, WorkerCommand, DocsCommand, DoctorCommand, ArtifactsCommand];

export async function main(argv: string[], io: { stdout: NodeJS.WritableStream; stderr: NodeJS.WritableStream } = process): Promise<number> {
  const first = argv[0];
  const named = first !== undefined ? commandHelp(first) : undefined;
  // Help and version are ours (values named, operator options listed once, one example per command).
  if (first === "-v" || first === "--version") {
    io.stdout.write(`${LIBRARY.version}\n`);
    return 0;
  }
  const help = argv.findIndex((a) => a === "-h" || a === "--help");
  const dashdash = argv.indexOf("--");
  if (!argv.length || first === "help" || (help >= 0 && (dashdash < 0 || help < dashdash))) {
    const topic = first === "help" ? commandHelp(argv[1] ?? "") : named;
    io.stdout.write(topic ? commandHelpText(topic) : globalHelp());
    return !argv.length ? EXIT_CODES.usage : 0;
  }
  const usage = (message: string) => {
    io.stderr.write(`jacobian: ${message.replace(/\s+$/, "")}\n${named ? usageLine(named) + `\nRun 'jacobian ${named.name} --help' for its options and an example.` : "Run 'jacobian --help' for the commands."}\n`);
    return EXIT_CODES.usage;
  };
  const cli = new Cli({ binaryLabel: "Jacobian", binaryName: "jacobian", binaryVersion: LIBRARY.version, enableColors: false });
  for (const c of COMMAND_CLASSES) cli.register(c);
  let command: Command;
  try {
    command = cli.process(argv, { stdout: io.stdout as never, stderr: io.stderr as never });
  } catch (e) {
    return usage(clipanionMessage(e, first));
  }
  try {
    return (await command.validateAndExecute()) ?? 0;
  } catch (e) {
    return usage(e instanceof UsageError ? e.message : String((e as Error)?.message ?? e));
  }
}

/** Clipanion's parse errors, reduced to their first line (they embed a candidate list we replace by our usage). */
function clipanionMessage(e: unknown, first: string | undefined): string {
  const line = String((e as Error)?.message ?? e).split("\n")[0]!.trim();
  if (/^Command not found/.test(line)) return `unknown command ${JSON.stringify(String(first).slice(0, 60))}`;
  return line || "invalid command line";
}

// `jacobian catalog | head` closes the pipe early: that ends the output, it is not an error.
process.stdout.on("error", (e: NodeJS.ErrnoException) => {
  if (e.code !== "EPIPE") throw e;
});

const exitCode = await main(process.argv.slice(2));
process.exitCode = exitCode;
