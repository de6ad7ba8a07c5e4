/**
 * Bounds on JSON-RPC messages before the SDK sees them, so that one oversized or absurdly nested
 * message is answered with a JSON-RPC error instead of costing the connection:
 *  - LineLimiter sits between stdin and the SDK's stdio transport. The SDK closes the whole
 *    connection when one line outgrows its read buffer; the limiter forwards complete lines up to
 *    its limit and discards longer ones (without buffering them), reporting each with the
 *    request's id when the message names one at its top level.
 *  - jsonNestingExceeds lets the HTTP front door refuse a body nested deeper than the SDK can
 *    serialise (its JSON.stringify recursion overflows the stack) before anything parses it.
 *  - TopLevelIdScanner recovers a message's top-level "id" from a byte stream of any size in
 *    constant memory, for both.
 */
import { Transform, type TransformCallback } from "node:stream";

export type JsonRpcId = string | number | null;

const QUOTE = 0x22, BACKSLASH = 0x5c, OPEN_OBJECT = 0x7b, CLOSE_OBJECT = 0x7d, OPEN_ARRAY = 0x5b, CLOSE_ARRAY = 0x5d, COLON = 0x3a, COMMA = 0x2c, NEWLINE = 0x0a;
/** A captured id longer than this is not worth echoing: the reply uses a null id. */
const ID_CAPTURE_MAX = 256;

/**
 * Streams through a JSON text once, remembering only the value of the top-level object's "id"
 * member (a string or a number). Malformed input yields null, never an exception.
 */
export class TopLevelIdScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;
  private expectKey = false;
  private readingKey = false;
  private key: number[] = [];
  private keyPlain = true;
  private afterIdKey = false;
  private capture: number[] | undefined;
  private captureOk = true;
  private found: JsonRpcId = null;
  private topIsObject: boolean | undefined;

  feed(buf: Uint8Array, start = 0, end = buf.length): void {
    for (let i = start; i < end; i++) {
      if (this.inString && !this.capture && !this.readingKey) {
        // Most of a large message is string content: skip it in a tight loop up to its closing quote.
        for (; i < end; i++) {
          const b = buf[i]!;
          if (this.escaped) this.escaped = false;
          else if (b === BACKSLASH) this.escaped = true;
          else if (b === QUOTE) break;
        }
        if (i === end) return;
      }
      this.byte(buf[i]!);
    }
  }

  /** The top-level id seen so far (the last one, as JSON.parse would keep), or null. */
  id(): JsonRpcId {
    this.finishCapture();
    return this.topIsObject ? this.found : null;
  }

  private byte(b: number): void {
    if (this.capture) {
      if (this.capture.length >= ID_CAPTURE_MAX) this.captureOk = false;
      else if (this.inString || (b !== COMMA && b !== CLOSE_OBJECT && b > 0x20)) this.capture.push(b);
    }
    if (this.inString) {
      if (this.escaped) this.escaped = false;
      else if (b === BACKSLASH) {
        this.escaped = true;
        if (this.readingKey) this.keyPlain = false;
      } else if (b === QUOTE) {
        this.inString = false;
        if (this.readingKey) this.endKey();
      } else if (this.readingKey && this.key.length < 4) this.key.push(b);
      else if (this.readingKey) this.keyPlain = false;
      return;
    }
    if (b <= 0x20) return;
    if (this.topIsObject === undefined) this.topIsObject = b === OPEN_OBJECT;
    switch (b) {
      case QUOTE:
        this.inString = true;
        if (this.depth === 1 && this.expectKey) {
          this.readingKey = true;
          this.expectKey = false;
          this.key = [];
          this.keyPlain = true;
        }
        return;
      case OPEN_OBJECT:
      case OPEN_ARRAY:
        if (this.capture && this.depth === 1) this.captureOk = false; // an object or array is no id
        this.depth++;
        if (this.depth === 1) this.expectKey = b === OPEN_OBJECT;
        return;
      case CLOSE_OBJECT:
      case CLOSE_ARRAY:
        this.depth--;
        if (this.depth === 0) this.finishCapture();
        return;
      case COLON:
        if (this.depth === 1 && this.afterIdKey) {
          this.afterIdKey = false;
          this.capture = [];
          this.captureOk = true;
        }
        return;
      case COMMA:
        if (this.depth === 1) {
          this.finishCapture();
          this.expectKey = true;
        }
        return;
      default:
        return;
    }
  }

  private endKey(): void {
    this.readingKey = false;
    this.afterIdKey = this.keyPlain && this.key.length === 2 && this.key[0] === 0x69 && this.key[1] === 0x64; // "id"
  }

  private finishCapture(): void {
    const c = this.capture;
    if (!c) return;
    this.capture = undefined;
    if (!this.captureOk || !c.length) return;
    try {
      const v: unknown = JSON.parse(Buffer.from(c).toString("utf8"));
      if (typeof v === "string" || (typeof v === "number" && Number.isFinite(v))) this.found = v;
    } catch {
      /* not a JSON scalar: no usable id */
    }
  }
}

/** The id of a complete JSON text (see TopLevelIdScanner). */
export function topLevelId(text: string): JsonRpcId {
  const s = new TopLevelIdScanner();
  s.feed(Buffer.from(text, "utf8"));
  return s.id();
}

/**
 * True when the JSON text nests objects/arrays deeper than `max` (strings are skipped, so
 * brackets inside them do not count). One pass, constant memory; stops at the first excess.
 */
export function jsonNestingExceeds(text: string, max: number): boolean {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === QUOTE) {
      // Jump to the closing quote: the next quote preceded by an even run of backslashes.
      for (let from = i + 1; ; ) {
        const q = text.indexOf('"', from);
        if (q === -1) return false; // unterminated: JSON.parse refuses it
        let run = 0;
        while (text.charCodeAt(q - 1 - run) === BACKSLASH) run++;
        if (run % 2 === 0) {
          i = q;
          break;
        }
        from = q + 1;
      }
    } else if (c === OPEN_OBJECT || c === OPEN_ARRAY) {
      if (++depth > max) return true;
    } else if (c === CLOSE_OBJECT || c === CLOSE_ARRAY) depth--;
  }
  return false;
}

export interface OversizeLine {
  /** The discarded message's top-level id, or null when it did not name one we could read. */
  id: JsonRpcId;
  /** Bytes discarded (the line without its newline). */
  bytes: number;
}

/**
 * Newline-delimited framing with a per-line limit. Lines up to `maxLineBytes` pass through whole,
 * one chunk each (so the consumer's own buffer never holds more than one line); a longer line is
 * dropped as it streams by (memory stays at `maxLineBytes`) and reported through `onOversize`
 * once its newline arrives. Empty lines are dropped.
 */
export class LineLimiter extends Transform {
  private parts: Buffer[] = [];
  private size = 0;
  private dropping: TopLevelIdScanner | undefined;
  private dropped = 0;

  constructor(
    readonly maxLineBytes: number,
    private readonly onOversize: (line: OversizeLine) => void,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let start = 0;
    while (start < chunk.length) {
      const nl = chunk.indexOf(NEWLINE, start);
      const end = nl === -1 ? chunk.length : nl;
      this.accept(chunk, start, end);
      if (nl === -1) break;
      this.endLine();
      start = nl + 1;
    }
    done();
  }

  override _flush(done: TransformCallback): void {
    // A final fragment without its newline is not a message (the SDK would not read it either).
    this.parts = [];
    this.size = 0;
    this.dropping = undefined;
    done();
  }

  private accept(chunk: Buffer, start: number, end: number): void {
    if (start === end) return;
    if (this.dropping) {
      this.dropping.feed(chunk, start, end);
      this.dropped += end - start;
      return;
    }
    if (this.size + (end - start) > this.maxLineBytes) {
      const scanner = new TopLevelIdScanner();
      for (const p of this.parts) scanner.feed(p);
      scanner.feed(chunk, start, end);
      this.dropping = scanner;
      this.dropped = this.size + (end - start);
      this.parts = [];
      this.size = 0;
      return;
    }
    this.parts.push(chunk.subarray(start, end));
    this.size += end - start;
  }

  private endLine(): void {
    if (this.dropping) {
      const id = this.dropping.id();
      const bytes = this.dropped;
      this.dropping = undefined;
      this.dropped = 0;
      this.onOversize({ id, bytes });
      return;
    }
    if (!this.size) return;
    this.parts.push(Buffer.from([NEWLINE]));
    this.push(Buffer.concat(this.parts, this.size + 1));
    this.parts = [];
    this.size = 0;
  }
}
