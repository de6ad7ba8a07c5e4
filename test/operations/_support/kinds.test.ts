import { expect } from "chai";
import fc from "fast-check";
import { validateSync } from "../../../domain/schema.js";
import { toWire } from "../../../domain/kinds.js";
import { hasScalarParse, matrix, request, result } from "../../../operations/_support/kinds.js";
import { loadAllShipped } from "../../../operations/packs.js";

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

/**
 * A request made only of scalar fields (integer strings, booleans) is parsed by plain functions
 * when the payload is certainly valid, else by the full type. For every shipped operation with such
 * a request: the same parsed request and the same refusals as the full type, on its examples and on
 * payloads built from their values, edited (fields dropped, added, retyped, given odd digits).
 */
describe("operations/_support/kinds: the plain parse of scalar requests", () => {
  const outcome = (f: () => unknown): string => {
    try {
      const r = f() as { issues?: readonly { message: string; path?: unknown }[]; value?: unknown };
      return r.issues ? `issues ${JSON.stringify(r.issues.map((i) => [i.path, i.message]))}` : `value ${JSON.stringify(Object.entries(toWire(r.value as never) as object))}`;
    } catch (e) {
      return `thrown ${(e as { code?: string }).code} ${(e as Error).message}`;
    }
  };
  const odd: unknown[] = ["0", "-0", "007", "-12", "12", "", " 1", "1e3", "+5", 5, 5n, true, false, null, [], {}, "-" + "9".repeat(1_000), "1".repeat(1_001)];

  it("gives the parsed request and the refusal of the full type, for every shipped scalar request", async function () {
    this.timeout(120_000);
    let scalarOps = 0;
    let parsed = 0;
    for (const { decl } of await loadAllShipped()) {
      const schema = decl.request as unknown as { arktype?: { "~standard": { validate(v: unknown): unknown } }; "~standard": { validate(v: unknown): unknown } };
      const full = schema.arktype;
      if (!full || !hasScalarParse(decl.request)) continue;
      const keys = Object.keys((decl.request.toJsonSchema() as { properties?: object }).properties ?? {});
      const payloads = (decl.examples ?? []).map((e) => e.payload as Record<string, unknown>).filter((p) => p && typeof p === "object");
      if (!payloads.length || !keys.length) continue;
      const probes: unknown[] = [];
      for (const p of payloads) {
        probes.push(p, { ...p, extra: "1" }, Object.fromEntries(Object.entries(p).reverse()));
        for (const k of keys) {
          const { [k]: _dropped, ...rest } = p;
          probes.push(rest);
          for (const v of odd) probes.push({ ...p, [k]: v });
        }
      }
      probes.push(null, [], "x", Object.create(null), Object.assign(Object.create(null), payloads[0]));
      let scalar = false;
      for (const probe of probes) {
        const fastWay = outcome(() => validateSync(decl.request, probe));
        const fullWay = outcome(() => full["~standard"].validate(probe));
        expect(fastWay, `${decl.id} on ${JSON.stringify(probe, (_k, v) => (typeof v === "bigint" ? `${v}n` : typeof v === "string" && v.length > 40 ? v.slice(0, 40) + "…" : v))}`).to.equal(fullWay);
        if (fastWay.startsWith("value")) parsed++;
        scalar = true;
      }
      if (scalar) scalarOps++;
    }
    expect(scalarOps, "shipped operations with a scalar request").to.be.greaterThan(25);
    expect(parsed, "valid payloads exercised").to.be.greaterThan(100);
  });
});

describe("operations/_support/kinds: the plain check of scalar results", () => {
  const outcome = (f: () => unknown): string => {
    const r = f() as { issues?: readonly { message: string; path?: unknown }[]; value?: unknown };
    return r.issues ? `issues ${JSON.stringify(r.issues.map((i) => [i.path, i.message]))}` : `value ${JSON.stringify(r.value)}`;
  };
  const odd: unknown[] = ["0", "-0", "007", "-12", "12", "", "1e3", 5, true, null, [], {}, "-" + "9".repeat(1_000), "1".repeat(1_001)];

  it("accepts and refuses the wire values the result type's wire side does, for every shipped scalar result", async function () {
    this.timeout(120_000);
    let scalarOps = 0;
    let accepted = 0;
    for (const { decl } of await loadAllShipped()) {
      if (decl.kind !== "compute" || !hasScalarParse(decl.result)) continue;
      const schema = decl.result as unknown as { arktype: { in: { "~standard": { validate(v: unknown): unknown } } }; validateWire(v: unknown): unknown };
      const wires = (decl.examples ?? []).map((e) => e.expected as Record<string, unknown> | undefined).filter((w): w is Record<string, unknown> => !!w && typeof w === "object");
      if (!wires.length) continue;
      scalarOps++;
      const probes: unknown[] = [null, [], "x"];
      for (const w of wires) {
        probes.push(w, { ...w, extra: "1" });
        for (const k of Object.keys(w)) {
          const { [k]: _dropped, ...rest } = w;
          probes.push(rest);
          for (const v of odd) probes.push({ ...w, [k]: v });
        }
      }
      for (const probe of probes) {
        const fastWay = outcome(() => schema.validateWire(probe));
        expect(fastWay, `${decl.id} on ${JSON.stringify(probe)?.slice(0, 200)}`).to.equal(outcome(() => schema.arktype.in["~standard"].validate(probe)));
        if (fastWay.startsWith("value")) accepted++;
      }
    }
    expect(scalarOps, "shipped operations with a scalar result").to.be.greaterThan(15);
    expect(accepted, "accepted wire values").to.be.greaterThan(50);
  });
});
