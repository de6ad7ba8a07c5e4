/**
 * The CLI's help text. Every command states its synopsis with named values (`--json <payload>`),
 * its own options and one example; the operator options every command takes are listed once.
 */
import { LIBRARY } from "../../domain/library.js";

export interface CommandHelp {
  /** The command's words: `run`, `artifacts`. */
  name: string;
  /** Arguments and options after the name, values named: `<id> (--json <payload> | --file <path>)`. */
  synopsis: string;
  description: string;
  options?: [flag: string, description: string][];
  example: string;
  details?: string;
}

export const OPERATOR_OPTIONS: [string, string][] = [
  ["--packs <list>", "comma-separated packs to install (default: every shipped pack)"],
  ["--config <file>", "operator config file (JSON)"],
  ["--artifacts-dir <dir>", "artifact store directory"],
  ["--budget-scale <x>", "multiply every operation budget, 0 < x ≤ 1000"],
  ["--redis <url>", "distributed mode: artifacts and long work on this Redis (redis://host:port/db)"],
  ["--debug", "log values in the structured logs on stderr"],
];

export const EXIT_CODES_TEXT = "Exit codes: 0 completed, 3 non_conclusion, 4 failed, 2 usage error.";

export const COMMANDS: CommandHelp[] = [
  { name: "search", synopsis: "<words...> [--limit <n>] [--input-kind <kind>] [--artifact-type <type>]", description: "Search the installed operations (the math.find search request).", options: [["--limit <n>", "number of hits, 1 to 20 (default 5)"], ["--input-kind <kind>", "compatible operations first: those accepting this value kind"], ["--artifact-type <type>", "compatible operations first: those accepting this artifact type"]], example: "jacobian search exact matrix determinant" },
  { name: "inspect", synopsis: "<id>", description: "Inspect one operation: schemas, effect, providers, preflight, ports, examples.", example: "jacobian inspect integer.compute.gcd" },
  { name: "run", synopsis: "<id> (--json <payload> | --file <path>)", description: "Run one operation with a JSON payload; prints the outcome envelope. A long run shows a progress line on stderr when stderr is a terminal.", options: [["--json <payload>", "the payload, a JSON object"], ["--file <path>", "read the payload from a JSON file ('-' for stdin)"]], example: `jacobian run integer.compute.gcd --json '{"left":"84","right":"30"}'`, details: EXIT_CODES_TEXT },
  { name: "catalog", synopsis: "", description: "Print the installed inventory (the capability://catalog resource).", example: "jacobian catalog --packs integer,matrix" },
  { name: "serve", synopsis: "[--stdio | --http] [--port <n>] [--host <address>]", description: "Serve the MCP server over stdio (default) or Streamable HTTP.", options: [["--stdio", "serve over stdin/stdout (the default)"], ["--http", "serve Streamable HTTP at http://<host>:<port>/mcp"], ["--port <n>", "HTTP port (default 3917; 0 picks a free port)"], ["--host <address>", "HTTP bind address (default 127.0.0.1)"]], example: "jacobian serve --http --port 3917" },
  { name: "worker", synopsis: "--redis <url> [--concurrency <n>]", description: "Run jobs of the shared queue (distributed mode): long math.run calls and tasks that replicas enqueued.", options: [["--concurrency <n>", "jobs run at once (default: distributed.worker_concurrency, the number of cores)"]], example: "jacobian worker --redis redis://127.0.0.1:6379/0", details: "Stops on SIGINT/SIGTERM after its running jobs finish; a killed worker's jobs are taken over by the others (docs/operator.md)." },
  { name: "doctor", synopsis: "", description: "Check the installation: packs, providers, artifact store.", example: "jacobian doctor" },
  { name: "docs", synopsis: "", description: "Print docs/operations.md generated from the catalog.", example: "jacobian docs > docs/operations.md" },
  { name: "artifacts", synopsis: "<ls | show <id> | verify | replay <id> | gc> [--older-than-days <n>]", description: "Operator housekeeping of durable artifacts.", options: [["--older-than-days <n>", "gc: remove only artifacts older than this"]], example: "jacobian artifacts replay artifact://sha256/<hex>", details: "replay re-runs the recorded request and exits 0 when the result is identical, 4 otherwise; verify exits 4 when an artifact is corrupt." },
];

export function commandHelp(name: string): CommandHelp | undefined {
  return COMMANDS.find((c) => c.name === name);
}

function table(rows: [string, string][], indent = "  "): string[] {
  const w = Math.max(...rows.map(([f]) => f.length));
  return rows.map(([f, d]) => `${indent}${f.padEnd(w)}  ${d}`);
}

/** `jacobian --help`. */
export function globalHelp(): string {
  const lines = [`Jacobian ${LIBRARY.version}: exact mathematics for AI agents and programs`, "", "Usage: jacobian <command> [options]", "", "Commands:"];
  for (const c of COMMANDS) {
    lines.push(`  ${c.name}${c.synopsis ? " " + c.synopsis : ""}`, `      ${c.description}`, `      e.g. ${c.example}`);
  }
  lines.push("", "Operator options (every command):", ...table(OPERATOR_OPTIONS), "", "Other:", ...table([["-h, --help", "this help; `jacobian <command> --help` for one command"], ["-v, --version", "the version"]]), "", "Every command prints JSON on stdout. " + EXIT_CODES_TEXT, "");
  return lines.join("\n");
}

/** `jacobian <command> --help`. */
export function usageLine(c: CommandHelp): string {
  return `Usage: jacobian ${c.name}${c.synopsis ? " " + c.synopsis : ""} [operator options]`;
}

export function commandHelpText(c: CommandHelp): string {
  const lines = [usageLine(c), "", c.description];
  if (c.options?.length) lines.push("", "Options:", ...table(c.options));
  lines.push("", "Example:", `  ${c.example}`);
  if (c.details) lines.push("", c.details);
  lines.push("", `Operator options: ${OPERATOR_OPTIONS.map(([f]) => f).join(", ")} (jacobian --help describes them).`, "");
  return lines.join("\n");
}
