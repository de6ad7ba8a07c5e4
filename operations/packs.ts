/**
 * The operation packs this distribution ships. Which of them are *installed* in a runtime is an
 * operator choice made at runtime (config file, --packs, or the API's `packs` option).
 */
import type { OperationPack } from "../domain/declaration.js";
import { integerPack } from "./integer/pack.js";
import { matrixPack } from "./matrix/pack.js";

export const AVAILABLE_PACKS: Readonly<Record<string, OperationPack>> = {
  integer: integerPack,
  matrix: matrixPack,
};

export const DEFAULT_PACKS = Object.keys(AVAILABLE_PACKS);
