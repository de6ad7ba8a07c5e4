import { expect } from "chai";
import { spawnSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { tempDir, testJacobian } from "../support/runtime.js";
import { formatProgress, progressLine } from "../../adapters/cli/progress.js";
import { COMMANDS } from "../../adapters/cli/help.js";
import { payloadHint, quoteNumbers } from "../../adapters/cli/payload-hint.js";

const MAIN = path.resolve("dist/adapters/cli/main.js");
const home = tempDir();
function cli(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [MAIN, ...args], { encoding: "utf8", input, env: { ...process.env, JACOBIAN_HOME: home, FORCE_COLOR: "1" } });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

describe("adapters/cli", () => {
  it("run --json prints the outcome envelope and exits 0 on completed", () => {
    const r = cli(["run", "integer.compute.gcd", "--json", '{"left":"84","right":"30"}']);
    expect(r.code).to.equal(0);
    expect(JSON.parse(r.out)).to.deep.include({ outcome: "completed", value: { gcd: "6" } });
  });

  it("run --file reads the payload from a file (and '-' from stdin)", () => {
    const f = path.join(tempDir(), "p.json");
    writeFileSync(f, '{"left":"12","right":"18"}');
    expect(JSON.parse(cli(["run", "integer.compute.gcd", "--file", f]).out).value).to.deep.equal({ gcd: "6" });
    expect(JSON.parse(cli(["run", "integer.compute.gcd", "--file", "-"], '{"left":"7","right":"21"}').out).value).to.deep.equal({ gcd: "7" });
  });

  it("exits 4 on failed, 3 on non_conclusion, 2 on usage errors", () => {
    expect(cli(["run", "integer.compute.gcd", "--json", '{"left":"x","right":"1"}']).code).to.equal(4);
    expect(cli(["run", "integer.compute.gcd", "--budget-scale", "0.0000000001", "--json", `{"left":"${"7".repeat(5000)}","right":"1"}`]).code).to.equal(3);
    expect(cli(["run", "integer.compute.gcd"]).code).to.equal(2);
    expect(cli(["run", "integer.compute.gcd", "--json", "{not json"]).code).to.equal(2);
    expect(cli(["frobnicate"]).code).to.equal(2);
    expect(cli(["catalog", "--packs", "nope"]).code).to.equal(2);
  });

  it("catalog and inspect print the same objects as the API, without ANSI colour when piped", () => {
    const cat = cli(["catalog"]);
    expect(cat.code).to.equal(0);
    expect(JSON.parse(cat.out).operations.map((o: any) => o.id)).to.include("integer.compute.gcd");
    const ins = cli(["inspect", "integer.compute.gcd"]);
    expect(JSON.parse(ins.out).capability.id).to.equal("integer.compute.gcd");
    expect(cli(["inspect", "no.such.op"]).code).to.equal(4);
    for (const s of [cat.out, ins.out, cli(["frobnicate"]).err]) expect(s).to.not.match(/\u001b\[/);
  });

  it("run prints no value:// refs: the command's runtime closes when it exits, so none could resolve", async () => {
    const payload = { left: { ring: "ZZ", rows: [["1", "2"], ["3", "4"]] }, right: { ring: "ZZ", rows: [["5"], ["6"]] } };
    const r = cli(["run", "matrix.multiply.compute", "--json", JSON.stringify(payload)]);
    expect(r.code).to.equal(0);
    const out = JSON.parse(r.out);
    expect(out.value.product.rows).to.deep.equal([["17"], ["39"]]);
    expect(out).to.not.have.property("refs");
    expect(r.out).to.not.include("value://");
    // The JS API (a runtime that lives on) still issues the ref for the same call.
    const j = testJacobian({ packs: ["matrix"] });
    try {
      const o: any = await j.run("matrix.multiply.compute", payload);
      expect(o.refs.product).to.match(/^value:\/\//);
    } finally {
      await j.close();
    }
  });

  it("bounds the echo of a huge capability id", () => {
    const r = cli(["run", "x".repeat(100_000), "--json", "{}"]);
    expect(r.code).to.equal(4);
    expect(r.out.length).to.be.below(2000);
  });

  it("--packs chooses the installed membership", () => {
    const cat = JSON.parse(cli(["catalog", "--packs", "integer"]).out);
    expect(cat.packs.map((p: any) => p.name)).to.deep.equal(["integer"]);
  });

  it("has no per-operation commands", () => {
    expect(cli(["gcd", "84", "30"]).code).to.equal(2);
  });
});

describe("adapters/cli: what a person at a terminal sees", () => {
  it("--help names option values, lists the operator options once and gives each command one example", () => {
    const r = cli(["--help"]);
    expect(r.code).to.equal(0);
    expect(r.out).to.not.include("#0");
    expect(r.out).to.include("--json <payload>");
    expect(r.out.split("--packs <list>").length - 1).to.equal(1);
    const commands = COMMANDS.map((c) => c.name);
    expect(commands).to.have.members(["search", "inspect", "run", "catalog", "serve", "worker", "doctor", "docs", "artifacts"]);
    expect(r.out.split("\n").filter((l) => l.trim().startsWith("e.g. jacobian "))).to.have.length(commands.length);
    for (const c of commands) {
      const h = cli([c, "--help"]);
      expect(h.code, c).to.equal(0);
      expect(h.out, c).to.match(new RegExp(`^Usage: jacobian ${c}`));
      expect(h.out.split("Example:").length - 1, c).to.equal(1);
      expect(h.out, c).to.not.include("#0");
      expect(cli([c, "--no-such-option"]).err, c).to.not.include("unknown command"); // the help names a real command
    }
  });

  it("a malformed command line is a usage error (exit 2) with the command's usage on stderr", () => {
    const r = cli(["search", "gcd", "--limit", "abc"]);
    expect(r.code).to.equal(2);
    expect(r.out).to.equal("");
    expect(r.err).to.include("--limit").and.include("Usage: jacobian search");
    for (const args of [["run", "integer.compute.gcd", "--jsn", "{}"], ["search", "gcd", "--limit", "21"], ["frobnicate"]]) {
      const u = cli(args);
      expect(u.code, args.join(" ")).to.equal(2);
      expect(u.err, args.join(" ")).to.match(/Usage: jacobian|jacobian --help/);
    }
  });

  it("--version prints the version and a newline", () => {
    const r = cli(["--version"]);
    expect(r.code).to.equal(0);
    expect(r.out).to.match(/^\d+\.\d+\.\d+\n$/);
  });

  it("`catalog | head` ends quietly: a closed pipe is not an error", () => {
    const r = spawnSync("sh", ["-c", `"${process.execPath}" "${MAIN}" catalog | head -c 10 >/dev/null`], { encoding: "utf8", env: { ...process.env, JACOBIAN_HOME: home } });
    expect(r.stderr).to.equal("");
  });

  it("a failed payload adds one human line with the corrected shape when stdout is a terminal, none when piped", function () {
    const payload = '{"left":84,"right":12345678901234567890123}';
    expect(cli(["run", "integer.compute.gcd", "--json", payload]).err).to.equal(""); // piped: JSON only
    // `script` gives the command a terminal (util-linux); skip where it is missing.
    const probe = spawnSync("script", ["--version"], { encoding: "utf8" });
    if (probe.status !== 0) this.skip();
    const quoted = (s: string) => `'${s.replace(/'/g, "'\\''")}'`;
    const r = spawnSync("script", ["-qec", [process.execPath, MAIN, "run", "integer.compute.gcd", "--json", payload].map(quoted).join(" "), "/dev/null"], { encoding: "utf8", env: { ...process.env, JACOBIAN_HOME: home } });
    const lines = r.stdout.split(/\r?\n/).filter((l) => l.startsWith("jacobian: "));
    expect(lines, r.stdout).to.have.length(1);
    expect(lines[0]).to.include("payload.left").and.include('"left": "84", "right": "12345678901234567890123"');
  });

  it("the progress line shows a percentage or a count, the stage and the elapsed time, and clears the line", () => {
    expect(formatProgress({ done: 120, total: 480, message: "ECM level 2: 120 of 480 curves", elapsedMs: 3200 })).to.equal("[#####...............]  25%  ECM level 2: 120 of 480 curves  3.2 s");
    expect(formatProgress({ done: 3620961.102186458, elapsedMs: 65_000 })).to.equal("3,620,961  1m 05s");
    expect(formatProgress({ done: 7, message: "searched 7 windows", elapsedMs: 100 })).to.equal("searched 7 windows  0.1 s");
    const narrow = formatProgress({ done: 1, total: 2, message: "x".repeat(200), elapsedMs: 0 }, 40);
    expect(narrow).to.have.length(40);
    expect(narrow).to.match(/ 50%  x+…  0\.0 s$/); // the message gives way, the elapsed time stays
    const writes: string[] = [];
    let t = 0;
    const tty = { isTTY: true, columns: 100, write: (s: string) => writes.push(s) } as unknown as NodeJS.WritableStream;
    const line = progressLine(tty, () => t)!;
    line.update(1, 10, "a long first message");
    t += 500;
    line.update(2, 10, "short");
    line.done();
    expect(writes).to.have.length(3);
    for (const w of writes) expect(w.startsWith("\r\u001b[2K")).to.equal(true); // cleared: no tail of a longer message
    expect(writes[1]).to.include(" 20%").and.include("short").and.include("0.5 s");
    expect(writes[2]).to.equal("\r\u001b[2K");
    expect(progressLine({ isTTY: false, write: () => true } as unknown as NodeJS.WritableStream)).to.equal(undefined);
  });

  it("payload hints: numbers quoted as written, else the example's field or payload", () => {
    const err = (path: string, message = `${path} is wrong`) => ({ code: "INVALID_PAYLOAD" as const, message, path });
    expect(payloadHint("integer.compute.gcd", err("payload.left", "payload.left must be a string (was a number); payload.right too"), '{"left": -84.0, "right": "30"}')).to.equal('payload.left must be a string (was a number). Mathematical values are strings: "left": "-84.0"');
    expect(payloadHint("integer.compute.gcd", err("payload.right"), '{"left": "1"}', { left: "84", right: "30" })).to.equal('payload.right is wrong. For example: "right": "30"');
    expect(payloadHint("integer.compute.gcd", { code: "UNKNOWN_ARGUMENT", message: "unknown field payload.mod", path: "payload.mod" }, '{"mod": "3"}', { left: "84", right: "30" })).to.equal('unknown field payload.mod. integer.compute.gcd takes a payload like {"left":"84","right":"30"}');
    expect(payloadHint("x.y.z", { code: "UNKNOWN_CAPABILITY", message: "no", path: "capability_id" }, "{}")).to.equal(undefined);
    expect(quoteNumbers('{"a": [1, -2.5e3, "3"], "b": "x\\"1"}')).to.equal('{"a": ["1", "-2.5e3", "3"], "b": "x\\"1"}');
  });
});
