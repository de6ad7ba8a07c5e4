/**
 * The one human line `jacobian run` adds on stderr, when stdout is a terminal, to a failed payload:
 * what was wrong and the corrected shape. Numbers where strings belong are the common mistake
 * (`"left": 84`): the line shows the same fields with every number as a string (`"left": "84"`).
 * Otherwise it shows the offending field as the operation's first example gives it, or that
 * example's whole payload when the field is not one the operation declares.
 */
import type { FailureDetail } from "../../domain/errors.js";
import type { Json } from "../../domain/json.js";

const FIELD_CHARS = 120;
const PAYLOAD_CODES = new Set(["INVALID_PAYLOAD", "UNKNOWN_ARGUMENT", "DOMAIN_ERROR"]);

/**
 * `payloadText` is the payload as the user wrote it: its numbers are quoted digit for digit (a
 * parsed 12345678901234567890 has already lost its last digits).
 */
export function payloadHint(id: string, error: FailureDetail, payloadText: string, example?: { [key: string]: Json }): string | undefined {
  if (!PAYLOAD_CODES.has(error.code) || !error.path?.startsWith("payload")) return undefined;
  const what = firstClause(error.message);
  const field = /^payload\.([^.[]+)/.exec(error.path)?.[1];
  let given: Record<string, unknown> = {}, quoted: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(payloadText);
    const exact: unknown = JSON.parse(quoteNumbers(payloadText));
    if (isObject(parsed) && isObject(exact)) [given, quoted] = [parsed, exact];
  } catch {
    /* not JSON: the command refused it before running */
  }
  const fixed = Object.entries(given).filter(([, v]) => hasNumber(v)).map(([k]) => `"${k}": ${clip(JSON.stringify(quoted[k]))}`);
  if (fixed.length) return `${what}. Mathematical values are strings: ${fixed.join(", ")}`;
  if (example && field !== undefined && field in example) return `${what}. For example: "${field}": ${clip(JSON.stringify(example[field]))}`;
  if (example) return `${what}. ${id} takes a payload like ${clip(JSON.stringify(example), 200)}`;
  return `${what}. jacobian inspect ${id} shows the request schema and examples`;
}

/** The first of the messages joined by "; " (the first is the one `path` names). */
function firstClause(message: string): string {
  const i = message.indexOf("; ");
  return (i > 0 ? message.slice(0, i) : message).replace(/\s+/g, " ");
}

function clip(s: string, max = FIELD_CHARS): string {
  return s.length <= max ? s : s.slice(0, max - 1) + "…";
}

function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === "object" && !Array.isArray(v);
}

function hasNumber(v: unknown, depth = 0): boolean {
  if (typeof v === "number" || typeof v === "bigint") return true;
  if (depth > 16 || v === null || typeof v !== "object") return false;
  return Object.values(v as object).some((x) => hasNumber(x, depth + 1));
}

/** JSON text with every number literal (outside strings) quoted as written. */
export function quoteNumbers(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; ) {
    const c = text[i]!;
    if (c === '"') {
      let j = i + 1;
      while (j < text.length && text[j] !== '"') j += text[j] === "\\" ? 2 : 1;
      out += text.slice(i, j + 1);
      i = j + 1;
    } else if (c === "-" || (c >= "0" && c <= "9")) {
      const m = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i, i + 100_000))!;
      out += `"${m[0]}"`;
      i += Math.max(1, m[0].length);
    } else {
      out += c;
      i++;
    }
  }
  return out;
}
