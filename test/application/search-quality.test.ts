import { expect } from "chai";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { testJacobian } from "../support/runtime.js";

/**
 * Labelled agent queries over the shipped catalog (test/application/search-queries.json): each
 * query with the capability ids that answer it (several where more than one does, or where an id is
 * being renamed). MRR@5 is the mean over queries of 1/rank of the first acceptable id among the
 * first five hits (0 when none is there).
 */
interface Labelled {
  query: string;
  expected: string[];
}

// Compiled to dist/test/application; the labels stay in the source tree.
const LABELS = fileURLToPath(new URL("../../../test/application/search-queries.json", import.meta.url));

describe("application/search quality", () => {
  const labelled = JSON.parse(readFileSync(LABELS, "utf8")) as Labelled[];
  const j = testJacobian();
  after(() => j.close());

  const top5 = (query: string): { capability_id: string; score: number }[] => {
    const r = j.find({ op: "search", query, limit: 5 }) as { hits?: { capability_id: string; score: number }[]; error?: unknown };
    expect(r.error, query).to.equal(undefined);
    return r.hits!;
  };

  it("labels at least 40 queries, each with ids that are installed", () => {
    expect(labelled.length).to.be.at.least(40);
    const ids = new Set((j.catalog() as { operations: { id: string }[] }).operations.map((o) => o.id));
    for (const { query, expected } of labelled) {
      expect(expected.length, query).to.be.greaterThan(0);
      expect(expected.some((id) => ids.has(id)), `${query}: none of ${expected.join(", ")} is installed`).to.equal(true);
    }
    for (const q of ["is a number prime", "factorize 91", "integer square root", "gcd", "verify a factorization", "determinant of a matrix"]) {
      expect(labelled.map((l) => l.query)).to.include(q);
    }
  });

  it("keeps MRR@5 at 0.9 or more", () => {
    const misses: string[] = [];
    let sum = 0;
    for (const { query, expected } of labelled) {
      const ids = top5(query).map((h) => h.capability_id);
      const rank = ids.findIndex((id) => expected.includes(id)) + 1;
      sum += rank ? 1 / rank : 0;
      if (rank !== 1) misses.push(`${JSON.stringify(query)} → rank ${rank || "> 5"} (${ids.join(", ")})`);
    }
    const mrr = sum / labelled.length;
    expect(mrr, `MRR@5 ${mrr.toFixed(3)}; not first:\n${misses.join("\n")}`).to.be.at.least(0.9);
  });

  it("orders hits by the score it reports", () => {
    for (const { query } of labelled) {
      const scores = top5(query).map((h) => h.score);
      for (let i = 1; i < scores.length; i++) expect(scores[i]!, query).to.be.at.most(scores[i - 1]!);
    }
  });

  it("ranks the gcd above the extended gcd for \"gcd\"", () => {
    const ids = top5("gcd").map((h) => h.capability_id);
    const extended = ids.findIndex((id) => id.includes("extended_gcd") && !id.endsWith(".verify"));
    expect(ids[0]).to.equal("integer.compute.gcd");
    expect(extended).to.be.greaterThan(0);
  });
});
