/**
 * A private redis-server for a test: a free loopback port, no persistence unless asked (AOF with
 * fsync on every write for the restart test), stopped by the test. The Debian package provides
 * the binary (.ci/run installs it).
 */
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import { tempDir } from "./runtime.js";

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

export interface TestRedis {
  port: number;
  url: string;
  /** Stop it (SIGTERM: with AOF, everything acknowledged is on disk). */
  stop(): Promise<void>;
  /** Start it again on the same port and data directory. */
  start(): Promise<void>;
}

export async function startRedis(opts: { aof?: boolean } = {}): Promise<TestRedis> {
  const port = await freePort();
  const dir = tempDir("jacobian-redis-");
  let proc: ChildProcess | undefined;
  const args = ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--dir", dir, ...(opts.aof ? ["--appendonly", "yes", "--appendfsync", "always"] : ["--appendonly", "no"])];
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const p = spawn("redis-server", args, { stdio: ["ignore", "pipe", "pipe"] });
      proc = p;
      let out = "";
      const timer = setTimeout(() => reject(new Error(`redis-server did not start:\n${out}`)), 20_000);
      p.stdout!.on("data", (d: Buffer) => {
        out += d.toString();
        if (/Ready to accept connections/.test(out)) {
          clearTimeout(timer);
          resolve();
        }
      });
      p.once("error", (e) => {
        clearTimeout(timer);
        reject(e);
      });
      p.once("exit", (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server exited (${code}):\n${out}`));
      });
    });
  const stop = () =>
    new Promise<void>((resolve) => {
      const p = proc;
      proc = undefined;
      if (!p || p.exitCode !== null) return resolve();
      p.once("exit", () => resolve());
      p.kill("SIGTERM");
    });
  await start();
  return { port, url: `redis://127.0.0.1:${port}/0`, stop, start };
}

/** Whether redis-server is installed (the distributed tests need it). */
export async function redisInstalled(): Promise<boolean> {
  return new Promise((resolve) => {
    const p = spawn("redis-server", ["--version"], { stdio: "ignore" });
    p.once("error", () => resolve(false));
    p.once("exit", (code) => resolve(code === 0));
  });
}
