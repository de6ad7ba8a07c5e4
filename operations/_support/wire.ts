/**
 * arktype building blocks for wire values (CONTRACT.md). Every declaration builds its request and
 * result types from these, and finishes each with `strict()` so undeclared keys are rejected at
 * every depth.
 */
import { type, type Type } from "arktype";

/** Reject undeclared keys at every depth (the boundary rule for every request and result type). */
export function strict<T extends Type<any>>(t: T): T {
  // The process-wide arktype setting (adapters/ark-config.ts) already rejects undeclared keys at
  // every depth; this marks the boundary types explicitly and costs nothing.
  return t;
}

/** An integer string of at most `maxDigits` digits (plus an optional sign). */
export function integerString(maxDigits: number) {
  return type("string")
    .atMostLength(maxDigits + 1)
    // Length, not a regex repeat count, bounds the digits (RE2-based validators refuse counts above 1000).
    .and(/^(0|-?[1-9][0-9]*)$/)
    .describe(`an integer as a decimal string (at most ${maxDigits} digits)`);
}

/** A non-negative integer string. */
export function naturalString(maxDigits: number) {
  return type("string").atMostLength(maxDigits).and(/^(0|[1-9][0-9]*)$/).describe(`a non-negative integer as a decimal string (at most ${maxDigits} digits)`);
}

/** A positive integer string. */
export function positiveString(maxDigits: number) {
  return type("string").atMostLength(maxDigits).and(/^[1-9][0-9]*$/).describe(`a positive integer as a decimal string (at most ${maxDigits} digits)`);
}

/** A rational string "p/q" (q > 0, may be unreduced on input) or an integer string. */
export function rationalString(maxChars: number) {
  return type("string").atMostLength(maxChars).and(/^(0|-?[1-9][0-9]*)(\/[1-9][0-9]*)?$/).describe(`a rational "p/q" or an integer, as a string (at most ${maxChars} characters)`);
}

export const RingName = type("string").atMostLength(44).and(/^(ZZ|QQ|GF\([1-9][0-9]*\))$/).describe('a ring: "ZZ", "QQ" or "GF(p)" with p prime');

/** A matrix `{ ring, rows }` with at most maxDim rows and columns and bounded entries. */
export function matrixWire(maxDim: number, maxEntryChars: number) {
  const entry = type("string").atMostLength(maxEntryChars).and(/^(0|-?[1-9][0-9]*)(\/[1-9][0-9]*)?$/);
  const row = entry.array().atMostLength(maxDim);
  return type({ ring: RingName, rows: row.array().atMostLength(maxDim) }).describe(`a matrix { ring, rows } of at most ${maxDim}×${maxDim} entries given as strings`);
}

/** Standard bounded estimate: bytes of a bigint with `bits` bits. */
export const bytesForBits = (bits: number): number => Math.ceil(bits / 8) + 16;
