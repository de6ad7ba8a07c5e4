/**
 * Fuzzing both MCP tools through a real stdio client (`jacobian serve --stdio`): 5,000 generated
 * calls (valid examples, mutated examples, schema-driven and random payloads, random capability
 * ids, malformed find requests, bad inputs / value refs). Every reply must be a tool result with a
 * contract-shaped outcome, never INTERNAL, within its budget, and the server must stay alive.
 * The seed is fixed (FUZZ_SEED overrides it, FUZZ_PATH replays one run); a failure prints the
 * seed, the replay path and the counterexample. `npm run fuzz` runs 100,000 calls.
 */
import { existsSync } from "node:fs";
import { expect } from "chai";
import { fuzz, formatSummary, seedFromEnv } from "./support/fuzz/runner.js";
import { CLI } from "./support/fuzz/session.js";

const CALLS = Number(process.env.FUZZ_TEST_CALLS ?? 5000);

describe("MCP fuzz: math.find and math.run over stdio", function () {
  // Generous: the calls are bounded by their budgets; a typical run takes about a minute.
  this.timeout(20 * 60_000);

  it(`${CALLS} generated calls: contract-shaped outcomes, no INTERNAL, within budget, no crash`, async function () {
    if (!existsSync(CLI)) this.skip();
    const seed = seedFromEnv();
    console.log(`      fuzz seed ${seed} (set FUZZ_SEED to change it)`);
    const summary = await fuzz({ seed, calls: CALLS, mode: "assert", ...(process.env.FUZZ_PATH ? { path: process.env.FUZZ_PATH } : {}) });
    console.log(formatSummary(summary).split("\n").map((l) => "      " + l).join("\n"));
    expect(summary.calls).to.be.at.least(process.env.FUZZ_PATH ? 1 : CALLS);
    expect(summary.crashes, "crashes").to.equal(0);
    expect(summary.hangs, "hangs").to.equal(0);
    expect(summary.violations, "violations").to.deep.equal([]);
    expect(summary.serverErrorEvents, "server error events").to.deep.equal([]);
    expect(summary.clientErrors, "client errors").to.deep.equal([]);
    // The generators reach every kind of answer; a fuzzer that only ever hits one path proves little.
    if (!process.env.FUZZ_PATH && CALLS >= 2000) {
      const kinds = Object.keys(summary.outcomes);
      for (const k of ["run:completed", "run:non_conclusion:RESOURCE_REFUSED", "run:failed:INVALID_PAYLOAD", "run:failed:UNKNOWN_ARGUMENT", "run:failed:UNKNOWN_CAPABILITY", "run:failed:INVALID_INPUT_REF", "run:failed:DOMAIN_ERROR", "find:search", "find:inspect", "find:failed:INVALID_PAYLOAD", "find:failed:UNKNOWN_ARGUMENT", "find:failed:UNKNOWN_CAPABILITY"]) {
        expect(kinds, `outcome ${k} reached`).to.include(k);
      }
    }
  });
});
