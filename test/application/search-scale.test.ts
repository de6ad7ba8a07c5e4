import { expect } from "chai";
import { Bm25SearchIndex } from "../../adapters/search/bm25-index.js";
import { syntheticDocuments } from "../../bench/support/synthetic-catalog.js";
import type { SearchDocument, SearchHitScore } from "../../domain/ports.js";
import { loadAllShipped } from "../../operations/packs.js";
import { ReferenceSearch } from "./search-reference.js";

const shipped = await loadAllShipped();

/** The index at catalog scale: 10,000 documents (the shipped operations plus synthetic ones), checked against a direct transcription of the documented score. */
describe("application/search at 10,000 operations", () => {
  const real: SearchDocument[] = shipped.map(({ decl: { id, title, summary, keywords } }) => ({ id, title, summary, keywords }));
  const synthetic = syntheticDocuments(10_000 - real.length - 1);
  const needle: SearchDocument = {
    id: "knot.quasiperiodic_braid_closure.compute",
    title: "Closure of a braid word",
    summary: "The closure of a braid word as a knot diagram, with up to 1,000 crossings.",
    keywords: ["braid closure", "quasiperiodic", "markov"],
  };
  const docs: SearchDocument[] = [...synthetic.map(({ id, title, summary, keywords }) => ({ id, title, summary, keywords })), needle, ...real];
  const index = new Bm25SearchIndex();
  index.build(docs);
  const reference = new ReferenceSearch(docs);

  const queries = [
    "is a number prime",
    "factorize 91",
    "gcd",
    "verify a factorization",
    "determinant of a matrix",
    "compute the shortest path of a weighted graph",
    "verify a claimed chromatic number",
    "exact resultant of two polynomials over a finite field",
    "lll reduction of a lattice basis",
    "minimum spanning tree",
    "is prime",
    "number of partitions of an integer",
    "discrete logarithm modulo a prime",
    "characteristic polynomial of a sparse matrix",
    "Möbius function of a poset",
    "the of and compute",
  ];

  /** `actual` is the top `limit` of the reference ranking `all` (scores to 1e-9; where scores tie, the order among the tied is not compared). */
  function expectSameRanking(actual: SearchHitScore[], all: { id: string; score: number }[], limit: number, label: string): void {
    expect(actual.length, label).to.equal(Math.min(limit, all.length));
    actual.forEach((hit, i) => {
      const want = all[i]!;
      expect(hit.score, `${label} #${i + 1}`).to.be.closeTo(want.score, 1e-9);
      const tied = all.filter((e) => Math.abs(e.score - want.score) < 1e-9).map((e) => e.id);
      if (tied.length > 1) expect(tied, `${label} #${i + 1}`).to.include(hit.id);
      else expect(hit.id, `${label} #${i + 1}`).to.equal(want.id);
    });
  }

  it("ranks exactly as the documented score, for every query", () => {
    expect(docs.length).to.equal(10_000);
    for (const q of queries) expectSameRanking(index.search(q, 10), reference.scores(q), 10, q);
  });

  it("keeps only accepted documents, still in score order", () => {
    const accept = (id: string) => id.startsWith("graph.") || id.startsWith("integer.");
    for (const q of ["shortest path", "prime factorization", "verify a claimed matching"]) {
      expectSameRanking(index.search(q, 7, { accept }), reference.scores(q).filter((s) => accept(s.id)), 7, q);
    }
  });

  it("finds a document by a word only it carries, and the shipped operations among 10,000", () => {
    expect(index.search("quasiperiodic", 5).map((h) => h.id)).to.deep.equal([needle.id]);
    expect(index.search("is a number prime", 1)[0]!.id).to.equal("integer.primality.compute");
    expect(index.search("factorize an integer into primes", 1)[0]!.id).to.equal("integer.prime_factorization.compute");
  });

  it("puts a .verify twin first for verification queries and the compute operation first otherwise", () => {
    const twins = synthetic.filter((d) => d.kind === "checker").slice(0, 25);
    expect(twins.length).to.equal(25);
    for (const checker of twins) {
      const compute = checker.id.replace(/\.verify$/, ".compute");
      const subject = checker.title.replace(/^Verify a claimed /, "");
      const plain = index.search(subject, 20).map((h) => h.id);
      const verify = index.search(`verify ${subject}`, 20).map((h) => h.id);
      expect(plain, subject).to.include(compute);
      expect(plain.indexOf(compute), subject).to.be.lessThan(plain.includes(checker.id) ? plain.indexOf(checker.id) : Infinity);
      expect(verify, subject).to.include(checker.id);
      expect(verify.indexOf(checker.id), subject).to.be.lessThan(verify.includes(compute) ? verify.indexOf(compute) : Infinity);
    }
  });

  it("orders equal scores by id and honours the limit", () => {
    const hits = index.search("sparse", 20);
    expect(hits).to.have.length(20);
    for (let i = 1; i < hits.length; i++) {
      const [a, b] = [hits[i - 1]!, hits[i]!];
      expect(a.score > b.score || (a.score === b.score && a.id < b.id), `${a.id} before ${b.id}`).to.equal(true);
    }
  });

  it("answers a query that arrives while prepare() is still building, and prepare() then resolves", async () => {
    const fresh = new Bm25SearchIndex();
    fresh.build(docs);
    const ready = fresh.prepare();
    expectSameRanking(fresh.search("minimum spanning tree", 10), reference.scores("minimum spanning tree"), 10, "during prepare");
    await ready;
    const background = new Bm25SearchIndex();
    background.build(docs);
    await background.prepare();
    expectSameRanking(background.search("exact resultant of two polynomials", 10), reference.scores("exact resultant of two polynomials"), 10, "after prepare");
  });

  it("has nothing to rank in an empty catalog and for queries of unknown words", () => {
    const empty = new Bm25SearchIndex();
    empty.build([]);
    expect(empty.search("gcd", 5)).to.deep.equal([]);
    expect(index.search("zzqxv wqqz", 5)).to.deep.equal([]);
  });
});
