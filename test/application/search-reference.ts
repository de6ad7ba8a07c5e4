/**
 * A direct, slow transcription of the documented search score (docs/contract.md, "Search"):
 * every document is scored from its raw fields on every query, with no inverted index, no
 * precomputed contributions and no heap. Tests compare the index against it.
 */
import { Analyzer } from "../../adapters/search/analyzer.js";
import { SCORE_PARAMETERS, VERIFICATION_WORDS } from "../../adapters/search/bm25-index.js";
import type { SearchDocument } from "../../domain/ports.js";

type Field = "id" | "title" | "keywords" | "summary" | "phrase";
const FIELDS: Field[] = ["id", "title", "keywords", "summary", "phrase"];

export interface ReferenceScore {
  id: string;
  score: number;
  bm25f: number;
  coverage: number;
  intent: number;
}

interface Prepared {
  doc: SearchDocument;
  fields: Record<Field, string[]>;
}

const WORD_FIELDS: Field[] = ["id", "title", "keywords", "summary"];

export class ReferenceSearch {
  private readonly analyzer = new Analyzer();
  private readonly prepared: Prepared[];
  /** Document frequency: in how many documents a word occurs (any word field) or a phrase is declared. */
  private readonly df = new Map<string, number>();

  constructor(docs: SearchDocument[]) {
    this.prepared = docs.map((doc) => ({
      doc,
      fields: {
        id: this.analyzer.terms(doc.id),
        title: this.analyzer.terms(doc.title),
        keywords: doc.keywords.flatMap((k) => this.analyzer.terms(k)),
        summary: this.analyzer.terms(doc.summary),
        phrase: doc.keywords.flatMap((k) => {
          const words = this.phraseWords(k);
          return words.length >= 2 && this.analyzer.words(k).some((w) => w.term && w.stem.length >= 2) ? [words.join(" ")] : [];
        }),
      },
    }));
    for (const p of this.prepared) {
      for (const key of new Set([...WORD_FIELDS.flatMap((f) => p.fields[f]), ...p.fields.phrase.map((x) => "phrase:" + x)])) this.df.set(key, (this.df.get(key) ?? 0) + 1);
    }
  }

  /** A keyword's phrase: its stems of two or more letters, first occurrences, in order. */
  private phraseWords(text: string): string[] {
    return [...new Set(this.analyzer.words(text).filter((w) => w.stem.length >= 2).map((w) => w.stem))];
  }

  scores(query: string): ReferenceScore[] {
    const { k1, fields, idCoverage, intent } = SCORE_PARAMETERS;
    const words = this.analyzer.words(query);
    const terms = new Set(words.filter((w) => w.term).map((w) => w.stem));
    const sequence = words.filter((w) => w.stem.length >= 2).map((w) => w.stem);
    const asksChecker = words.some((w) => w.term && VERIFICATION_WORDS.map((v) => this.analyzer.stem(v)).includes(w.stem));
    const isSubsequence = (phrase: string) => {
      let i = 0;
      for (const w of sequence) if (i < phrase.split(" ").length && w === phrase.split(" ")[i]) i++;
      return i === phrase.split(" ").length;
    };
    const N = this.prepared.length;
    const df = (key: string, kind: "word" | "phrase") => this.df.get(kind === "phrase" ? "phrase:" + key : key) ?? 0;
    const idf = (n: number) => Math.log(1 + (N - n + 0.5) / (n + 0.5));
    const avg = Object.fromEntries(FIELDS.map((f) => [f, this.prepared.reduce((s, p) => s + p.fields[f].length, 0) / N || 1])) as Record<Field, number>;
    const out: ReferenceScore[] = [];
    for (const p of this.prepared) {
      const matched: { key: string; fieldsOf: Field[]; kind: "word" | "phrase" }[] = [];
      for (const t of terms) if (WORD_FIELDS.some((f) => p.fields[f].includes(t))) matched.push({ key: t, fieldsOf: WORD_FIELDS, kind: "word" });
      for (const ph of new Set(p.fields.phrase)) if (isSubsequence(ph)) matched.push({ key: ph, fieldsOf: ["phrase"], kind: "phrase" });
      if (!matched.length) continue;
      let bm25f = 0;
      for (const m of matched) {
        let tf = 0;
        for (const f of m.fieldsOf) {
          const count = p.fields[f].filter((x) => x === m.key).length;
          const { weight, b } = fields[f];
          tf += (weight * count) / (1 - b + (b * p.fields[f].length) / avg[f]);
        }
        bm25f += (idf(df(m.key, m.kind)) * tf * (k1 + 1)) / (k1 + tf);
      }
      const idWords = [...new Set(p.fields.id)];
      const total = idWords.reduce((s, w) => s + idf(df(w, "word")), 0);
      const named = idWords.filter((w) => terms.has(w)).reduce((s, w) => s + idf(df(w, "word")), 0);
      const coverage = total > 0 ? named / total : 0;
      const kindMatches = p.doc.id.endsWith(".verify") === asksChecker ? 1 : 0;
      out.push({ id: p.doc.id, score: bm25f + idCoverage * coverage + intent * kindMatches, bm25f, coverage, intent: kindMatches });
    }
    return out.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
  }
}
