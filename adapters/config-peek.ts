/**
 * The few operator settings a stdio MCP server needs before its composition root exists (its
 * message limit and debug flag), read without the validation library so that `initialize` and
 * `tools/list` are answered at once. The full configuration is validated when the root is created
 * moments later (config.ts); an invalid file then stops the server with its error.
 */
import { existsSync, readFileSync } from "node:fs";

export const DEFAULT_MAX_REQUEST_BYTES = 4 * 1024 * 1024;

/** The config file in effect: explicit, $JACOBIAN_CONFIG, or ./jacobian.config.json if present. */
export function configFilePath(explicit?: string): string | undefined {
  return explicit ?? process.env.JACOBIAN_CONFIG ?? (existsSync("jacobian.config.json") ? "jacobian.config.json" : undefined);
}

export function peekSettings(opts: { configFile?: string; maxRequestBytes?: number; debug?: boolean }): { maxRequestBytes: number; debug: boolean } {
  let raw: { max_request_bytes?: unknown; debug?: unknown } = {};
  const file = configFilePath(opts.configFile);
  if (file) {
    try {
      raw = JSON.parse(readFileSync(file, "utf8")) ?? {};
    } catch {
      raw = {}; // reported with the full validation
    }
  }
  const bytes = typeof raw.max_request_bytes === "number" && Number.isInteger(raw.max_request_bytes) && raw.max_request_bytes >= 1024 ? raw.max_request_bytes : undefined;
  return { maxRequestBytes: opts.maxRequestBytes ?? bytes ?? DEFAULT_MAX_REQUEST_BYTES, debug: opts.debug ?? (raw.debug === true) };
}
