import { expect } from "chai";
import fc from "fast-check";
import type { OperationPack } from "../../../domain/declaration.js";
import { validateSync } from "../../../domain/schema.js";
import { MAX_PARTITION_N, partitionTable, ramanujanModulus } from "../../../domain/math/partitions.js";
import partition from "../../../operations/combinatorics/partition_compute.js";
import { loadPack } from "../../../operations/packs.js";
import { gp, requireGp } from "../../support/gp.js";
import { parsedRequest } from "../../support/parse.js";
import { testJacobian } from "../../support/runtime.js";
import { rng } from "../integer/random.js";

const ID = "combinatorics.partition.compute";
const shippedIds = (await loadPack("combinatorics")).operations.map((d) => d.id);

/** The shipped combinatorics pack when it carries the operation, else a test-local pack with just this declaration. */
function packs(): (string | OperationPack)[] {
  if (shippedIds.includes(ID)) return ["combinatorics"];
  return [{ name: "partition-test", version: "0.0.0", description: "combinatorics.partition.compute alone (until the combinatorics pack registers it)", operations: [partition] }];
}

async function value(j: ReturnType<typeof testJacobian>, n: string): Promise<string> {
  const o = await j.run(ID, { n });
  expect(o.outcome, JSON.stringify(o).slice(0, 400)).to.equal("completed");
  if (o.outcome !== "completed") throw new Error("not completed");
  let v = o.value as { partitions: string } | undefined;
  if (v === undefined) v = ((await j.artifact(o.value_artifact!)) as { result: { partitions: string } }).result;
  return v.partitions;
}

describe("combinatorics.partition.compute", function () {
  this.timeout(60_000);
  // pool: false — the math is the same inline, and the suite does not pay for worker start-up
  // (the progress test below runs through the worker pool).
  const j = testJacobian({ packs: packs(), pool: false });
  after(() => j.close());

  it("every declared example produces its stated result", async () => {
    for (const ex of partition.examples) expect(await value(j, ex.payload.n as string), ex.title).to.equal(ex.expected.partitions);
  });

  it("property: equals the pentagonal recurrence for random n ≤ 1500 (and for n < 0 gives 0)", async () => {
    const table = partitionTable(1500);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: -50, max: 1500 }), async (n) => (await value(j, String(n))) === (n < 0 ? "0" : table[n]!.toString())),
      { numRuns: 60 },
    );
  });

  it("refuses n above the bound, non-canonical integers and undeclared keys with INVALID_PAYLOAD at payload.n", async () => {
    for (const n of ["1000000001", "99999999999", "-0", "007", "1e5", "", " 5", "+5"]) {
      const o = await j.run(ID, { n });
      expect(o.outcome, n).to.equal("failed");
      if (o.outcome === "failed") {
        expect(o.error.code, n).to.equal("INVALID_PAYLOAD");
        expect(o.error.path, n).to.equal("payload.n");
      }
    }
    const o = await j.run(ID, { n: "5", extra: "1" });
    expect(o.outcome).to.equal("failed");
    const numeric = await j.run(ID, { n: 5 } as unknown as Record<string, unknown>);
    expect(numeric.outcome).to.equal("failed");
  });

  it("accepts the bound itself and very negative n (p = 0)", async () => {
    expect(await value(j, "-9999999999")).to.equal("0");
    expect(partition.preflight(parsedRequest(partition, { n: String(MAX_PARTITION_N) })).units).to.be.at.most(partition.budget.max_units);
    expect(validateSync(partition.request, { n: String(MAX_PARTITION_N) }).issues).to.equal(undefined);
    expect(validateSync(partition.request, { n: String(MAX_PARTITION_N + 1) }).issues).to.not.equal(undefined);
  });

  it("preflight: p(10^5) stays under the inline threshold (2e6 units), costs grow with n, the bound fits the budget", () => {
    const u = (n: number) => partition.preflight(parsedRequest(partition, { n: String(n) })).units;
    expect(u(100_000)).to.be.below(2e6);
    expect(u(1_000)).to.be.below(u(100_000));
    expect(u(100_000)).to.be.below(u(10_000_000));
    expect(u(10_000_000)).to.be.below(u(MAX_PARTITION_N));
    expect(u(MAX_PARTITION_N)).to.be.at.most(partition.budget.max_units);
    expect(u(-5)).to.be.greaterThan(0);
  });

  it("reports progress in Rademacher terms, from the worker pool when p(n) is large", async () => {
    const pooled = testJacobian({ packs: packs() });
    try {
      const seen: number[] = [];
      const o = await pooled.run(ID, { n: "3000000" }, { onProgress: (d) => seen.push(d) });
      expect(o.outcome, JSON.stringify(o).slice(0, 300)).to.equal("completed");
      expect(seen.length).to.be.greaterThan(3);
      for (let i = 1; i < seen.length; i++) expect(seen[i]).to.be.greaterThan(seen[i - 1]!);
    } finally {
      await pooled.close();
    }
  });

  it("the postcondition rejects wrong values: ±1, a multiple of 2^32 away, a wrong leading digit", () => {
    // The postcondition sees the request parsed once and p(n) as execute returns it (a bigint).
    const pc = (n: string, p: bigint) => partition.postcondition(parsedRequest(partition, { n }), { partitions: p });
    expect(pc("-4", 0n)).to.equal(null);
    expect(pc("-4", 1n)).to.not.equal(null);
    expect(pc("0", 1n)).to.equal(null);
    expect(pc("1", 2n)).to.not.equal(null);
    const p100 = 190569292n;
    expect(pc("100", p100)).to.equal(null);
    expect(pc("100", p100 + 1n)).to.not.equal(null);
    expect(pc("100", p100 - 1000n)).to.not.equal(null);
    expect(pc("100", -p100)).to.not.equal(null);
    // 24·99 − 1 = 2375 = 5³·19, so 125 | p(99): p + 125 keeps the congruence but not the residue mod 2^32,
    // and p + 2^32 keeps the residue but not the congruence.
    const p99 = partitionTable(99)[99]!;
    expect(p99 % 125n).to.equal(0n);
    expect(pc("99", p99)).to.equal(null);
    expect(pc("99", p99 + 125n)).to.not.equal(null);
    expect(pc("99", p99 + 2n ** 32n)).to.not.equal(null);
  });

  it("the postcondition for large n catches a value with a wrong leading part or length", async () => {
    // An n > 10^4 with 24n − 1 ≡ 0 mod 5, 7 or 11, so that a congruence applies as well.
    let k = 123_456;
    while (ramanujanModulus(BigInt(k)) === 1n) k++;
    const n = String(k);
    const p = BigInt(await value(j, n));
    const pc = (v: bigint) => partition.postcondition(parsedRequest(partition, { n }), { partitions: v });
    expect(pc(p)).to.equal(null);
    expect(pc(p * 10n)).to.not.equal(null);
    expect(pc(p + 10n ** BigInt(p.toString().length - 8))).to.not.equal(null);
    // p(n) ≡ 0 modulo 5, 7 or 11 here, so p + 1 violates the congruence.
    expect(pc(p + 1n)).to.not.equal(null);
  });
});

describe("combinatorics.partition.compute cross-checked with PARI/GP numbpart", function () {
  this.timeout(60_000);
  before(function () {
    requireGp(this);
  });
  const j = testJacobian({ packs: packs(), pool: false });
  after(() => j.close());

  it("agrees on 30 random n ≤ 10^5, p(10^5) and 3 random n ≤ 10^6 (one gp call)", async () => {
    const r = rng(77);
    const ns = [100_000];
    for (let i = 0; i < 30; i++) ns.push(r.int(-10, 100_000));
    for (let i = 0; i < 3; i++) ns.push(r.int(100_000, 1_000_000));
    const ref = gp(ns.map((n) => `print(numbpart(${n}))`).join("\n"));
    expect(ref.length).to.equal(ns.length);
    for (let i = 0; i < ns.length; i++) expect(await value(j, String(ns[i])), `p(${ns[i]})`).to.equal(ref[i]);
  });
});
