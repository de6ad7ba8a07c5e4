// Runs the mocha suite on the compiled tests in dist/test and prints the final
// "N passed, N failed" line that CI reads.
// arktype's jitless mode must be configured before anything imports arktype (see adapters/ark-config.ts).
await import("../dist/adapters/ark-config.js");
import Mocha from "mocha";
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "dist", "test");
const filter = process.argv.slice(2);
function collect(dir) {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === "support" ? [] : collect(full);
    return name.endsWith(".test.js") ? [full] : [];
  });
}
const files = collect(root).filter((f) => !filter.length || filter.some((s) => f.includes(s))).sort();
const mocha = new Mocha({ timeout: 60_000, reporter: "spec" });
for (const f of files) mocha.addFile(f);
await mocha.loadFilesAsync();
let passed = 0, failed = 0, skipped = 0;
const runner = mocha.run();
runner.on("pass", () => passed++);
runner.on("fail", () => failed++);
runner.on("pending", () => skipped++);
runner.on("end", () => {
  console.log(`\n${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ""}`);
  process.exitCode = failed > 0 || passed === 0 ? 1 : 0;
  // Servers and pools started by tests are closed by their suites; do not hang on stray handles.
  setTimeout(() => process.exit(process.exitCode), 500).unref();
});
