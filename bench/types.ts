/** Shared shapes of the benchmark harness (bench/ is not part of the test suite). */

/** What one engine measured for one workload. Times are milliseconds of wall-clock time. */
export type Measurement =
  | {
      status: "ok";
      /** Median of `samples_ms`. */
      median_ms: number;
      samples_ms: number[];
      /** Calls per timed sample (> 1 when one call is too fast for the engine's timer; the sample is the batch mean). */
      batch: number;
      /** Untimed calls made before the timed samples. */
      warmups: number;
      /** The computed value as a canonical string, compared across engines. */
      result?: string;
      note?: string;
      /** Engine-specific extra figures (e.g. the runtime_ms our pipeline reports itself). */
      extra?: Record<string, number | string>;
    }
  /** A single call did not finish within `limit_ms` (reported as "> T s"). */
  | { status: "timeout"; limit_ms: number; note?: string }
  /** The engine or the operation is not there (gp not on PATH, operation not installed, serve --stdio not working). */
  | { status: "unavailable"; reason: string }
  /** The engine ran and failed. */
  | { status: "error"; reason: string }
  /** No comparison is meaningful for this workload. */
  | { status: "n/a" };

export interface WorkloadResult {
  ours: Measurement;
  pari: Measurement;
  sympy: Measurement;
  /** What was computed, how inputs were generated (seed, sizes). */
  inputs: Record<string, string | number>;
}

export interface BenchContext {
  /** Base seed; each workload derives its own inputs from it and its name. */
  seed: number;
  /** Overrides a workload's default number of timed repetitions. */
  reps?: number;
  /** Untimed calls of our engine before its timed ones (default 1; JIT-compiled code needs several). */
  warmups?: number;
  /** Repository root (the directory holding package.json and dist/). */
  repoRoot: string;
  /** A fresh temporary directory for this workload (inputs for gp/python, artifacts dir). */
  tmpDir: string;
  /** Progress lines (stderr). */
  log(message: string): void;
  /** Engines not to run again (`--rounds`): their measurement from the first round stands. */
  skip?: { ours?: Measurement; pari?: Measurement; sympy?: Measurement };
}

export interface Workload {
  name: string;
  description: string;
  /** How the figures were measured, when it differs from the default three-engine method. */
  method?: string;
  run(ctx: BenchContext): Promise<WorkloadResult>;
  /** The call our engine makes for this workload (bench/pipeline.ts times the pipeline around it). */
  call?(seed: number): { capabilityId: string; payload: Record<string, unknown> };
}
