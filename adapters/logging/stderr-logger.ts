import type { LogRecord, Logger } from "../../domain/ports.js";

/** Structured JSON lines on stderr (stdout is reserved for protocol / command output). */
export class StderrLogger implements Logger {
  constructor(
    readonly debug = false,
    private readonly quiet = false,
    private readonly write: (line: string) => void = (l) => process.stderr.write(l + "\n"),
  ) {}
  private emit(level: string, event: string, fields?: LogRecord) {
    if (this.quiet && level === "info") return;
    this.write(JSON.stringify({ ts: new Date().toISOString(), level, event, ...fields }));
  }
  info(event: string, fields?: LogRecord) { this.emit("info", event, fields); }
  warn(event: string, fields?: LogRecord) { this.emit("warn", event, fields); }
  error(event: string, fields?: LogRecord) { this.emit("error", event, fields); }
}
