import { expect } from "chai";
import type { ExecutionContext, OperationDeclaration } from "../../../domain/declaration.js";
import { AbortedError } from "../../../domain/errors.js";
import type { ExecuteRequest } from "../../../domain/ports.js";
import { InlineExecutor } from "../../../adapters/execution/inline-executor.js";

/** A job whose operation is `execute` (the declaration's other fields are not read by the executor). */
function job(execute: (req: unknown, ctx: ExecutionContext) => unknown, timeoutMs: number, signal = new AbortController().signal): ExecuteRequest {
  return {
    op: { execute } as unknown as OperationDeclaration,
    estimate: { units: 1, memory_bytes: 1, basis: "test" },
    request: null,
    budget: { max_units: 1e9, max_memory_bytes: 1e9, timeout_ms: timeoutMs },
    signal,
  };
}

const outcome = async (p: Promise<unknown>): Promise<unknown> => p.then((v) => ({ value: v }), (e) => e);

describe("adapters/execution: the inline executor (a timer and a caller listener only while a promise is pending, released at the end)", () => {
  it("returns the operation's value; afterwards neither the budget timer nor the caller's signal touches the finished run", async () => {
    const caller = new AbortController();
    let seen: AbortSignal | undefined;
    const r = await new InlineExecutor().execute(job((_req, ctx) => ((seen = ctx.signal), 42), 30, caller.signal));
    expect(r).to.equal(42);
    caller.abort();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(seen!.aborted, "the run's signal after the call ended").to.equal(false);
  });

  it("a run that overruns its budget ends as TIMEOUT; one the caller aborts ends as CANCELLED, even if the operation never reaches a checkpoint", async () => {
    // An operation that never settles: only the executor's race can end the call.
    const slow = () => new Promise(() => {});
    const timedOut = await outcome(new InlineExecutor().execute(job(slow, 50)));
    expect(timedOut).to.be.instanceOf(AbortedError);
    expect((timedOut as AbortedError).reason).to.equal("TIMEOUT");
    const caller = new AbortController();
    const running = outcome(new InlineExecutor().execute(job(slow, 10_000, caller.signal)));
    setTimeout(() => caller.abort(), 20);
    const cancelled = await running;
    expect((cancelled as AbortedError).reason).to.equal("CANCELLED");
    const early = new AbortController();
    early.abort();
    expect(((await outcome(new InlineExecutor().execute(job(() => 1, 1000, early.signal)))) as AbortedError).reason).to.equal("CANCELLED");
  });

  it("a checkpoint after the budget throws TIMEOUT inside the operation", async () => {
    const r = await outcome(
      new InlineExecutor().execute(
        job(async (_req, ctx) => {
          await new Promise((resolve) => setTimeout(resolve, 80));
          ctx.checkpoint();
          return "not reached";
        }, 20),
      ),
    );
    expect((r as AbortedError).reason).to.equal("TIMEOUT");
  });

  it("the run's signal is built when read, and aborted with the run whether read before or after the budget ran out", async () => {
    let early: AbortSignal | undefined;
    let late: AbortSignal | undefined;
    const r = await outcome(
      new InlineExecutor().execute(
        job(async (_req, ctx) => {
          early = ctx.signal;
          await new Promise((resolve) => setTimeout(resolve, 60));
          late = ctx.signal;
          return "not reached";
        }, 15),
      ),
    );
    expect((r as AbortedError).reason).to.equal("TIMEOUT");
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(early!.aborted, "read before the budget ran out").to.equal(true);
    expect(late!.aborted, "read after").to.equal(true);
    expect(late).to.equal(early);
    expect((early!.reason as { name?: string }).name).to.equal("TimeoutError");
  });

  it("a synchronous operation's value, or its error, is the call's: nothing is left running", async () => {
    expect(await new InlineExecutor().execute(job(() => 7, 10))).to.equal(7);
    const failed = await outcome(new InlineExecutor().execute(job(() => { throw new RangeError("boom"); }, 10)));
    expect(failed).to.be.instanceOf(RangeError);
    const caller = new AbortController();
    expect(await new InlineExecutor().execute(job((_req, ctx) => (ctx.checkpoint(), "done"), 10, caller.signal))).to.equal("done");
  });
});
