/** Stable failure codes (CONTRACT.md). */
export type FailureCode =
  | "UNKNOWN_CAPABILITY"
  | "UNKNOWN_ARGUMENT"
  | "INVALID_PAYLOAD"
  | "INVALID_INPUT_REF"
  | "DOMAIN_ERROR"
  | "POSTCONDITION_VIOLATED"
  | "INTERNAL";

/** Reasons for which no mathematical conclusion was reached. */
export type NonConclusionCode =
  | "TIMEOUT"
  | "CANCELLED"
  | "RESOURCE_REFUSED"
  | "PROVIDER_UNAVAILABLE"
  | "PROVIDER_FAILURE"
  | "CHECKER_INTERRUPTED";

export interface FailureDetail {
  code: FailureCode;
  message: string;
  path?: string;
  hint?: string;
}

/** A failure raised by math or validation code; the pipeline turns it into a `failed` outcome. */
export class JacobianError extends Error {
  readonly code: FailureCode;
  readonly path?: string;
  readonly hint?: string;
  constructor(code: FailureCode, message: string, opts: { path?: string; hint?: string } = {}) {
    super(message);
    this.name = "JacobianError";
    this.code = code;
    if (opts.path !== undefined) this.path = opts.path;
    if (opts.hint !== undefined) this.hint = opts.hint;
  }
  toDetail(): FailureDetail {
    const d: FailureDetail = { code: this.code, message: this.message };
    if (this.path !== undefined) d.path = this.path;
    if (this.hint !== undefined) d.hint = this.hint;
    return d;
  }
}

/** A mathematical domain error (e.g. a singular matrix where an inverse was asked). */
export function domainError(message: string, path?: string, hint?: string): JacobianError {
  return new JacobianError("DOMAIN_ERROR", message, { ...(path ? { path } : {}), ...(hint ? { hint } : {}) });
}

/**
 * Infrastructure a run needs is out of reach (the shared artifact store or job queue of a
 * distributed deployment): the pipeline reports non_conclusion / PROVIDER_UNAVAILABLE.
 */
export class ProviderUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ProviderUnavailable";
  }
}

/** Raised when cooperative work notices its signal has been aborted. */
export class AbortedError extends Error {
  readonly reason: "TIMEOUT" | "CANCELLED";
  constructor(reason: "TIMEOUT" | "CANCELLED") {
    super(reason === "TIMEOUT" ? "the operation exceeded its time budget" : "the operation was cancelled");
    this.name = "AbortedError";
    this.reason = reason;
  }
}
