import { expect } from "chai";
import { readFileSync } from "node:fs";
import { JacobianHost } from "../adapters/composition.js";
import { renderOperationsReference } from "../adapters/cli/reference.js";
import { tempDir } from "./support/runtime.js";

describe("docs", () => {
  it("docs/operations.md is generated from the current catalog (run `npm run docs` when stale)", async () => {
    const host = JacobianHost.create({ artifactsDir: tempDir() });
    const fresh = renderOperationsReference(host.openRuntime());
    await host.close();
    expect(readFileSync("docs/operations.md", "utf8")).to.equal(fresh);
  });

  it("the README opens with the two commands", () => {
    const lines = readFileSync("README.md", "utf8").split("\n").filter((l) => l.trim() && !l.startsWith("#") && !l.startsWith("```"));
    expect(lines.slice(0, 2)).to.deep.equal(["npm install && npm start", "npm test"]);
  });
});
