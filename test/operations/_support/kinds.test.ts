import { expect } from "chai";
import fc from "fast-check";
import { validateSync } from "../../../domain/schema.js";
import { toWire } from "../../../domain/kinds.js";
import { matrix, request, result } from "../../../operations/_support/kinds.js";

/**
 * A request with a matrix field parses a payload its full type allows by a lean type that does not
 * walk the entries again; anything else goes through the full type. Both must give the same parsed
 * request, and the same refusals.
 */
describe("operations/_support/kinds: the lean parse of matrix fields", () => {
  const Req = request({ matrix: matrix(6, 12, { extension: true }), "k?": "number" });
  const full = (Req as unknown as { arktype: { "~standard": { validate(v: unknown): unknown } } }).arktype;
  const entry = fc.oneof(
    fc.integer({ min: -999, max: 999 }).map(String),
    fc.tuple(fc.integer({ min: -99, max: 99 }), fc.integer({ min: 1, max: 99 })).map(([a, b]) => `${a}/${b}`),
    fc.constantFrom("a^2 + 1", "-0", "01", "1/0", "x", "", "1234567890123", 7 as unknown as string),
  );
  const payload = fc.record({
    matrix: fc.record({ ring: fc.constantFrom("ZZ", "QQ", "GF(7)", "GF(3^2)", "RR"), rows: fc.array(fc.array(entry, { maxLength: 7 }), { maxLength: 7 }) }),
    k: fc.option(fc.constantFrom(1, "1" as unknown as number), { nil: undefined }),
  }).map((p) => (p.k === undefined ? { matrix: p.matrix } : p));
  /** A standard-schema outcome in comparable form: the parsed value in wire form, the issues' paths and messages, or what was thrown. */
  const outcome = (f: () => unknown): string => {
    try {
      const r = f() as { issues?: readonly { message: string; path?: unknown }[]; value?: unknown };
      return r.issues ? `issues ${JSON.stringify(r.issues.map((i) => [i.path, i.message]))}` : `value ${JSON.stringify(toWire(r.value as never))}`;
    } catch (e) {
      return `thrown ${(e as { code?: string }).code} ${(e as Error).message}`;
    }
  };

  it("gives the parsed request and the refusal of the full type, for valid and invalid payloads alike", () => {
    let parsed = 0;
    fc.assert(
      fc.property(payload, (p) => {
        const viaLean = outcome(() => validateSync(Req, structuredClone(p)));
        if (viaLean.startsWith("value")) parsed++;
        return viaLean === outcome(() => full["~standard"].validate(structuredClone(p)));
      }),
      { numRuns: 150, seed: 4242 },
    );
    expect(parsed, "valid payloads exercised").to.be.greaterThan(10);
  });

  it("results: the lean wire check of matrix fields accepts and refuses exactly what the full wire type does", () => {
    const Res = result({ matrix: matrix(6, 12, { extension: true }), "k?": "number" });
    const wire = (Res as unknown as { arktype: { in: { "~standard": { validate(v: unknown): unknown } } } }).arktype.in;
    const verdict = (r: unknown) => ((r as { issues?: unknown }).issues ? "refused" : `value ${JSON.stringify((r as { value: unknown }).value)}`);
    let accepted = 0;
    fc.assert(
      fc.property(payload, (p) => {
        const lean = verdict(Res.validateWire(structuredClone(p)));
        if (lean.startsWith("value")) accepted++;
        return lean === verdict(wire["~standard"].validate(structuredClone(p)));
      }),
      { numRuns: 200, seed: 4343 },
    );
    expect(accepted, "valid results exercised").to.be.greaterThan(10);
    expect(verdict(Res.validateWire({ matrix: { ring: "ZZ", rows: [["1", 2]] } }))).to.equal("refused");
    expect(verdict(Res.validateWire({ matrix: { ring: "ZZ", rows: "1" } }))).to.equal("refused");
  });
});
