/**
 * The importable JS API: `import { createJacobian } from "jacobian"`.
 * It returns the same outcome objects as the MCP tools and the CLI.
 */
import "../ark-config.js";
import { JacobianHost } from "../composition.js";
import type { JacobianOptions } from "../config.js";
import type { FindResult } from "../../application/find.js";
import type { ReplayReport } from "../../application/artifacts.js";
import type { RunOptions } from "../../application/run.js";
import type { Json } from "../../domain/json.js";
import type { RunOutcome } from "../../domain/outcome.js";

export type { JacobianOptions } from "../config.js";
export type { FindResult } from "../../application/find.js";
export type { ReplayReport } from "../../application/artifacts.js";
export type { RunOutcome, Completed, NonConclusion, Failed, CheckerFinding, Verdict } from "../../domain/outcome.js";
export type { OperationPack, OperationDeclaration, ComputeDeclaration, CheckerDeclaration } from "../../domain/declaration.js";
export { defineCompute, defineChecker } from "../../domain/declaration.js";
export { CatalogError } from "../../application/catalog.js";

export interface Jacobian {
  /** math.find: search or inspect. */
  find(request: { op: "search"; query: string; limit?: number; input_kind?: string; artifact_type?: string } | { op: "inspect"; capability_id: string }): FindResult;
  /** Inspect one operation by id. */
  inspect(capabilityId: string): FindResult;
  /** math.run: execute one operation. */
  run(capabilityId: string, payload: Record<string, unknown>, options?: RunOptions & { inputs?: Record<string, { value_ref: string }> }): Promise<RunOutcome>;
  /** The installed inventory (capability://catalog). */
  catalog(): Json;
  /** Read a durable artifact (hash-verified). */
  artifact(uri: string): Promise<Json | undefined>;
  /** Re-run the request recorded in an artifact; `identical` tells whether the result reproduced. */
  replay(uri: string): Promise<ReplayReport>;
  /** Invalidate every value:// reference of this handle and release resources. */
  close(): Promise<void>;
}

export function createJacobian(options: JacobianOptions = {}): Jacobian {
  const host = JacobianHost.create(options, "silent");
  const rt = host.openRuntime();
  return {
    find: (request) => rt.find({ request }),
    inspect: (id) => rt.inspect(id),
    run: (capability_id, payload, opts = {}) => {
      const { inputs, ...runOpts } = opts;
      return rt.run({ capability_id, payload, ...(inputs ? { inputs } : {}) }, runOpts);
    },
    catalog: () => rt.catalog(),
    artifact: (uri) => rt.readArtifact(uri),
    replay: (uri) => rt.replay(uri),
    close: async () => {
      await rt.close();
      await host.close();
    },
  };
}
