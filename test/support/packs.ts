/** Test-only operation packs that exercise the pipeline's edges (never shipped). */
import { type } from "arktype";
import { isMainThread } from "node:worker_threads";
import { defineChecker, defineCompute, type OperationPack } from "../../domain/declaration.js";
import { strict, integerString } from "../../operations/_support/wire.js";

const N = strict(type({ n: integerString(20) }));
const Out = strict(type({ n: "string" }));
const base = {
  version: "1.0.0",
  keywords: ["test"],
  input_kinds: ["integer"],
  accepted_artifact_types: [],
  produced_artifact_types: [],
  effect: "read_only" as const,
  providers: [{ id: "jacobian.builtin", purpose: "test" }],
  bounds: [{ name: "n", limit: 1e20, unit: "value", description: "test bound" }],
  cost_model: "units = n",
  budget: { max_units: 1e6, max_memory_bytes: 1e9, timeout_ms: 5_000 },
  ports: { inputs: {}, outputs: {} },
};

/** Counts to n in steps of one event-loop turn each, reporting progress; n ms roughly. */
export const slowCount = defineCompute<typeof N.infer, typeof Out.infer>({
  ...base,
  id: "test.slow.compute",
  title: "Slow counter",
  summary: "Counts slowly to n, yielding and reporting progress at every step",
  request: N,
  result: Out,
  progress_measure: "steps counted",
  preflight: (r) => ({ units: Number(r.n), memory_bytes: 0, basis: `n = ${r.n}` }),
  async execute(r, ctx) {
    const n = Number(r.n);
    for (let i = 1; i <= n; i++) {
      await new Promise((res) => setTimeout(res, 1));
      ctx.checkpoint();
      ctx.progress(i, n, `step ${i}`);
    }
    return { n: r.n };
  },
  postcondition: () => null,
  examples: [{ title: "three steps", payload: { n: "3" }, expected: { n: "3" } }],
});

export const liar = defineCompute<typeof N.infer, typeof Out.infer>({
  ...base,
  id: "test.liar.compute",
  title: "Wrong answers",
  summary: "Returns n+1 where its postcondition demands n",
  request: N,
  result: Out,
  preflight: () => ({ units: 1, memory_bytes: 0, basis: "constant" }),
  execute: (r) => ({ n: (BigInt(r.n) + 1n).toString() }),
  postcondition: (req, res) => (req.n === res.n ? null : "result differs from the request"),
  examples: [{ title: "declared, but fails its postcondition", payload: { n: "1" }, expected: { n: "1" } }],
});

export const crasher = defineCompute<typeof N.infer, typeof Out.infer>({
  ...base,
  id: "test.crash.compute",
  title: "Crashes",
  summary: "Throws a TypeError with a secret in its message",
  request: N,
  result: Out,
  preflight: () => ({ units: 1, memory_bytes: 0, basis: "constant" }),
  execute: () => {
    throw new TypeError("secret internal detail /etc/passwd");
  },
  postcondition: () => null,
  examples: [{ title: "crashes", payload: { n: "1" }, expected: { n: "1" } }],
});

export const needsPari = defineCompute<typeof N.infer, typeof Out.infer>({
  ...base,
  id: "test.external.compute",
  title: "Needs an absent provider",
  summary: "Declares a provider that is never available",
  providers: [{ id: "no-such-provider", purpose: "test" }],
  request: N,
  result: Out,
  preflight: () => ({ units: 1, memory_bytes: 0, basis: "constant" }),
  execute: (r) => ({ n: r.n }),
  postcondition: () => null,
  examples: [{ title: "echo", payload: { n: "1" }, expected: { n: "1" } }],
});

const Big = strict(type({ digits: "string" }));
export const bigOutput = defineCompute<typeof N.infer, typeof Big.infer>({
  ...base,
  id: "test.big.compute",
  title: "Large output",
  summary: "Returns a string of n nines",
  request: N,
  result: Big,
  preflight: (r) => ({ units: Number(r.n) / 1000, memory_bytes: Number(r.n), basis: `n = ${r.n}` }),
  execute: (r) => ({ digits: "9".repeat(Number(r.n)) }),
  postcondition: () => null,
  examples: [{ title: "three nines", payload: { n: "3" }, expected: { digits: "999" } }],
});

const Claim = strict(type({ n: integerString(20) }));
export const slowChecker = defineChecker<typeof Claim.infer>({
  ...base,
  id: "test.slow.verify",
  title: "Slow checker",
  summary: "Accepts even n after n slow steps",
  method: "parity",
  request: Claim,
  bindings: strict(type({ parity: "'even' | 'odd'" })),
  preflight: (r) => ({ units: Number(r.n), memory_bytes: 0, basis: `n = ${r.n}` }),
  async execute(r, ctx) {
    for (let i = 0; i < Number(r.n); i++) {
      await ctx.yieldNow();
      await new Promise((res) => setTimeout(res, 1));
    }
    const even = BigInt(r.n) % 2n === 0n;
    return { verdict: even ? "accepted" : "rejected", bindings: { parity: even ? "even" : "odd" }, evidence: { n: r.n } };
  },
  postcondition: () => null,
  examples: [{ title: "even", payload: { n: "2" }, expected: { verdict: "accepted" } }],
});

/** Burns CPU for n milliseconds without ever checking for cancellation (a hostile operation). */
export const spin = defineCompute<typeof N.infer, typeof Out.infer>({
  ...base,
  id: "test.spin.compute",
  title: "CPU spinner",
  summary: "Busy-loops for n milliseconds, never yielding",
  request: N,
  result: Out,
  budget: { max_units: 1e12, max_memory_bytes: 1e9, timeout_ms: 60_000 },
  preflight: (r) => ({ units: Number(r.n) * 1e6, memory_bytes: 0, basis: `n = ${r.n} ms` }),
  execute(r, ctx) {
    const end = Date.now() + Number(r.n);
    let x = 0;
    let tick = 0;
    while (Date.now() < end) {
      x = (x * 31 + 7) % 1000003;
      if (++tick % 1e6 === 0) ctx.progress(Date.now() - (end - Number(r.n)), Number(r.n));
    }
    return { n: r.n };
  },
  postcondition: () => null,
  examples: [{ title: "one millisecond", payload: { n: "1" }, expected: { n: "1" } }],
});

/** Allocates without bound (a hostile operation) until the worker's heap limit stops it. */
export const hog = defineCompute<typeof N.infer, typeof Out.infer>({
  ...base,
  id: "test.hog.compute",
  title: "Memory hog",
  summary: "Allocates n MiB of live arrays",
  request: N,
  result: Out,
  budget: { max_units: 1e12, max_memory_bytes: 1e12, timeout_ms: 60_000 },
  preflight: (r) => ({ units: Number(r.n) * 1e6, memory_bytes: 0, basis: `claims no memory (lies)` }),
  execute(r) {
    const keep: number[][] = [];
    for (let i = 0; i < Number(r.n); i++) keep.push(new Array(131072).fill(i));
    return { n: String(keep.length) };
  },
  postcondition: () => null,
  examples: [{ title: "one MiB", payload: { n: "1" }, expected: { n: "1" } }],
});

/** Echoes n; its input and output ports carry integers by reference. */
export const echo = defineCompute<typeof N.infer, typeof Out.infer>({
  ...base,
  id: "test.echo.compute",
  title: "Echo",
  summary: "Returns n; n may be bound by reference and the result is published as a reference",
  request: N,
  result: Out,
  ports: {
    inputs: { n: { field: "n", kind: "integer", description: "the integer to echo" } },
    outputs: { n: { field: "n", kind: "integer", description: "the echoed integer" } },
  },
  preflight: () => ({ units: 1, memory_bytes: 0, basis: "constant" }),
  execute: (r) => ({ n: r.n }),
  postcondition: (req, res) => (req.n === res.n ? null : "echo changed the value"),
  examples: [{ title: "echo", payload: { n: "5" }, expected: { n: "5" } }],
});

const Resumed = strict(type({ n: "string", resumed_from: "string" }));
/**
 * Counts to n in 1 ms steps like slowCount, saving a checkpoint `{ i }` at every step and resuming
 * from one (recovery "checkpoint"); `resumed_from` tells where this attempt started.
 */
export const checkpointed = defineCompute<typeof N.infer, typeof Resumed.infer>({
  ...base,
  id: "test.checkpoint.compute",
  title: "Resumable counter",
  summary: "Counts to n, saving its position as a checkpoint and resuming from one",
  request: N,
  result: Resumed,
  budget: { max_units: 1e12, max_memory_bytes: 1e9, timeout_ms: 60_000 },
  progress_measure: "steps counted",
  recovery: "checkpoint",
  preflight: (r) => ({ units: Number(r.n) * 1e6, memory_bytes: 0, basis: `n = ${r.n}` }),
  async execute(r, ctx) {
    const n = Number(r.n);
    const saved = (ctx.resumed as { i?: unknown } | undefined)?.i;
    const from = typeof saved === "number" && Number.isSafeInteger(saved) && saved >= 0 && saved <= n ? saved : 0;
    for (let i = from + 1; i <= n; i++) {
      await new Promise((res) => setTimeout(res, 1));
      ctx.checkpoint();
      ctx.progress(i, n, `step ${i}`);
      ctx.saveCheckpoint?.({ i });
    }
    return { n: r.n, resumed_from: String(from) };
  },
  postcondition: () => null,
  examples: [{ title: "three steps", payload: { n: "3" }, expected: { n: "3", resumed_from: "0" } }],
});

const Staged = strict(type({ n: "string", stage: "'attempt' | 'execute'", thread: "'main' | 'worker'", declined: "boolean" }));
/**
 * A first attempt (ComputeDeclaration.attempt) that settles even n and declines odd n, bounded by
 * 1 unit (inline), while execute is bounded by 10^9 units (pooled) — above the budget of 10^12 for
 * 500 ≤ n < 1000; n ≥ 1000 has no attempt. The
 * result says which part ran, on which thread, and whether it saw the attempt declined; n = 42 makes
 * the attempt answer wrongly (its results are checked like any other).
 */
export const staged = defineCompute<typeof N.infer, typeof Staged.infer>({
  ...base,
  id: "test.staged.compute",
  title: "Staged",
  summary: "Settles even n in a cheap first attempt, odd n in the full execute",
  request: N,
  result: Staged,
  budget: { max_units: 1e12, max_memory_bytes: 1e9, timeout_ms: 60_000 },
  preflight: (r) => ({ units: Number(r.n) >= 500 && Number(r.n) < 1000 ? 1e13 : 1e9, memory_bytes: 0, basis: "the whole operation" }),
  attempt: {
    preflight: (r) => (Number(r.n) >= 1000 ? undefined : { units: 1, memory_bytes: 0, basis: "the attempt" }),
    execute: (r) => (Number(r.n) % 2 === 0 ? { n: r.n === "42" ? "43" : r.n, stage: "attempt", thread: isMainThread ? "main" : "worker", declined: false } : undefined),
  },
  execute: (r, ctx) => ({ n: r.n, stage: "execute", thread: isMainThread ? "main" : "worker", declined: ctx.attemptDeclined === true }),
  postcondition: (req, res) => (req.n === res.n ? null : "result differs from the request"),
  examples: [{ title: "settled by the attempt", payload: { n: "2" }, expected: { n: "2", stage: "attempt", thread: "main", declined: false } }],
});

export const testPack: OperationPack = {
  name: "test",
  version: "0.0.0",
  description: "Pipeline edge cases (tests only)",
  operations: [slowCount, liar, crasher, needsPari, bigOutput, slowChecker, spin, hog, echo, checkpointed, staged],
  module: import.meta.url,
};
