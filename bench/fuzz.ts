/**
 * `npm run fuzz`: 100,000 generated calls against `jacobian serve --stdio` through the MCP client
 * SDK v2, with a summary (calls, outcomes by kind and code, latency, crashes, violations).
 * Unlike the test suite's 5,000-call run it does not stop at the first violation: each one is
 * listed with its replay command and the run goes on. Exit code 1 when anything was found.
 *
 *   npm run fuzz                          # 100,000 calls, seed 20260728
 *   FUZZ_SEED=7 npm run fuzz -- --calls 20000
 *   FUZZ_SEED=7 FUZZ_PATH=1234 npm run fuzz   # replay run 1234 of seed 7 (assert mode, shrinks)
 *   npm run fuzz -- --era modern          # 2026-07-28 handshake instead of 2025-11-25
 */
import { fuzz, formatSummary, seedFromEnv } from "../test/adapters/mcp/support/fuzz/runner.js";

function arg(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const calls = Number(arg("--calls") ?? process.env.FUZZ_CALLS ?? 100_000);
if (!Number.isSafeInteger(calls) || calls < 1) throw new Error("--calls takes a positive integer");
const era = arg("--era") === "modern" ? "modern" : "legacy";
const seed = seedFromEnv();
const replay = process.env.FUZZ_PATH;
console.log(`fuzz: seed ${seed}, ${replay ? `replaying path ${replay}` : `${calls} calls`}, ${era} era`);
const summary = await fuzz({
  seed,
  calls: replay ? 1 : calls,
  mode: replay ? "assert" : "collect",
  ...(replay ? { path: replay } : {}),
  session: { era },
  progressEvery: 5000,
  onProgress: (s) => console.log(`  ${s.calls} calls, ${(performance.now() / 1000).toFixed(0)} s, max ${s.maxLatency.ms.toFixed(0)} ms, violations ${s.violationCount}, crashes ${s.crashes}`),
});
console.log(formatSummary(summary));
const clean = summary.violationCount === 0 && summary.crashes === 0 && summary.hangs === 0 && summary.serverErrorEvents.length === 0 && summary.clientErrors.length === 0;
process.exitCode = clean ? 0 : 1;
