/**
 * The operation packs this distribution ships. Which of them are *installed* in a runtime is an
 * operator choice made at runtime (config file, --packs, or the API's `packs` option).
 */
import type { OperationPack } from "../domain/declaration.js";
import { combinatoricsPack } from "./combinatorics/pack.js";
import { diophantinePack } from "./diophantine/pack.js";
import { integerPack } from "./integer/pack.js";
import { matrixPack } from "./matrix/pack.js";
import { modularPack } from "./modular/pack.js";
import { rationalPack } from "./rational/pack.js";

export const AVAILABLE_PACKS: Readonly<Record<string, OperationPack>> = {
  combinatorics: combinatoricsPack,
  diophantine: diophantinePack,
  integer: integerPack,
  matrix: matrixPack,
  modular: modularPack,
  rational: rationalPack,
};

export const DEFAULT_PACKS = Object.keys(AVAILABLE_PACKS);
