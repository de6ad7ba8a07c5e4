/**
 * The `effort` request field of every operation that factors, in every pack: it picks one of the
 * shared factoring engine's work budgets (domain/math/factor.ts FACTOR_EFFORT), so an integer
 * operation and a modular one given the same effort factor the same numbers. (Not a declaration.)
 */
import { type } from "arktype";
import { FACTOR_EFFORT, type FactorEffort } from "../../domain/math/factor.js";

export const EFFORT = type("'quick' | 'standard' | 'thorough'");
export type Effort = FactorEffort;

/** The engine work budget of an effort (standard when absent). */
export const effortBudget = (effort: Effort | undefined): number => FACTOR_EFFORT[effort ?? "standard"];

/** What each level buys, for field descriptions. */
export const EFFORT_LEVELS =
  "quick = 10^6 engine units (about a quarter second: SIQS to ~42 digits, ECM to ~12-digit factors), standard (default) = 3·10^7 (under ten seconds: SIQS to ~57 digits, ECM to ~18-digit factors), " +
  "thorough = 5·10^8 (about two minutes: SIQS to ~68 digits, ECM to ~25-digit factors); one engine unit ≈ 0.25 µs of computation";
