/**
 * A test-only pack for the MCP adapter's contract tests (never shipped): an operation that is slow,
 * reports progress and records when it observes cancellation; two operations joined by typed
 * ports (value:// chaining); and one that writes to console.log (stdout must stay protocol-only).
 */
import { appendFileSync } from "node:fs";
import { type } from "arktype";
import { defineCompute, type OperationPack } from "../../../../domain/declaration.js";
import { integerString, naturalString, strict } from "../../../../operations/_support/wire.js";

/** What the slow operation observed; also appended as JSON lines to $JACOBIAN_MCP_TEST_EVENTS. */
export interface OpEvent {
  tag: string;
  event: "started" | "aborted" | "finished";
  step: number;
  pid: number;
}
export const events: OpEvent[] = [];
function record(e: Omit<OpEvent, "pid">): void {
  const full = { ...e, pid: process.pid };
  events.push(full);
  const file = process.env.JACOBIAN_MCP_TEST_EVENTS;
  if (file) appendFileSync(file, JSON.stringify(full) + "\n");
}

const base = {
  version: "1.0.0",
  input_kinds: ["integer"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  effect: "read_only" as const,
  providers: [{ id: "jacobian.builtin", purpose: "test" }],
  bounds: [{ name: "digits", limit: 30, unit: "decimal digits", description: "test bound" }],
  cost_model: "units = 1",
  budget: { max_units: 1e6, max_memory_bytes: 1e9, timeout_ms: 30_000 },
};

const WaitRequest = strict(type({ steps: naturalString(4), step_ms: naturalString(3), tag: "0 < string <= 64" }));
const WaitResult = strict(type({ steps: "string" }));
export const wait = defineCompute<typeof WaitRequest.infer, typeof WaitResult.infer>({
  ...base,
  id: "mcptest.wait.compute",
  title: "Wait in steps",
  summary: "Sleeps step_ms per step, reporting progress and recording cancellation (tests only)",
  keywords: ["wait", "sleep", "progress", "cancel"],
  request: WaitRequest,
  result: WaitResult,
  progress_measure: "steps",
  ports: { inputs: {}, outputs: {} },
  preflight: (r) => ({ units: Number(r.steps), memory_bytes: 0, basis: `${r.steps} steps` }),
  async execute(r, ctx) {
    const steps = Number(r.steps);
    let step = 0;
    record({ tag: r.tag, event: "started", step });
    ctx.signal.addEventListener("abort", () => record({ tag: r.tag, event: "aborted", step }), { once: true });
    for (step = 1; step <= steps; step++) {
      await new Promise((res) => setTimeout(res, Number(r.step_ms)));
      await ctx.yieldNow();
      ctx.progress(step, steps, `step ${step} of ${steps}`);
    }
    record({ tag: r.tag, event: "finished", step: steps });
    return { steps: r.steps };
  },
  postcondition: (req, res) => (req.steps === res.steps ? null : "wrong step count"),
  examples: [{ title: "two quick steps", payload: { steps: "2", step_ms: "1", tag: "example" }, expected: { steps: "2" } }],
});

const SquareRequest = strict(type({ n: integerString(30) }));
const SquareResult = strict(type({ square: "string" }));
export const square = defineCompute<typeof SquareRequest.infer, typeof SquareResult.infer>({
  ...base,
  id: "mcptest.square.compute",
  title: "Square an integer",
  summary: "n^2, published on the output port `square` (tests only)",
  keywords: ["square"],
  request: SquareRequest,
  result: SquareResult,
  ports: { inputs: {}, outputs: { square: { field: "square", kind: "integer", description: "n^2" } } },
  preflight: () => ({ units: 1, memory_bytes: 64, basis: "constant" }),
  execute: (r) => ({ square: (BigInt(r.n) * BigInt(r.n)).toString() }),
  postcondition: (req, res) => (BigInt(res.square) === BigInt(req.n) ** 2n ? null : "not the square"),
  examples: [{ title: "12^2", payload: { n: "12" }, expected: { square: "144" } }],
});

const IncrementRequest = strict(type({ x: integerString(70) }));
const IncrementResult = strict(type({ next: "string" }));
export const increment = defineCompute<typeof IncrementRequest.infer, typeof IncrementResult.infer>({
  ...base,
  id: "mcptest.increment.compute",
  title: "Add one",
  summary: "x + 1; x may be bound through the input port `x` (tests only)",
  keywords: ["increment"],
  request: IncrementRequest,
  result: IncrementResult,
  ports: { inputs: { x: { field: "x", kind: "integer", description: "the integer to increment" } }, outputs: {} },
  preflight: () => ({ units: 1, memory_bytes: 64, basis: "constant" }),
  execute: (r) => ({ next: (BigInt(r.x) + 1n).toString() }),
  postcondition: (req, res) => (BigInt(res.next) === BigInt(req.x) + 1n ? null : "not x + 1"),
  examples: [{ title: "144 + 1", payload: { x: "144" }, expected: { next: "145" } }],
});

const NoisyRequest = strict(type({ n: integerString(30) }));
const NoisyResult = strict(type({ n: "string" }));
export const noisy = defineCompute<typeof NoisyRequest.infer, typeof NoisyResult.infer>({
  ...base,
  id: "mcptest.noisy.compute",
  title: "Writes to console.log",
  summary: "Echoes n after printing to console.log (tests only)",
  keywords: ["noisy"],
  request: NoisyRequest,
  result: NoisyResult,
  ports: { inputs: {}, outputs: {} },
  preflight: () => ({ units: 1, memory_bytes: 64, basis: "constant" }),
  execute: (r) => {
    console.log("noise from an operation that should never reach stdout");
    console.info("more noise");
    return { n: r.n };
  },
  postcondition: (req, res) => (req.n === res.n ? null : "not n"),
  examples: [{ title: "echo", payload: { n: "7" }, expected: { n: "7" } }],
});

export const mcpTestPack: OperationPack = {
  name: "mcptest",
  version: "0.0.0",
  description: "MCP adapter contract tests (tests only)",
  operations: [wait, square, increment, noisy],
};
