/**
 * Build step (`npm run build` runs `node dist/adapters/catalog/build.js`): writes the catalog
 * manifest and one inspection file per shipped operation (manifest.ts reads them at run time),
 * and the MCP tools' argument schemas. Every declaration and example is validated here: an
 * invalid catalog fails the build.
 */
import "../ark-config.js";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { CatalogError, checkDeclaration, inspectionOf } from "../../application/catalog.js";
import { findArgumentsType, runArgumentsType } from "../../application/contract.js";
import { describeOperation } from "../../domain/metadata.js";
import { AVAILABLE_PACKS, loadAllShipped } from "../../operations/packs.js";
import { DEFAULT_MANIFEST, inspectionPath, type ManifestFile } from "./manifest.js";

/** Where adapters/mcp/schemas.ts reads the tool argument schemas. */
export const TOOL_SCHEMAS_FILE = path.join(path.dirname(fileURLToPath(import.meta.url)), "..", "mcp", "tool-schemas.json");

/** Write the manifest and inspection files for every shipped pack. */
export async function writeManifest(file = DEFAULT_MANIFEST): Promise<{ operations: number }> {
  const dir = path.dirname(file);
  const all = await loadAllShipped();
  const problems: string[] = [];
  const seen = new Set<string>();
  const manifest: ManifestFile = { format: 1, packs: [] };
  mkdirSync(path.join(dir, "inspection"), { recursive: true });
  for (const [name, listing] of Object.entries(AVAILABLE_PACKS)) {
    const entries = all.filter((e) => e.pack === name);
    manifest.packs.push({
      name: listing.name,
      version: listing.version,
      description: listing.description,
      operations: entries.map(({ decl, module }) => {
        if (seen.has(decl.id)) problems.push(`${decl.id}: declared twice`);
        seen.add(decl.id);
        const { meta, problems: p } = describeOperation(decl);
        problems.push(...p, ...checkDeclaration(decl));
        writeFileSync(inspectionPath(dir, decl.id), JSON.stringify(inspectionOf(decl)));
        return { meta, module: path.relative(dir, fileURLToPath(module)).split(path.sep).join("/") };
      }),
    });
  }
  if (problems.length) throw new CatalogError(problems);
  // The two MCP tools' argument schemas, so a server lists its tools without the validation library.
  writeFileSync(TOOL_SCHEMAS_FILE, JSON.stringify({ find: findArgumentsType().toJsonSchema(), run: runArgumentsType().toJsonSchema() }));
  const tmp = `${file}.tmp`;
  writeFileSync(tmp, JSON.stringify(manifest));
  renameSync(tmp, file);
  return { operations: seen.size };
}


if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { operations } = await writeManifest();
  console.log(`operations manifest: ${operations} operations`);
}
