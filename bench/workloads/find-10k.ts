/**
 * math.find search latency with 10,000 installed operations: the shipped packs plus a deterministic
 * synthetic catalog (support/synthetic-catalog.ts), assembled directly as a Catalog, the search index
 * and the FindUseCase (no server, no JSON-RPC). The first search is timed on its own: it includes
 * building the index (and loading the stemmer) synchronously. Then a fixed mix of queries — the labelled agent
 * queries of test/application/search-queries.json and queries drawn from the synthetic vocabulary —
 * is run for several rounds; p50 and p99 are over every one of those calls. Separately, a second
 * index is built in the background (prepare(), as a server would once it is up) and the first
 * search after it is timed. No PARI/SymPy counterpart.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { monitorEventLoopDelay, performance } from "node:perf_hooks";
import { Bm25SearchIndex } from "../../adapters/search/bm25-index.js";
import { Catalog, sourcePack } from "../../application/catalog.js";
import { FindUseCase } from "../../application/find.js";
import type { OperationDeclaration } from "../../domain/declaration.js";
import { AVAILABLE_PACKS, loadPack } from "../../operations/packs.js";
import { Prng } from "../support/prng.js";
import { median } from "../support/stats.js";
import { syntheticDocuments, syntheticPack } from "../support/synthetic-catalog.js";
import type { BenchContext, Measurement, Workload, WorkloadResult } from "../types.js";

const TOTAL = 10_000;
const DEFAULT_ROUNDS = 5;

function percentile(xs: readonly number[], p: number): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
}

/** Queries an agent might send against the synthetic families: object words, with and without a family, modifier or verb. */
function syntheticQueries(seed: number, n: number): string[] {
  const rng = Prng.derive(seed, "find-10k-queries");
  const docs = syntheticDocuments(TOTAL, seed);
  const shapes = [
    (t: string) => t,
    (t: string) => `compute the ${t}`,
    (t: string) => `verify a claimed ${t}`,
    (t: string) => `exact ${t} over a finite field`,
    (t: string) => `${t} of a sparse matrix`,
  ];
  const out: string[] = [];
  for (let i = 0; i < n; i++) {
    const title = docs[rng.below(docs.length)]!.title.toLowerCase().replace(/\(.*\)/, "").trim();
    out.push(shapes[rng.below(shapes.length)]!(title));
  }
  return out;
}

async function measure(ctx: BenchContext, rounds: number): Promise<{ ours: Measurement; inputs: Record<string, string | number> }> {
  const real = await Promise.all(Object.keys(AVAILABLE_PACKS).map((name) => loadPack(name)));
  const templates: OperationDeclaration[] = real.flatMap((p) => p.operations);
  const synthetic = syntheticPack(TOTAL - templates.length, templates, ctx.seed);
  const t0 = performance.now();
  const catalog = new Catalog([...real, synthetic].map(sourcePack), { status: (id) => ({ id, available: true }) }, { budgets: {}, budget_scale: 1 });
  const catalogMs = performance.now() - t0;
  const index = new Bm25SearchIndex();
  index.build(catalog.all().map(({ meta }) => ({ id: meta.id, title: meta.title, summary: meta.summary, keywords: meta.keywords })));
  const finder = new FindUseCase(catalog, index);

  const labelled = (JSON.parse(readFileSync(path.join(ctx.repoRoot, "test", "application", "search-queries.json"), "utf8")) as { query: string }[]).map((q) => q.query);
  const queries = [...labelled, ...syntheticQueries(ctx.seed, 100)];
  const call = (query: string) => {
    const r = finder.find({ request: { op: "search", query, limit: 5 } });
    if (!("hits" in r)) throw new Error(`search ${JSON.stringify(query)} failed: ${JSON.stringify(r)}`);
    return r.hits.length;
  };

  ctx.log(`catalog of ${catalog.all().length} operations built in ${catalogMs.toFixed(0)} ms; first search …`);
  const f0 = performance.now();
  call("is a number prime");
  const firstMs = performance.now() - f0;
  const samples: number[] = [];
  let empty = 0;
  for (let r = 0; r < rounds; r++) {
    for (const q of queries) {
      const s = performance.now();
      if (call(q) === 0) empty++;
      samples.push(performance.now() - s);
    }
  }
  // A server can build the index in the background once it is up (Bm25SearchIndex.prepare): how
  // long that takes, the longest the event loop was held meanwhile, and the first search after it.
  const warm = new Bm25SearchIndex();
  warm.build(catalog.all().map(({ meta }) => ({ id: meta.id, title: meta.title, summary: meta.summary, keywords: meta.keywords })));
  const warmFinder = new FindUseCase(catalog, warm);
  const delay = monitorEventLoopDelay({ resolution: 1 });
  delay.enable();
  const p0 = performance.now();
  await warm.prepare();
  const prepareMs = performance.now() - p0;
  delay.disable();
  const w0 = performance.now();
  warmFinder.find({ request: { op: "search", query: "is a number prime", limit: 5 } });
  const firstAfterPrepareMs = performance.now() - w0;

  const filtered0 = performance.now();
  for (const q of labelled) finder.find({ request: { op: "search", query: q, limit: 5, input_kind: "matrix" } });
  const filteredMean = (performance.now() - filtered0) / labelled.length;
  return {
    ours: {
      status: "ok",
      median_ms: median(samples),
      samples_ms: samples,
      batch: 1,
      warmups: 1,
      result: `${catalog.all().length} operations`,
      extra: {
        p50_ms: median(samples),
        p99_ms: percentile(samples, 99),
        // Without the first round (JIT warm-up and first sight of each query's words): the steady state.
        p99_after_first_round_ms: rounds > 1 ? percentile(samples.slice(queries.length), 99) : "n/a",
        max_ms: Math.max(...samples),
        first_search_ms: firstMs,
        background_prepare_ms: prepareMs,
        background_prepare_max_event_loop_delay_ms: delay.max / 1e6,
        first_search_after_prepare_ms: firstAfterPrepareMs,
        filtered_search_mean_ms: filteredMean,
        queries_without_hits: empty,
      },
    },
    inputs: { operations: catalog.all().length, real_operations: templates.length, queries: queries.length, rounds, limit: 5 },
  };
}

const workload: Workload = {
  name: "find-10k",
  method:
    "one timed first search (builds the index synchronously), then every query of the mix (170) for N rounds (default 5, --reps); median = p50 of all calls; p99, max, the first search, and the first search after a background prepare() in extra",
  description: "math.find search over 10,000 operations (shipped packs + synthetic) at the FindUseCase level: p50, p99 and the first search",
  async run(ctx: BenchContext): Promise<WorkloadResult> {
    const { ours, inputs } = await measure(ctx, ctx.reps ?? DEFAULT_ROUNDS);
    const extra = ours.status === "ok" ? ours.extra! : {};
    ctx.log(
      `p50 ${Number(extra.p50_ms).toFixed(3)} ms, p99 ${Number(extra.p99_ms).toFixed(3)} ms, first search ${Number(extra.first_search_ms).toFixed(1)} ms ` +
        `(after a background prepare() of ${Number(extra.background_prepare_ms).toFixed(0)} ms: ${Number(extra.first_search_after_prepare_ms).toFixed(2)} ms; ` +
        `longest event-loop stall ${Number(extra.background_prepare_max_event_loop_delay_ms).toFixed(1)} ms)`,
    );
    return { ours, pari: { status: "n/a" }, sympy: { status: "n/a" }, inputs };
  },
};

export default workload;
