/**
 * Test launcher for the distributed tests: one replica (`replica`: MCP over HTTP on a free
 * loopback port) or one queue worker (`worker`) with the shipped packs plus the test packs, in
 * distributed mode on the given Redis. It prints `READY <url or worker name>` on stderr when it
 * serves, its structured logs otherwise, and stops on SIGTERM.
 *
 *   node dist/test/adapters/distributed/support/node.js <replica|worker> <redis url> <config file>
 */
import "../../../../adapters/ark-config.js";
import { JacobianHost } from "../../../../adapters/composition.js";
import { startHttpServer } from "../../../../adapters/mcp/http.js";
import { DEFAULT_PACKS } from "../../../../operations/packs.js";
import { testPack } from "../../../support/packs.js";

const [role, redis, configFile] = process.argv.slice(2);
const host = JacobianHost.create({ packs: [...DEFAULT_PACKS, testPack], redis: redis!, configFile: configFile! }, "stderr");
let stop: () => Promise<void>;
if (role === "replica") {
  const server = await startHttpServer(host, { port: 0 });
  const consume = host.settings.distributed?.replicaConcurrency ?? 0;
  if (consume > 0) await host.startWorker(consume);
  process.stderr.write(`READY ${server.url}\n`);
  stop = () => server.close();
} else {
  const worker = await host.startWorker(host.settings.distributed!.workerConcurrency);
  process.stderr.write(`READY ${worker.name}\n`);
  stop = async () => {};
}
process.once("SIGTERM", () => {
  void stop()
    .then(() => host.close())
    .finally(() => process.exit(0));
});
