/**
 * The progress line of a long `jacobian run` on stderr: a bar and percentage when the stage's work
 * is known, else a count; the stage in words; the elapsed time. Redrawn in place (the line is
 * cleared first, so a shorter message leaves no tail), at most every REDRAW_MS, and erased when the
 * run ends so that the JSON on stdout starts on a clean line. Nothing at all when stderr is not a TTY.
 */
import type { ProgressSink } from "../../domain/ports.js";

const REDRAW_MS = 100;
const BAR = 20;
/** Carriage return + erase the whole line (ANSI EL2). */
const CLEAR = "\r\u001b[2K";

export interface ProgressState {
  done: number;
  total?: number;
  message?: string;
  elapsedMs: number;
}

/** One progress line, at most `width` characters (no control characters). */
export function formatProgress(s: ProgressState, width = 80): string {
  const parts: string[] = [];
  if (s.total !== undefined && s.total > 0) {
    const frac = Math.min(1, Math.max(0, s.done / s.total));
    const filled = Math.round(frac * BAR);
    parts.push(`[${"#".repeat(filled)}${".".repeat(BAR - filled)}] ${String(Math.floor(frac * 100)).padStart(3)}%`);
  } else if (!s.message) {
    parts.push(count(s.done));
  }
  const time = elapsed(s.elapsedMs);
  // The message gives way first: the bar and the elapsed time always fit.
  const room = width - [...parts, time].join("  ").length - 2;
  if (s.message && room > 0) {
    const m = s.message.replace(/\s+/g, " ");
    parts.push(m.length <= room ? m : m.slice(0, Math.max(0, room - 1)) + "…");
  }
  parts.push(time);
  const line = parts.join("  ");
  return line.length <= width ? line : line.slice(0, Math.max(0, width - 1)) + "…";
}

/** A whole number with thousands separators; a fraction is floored (progress is a count). */
function count(n: number): string {
  return Math.floor(n).toLocaleString("en-US");
}

function elapsed(ms: number): string {
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  const m = Math.floor(s / 60);
  return `${m}m ${String(Math.floor(s % 60)).padStart(2, "0")}s`;
}

/** The progress sink for a terminal, or undefined when `stream` is not a TTY. */
export function progressLine(stream: NodeJS.WritableStream, now: () => number = () => performance.now()): { update: ProgressSink; done: () => void } | undefined {
  const tty = stream as NodeJS.WriteStream;
  if (!tty.isTTY) return undefined;
  const started = now();
  let drawn = false;
  let lastDraw = -Infinity;
  return {
    update(done, total, message) {
      const t = now();
      // Throttled, but a stage's end (done reaches its total) is always drawn.
      if (t - lastDraw < REDRAW_MS && !(total !== undefined && done >= total)) return;
      lastDraw = t;
      tty.write(CLEAR + formatProgress({ done, ...(total !== undefined ? { total } : {}), ...(message ? { message } : {}), elapsedMs: t - started }, (tty.columns || 80) - 1));
      drawn = true;
    },
    done() {
      if (drawn) tty.write(CLEAR);
      drawn = false;
    },
  };
}
