/**
 * What the integer declarations share, so that each declaration file states only what differs:
 * version 1.0.0, the `jacobian.builtin` provider (with the operation's own purpose), no artifacts
 * consumed, a read-only effect; checkers produce evidence artifacts when they say so. Also the
 * described kind fields the family uses (a `.describe()` after a kind builder would drop the
 * recorded kind, so these re-mark it). (Not a declaration.)
 */
import { type } from "arktype";
import { defineChecker, defineCompute, type CheckerDeclaration, type ComputeDeclaration } from "../../domain/declaration.js";
import { integer, natural, positive } from "../_support/kinds.js";
import { grouped } from "../../domain/library.js";

type Defaulted = "kind" | "version" | "accepted_artifact_types" | "produced_artifact_types" | "effect" | "providers";

interface Builtin {
  /** Why the operation needs the built-in provider (published with the provider). */
  purpose: string;
}

export function builtinCompute<Req, Res>(d: Omit<ComputeDeclaration<Req, Res>, Defaulted> & Builtin): ComputeDeclaration<Req, Res> {
  const { purpose, ...rest } = d;
  return defineCompute<Req, Res>({ version: "1.0.0", accepted_artifact_types: [], produced_artifact_types: [], effect: "read_only", providers: [{ id: "jacobian.builtin", purpose }], ...rest });
}

export function builtinChecker<Req>(d: Omit<CheckerDeclaration<Req>, Defaulted> & Builtin & { /** The checker stores evidence artifacts. */ evidence?: boolean }): CheckerDeclaration<Req> {
  const { purpose, evidence, ...rest } = d;
  return defineChecker<Req>({
    version: "1.0.0",
    accepted_artifact_types: [],
    produced_artifact_types: evidence ? ["evidence"] : [],
    effect: "read_only",
    providers: [{ id: "jacobian.builtin", purpose }],
    ...rest,
  });
}

const digits = (d: number): string => `${grouped(d)} digit${d === 1 ? "" : "s"}`;
/** Descriptions say what the value is, then its wire form (they also word the refusal: "n must be …"). */
const described = (what: string, form: string): string => `${what}: ${form}`;

/** An integer field of at most `maxDigits` digits (sign not counted), parsed to bigint. */
export const integerField = (maxDigits: number, what: string) => integer(maxDigits, described(what, `an integer as a decimal string of at most ${digits(maxDigits)}`));
/** A non-negative integer field (parsed to bigint). */
export const naturalField = (maxDigits: number, what: string) =>
  natural(maxDigits, described(what, `a non-negative integer as a decimal string of at most ${digits(maxDigits)}`));
/** A positive integer field (parsed to bigint). */
export const positiveField = (maxDigits: number, what: string) =>
  positive(maxDigits, described(what, `a positive integer as a decimal string of at most ${digits(maxDigits)}`));

/**
 * Integer strings in checker bindings (wire form, not parsed: bindings are validated after the
 * pipeline formats them). No regex repeat counts: the length is bounded by maxLength.
 */
export const integerText = (maxDigits: number) => type("string").atMostLength(maxDigits + 1).and(/^(0|-?[1-9][0-9]*)$/);
export const naturalText = (maxDigits: number) => type("string").atMostLength(maxDigits).and(/^(0|[1-9][0-9]*)$/);
export const positiveText = (maxDigits: number) => type("string").atMostLength(maxDigits).and(/^[1-9][0-9]*$/);
