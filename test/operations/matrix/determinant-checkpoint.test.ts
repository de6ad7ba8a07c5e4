import { expect } from "chai";
import { determinantSteps, integerDeterminant, multimodularDeterminant, type DeterminantProgress } from "../../../domain/math/linalg/determinant.js";
import type { ExecutionContext } from "../../../domain/declaration.js";
import type { Json } from "../../../domain/json.js";
import { determinantCheckpoint } from "../../../operations/matrix/support.js";
import { testJacobian } from "../../support/runtime.js";
import { intMatrix } from "./random.js";

const big = (m: { rows: string[][] }) => m.rows.map((r) => r.map(BigInt));

/** Run a determinant generator for at most `steps` yields; the result if it finished. */
function drive(gen: Generator<number, bigint, void>, steps = Infinity): { value?: bigint; yields: number } {
  let yields = 0;
  for (;;) {
    if (yields >= steps) return { yields };
    const r = gen.next();
    if (r.done) return { value: r.value, yields };
    yields++;
  }
}

const copy = (p: DeterminantProgress): DeterminantProgress => ({ ...(p.d !== undefined ? { d: p.d } : {}), residues: p.residues.map(([a, b]) => [a, b]) });

describe("matrix.determinant.compute checkpoints (recovery: checkpoint)", () => {
  // 8×8 with 300-bit entries: the plain multimodular method (no lifting), ~200 primes.
  // 30×30 with 20-bit entries: the divisor found by Dixon lifting, then a few primes.
  const cases = [
    { name: "multimodular", a: big(intMatrix(11, 8, 8, 300)) },
    { name: "divisor first", a: big(intMatrix(12, 30, 30, 20)) },
  ];
  for (const { name, a } of cases) {
    it(`${name}: a run resumed from its progress gives the same determinant and recomputes no saved residue`, () => {
      const det = integerDeterminant(a);
      expect(det).to.equal(multimodularDeterminant(a));
      const whole = drive(determinantSteps(a));
      const done: DeterminantProgress = { residues: [] };
      const gen = determinantSteps(a, done);
      let at = 0;
      while (done.d === undefined) at += drive(gen, 1).yields; // through the lifting, if any
      drive(gen, Math.max(1, Math.floor((whole.yields - at) / 2))); // interrupted halfway through the primes
      const saved = done.residues.length;
      expect(saved).to.be.greaterThan(0);
      const resumed = drive(determinantSteps(a, copy(done)));
      expect(resumed.value).to.equal(det);
      expect(resumed.yields).to.be.lessThan(whole.yields - saved + 1); // neither the lifting nor the saved primes again
    });
  }

  it("a checkpoint that does not fit is ignored or filtered: residues of unknown primes, bad values, a bad divisor", () => {
    const a = big(intMatrix(13, 6, 6, 200));
    const det = integerDeterminant(a);
    expect(drive(determinantSteps(a, { d: 1n, residues: [[3, 1], [1e15, 2], [-5, 1], [7.5, 1]] })).value).to.equal(det);
    const ctx = (resumed: unknown) => ({ resumed }) as unknown as ExecutionContext;
    for (const bad of [null, 7, "x", { v: 2, d: "1", residues: [] }, { v: 1, d: "0", residues: [] }, { v: 1, d: "-1", residues: [] }, { v: 1, d: "1", residues: "x" }]) {
      expect(determinantCheckpoint(ctx(bad)).done, JSON.stringify(bad)).to.deep.equal({ residues: [] });
    }
    expect(determinantCheckpoint(ctx({ v: 1, d: "12", residues: [[5, 3], [5, -1], "x", [1, 2, 3]] })).done).to.deep.equal({ d: 12n, residues: [[5, 3]] });
  });

  it("the operation's checkpoint round-trips as JSON, and the pipeline resumes from one; inspection says checkpoint", async () => {
    const matrix = intMatrix(14, 10, 10, 2000); // ~1000 primes
    const a = big(matrix);
    const cp = determinantCheckpoint({} as ExecutionContext);
    expect(cp.snapshot()).to.equal(undefined); // nothing worth saving before the divisor is known
    drive(determinantSteps(a, cp.done));
    const state = cp.snapshot() as { v: number; d: string; residues: [number, number][] };
    expect(state).to.include({ v: 1, d: "1" });
    const back = determinantCheckpoint({ resumed: JSON.parse(JSON.stringify(state)) } as unknown as ExecutionContext).done;
    expect(back).to.deep.equal(cp.done);

    const j = testJacobian({ packs: ["matrix"], pool: false });
    try {
      const fresh = await j.run("matrix.determinant.compute", { matrix });
      expect((j.inspect("matrix.determinant.compute") as unknown as { capability: { preflight: { recovery: string } } }).capability.preflight.recovery).to.equal("checkpoint");
      let steps = 0;
      const partial: Json = { ...state, residues: state.residues.slice(0, -3) }; // the last three primes not done
      const resumed = await j.run("matrix.determinant.compute", { matrix }, { resume: partial, onProgress: () => void steps++ });
      expect((resumed as { value?: unknown }).value).to.deep.equal((fresh as { value?: unknown }).value);
      expect(steps).to.equal(3);
    } finally {
      await j.close();
    }
  });
});
