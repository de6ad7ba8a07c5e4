/**
 * The catalog manifest of the shipped packs, generated at build time (`npm run build` runs
 * `node dist/adapters/catalog/build.js`, see build.ts): per operation its metadata and module, and per
 * operation a file with its inspection data (JSON Schemas and examples). A runtime reads the
 * manifest at start-up and loads an operation's module only when the operation first runs, so
 * start-up cost does not grow with the catalog's code. Every declaration and example is validated
 * while the manifest is written: an invalid catalog fails the build.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { OperationMetadata } from "../../domain/metadata.js";
import type { SourcePack } from "../../application/catalog.js";
import { loadDeclaration } from "../../operations/packs.js";

export interface ManifestFile {
  format: 1;
  packs: { name: string; version: string; description: string; operations: { meta: OperationMetadata; module: string }[] }[];
}

const HERE = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_MANIFEST = path.join(HERE, "..", "..", "operations", "manifest.json");
export const inspectionPath = (dir: string, id: string) => path.join(dir, "inspection", `${id}.json`);

/**
 * Source packs from a manifest file (the shipped one by default). `names` selects packs; an
 * unknown name is an error naming the available ones.
 */
export function readManifest(names: string[] | undefined, file = DEFAULT_MANIFEST): SourcePack[] {
  let manifest: ManifestFile;
  try {
    manifest = JSON.parse(readFileSync(file, "utf8")) as ManifestFile;
  } catch (e) {
    throw new Error(`the operations manifest ${file} is missing or unreadable (${(e as Error).message}); run \`npm run build\``);
  }
  const dir = path.dirname(file);
  const byName = new Map(manifest.packs.map((p) => [p.name, p]));
  const selected = names ?? manifest.packs.map((p) => p.name);
  return selected.map((name) => {
    const pack = byName.get(name);
    if (!pack) throw new Error(`unknown pack ${JSON.stringify(name)}; available: ${[...byName.keys()].join(", ")}`);
    return {
      name: pack.name,
      version: pack.version,
      description: pack.description,
      operations: pack.operations.map(({ meta, module }) => {
        let url: string | undefined;
        const moduleUrl = () => (url ??= pathToFileURL(path.resolve(dir, module)).href);
        return {
          meta,
          get module() {
            return moduleUrl();
          },
          load: () => loadDeclaration(moduleUrl()),
          inspection: () => JSON.parse(readFileSync(inspectionPath(dir, meta.id), "utf8")),
        };
      }),
    };
  });
}
