import { createRequire } from "node:module";

/**
 * Text analysis shared by indexing and querying: words are lower-cased, stripped of diacritics
 * (möbius = mobius) and split on anything that is not a letter or a digit (ids split on dots and
 * underscores the same way), then Porter2-stemmed.
 *
 * Only two small parts of wink-nlp-utils are loaded, and only on first use: its Porter2 stemmer
 * and its stop-word list. Its main module pulls in wink-nlp and a language model (about 0.5–0.7 s
 * of import), which search never needs.
 */
export interface Word {
  /** The stemmed word. */
  readonly stem: string;
  /** A search term: not a stop word and not a bare number. */
  readonly term: boolean;
}

interface Lexicon {
  stem: (word: string) => string;
  stop: ReadonlySet<string>;
}

let lexicon: Lexicon | undefined;
function load(): Lexicon {
  if (lexicon) return lexicon;
  // Resolve from wink-nlp-utils itself so the stemmer is the one it declares, wherever npm put it.
  const wink = createRequire(createRequire(import.meta.url).resolve("wink-nlp-utils"));
  const stem = wink("wink-porter2-stemmer") as (word: string) => string;
  const stop = new Set((wink("./dictionaries/stop_words.json") as string[]).map((w) => w.toLowerCase()));
  lexicon = { stem, stop };
  return lexicon;
}

const LETTER_OR_DIGIT = /^[\p{L}\p{N}]$/u;
const NON_ASCII = /[^\x00-\x7f]/;
const MARKS = /\p{M}+/gu;
const NUMBER = /^\p{N}+$/u;
const POSSESSIVE = /['’]s\b/g;

const CACHE_LIMIT = 200_000;
const CACHE_WORD_LENGTH = 40;

export class Analyzer {
  private readonly lex = load();
  /**
   * Analysed words, by surface form. A catalog's vocabulary is small next to its word count, so
   * each distinct word is stemmed once. Queries are free text, so the cache is bounded in entries
   * and in word length.
   */
  private readonly cache = new Map<string, Word>();

  /** Every word of the text in order, stemmed, each marked as a search term or not. */
  words(text: string): Word[] {
    const out: Word[] = [];
    this.scan(text, (w) => out.push(w));
    return out;
  }

  /** Visit every word of the text in order (no intermediate arrays: indexing scans a lot of text). */
  scan(text: string, visit: (word: Word) => void): void {
    // Compatibility decomposition first: it maps ℤ to Z and 𝔽 to F, which are then lower-cased.
    let s = NON_ASCII.test(text) ? text.normalize("NFKD").replace(MARKS, "").toLowerCase() : text.toLowerCase();
    if (s.includes("'") || s.includes("’")) s = s.replace(POSSESSIVE, "");
    // Split by hand: no match object per word. Characters outside ASCII (rare) are classified one by one.
    let start = -1;
    for (let i = 0; i <= s.length; i++) {
      const c = i < s.length ? s.charCodeAt(i) : 0;
      let inWord = (c >= 97 && c <= 122) || (c >= 48 && c <= 57);
      let width = 1;
      if (c >= 128) {
        const cp = s.codePointAt(i)!;
        width = cp > 0xffff ? 2 : 1;
        inWord = LETTER_OR_DIGIT.test(String.fromCodePoint(cp));
      }
      if (inWord && start < 0) start = i;
      else if (!inWord && start >= 0) {
        visit(this.word(s.slice(start, i)));
        start = -1;
      }
      i += width - 1;
    }
  }

  private word(w: string): Word {
    let word = this.cache.get(w);
    if (word === undefined) {
      word = { stem: this.lex.stem(w), term: !this.lex.stop.has(w) && !NUMBER.test(w) };
      if (this.cache.size < CACHE_LIMIT && w.length <= CACHE_WORD_LENGTH) this.cache.set(w, word);
    }
    return word;
  }

  /** The search terms of the text, in order (repeats kept). */
  terms(text: string): string[] {
    const out: string[] = [];
    for (const w of this.words(text)) if (w.term) out.push(w.stem);
    return out;
  }

  stem(word: string): string {
    return this.words(word)[0]?.stem ?? "";
  }
}
