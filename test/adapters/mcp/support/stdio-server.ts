/**
 * Test launcher: `node dist/test/adapters/mcp/support/stdio-server.js` serves MCP over stdio with
 * the shipped packs plus the test packs. Settings come from the environment:
 * JACOBIAN_TEST_ARTIFACTS (artifact dir), JACOBIAN_TEST_MAX_REQUEST_BYTES, JACOBIAN_TEST_DEBUG.
 */
import { JacobianHost } from "../../../../adapters/composition.js";
import { runStdioServer } from "../../../../adapters/mcp/index.js";
import { TEST_PACKS } from "./harness.js";

const env = process.env;
const host = JacobianHost.create(
  {
    packs: TEST_PACKS,
    ...(env.JACOBIAN_TEST_ARTIFACTS ? { artifactsDir: env.JACOBIAN_TEST_ARTIFACTS } : {}),
    ...(env.JACOBIAN_TEST_MAX_REQUEST_BYTES ? { maxRequestBytes: Number(env.JACOBIAN_TEST_MAX_REQUEST_BYTES) } : {}),
    debug: env.JACOBIAN_TEST_DEBUG === "1",
  },
  "stderr",
);
const server = await runStdioServer(host);
await server.closed;
await host.close();
