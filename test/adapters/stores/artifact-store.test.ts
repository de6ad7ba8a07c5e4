import { expect } from "chai";
import { spawn } from "node:child_process";
import { readdirSync, writeFileSync, readFileSync } from "node:fs";
import path from "node:path";
import { FsArtifactStore } from "../../../adapters/stores/fs-artifact-store.js";
import { tempDir } from "../../support/runtime.js";

describe("adapters/stores/fs-artifact-store", () => {
  it("gives the same content the same id whatever the key order, and verifies on read", async () => {
    const s = new FsArtifactStore(tempDir());
    const a = await s.put({ b: "2", a: ["1", { y: "y", x: "x" }] });
    const b = await s.put({ a: ["1", { x: "x", y: "y" }], b: "2" });
    expect(a).to.equal(b).and.match(/^artifact:\/\/sha256\/[0-9a-f]{64}$/);
    expect(await s.get(a)).to.deep.equal({ a: ["1", { x: "x", y: "y" }], b: "2" });
    expect(await s.list()).to.deep.equal([a]);
  });

  it("detects tampering on every read and in verifyAll", async () => {
    const dir = tempDir();
    const s = new FsArtifactStore(dir);
    const uri = await s.put({ v: "1" });
    const hex = uri.slice(-64);
    const file = path.join(dir, "sha256", hex.slice(0, 2), `${hex}.json`);
    writeFileSync(file, readFileSync(file, "utf8").replace('"1"', '"2"'));
    let err: unknown;
    try {
      await s.get(uri);
    } catch (e) {
      err = e;
    }
    expect(String(err)).to.match(/corrupt/);
    expect(await s.verifyAll()).to.deep.equal({ checked: 1, corrupt: [uri] });
  });

  it("never touches paths for malformed ids (path tricks)", async () => {
    const s = new FsArtifactStore(tempDir());
    for (const bad of ["artifact://sha256/../../../etc/passwd", "artifact://sha256/" + "a".repeat(63) + "/", "artifact://sha256/" + "A".repeat(64), "artifact://md5/abc", "/etc/passwd"]) {
      expect(await s.get(bad)).to.equal(undefined);
    }
  });

  it("survives kill -9 in the middle of writes without a corrupt entry", async function () {
    this.timeout(30_000);
    const dir = tempDir();
    const script = `
      import { FsArtifactStore } from ${JSON.stringify(path.resolve("dist/adapters/stores/fs-artifact-store.js"))};
      const s = new FsArtifactStore(${JSON.stringify(dir)});
      const big = "7".repeat(4_000_000);
      for (let i = 0; ; i++) { await s.put({ i: String(i), big }); if (i === 0) process.stdout.write("started\\n"); }
    `;
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: ["ignore", "pipe", "inherit"] });
    await new Promise<void>((resolve) => child.stdout!.once("data", () => resolve()));
    await new Promise((r) => setTimeout(r, 150));
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));
    const s = new FsArtifactStore(dir);
    const { checked, corrupt } = await s.verifyAll();
    expect(checked).to.be.greaterThan(0);
    expect(corrupt).to.deep.equal([]);
    const shards = readdirSync(path.join(dir, "sha256"));
    expect(shards.length).to.be.greaterThan(0);
  });
});
