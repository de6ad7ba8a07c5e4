import { expect } from "chai";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { loadAllShipped } from "../../operations/packs.js";

/** Every declaration file under operations/<family>/ is installed by some shipped pack. */
describe("operations registration", () => {
  it("each declaration file's default export is registered in a pack", async () => {
    const registered = new Set((await loadAllShipped()).map((e) => e.decl));
    const root = path.resolve("dist/operations");
    const missing: string[] = [];
    for (const family of readdirSync(root)) {
      const dir = path.join(root, family);
      if (!statSync(dir).isDirectory() || family.startsWith("_")) continue;
      for (const f of readdirSync(dir)) {
        if (!f.endsWith(".js")) continue;
        const mod = await import(pathToFileURL(path.join(dir, f)).href);
        const d = mod.default;
        if (d && typeof d === "object" && typeof d.id === "string" && typeof d.execute === "function" && !registered.has(d)) missing.push(`${family}/${f} (${d.id})`);
      }
    }
    expect(missing).to.deep.equal([]);
  });

  it("each declaration file is named after its id (family.object.verb → object_verb.ts)", async () => {
    const misnamed = (await loadAllShipped())
      .map(({ module, decl }) => ({ file: path.basename(module, ".js"), want: decl.id.split(".").slice(1).join("_"), family: decl.id.split(".")[0]!, dir: path.basename(path.dirname(module)) }))
      .filter((e) => e.file !== e.want || e.family !== e.dir)
      .map((e) => `${e.dir}/${e.file} should be ${e.family}/${e.want}`);
    expect(misnamed).to.deep.equal([]);
  });

  it("operation ids are unique across all shipped packs", async () => {
    const ids = (await loadAllShipped()).map((e) => e.decl.id);
    expect(new Set(ids).size).to.equal(ids.length);
  });
});
