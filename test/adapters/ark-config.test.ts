import { expect } from "chai";
import { type } from "arktype";
import { markReadInPlace, withWireScope } from "../../domain/shared-wire.js";
import { testJacobian } from "../support/runtime.js";

function deepFreeze<T>(v: T): T {
  if (v !== null && typeof v === "object") {
    for (const x of Object.values(v)) deepFreeze(x);
    Object.freeze(v);
  }
  return v;
}

describe("adapters/ark-config: the copy made before parsing", () => {
  it("shares a value marked as read in place, and copies it without a mark or outside a scope", () => {
    const t = type({ g: type({ "v?": "unknown[]" }).pipe((w) => ({ seen: w })), "n?": type("string").pipe((s) => BigInt(s)) });
    const g = { v: [["a", "b"]] };
    const shared = withWireScope(() => {
      markReadInPlace(g);
      return t({ g, n: "3" });
    }) as { g: { seen: unknown } };
    expect(shared.g.seen).to.equal(g);
    const copied = withWireScope(() => t({ g, n: "3" })) as { g: { seen: unknown } };
    expect(copied.g.seen).to.not.equal(g);
    expect(copied.g.seen).to.deep.equal(g);
    markReadInPlace(g); // no scope: no effect
    expect((t({ g, n: "3" }) as { g: { seen: unknown } }).g.seen).to.not.equal(g);
  });

  it("copies everything when a marked value is reached twice (another field's morphs could write into it)", () => {
    const inner = type({ x: type("string").pipe((s) => BigInt(s)) });
    const t = type({ a: inner, b: inner });
    const same = { x: "5" };
    const out = withWireScope(() => {
      markReadInPlace(same);
      return t({ a: same, b: same });
    }) as { a: { x: bigint }; b: { x: bigint } };
    expect([out.a.x, out.b.x]).to.deep.equal([5n, 5n]);
    expect(same).to.deep.equal({ x: "5" });
  });

  it("a graph request runs on a deeply frozen payload and leaves it as it was (shared, never written); other kinds still get their copy", async () => {
    const jac = testJacobian();
    try {
      const edges = Array.from({ length: 300 }, (_, i) => [String(i % 50), String((i * 7 + 1) % 50), String(1 + (i % 9)) + (i % 4 ? "" : "/2")]).filter((e) => e[0] !== e[1]);
      const payload = { graph: { vertices: Array.from({ length: 50 }, (_, i) => String(i)), edges }, source: "0" };
      const before = structuredClone(payload);
      const o = await jac.run("graph.shortest_paths.compute", deepFreeze(payload));
      expect(o.outcome, JSON.stringify(o).slice(0, 300)).to.equal("completed");
      expect(payload).to.deep.equal(before);
      const m = deepFreeze({ matrix: { ring: "QQ", rows: [["1/2", "3"], ["-4/8", "5"]] } });
      const d = await jac.run("matrix.determinant.compute", m);
      expect(d.outcome, JSON.stringify(d).slice(0, 300)).to.equal("completed");
      expect(m.matrix.rows).to.deep.equal([["1/2", "3"], ["-4/8", "5"]]);
      const bad = await jac.run("graph.shortest_paths.compute", deepFreeze({ graph: { vertices: ["a", "b"], edges: [["a", "c", "1"]] }, source: "a" }));
      expect(bad.outcome === "failed" && [bad.error.code, bad.error.path]).to.deep.equal(["INVALID_PAYLOAD", "payload.graph.edges[0][1]"]);
    } finally {
      await jac.close();
    }
  });
});
