import { createRequire } from "node:module";
import type { SearchDocument, SearchHitScore, SearchIndex } from "../../domain/ports.js";

const require = createRequire(import.meta.url);
// CommonJS packages without types.
const bm25Factory = require("wink-bm25-text-search") as () => Bm25Engine;
const nlp = require("wink-nlp-utils") as NlpUtils;

interface Bm25Engine {
  defineConfig(cfg: { fldWeights: Record<string, number>; bm25Params?: Record<string, number> }): void;
  definePrepTasks(tasks: ((x: any) => any)[]): void;
  addDoc(doc: Record<string, string>, id: string | number): void;
  consolidate(): void;
  search(text: string, limit?: number): [string, number][];
}
interface NlpUtils {
  string: { lowerCase(s: string): string; tokenize0(s: string): string[]; removeExtraSpaces(s: string): string };
  tokens: { removeWords(t: string[]): string[]; stem(t: string[]): string[]; propagateNegations(t: string[]): string[] };
}

/** Filler documents so that tiny catalogs (fewer than 3 operations) can be consolidated. */
const FILLER = ["zzfillerzza", "zzfillerzzb", "zzfillerzzc"];

/**
 * Lexical BM25 over id, title, summary and keywords (wink-bm25-text-search). Ids are split on dots
 * and underscores so that `matrix.determinant.compute` matches "determinant".
 */
export class Bm25SearchIndex implements SearchIndex {
  private engine: Bm25Engine | undefined;

  private prep = (text: string): string[] => {
    const lowered = nlp.string.lowerCase(text.replace(/[._/-]+/g, " "));
    const tokens = nlp.string.tokenize0(nlp.string.removeExtraSpaces(lowered));
    return nlp.tokens.stem(nlp.tokens.removeWords(tokens));
  };

  build(docs: SearchDocument[]): void {
    const engine = bm25Factory();
    engine.defineConfig({ fldWeights: { id: 3, title: 2, keywords: 2, summary: 1 }, bm25Params: { k1: 1.2, b: 0.75, k: 1 } });
    engine.definePrepTasks([this.prep]);
    for (const d of docs) engine.addDoc({ id: d.id, title: d.title, summary: d.summary, keywords: d.keywords.join(" ") }, d.id);
    for (let i = docs.length; i < 3; i++) engine.addDoc({ id: FILLER[i]!, title: FILLER[i]!, summary: FILLER[i]!, keywords: FILLER[i]! }, FILLER[i]!);
    engine.consolidate();
    this.engine = engine;
  }

  tokens(query: string): string[] {
    return this.prep(query).filter((t) => /[a-z0-9]/.test(t));
  }

  search(query: string, limit: number): SearchHitScore[] {
    if (!this.engine) throw new Error("search index used before build()");
    return this.engine
      .search(query, limit + FILLER.length)
      .filter(([id]) => !FILLER.includes(String(id)))
      .slice(0, limit)
      .map(([id, score]) => ({ id: String(id), score }));
  }
}
