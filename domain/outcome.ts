import type { FailureDetail, NonConclusionCode } from "./errors.js";
import type { Json } from "./json.js";

export interface ExecutionInfo {
  runtime_ms: number;
  provider: string;
}

export interface Completed {
  capability_id: string;
  outcome: "completed";
  /** Absent only when the value was too large to inline; then `value_artifact` names it. */
  value?: Json;
  value_artifact?: string;
  refs?: Record<string, string>;
  artifacts?: string[];
  execution: ExecutionInfo;
}

export interface NonConclusion {
  capability_id: string;
  outcome: "non_conclusion";
  reason: { code: NonConclusionCode; message: string };
  execution: ExecutionInfo;
}

export interface Failed {
  capability_id: string;
  outcome: "failed";
  error: FailureDetail;
  execution: ExecutionInfo;
}

export type RunOutcome = Completed | NonConclusion | Failed;

/** Verdicts of checker operations. */
export type Verdict = "accepted" | "rejected" | "non_conclusion";

/** What a checker's execute returns; the application adds claim digest, checker id and evidence. */
export interface CheckerFinding {
  verdict: Verdict;
  /** Exact, operation-specific bindings (witnesses, counterexamples, moduli used). */
  bindings: { [key: string]: Json };
  reason?: string;
  /** Evidence worth keeping durably (stored as an artifact bound to the claim digest). */
  evidence?: Json;
}

/** Exit codes of the CLI (CONTRACT.md). */
export const EXIT_CODES = { completed: 0, non_conclusion: 3, failed: 4, usage: 2 } as const;
