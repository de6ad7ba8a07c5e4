/**
 * Run a computation in Python/SymPy (/usr/bin/python3) and time it inside Python with
 * time.perf_counter, so interpreter start-up, `import sympy` and input conversion are excluded.
 * Inputs come from a temporary JSON file; the result is printed back for the agreement check.
 * Each sample line is flushed as it is taken, so a hard timeout still leaves the samples taken so far.
 */
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { BenchContext, Measurement } from "../types.js";
import { median } from "./stats.js";

export const PYTHON = "/usr/bin/python3";

/**
 * The SymPy column is SymPy as `apt-get install -y python3-sympy` installs it: pure-Python ground
 * types. Other Debian packages (Singular's dependencies) pull in gmpy2, which SymPy and mpmath then
 * pick up silently — GMP integers make its 10^5! about 12× faster (87 → 7 ms) and its matrices and polynomials
 * faster too — so the same column would mean different engines on different machines. Pinned here;
 * `JACOBIAN_BENCH_SYMPY_GMPY=1` measures the gmpy2 configuration instead (recorded in the run's
 * environment).
 */
export const SYMPY_ENV: Record<string, string> =
  process.env.JACOBIAN_BENCH_SYMPY_GMPY === "1" ? {} : { SYMPY_GROUND_TYPES: "python", MPMATH_NOGMPY: "1" };
const pythonEnv = { ...process.env, ...SYMPY_ENV };

export interface PythonSpec {
  /** JSON-serialisable inputs, available to `setup` as `data`. */
  data: unknown;
  /** Python statements (top level, no indentation) that prepare the inputs from `data`; `sympy` is imported. */
  setup: string;
  /** A Python expression over what `setup` defined; its value is the result. */
  call: string;
  /** Python expression turning the value `r` into the canonical result string. */
  resultString?: string;
  reps: number;
  /** Stop taking further samples after this much time (ms, measured inside Python). */
  budgetMs: number;
  /** Hard limit on the whole python process; a first call longer than that is reported as "> T s". */
  timeoutMs: number;
  /** Skip the untimed warm-up call when one call is known to be slow (the first call is then a sample). */
  warmup?: boolean;
}

const MIN_BATCH_S = 0.05;

let sympyVersion: string | null | undefined;

/** The SymPy version when `/usr/bin/python3 -c "import sympy"` works, otherwise null. */
export function sympyAvailable(): string | null {
  if (sympyVersion === undefined) {
    const r = spawnSync(PYTHON, ["-c", "import sympy; from sympy.external.gmpy import GROUND_TYPES; print(sympy.__version__, '(ground types ' + GROUND_TYPES + ')')"], { encoding: "utf8", timeout: 30_000, env: pythonEnv });
    sympyVersion = r.status === 0 && r.stdout.trim() ? r.stdout.trim() : null;
  }
  return sympyVersion;
}

export function timePython(ctx: BenchContext, spec: PythonSpec): Measurement {
  if (!sympyAvailable()) return { status: "unavailable", reason: `${PYTHON} cannot import sympy` };
  const dataFile = path.join(ctx.tmpDir, "inputs.json");
  const scriptFile = path.join(ctx.tmpDir, "bench.py");
  writeFileSync(dataFile, JSON.stringify(spec.data));
  const warmup = spec.warmup ?? true;
  const script = `
import sys, json, time
if hasattr(sys, "set_int_max_str_digits"):
    sys.set_int_max_str_digits(0)
import sympy
with open(sys.argv[1]) as fh:
    data = json.load(fh)
${spec.setup}
def jb_f():
    return (${spec.call})
def jb_str(r):
    return ${spec.resultString ?? "str(r)"}
jb_reps = ${spec.reps}
jb_budget = ${spec.budgetMs / 1000}
jb_start = time.perf_counter()
if ${warmup ? "True" : "False"}:
    print("JB_RESULT", jb_str(jb_f()), flush=True)
    jb_b = 1
    while True:
        t0 = time.perf_counter()
        for _ in range(jb_b):
            jb_f()
        if time.perf_counter() - t0 >= ${MIN_BATCH_S} or jb_b >= 2 ** 24:
            break
        jb_b *= 2
    print("JB_BATCH", jb_b, flush=True)
else:
    jb_b = 1
    print("JB_BATCH", 1, flush=True)
    t0 = time.perf_counter()
    r = jb_f()
    print("JB_SAMPLE", repr((time.perf_counter() - t0) * 1000), flush=True)
    print("JB_RESULT", jb_str(r), flush=True)
    jb_reps -= 1
for k in range(jb_reps):
    if k >= 1 and time.perf_counter() - jb_start > jb_budget:
        break
    t0 = time.perf_counter()
    for _ in range(jb_b):
        jb_f()
    print("JB_SAMPLE", repr((time.perf_counter() - t0) * 1000 / jb_b), flush=True)
`;
  writeFileSync(scriptFile, script);
  const r = spawnSync(PYTHON, [scriptFile, dataFile], { encoding: "utf8", timeout: spec.timeoutMs, maxBuffer: 256 * 1024 * 1024, env: pythonEnv });
  const lines = (r.stdout ?? "").split("\n").map((l) => l.trim());
  const result = lines.find((l) => l.startsWith("JB_RESULT "))?.slice("JB_RESULT ".length);
  const batch = Number(lines.find((l) => l.startsWith("JB_BATCH "))?.slice("JB_BATCH ".length) ?? "1");
  const samples = lines.filter((l) => l.startsWith("JB_SAMPLE ")).map((l) => Number(l.slice("JB_SAMPLE ".length)));
  const timedOut = r.error !== undefined && (r.error as NodeJS.ErrnoException).code === "ETIMEDOUT";
  if (result === undefined || !samples.length) {
    if (timedOut) return { status: "timeout", limit_ms: spec.timeoutMs, note: "the first call did not finish (process time limit, including start-up and import)" };
    return { status: "error", reason: `python exited ${r.status ?? r.signal}: ${(r.stderr || r.stdout || String(r.error ?? "")).trim().split("\n").slice(-3).join(" | ").slice(0, 500)}` };
  }
  return {
    status: "ok",
    median_ms: median(samples),
    samples_ms: samples,
    batch,
    warmups: warmup ? 1 : 0,
    result,
    ...(timedOut ? { note: "hard timeout hit while sampling" } : !warmup ? { note: "no untimed warm-up (one call is slow)" } : {}),
  };
}
