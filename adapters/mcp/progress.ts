/**
 * MCP progress needs one stream whose `progress` strictly increases (with an optional `total`);
 * operations report per stage (application/execution.ts stageReports). This turns stages into that
 * stream:
 *  - a stage with a total T continues just past where the stream is: progress = offset + d·s,
 *    total = offset + T·s. The scale s (≥ 1) makes the stage's span at least four times what came before, so
 *    a client's bar shows about the stage's own share (within 20 %), not a share diluted by earlier
 *    stages counted in other units; the message carries the stage's exact counts;
 *  - a stage without a total advances by one per report, with no total;
 *  - when the run completes, a last notification has progress = total ("done"), so every bar ends full.
 * Numbers stay integers below 2^50; past that the scale is 1 (still strictly increasing).
 */
import type { ProgressSink } from "../../domain/ports.js";

const SPAN_FACTOR = 4;
const WIRE_MAX = 2 ** 50;

export function wireProgress(send: (progress: number, total: number | undefined, message: string | undefined) => void): { sink: ProgressSink; finish(): void } {
  let wire = 0; // last progress sent (the stream starts above 0)
  let sent = false;
  let lastTotal: number | undefined;
  let stage: { done: number; total?: number; offset: number; scale: number } | undefined;
  const emit = (progress: number, total: number | undefined, message: string | undefined) => {
    if (!(progress > wire) && sent) return;
    wire = progress;
    sent = true;
    lastTotal = total;
    send(progress, total, message);
  };
  return {
    sink(done, total, message) {
      if (!stage || done < stage.done || total !== stage.total) {
        // A new stage starts one unit past the stream (so its first report, even at 0, is sent).
        const offset = sent ? wire + 1 : 0;
        const want = total !== undefined && total > 0 ? Math.max(1, Math.ceil((SPAN_FACTOR * offset) / total)) : 1;
        const scale = offset + (total ?? 0) * want < WIRE_MAX ? want : 1;
        stage = { done: -1, ...(total !== undefined ? { total } : {}), offset, scale };
      }
      if (stage.total === undefined) {
        if (done > stage.done || !sent) emit(Math.max(stage.offset, wire + 1), undefined, message);
        stage.done = done;
        return;
      }
      stage.done = done;
      emit(stage.offset + done * stage.scale, stage.offset + Math.max(stage.total, done) * stage.scale, message);
    },
    finish() {
      if (!sent || (lastTotal !== undefined && wire >= lastTotal)) return;
      const end = lastTotal ?? wire + 1;
      emit(end, end, "done");
    },
  };
}
