/**
 * Wire values (CONTRACT.md): strings on the wire, exact values inside. The kinds themselves are
 * declared in `kinds.ts` (the value-kind registry); this module keeps the parsing entry points
 * by their historical names.
 */
import { JacobianError } from "./errors.js";
import { formatRational } from "./math/rational.js";
import {
  formatMatrix, formatRing, formatVector, INTEGER_PATTERN, parseIntegerWire, parseMatrixWire, parseRationalWire, parseRingWire, parseVectorWire, RATIONAL_PATTERN,
  type MatrixWire, type Ring, type TypedMatrix, type TypedVector, type VectorWire,
} from "./kinds.js";

export { INTEGER_PATTERN, RATIONAL_PATTERN, formatRing, formatMatrix, formatVector, formatRational };
export type { MatrixWire, Ring, TypedMatrix, TypedVector, VectorWire };

export function parseInteger(s: string, path: string): bigint {
  if (s === "-0") throw new JacobianError("INVALID_PAYLOAD", `${path}: "-0" is not canonical; write "0"`, { path });
  return parseIntegerWire(s, path);
}

export const parseRational = parseRationalWire;
export const parseRing = parseRingWire;
export const parseMatrix = parseMatrixWire;
export const parseVector = parseVectorWire;
export const formatInteger = (n: bigint): string => n.toString();
