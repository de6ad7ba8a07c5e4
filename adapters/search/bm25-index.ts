import { createRequire } from "node:module";
import type { SearchDocument, SearchHitScore, SearchIndex } from "../../domain/ports.js";

const require = createRequire(import.meta.url);
// CommonJS packages without types, loaded on first use so commands that never search start faster.
let libs: { bm25Factory: () => Bm25Engine; nlp: NlpUtils } | undefined;
function load() {
  libs ??= { bm25Factory: require("wink-bm25-text-search") as () => Bm25Engine, nlp: require("wink-nlp-utils") as NlpUtils };
  return libs;
}

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
  private docs: SearchDocument[] | undefined;

  private prep = (text: string): string[] => {
    const { nlp } = load();
    const lowered = nlp.string.lowerCase(text.replace(/[._/-]+/g, " "));
    const tokens = nlp.string.tokenize0(nlp.string.removeExtraSpaces(lowered));
    return nlp.tokens.stem(nlp.tokens.removeWords(tokens));
  };

  /** Remember the documents; the index itself is built on the first query. */
  build(docs: SearchDocument[]): void {
    this.docs = docs;
    this.engine = undefined;
  }

  private ensure(): Bm25Engine {
    if (this.engine) return this.engine;
    if (!this.docs) throw new Error("search index used before build()");
    const docs = this.docs;
    const engine = load().bm25Factory();
    engine.defineConfig({ fldWeights: { id: 3, title: 2, keywords: 2, summary: 1 }, bm25Params: { k1: 1.2, b: 0.75, k: 1 } });
    engine.definePrepTasks([this.prep]);
    for (const d of docs) engine.addDoc({ id: d.id, title: d.title, summary: d.summary, keywords: d.keywords.join(" ") }, d.id);
    for (let i = docs.length; i < 3; i++) engine.addDoc({ id: FILLER[i]!, title: FILLER[i]!, summary: FILLER[i]!, keywords: FILLER[i]! }, FILLER[i]!);
    engine.consolidate();
    this.engine = engine;
    return engine;
  }

  tokens(query: string): string[] {
    return this.prep(query).filter((t) => /[a-z0-9]/.test(t));
  }

  search(query: string, limit: number): SearchHitScore[] {
    return this.ensure()
      .search(query, limit + FILLER.length)
      .filter(([id]) => !FILLER.includes(String(id)))
      .slice(0, limit)
      .map(([id, score]) => ({ id: String(id), score }));
  }
}
