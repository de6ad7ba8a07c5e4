import { performance } from "node:perf_hooks";
import type { SearchDocument, SearchHitScore, SearchIndex, SearchOptions } from "../../domain/ports.js";
import { Analyzer } from "./analyzer.js";

/**
 * The one relevance score of `math.find` (docs/contract.md, "Search"). For a query q and an
 * operation d:
 *
 *   score(d, q) = BM25F(d, q) + ID_COVERAGE · coverage(d, q) + INTENT · intent(d, q)
 *
 * - BM25F (Robertson–Zaragoza): each field's term frequency is length-normalised on its own
 *   (1 − b_f + b_f·len_f/avglen_f), weighted and summed into one pseudo-frequency tf, and each
 *   query term adds idf(t)·tf·(k1 + 1)/(k1 + tf), idf(t) = ln(1 + (N − n_t + 0.5)/(n_t + 0.5)).
 *   Fields: the id's words (split on dots and underscores), the title, the keywords, the summary,
 *   and the multi-word keywords as whole phrases. A phrase is a query term when every one of its
 *   words (stop words included, one-letter variables excluded) occurs in the query in the same order,
 *   other words allowed between: "is a number prime" contains the keyword "is prime".
 * - coverage: the idf-weighted share of the id's words that the query names. `gcd` names all of
 *   integer.compute.gcd's distinctive words but not the `extended` of an extended gcd; words that
 *   nearly every id carries (compute, a family name) have idf near zero and weigh almost nothing.
 * - intent: 1 when the operation's kind is the one the query asks for, else 0. A query containing a
 *   verification word (verify, check, certify, validate, confirm, prove, proof, claim, …) asks for
 *   a checker (an id ending in `.verify`, which the catalog reserves for checkers); any other query
 *   asks for a compute operation.
 *
 * Only documents containing at least one query term are scored; equal scores are ordered by id.
 */
export const SCORE_PARAMETERS = {
  k1: 1.2,
  fields: {
    id: { weight: 3, b: 0.5 },
    title: { weight: 2, b: 0.75 },
    keywords: { weight: 2, b: 0.75 },
    summary: { weight: 0.5, b: 0.75 },
    phrase: { weight: 3, b: 0 },
  },
  idCoverage: 3,
  intent: 2,
} as const;

/** Words that make a query ask for a checker (stemmed before use, so inflections count too). */
export const VERIFICATION_WORDS = [
  "verify", "verified", "verifying", "verification", "verifier",
  "check", "checked", "checking", "checker",
  "certify", "certified", "certificate", "certification",
  "validate", "validation", "valid", "confirm", "confirmation",
  "prove", "proof", "claim", "claimed", "correct",
];

const FIELDS = ["id", "title", "keywords", "summary", "phrase"] as const;
const F = FIELDS.length;
const PHRASE = 4;
/** Phrase keys cannot collide with word terms: word terms never contain a NUL. */
const PHRASE_MARK = "\u0000";

interface Built {
  ids: string[];
  checker: Uint8Array;
  idIdfTotal: Float64Array;
  terms: Map<string, number>;
  /** Postings of term t are the entries offsets[t] .. offsets[t + 1] − 1, in document order. */
  offsets: Int32Array;
  postDoc: Int32Array;
  /** The BM25F contribution of the term to the document. */
  postScore: Float64Array;
  /** 1 when t is one of the document's id words (coverage counts idf(t) then). */
  postInId: Uint8Array;
  idf: Float64Array;
  /** Phrase words by phrase term, and the phrases to try for each query word (one anchor per phrase). */
  phraseWords: Map<number, string[]>;
  phraseAnchors: Map<string, number[]>;
  verificationStems: Set<string>;
  // Scratch space reused by every query (search is synchronous and never re-entered).
  acc: Float64Array;
  accId: Float64Array;
  stamp: Uint32Array;
  touched: Int32Array;
  epoch: number;
}

/** Time slice of a background build: short enough that requests queued behind it barely wait. */
const SLICE_MS = 4;

/**
 * BM25F over an inverted index of stemmed terms. Nothing is built when the catalog is handed over,
 * so start-up does not pay for it: the index is built by `prepare()` in short slices that yield to
 * the event loop (for a server to call once it is up), or else by the first query, which finishes
 * whatever is left. A query then costs time in proportion to the postings of its terms (the
 * documents that contain them), not to the size of the catalog, and keeps the best `limit` hits in
 * a bounded heap.
 */
export class Bm25SearchIndex implements SearchIndex {
  private docs: SearchDocument[] = [];
  private built: Built | undefined;
  private builder: IndexBuilder | undefined;
  private analyzer: Analyzer | undefined;

  build(docs: SearchDocument[]): void {
    this.docs = docs;
    this.built = undefined;
    this.builder = undefined;
  }

  /**
   * Build the index in the background, in slices of a few milliseconds with I/O served between
   * them; resolves when it is built (the pending slices keep the process alive until then). A query
   * arriving meanwhile completes the build synchronously and is answered at once.
   */
  prepare(): Promise<void> {
    return new Promise((resolve) => {
      const step = () => {
        if (this.built) return resolve();
        const builder = (this.builder ??= new IndexBuilder(this.docs, this.text()));
        const built = builder.step(performance.now() + SLICE_MS);
        if (built) {
          this.built = built;
          this.builder = undefined;
          return resolve();
        }
        setImmediate(step);
      };
      setImmediate(step);
    });
  }

  tokens(query: string): string[] {
    return this.text().terms(query);
  }

  search(query: string, limit: number, options: SearchOptions = {}): SearchHitScore[] {
    const ix = this.index();
    if (!(limit >= 1)) return [];
    const words = this.text().words(query);
    const queryTerms = new Set<number>();
    let asksChecker = false;
    const sequence: string[] = [];
    for (const w of words) {
      if (w.stem.length >= 2) sequence.push(w.stem);
      if (!w.term) continue;
      if (ix.verificationStems.has(w.stem)) asksChecker = true;
      const t = ix.terms.get(w.stem);
      if (t !== undefined) queryTerms.add(t);
    }
    for (const w of new Set(sequence)) {
      for (const p of ix.phraseAnchors.get(w) ?? []) if (isSubsequence(ix.phraseWords.get(p)!, sequence)) queryTerms.add(p);
    }
    if (!queryTerms.size) return [];

    ix.epoch = (ix.epoch + 1) >>> 0;
    if (ix.epoch === 0) {
      ix.stamp.fill(0);
      ix.epoch = 1;
    }
    const { acc, accId, stamp, touched, offsets, postDoc, postScore, postInId, epoch } = ix;
    let nTouched = 0;
    // Terms in index order so that sums (and therefore ties) do not depend on the query's word order.
    for (const t of [...queryTerms].sort((a, b) => a - b)) {
      const idf = ix.idf[t]!;
      for (let p = offsets[t]!, end = offsets[t + 1]!; p < end; p++) {
        const d = postDoc[p]!;
        if (stamp[d] !== epoch) {
          stamp[d] = epoch;
          acc[d] = 0;
          accId[d] = 0;
          touched[nTouched++] = d;
        }
        acc[d] += postScore[p]!;
        if (postInId[p]) accId[d] += idf;
      }
    }

    const { idCoverage, intent } = SCORE_PARAMETERS;
    const { ids, idIdfTotal, checker } = ix;
    const wanted = asksChecker ? 1 : 0;
    const heap = new TopK(Math.min(Math.floor(limit), nTouched), ids);
    const { docs: heapDocs, scores: heapScores } = heap;
    for (let i = 0; i < nTouched; i++) {
      const d = touched[i]!;
      const total = idIdfTotal[d]!;
      const score = acc[d]! + (total > 0 ? (idCoverage * accId[d]!) / total : 0) + (checker[d] === wanted ? intent : 0);
      // Checked inline against the worst kept hit: this loop runs for every touched document.
      if (heap.full && (score < heapScores[0]! || (score === heapScores[0]! && ids[d]! > ids[heapDocs[0]!]!))) continue;
      // The filter runs only for documents that would enter the heap.
      if (options.accept && !options.accept(ids[d]!)) continue;
      heap.push(d, score);
    }
    return heap.sorted().map(([d, score]) => ({ id: ids[d]!, score }));
  }

  private text(): Analyzer {
    return (this.analyzer ??= new Analyzer());
  }

  private index(): Built {
    if (this.built) return this.built;
    this.built = (this.builder ?? new IndexBuilder(this.docs, this.text())).step(Infinity)!;
    this.builder = undefined;
    return this.built;
  }
}

/**
 * Builds the index one document at a time (resumable between slices), then lays out the postings.
 * Per document: its distinct terms and their per-field frequencies, flattened into growable arrays;
 * `lastDoc`/`entryOf` find a term's entry in the current document without a map.
 */
class IndexBuilder {
  private readonly terms = new Map<string, number>();
  private readonly phraseWords = new Map<number, string[]>();
  private entryTerm: Int32Array;
  private entryTf: Float32Array;
  private entries = 0;
  private lastDoc = new Int32Array(1 << 12).fill(-1);
  private entryOf = new Int32Array(1 << 12);
  private df = new Int32Array(1 << 12);
  private readonly docStart: Int32Array;
  private readonly lengths: Float64Array;
  private readonly checker: Uint8Array;
  /** Next document to index. */
  private next = 0;
  private layout: Layout | undefined;

  constructor(
    private readonly docs: SearchDocument[],
    private readonly analyzer: Analyzer,
  ) {
    // Room for one (document, term) entry per 8 characters of text (catalog text runs at about one
    // per 10–14): regrowing copies megabytes at 10,000 documents and would stall a slice.
    let chars = 0;
    for (const d of docs) chars += d.id.length + d.title.length + d.summary.length + d.keywords.reduce((n, k) => n + k.length + 1, 0);
    this.entryTerm = new Int32Array(Math.max(1 << 10, chars >> 3));
    this.entryTf = new Float32Array(this.entryTerm.length * F);
    this.docStart = new Int32Array(docs.length + 1);
    this.lengths = new Float64Array(docs.length * F);
    this.checker = new Uint8Array(docs.length);
  }

  /** Index documents until the deadline; true when all are in. */
  private addDocuments(deadline: number): boolean {
    const { docs, analyzer } = this;
    while (this.next < docs.length) {
      const d = this.next++;
      const doc = docs[d]!;
      this.docStart[d] = this.entries;
      this.checker[d] = doc.id.endsWith(".verify") ? 1 : 0;
      analyzer.scan(doc.id, (w) => w.term && this.add(d, this.intern(w.stem), 0));
      analyzer.scan(doc.title, (w) => w.term && this.add(d, this.intern(w.stem), 1));
      analyzer.scan(doc.summary, (w) => w.term && this.add(d, this.intern(w.stem), 3));
      for (const kw of doc.keywords) {
        const words = analyzer.words(kw);
        for (const w of words) if (w.term) this.add(d, this.intern(w.stem), 2);
        // The keyword as a phrase: its words of two letters or more (one-letter variables dropped), in order.
        const phrase: string[] = [];
        let content = false;
        for (const w of words) {
          if (w.stem.length < 2 || phrase.includes(w.stem)) continue;
          phrase.push(w.stem);
          content ||= w.term;
        }
        if (phrase.length < 2 || !content) continue;
        const t = this.intern(PHRASE_MARK + phrase.join(" "));
        if (!this.phraseWords.has(t)) this.phraseWords.set(t, phrase);
        this.add(d, t, PHRASE);
      }
      if ((d & 15) === 15 && performance.now() >= deadline) break;
    }
    return this.next >= docs.length;
  }

  private intern(key: string): number {
    let t = this.terms.get(key);
    if (t === undefined) {
      t = this.terms.size;
      this.terms.set(key, t);
      if (t >= this.lastDoc.length) {
        this.lastDoc = grow(this.lastDoc, -1);
        this.entryOf = grow(this.entryOf, 0);
        this.df = grow(this.df, 0);
      }
    }
    return t;
  }

  private add(d: number, t: number, f: number): void {
    let e: number;
    if (this.lastDoc[t] === d) e = this.entryOf[t]!;
    else {
      if (this.entries === this.entryTerm.length) {
        this.entryTerm = grow(this.entryTerm, 0);
        this.entryTf = grow(this.entryTf, 0);
      }
      e = this.entries++;
      this.lastDoc[t] = d;
      this.entryOf[t] = e;
      this.entryTerm[e] = t;
      this.df[t]!++;
    }
    this.entryTf[e * F + f]! += 1;
    this.lengths[d * F + f]! += 1;
  }


  /**
   * Advance the build until the deadline (performance.now() milliseconds): first the documents,
   * then the postings (idf and field-length normalisation known by then); the index once done.
   */
  step(deadline: number): Built | undefined {
    if (!this.addDocuments(deadline)) return undefined;
    const layout = (this.layout ??= this.lay());
    const { docStart, entryTerm, entryTf, lengths } = this;
    const { k1, fields } = SCORE_PARAMETERS;
    const { idf, avg, fill, postDoc, postScore, postInId, idIdfTotal, norm } = layout;
    const weight = FIELDS.map((f) => fields[f].weight);
    const b = FIELDS.map((f) => fields[f].b);
    const N = this.docs.length;
    while (layout.next < N) {
      const d = layout.next++;
      for (let f = 0; f < F; f++) norm[f] = 1 - b[f]! + (b[f]! * lengths[d * F + f]!) / avg[f]!;
      for (let e = docStart[d]!; e < docStart[d + 1]!; e++) {
        const t = entryTerm[e]!;
        let tf = 0;
        for (let f = 0; f < F; f++) tf += (weight[f]! * entryTf[e * F + f]!) / norm[f]!;
        const p = fill[t]!++;
        postDoc[p] = d;
        postScore[p] = (idf[t]! * tf * (k1 + 1)) / (k1 + tf);
        if (entryTf[e * F]! > 0) {
          postInId[p] = 1;
          idIdfTotal[d]! += idf[t]!;
        }
      }
      if ((d & 63) === 63 && performance.now() >= deadline) return undefined;
    }
    return this.assemble(layout);
  }

  /** idf, average field lengths and the postings' offsets, once every document is in. */
  private lay(): Layout {
    const { docs, terms, df, lengths } = this;
    const N = docs.length;
    this.docStart[N] = this.entries;
    const T = terms.size;
    const idf = new Float64Array(T);
    for (let t = 0; t < T; t++) idf[t] = Math.log(1 + (N - df[t]! + 0.5) / (df[t]! + 0.5));
    const avg = new Float64Array(F);
    for (let d = 0; d < N; d++) for (let f = 0; f < F; f++) avg[f]! += lengths[d * F + f]!;
    for (let f = 0; f < F; f++) avg[f] = N ? avg[f]! / N || 1 : 1;
    const offsets = new Int32Array(T + 1);
    for (let t = 0; t < T; t++) offsets[t + 1] = offsets[t]! + df[t]!;
    const P = offsets[T]!;
    return {
      idf,
      avg,
      offsets,
      fill: offsets.slice(0, T),
      postDoc: new Int32Array(P),
      postScore: new Float64Array(P),
      postInId: new Uint8Array(P),
      idIdfTotal: new Float64Array(N),
      norm: new Float64Array(F),
      next: 0,
    };
  }

  private assemble(layout: Layout): Built {
    // Each phrase is tried once per query, under its word that starts the fewest phrases.
    const starts = new Map<string, number>();
    for (const words of this.phraseWords.values()) for (const w of words) starts.set(w, (starts.get(w) ?? 0) + 1);
    const phraseAnchors = new Map<string, number[]>();
    for (const [t, words] of this.phraseWords) {
      let anchor = words[0]!;
      for (const w of words) if (starts.get(w)! < starts.get(anchor)!) anchor = w;
      const list = phraseAnchors.get(anchor);
      if (list) list.push(t);
      else phraseAnchors.set(anchor, [t]);
    }
    const N = this.docs.length;
    return {
      ids: this.docs.map((d) => d.id),
      checker: this.checker,
      idIdfTotal: layout.idIdfTotal,
      terms: this.terms,
      offsets: layout.offsets,
      postDoc: layout.postDoc,
      postScore: layout.postScore,
      postInId: layout.postInId,
      idf: layout.idf,
      phraseWords: this.phraseWords,
      phraseAnchors,
      verificationStems: new Set(VERIFICATION_WORDS.map((w) => this.analyzer.stem(w))),
      acc: new Float64Array(N),
      accId: new Float64Array(N),
      stamp: new Uint32Array(N),
      touched: new Int32Array(N),
      epoch: 0,
    };
  }
}

interface Layout {
  idf: Float64Array;
  avg: Float64Array;
  offsets: Int32Array;
  /** Next free posting of each term while the postings are filled. */
  fill: Int32Array;
  postDoc: Int32Array;
  postScore: Float64Array;
  postInId: Uint8Array;
  idIdfTotal: Float64Array;
  norm: Float64Array;
  /** Next document whose postings are to be written. */
  next: number;
}

function grow<A extends Int32Array | Float32Array>(a: A, fill: number): A {
  const b = new (a.constructor as new (n: number) => A)(a.length * 2);
  b.set(a);
  if (fill !== 0) b.fill(fill, a.length);
  return b;
}

/** Whether the phrase's words occur in the query in the phrase's order (other words may come between). */
function isSubsequence(phrase: readonly string[], query: readonly string[]): boolean {
  let i = 0;
  for (let j = 0; j < query.length && i < phrase.length; j++) if (query[j] === phrase[i]) i++;
  return i === phrase.length;
}

/** The best k (document, score) pairs seen so far: a min-heap whose root is the worst kept hit. */
class TopK {
  readonly docs: Int32Array;
  readonly scores: Float64Array;
  private size = 0;

  constructor(
    private readonly k: number,
    private readonly ids: readonly string[],
  ) {
    this.docs = new Int32Array(k);
    this.scores = new Float64Array(k);
  }

  get full(): boolean {
    return this.size === this.k;
  }

  /** a ranks below b: lower score, or the same score and a later id. */
  private below(da: number, sa: number, db: number, sb: number): boolean {
    return sa < sb || (sa === sb && this.ids[da]! > this.ids[db]!);
  }

  /** Add a hit; when full, it replaces the root (the caller has checked that it ranks above it). */
  push(d: number, score: number): void {
    const { docs, scores } = this;
    if (this.size < this.k) {
      let i = this.size++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.below(d, score, docs[parent]!, scores[parent]!)) break;
        docs[i] = docs[parent]!;
        scores[i] = scores[parent]!;
        i = parent;
      }
      docs[i] = d;
      scores[i] = score;
      return;
    }
    let i = 0;
    const n = this.size;
    for (;;) {
      const l = 2 * i + 1;
      if (l >= n) break;
      const r = l + 1;
      const c = r < n && this.below(docs[r]!, scores[r]!, docs[l]!, scores[l]!) ? r : l;
      if (!this.below(docs[c]!, scores[c]!, d, score)) break;
      docs[i] = docs[c]!;
      scores[i] = scores[c]!;
      i = c;
    }
    docs[i] = d;
    scores[i] = score;
  }

  /** Best first. */
  sorted(): [number, number][] {
    const pairs: [number, number][] = [];
    for (let i = 0; i < this.size; i++) pairs.push([this.docs[i]!, this.scores[i]!]);
    return pairs.sort((a, b) => (this.below(a[0], a[1], b[0], b[1]) ? 1 : this.below(b[0], b[1], a[0], a[1]) ? -1 : 0));
  }
}
