/**
 * Shared pieces of the diophantine declarations: size caps, cost estimates, and the shapes shared
 * by each producer and its checker — the producer's result and the checker's claim are built from
 * the same shape functions, so the checker takes the producer's value unchanged (by reference on
 * its `claim` port), and the checker's other request fields are the producer's request fields.
 * (Not a declaration: the pack lists its operations explicitly.)
 */
import { type } from "arktype";
import { bitLength } from "../../domain/math/integer.js";
import { fieldKinds, integer, natural, object, ofKind, positive } from "../_support/kinds.js";

/** Variables of a linear equation. */
export const MAX_VARIABLES = 100;
/** Digits of a coefficient or of the right-hand side of a linear equation. */
export const MAX_LINEAR_DIGITS = 1000;
/** Digits of an entry of a solution or of a kernel vector (entries stay below about the product of two coefficients). */
export const MAX_SOLUTION_DIGITS = 2 * MAX_LINEAR_DIGITS + 10;

/** Digits of D in Pell's equation. */
export const MAX_D_DIGITS = 200;
/** Default and largest cap on the digits of the fundamental solution x (the request's max_digits). */
export const DEFAULT_MAX_DIGITS = 10_000;
export const MAX_MAX_DIGITS = 1_000_000;
/** Digits of x or y of a Pell solution (result or claim). */
export const MAX_PELL_DIGITS = MAX_MAX_DIGITS + 1;
/** Terms of the period of √D: x ≥ q_{ℓ−1} ≥ F_ℓ bounds ℓ by about 4.8 per digit of x. */
export const MAX_PERIOD_TERMS = 5_000_000;

/** What every declaration of the family states alike (each spreads it and adds its own statements). */
export const BUILTIN = {
  version: "1.0.0",
  accepted_artifact_types: [] as string[],
  produced_artifact_types: [] as string[],
  effect: "read_only" as const,
  providers: [{ id: "jacobian.builtin", purpose: "exact bigint arithmetic" }],
};

export const LOG2_10 = Math.log2(10);
/** log10 of the golden ratio: continuants grow at least like Fibonacci numbers, F_k ≥ φ^(k−2). */
export const LOG10_PHI = Math.log10((1 + Math.sqrt(5)) / 2);
/** 64-bit limbs of the largest of some integers (at least 1). */
export const limbsOf = (xs: readonly bigint[]): number => Math.ceil(xs.reduce((m, x) => Math.max(m, bitLength(x)), 1) / 64) + 1;

/** Whether 0 ≤ x < 10^digits, i.e. x has at most `digits` decimal digits (bit lengths decide all but the borderline cases). */
export function hasAtMostDigits(x: bigint, digits: number): boolean {
  const bits = bitLength(x);
  if (bits <= Math.floor(digits * LOG2_10)) return true;
  if (bits > Math.ceil(digits * LOG2_10)) return false;
  return x < 10n ** BigInt(digits);
}

import { described } from "../_support/kinds.js";
export { described };

/* ---------- linear equations a1·x1 + … + an·xn = c ---------- */

/** The value of diophantine.linear.compute, which diophantine.linear.verify takes as its claim. */
export const LINEAR_KIND = "diophantine.linear";

/** The size bounds of an equation (both operations). */
export const LINEAR_BOUNDS = [
  { name: "variables", limit: MAX_VARIABLES, unit: "variables", description: "the equation has at most this many unknowns" },
  { name: "digits", limit: MAX_LINEAR_DIGITS, unit: "decimal digits", description: "each coefficient and the right-hand side have at most this many digits" },
];

/** The equation: the producer's request, and the checker's request besides its claim. */
export const linearEquationShape = () => ({
  coefficients: integer(MAX_LINEAR_DIGITS)
    .array()
    .moreThanLength(0)
    .atMostLength(MAX_VARIABLES)
    .describe(`a1, …, an: the coefficients of a1·x1 + … + an·xn = c (1 to ${MAX_VARIABLES} integers of at most ${MAX_LINEAR_DIGITS} digits)`),
  rhs: described(integer(MAX_LINEAR_DIGITS), "c: the right-hand side"),
});

const entry = () => integer(MAX_SOLUTION_DIGITS);

/**
 * The general solution. As a result every field is the producer's (canonical) answer; as a claim
 * gcd and kernel_basis are optional, x0 may be any solution and the basis any basis.
 */
export function linearSolutionShape(claim: boolean) {
  return {
    solvable: type("boolean").describe(claim ? "whether integer solutions exist" : "whether integer solutions exist: gcd(a1, …, an) divides c (for a = 0: c = 0)"),
    [claim ? "gcd?" : "gcd"]: described(natural(MAX_LINEAR_DIGITS), "g = gcd(a1, …, an) ≥ 0"),
    "particular?": entry()
      .array()
      .atMostLength(MAX_VARIABLES)
      .describe(claim ? "a solution x0 (any one)" : "a solution x0 (when solvable), reduced: 0 ≤ x0[p] < pivot value at each pivot p of the kernel basis"),
    [claim ? "kernel_basis?" : "kernel_basis"]: entry()
      .array()
      .atMostLength(MAX_VARIABLES)
      .array()
      .atMostLength(claim ? MAX_VARIABLES + 1 : MAX_VARIABLES)
      .describe(
        claim
          ? "a basis of the integer solutions of a·v = 0 (any basis, not necessarily in Hermite form): the general solution is x0 + Σ t_j·v_j"
          : "vectors v1, …, v_{n−1} (n of them when a = 0) with a·v = 0 forming a basis of all such integer vectors, in Hermite normal form: every solution is x0 + Σ t_j·v_j with t_j integers",
      ),
  } as const;
}

/** A general solution as the operations see it (parsed). */
export interface LinearSolutionValue {
  solvable: boolean;
  gcd?: bigint;
  particular?: bigint[];
  kernel_basis?: bigint[][];
}

/* ---------- Pell's equation x² − D·y² = 1 ---------- */

/** The value of diophantine.pell.compute, which diophantine.pell.verify takes as its claim. */
export const PELL_KIND = "diophantine.pell";

/** The producer's request, and the checker's request besides its claim. */
export const pellRequestShape = () => ({
  D: described(positive(MAX_D_DIGITS), "D > 1, not a perfect square (at most 200 digits)"),
  "include_negative?": type("boolean").describe("also solve x² − D·y² = −1 (default false)"),
  "include_period?": type("boolean").describe("also return the continued fraction √D = [a0; a1, …, aℓ] with its period (default false)"),
  "max_digits?": type(`1 <= number.integer <= ${MAX_MAX_DIGITS}`).describe(
    `give up (status INCOMPLETE) when the fundamental x has more than this many digits (default ${DEFAULT_MAX_DIGITS}, at most ${MAX_MAX_DIGITS})`,
  ),
});

const big = (description: string) => described(positive(MAX_PELL_DIGITS), description);

/**
 * The fundamental solution and what comes with it. As a claim, status and steps are optional (a
 * hand-written claim need not state them) and x, y may be any positive solution.
 */
export function pellSolutionShape(claim: boolean) {
  return {
    [claim ? "status?" : "status"]: type("'COMPLETE' | 'INCOMPLETE'").describe(
      "INCOMPLETE: the fundamental solution has more than max_digits digits (or the period was not finished before that size was certain)",
    ),
    "x?": big("COMPLETE: the least x > 1 with x² − D·y² = 1"),
    "y?": big("COMPLETE: its y > 0"),
    "period_length?": described(positive(8), "ℓ, the length of the period of the continued fraction of √D (when the period was completed)"),
    "negative?": object(
      {
        solvable: type("boolean").describe("whether x² − D·y² = −1 has integer solutions (exactly when ℓ is odd)"),
        "x?": big("the least positive solution's x (when solvable and the result is COMPLETE)"),
        "y?": big("its y"),
      },
      undefined,
      "present when include_negative is true and ℓ is known",
    ),
    "continued_fraction?": object(
      {
        a0: described(positive(MAX_D_DIGITS), "⌊√D⌋"),
        period: positive(MAX_D_DIGITS + 1).array().atMostLength(MAX_PERIOD_TERMS).describe("a1, …, aℓ (aℓ = 2·a0)"),
      },
      undefined,
      "present when include_period is true and the result is COMPLETE",
    ),
    [claim ? "steps?" : "steps"]: described(
      natural(8),
      "terms of the continued fraction of √D developed (about half the period: a1 … a_{ℓ−1} is a palindrome whose middle is recognised)",
    ),
  } as const;
}

/** A Pell result or claim as the operations see it (parsed). */
export interface PellValue {
  status?: "COMPLETE" | "INCOMPLETE";
  x?: bigint;
  y?: bigint;
  period_length?: bigint;
  negative?: { solvable: boolean; x?: bigint; y?: bigint };
  continued_fraction?: { a0: bigint; period: bigint[] };
  steps?: bigint;
}
