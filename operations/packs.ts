/**
 * The operation packs this distribution ships. Which of them are *installed* in a runtime is an
 * operator choice made at runtime (config file, --packs, or the API's `packs` option).
 * Listings name modules only: nothing here loads an operation. The build turns the listings into
 * the catalog manifest (`operations/manifest.ts`).
 */
import type { OperationDeclaration, OperationPack, PackListing } from "../domain/declaration.js";
import { combinatoricsPack } from "./combinatorics/pack.js";
import { diophantinePack } from "./diophantine/pack.js";
import { finiteFieldPack } from "./finite_field/pack.js";
import { graphPack } from "./graph/pack.js";
import { integerPack } from "./integer/pack.js";
import { matrixPack } from "./matrix/pack.js";
import { modularPack } from "./modular/pack.js";
import { polynomialPack } from "./polynomial/pack.js";
import { rationalPack } from "./rational/pack.js";

export const AVAILABLE_PACKS: Readonly<Record<string, PackListing>> = {
  combinatorics: combinatoricsPack,
  diophantine: diophantinePack,
  finite_field: finiteFieldPack,
  graph: graphPack,
  integer: integerPack,
  matrix: matrixPack,
  modular: modularPack,
  polynomial: polynomialPack,
  rational: rationalPack,
};

export const DEFAULT_PACKS = Object.keys(AVAILABLE_PACKS);

/** The declaration a module exports by default. */
export async function loadDeclaration(module: string): Promise<OperationDeclaration> {
  const decl = ((await import(module)) as { default?: OperationDeclaration }).default;
  if (!decl || typeof decl !== "object" || typeof decl.id !== "string") throw new Error(`${module} has no default-exported operation declaration`);
  return decl;
}

/** Load every declaration of a shipped pack (build tooling and tests; runtimes load lazily). */
export async function loadPack(name: string): Promise<OperationPack & { modules: string[] }> {
  const listing = AVAILABLE_PACKS[name];
  if (!listing) throw new Error(`unknown pack ${JSON.stringify(name)}`);
  const operations = await Promise.all(listing.modules.map(loadDeclaration));
  return { name: listing.name, version: listing.version, description: listing.description, operations, modules: listing.modules };
}

/** Every shipped declaration with its pack name and module. */
export async function loadAllShipped(): Promise<{ pack: string; module: string; decl: OperationDeclaration }[]> {
  const out: { pack: string; module: string; decl: OperationDeclaration }[] = [];
  for (const name of DEFAULT_PACKS) {
    const p = await loadPack(name);
    p.operations.forEach((decl, i) => out.push({ pack: name, module: p.modules[i]!, decl }));
  }
  return out;
}
