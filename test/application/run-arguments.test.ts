import { expect } from "chai";
import { parseRunArguments, parseStrict, runArgumentsType } from "../../application/contract.js";

/**
 * parseRunArguments checks the common `{ capability_id, payload }` by hand and sends everything
 * else through the run type: both must accept and refuse the same arguments, with the same result
 * and the same failure.
 */
describe("application/contract: math.run arguments checked by hand agree with the run type", () => {
  const outcome = (f: () => unknown): string => {
    try {
      const v = f();
      return `value ${JSON.stringify(v)}`;
    } catch (e) {
      return `thrown ${(e as { code?: string }).code} ${(e as Error).message} ${JSON.stringify((e as { path?: unknown }).path)}`;
    }
  };
  const ids: unknown[] = ["integer.compute.gcd", "a.b", "a", "A.b", "a..b", "a.b.", "a_1.b_2.c3", "1a.b", "a.b-c", "a." + "b".repeat(198), "a." + "b".repeat(197), "", 7, null, undefined];
  const payloads: unknown[] = [{}, { left: "1" }, Object.create(null), [], [1], null, "x", 3, new Date(0), new (class P {})()];
  const extras: Record<string, unknown>[] = [{}, { inputs: {} }, { inputs: { n: { value_ref: "value://" + "a".repeat(32) } } }, { extra: 1 }, { payload_: 1 }];

  it("gives the same parsed arguments or the same failure for ids, payloads and extra keys", () => {
    let accepted = 0;
    for (const capability_id of ids) {
      for (const payload of payloads) {
        for (const extra of extras) {
          const args = { capability_id, payload, ...extra };
          const mine = outcome(() => parseRunArguments(args, "hint"));
          const typed = outcome(() => {
            const parsed = parseStrict(runArgumentsType(), args, "", "hint");
            if (Array.isArray(parsed.payload)) throw Object.assign(new Error("payload must be an object of the operation's request fields (was an array)"), { code: "INVALID_PAYLOAD", path: "payload" });
            return parsed;
          });
          expect(mine, JSON.stringify(args)).to.equal(typed);
          if (mine.startsWith("value")) accepted++;
        }
      }
    }
    for (const args of [null, [], "x", Object.create(null), { payload: {} }, { capability_id: "a.b" }, Object.assign(Object.create({ inherited: 1 }), { capability_id: "a.b", payload: {} })]) {
      expect(outcome(() => parseRunArguments(args, "hint")), JSON.stringify(args)).to.equal(outcome(() => parseStrict(runArgumentsType(), args, "", "hint")));
    }
    expect(accepted, "accepted argument sets").to.be.greaterThan(10);
  });

  it("returns the caller's own arguments object for the common form (nothing copied)", () => {
    const args = { capability_id: "integer.compute.gcd", payload: { left: "84", right: "30" } };
    expect(parseRunArguments(args, "hint")).to.equal(args);
  });
});
