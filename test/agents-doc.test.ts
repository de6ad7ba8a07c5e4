import { expect } from "chai";
import { readFileSync, writeFileSync } from "node:fs";
import { agentTranscript, withTranscript } from "./support/agent-transcript.js";

describe("docs/agents.md", function () {
  this.timeout(30_000);

  it("carries the transcript of a real session (JACOBIAN_UPDATE_DOCS=1 regenerates it)", async () => {
    const doc = readFileSync("docs/agents.md", "utf8");
    const fresh = withTranscript(doc, await agentTranscript());
    if (process.env.JACOBIAN_UPDATE_DOCS === "1") writeFileSync("docs/agents.md", fresh);
    else expect(doc, "docs/agents.md is stale: run `npm run docs:agents`").to.equal(fresh);
  });
});
