/** Determinant workloads: an n×n integer matrix with random signed b-bit entries (matrix.determinant.compute). */
import type { Json } from "../../domain/json.js";
import { defineComputeWorkload } from "./compute-workload.js";

type Rows = string[][];

function isMatrixValue(v: Json | undefined): v is { ring: Json; rows: Json } {
  return typeof v === "object" && v !== null && !Array.isArray(v) && "ring" in v && "rows" in v;
}

/**
 * The payload shape is the operation's own: take its first declared example that carries a
 * `{ring, rows}` matrix and substitute ours (ring ZZ), so the workload follows the declaration.
 */
function payloadFrom(capability: Record<string, Json>, rows: Rows): Record<string, unknown> {
  const examples = Array.isArray(capability.examples) ? capability.examples : [];
  for (const ex of examples) {
    const payload = (ex as { payload?: Json }).payload;
    if (typeof payload !== "object" || payload === null || Array.isArray(payload)) continue;
    const key = Object.keys(payload).find((k) => isMatrixValue(payload[k]));
    if (key === undefined) continue;
    const rest = Object.fromEntries(Object.entries(payload).filter(([k]) => k !== key && k !== "ring"));
    return { ...rest, ...("ring" in payload ? { ring: "ZZ" } : {}), [key]: { ring: "ZZ", rows } };
  }
  throw new Error("no declared example carries a {ring, rows} matrix to model the payload on");
}

/** SymPy's Bareiss takes seconds from n ≈ 60 and minutes at n = 300: its hard limit is kept short. */
export function detWorkload(N: number, BITS = 31, reps = 7, sympyTimeoutMs = 40_000) {
  return defineComputeWorkload({
  name: `det-${N}`,
  description: `determinant of a ${N}×${N} matrix over ZZ with random signed ${BITS}-bit entries (matrix.determinant.compute)`,
  capabilityId: "matrix.determinant.compute",
  reps,
  generate: (rng) => ({ rows: Array.from({ length: N }, () => Array.from({ length: N }, () => rng.signedBits(BITS).toString())) as Rows }),
  describe: () => ({ dimension: N, entry_bits: BITS, ring: "ZZ", entries: `magnitude uniform in [0, 2^${BITS}), random sign` }),
  ours: {
    payload: ({ rows }, capability) => payloadFrom(capability, rows),
    result: (v) => {
      const fields = typeof v === "object" && v !== null && !Array.isArray(v) ? v : {};
      const d = typeof fields.determinant === "string" ? fields.determinant : undefined;
      const strings = Object.values(fields).filter((x): x is string => typeof x === "string");
      const value = d ?? (strings.length === 1 ? strings[0] : undefined);
      if (value === undefined) throw new Error(`unexpected result shape: ${JSON.stringify(v).slice(0, 200)}`);
      return value;
    },
  },
  pari: {
    definitions: ({ rows }) => `M = [${rows.map((r) => r.join(", ")).join("; ")}];`,
    call: "matdet(M)",
  },
  sympy: {
    data: ({ rows }) => ({ rows }),
    setup: "M = sympy.Matrix([[int(x) for x in row] for row in data['rows']])",
    call: "M.det(method='bareiss')",
    // One call takes seconds: the first call is a timed sample, not an untimed warm-up.
    warmup: false,
    budgetMs: 10_000,
    timeoutMs: sympyTimeoutMs,
  },
  });
}
