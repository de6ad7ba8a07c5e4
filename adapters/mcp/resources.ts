/**
 * MCP resources: the generic public ones (capability://catalog, artifact://sha256/{hex}) and the
 * extension point for operation-specific resources published by installed declarations.
 */
import { ProtocolError, ProtocolErrorCode, ResourceNotFoundError, ResourceTemplate, type McpServer } from "@modelcontextprotocol/server";
import type { JacobianRuntime } from "../../application/service.js";
import type { Json } from "../../domain/json.js";

const JSON_MIME = "application/json";
const HEX = /^[0-9a-f]{64}$/;
/**
 * resources/list returns at most this many artifacts, and only those the listing session's own
 * runtime produced (a shared store must not show one client another's requests); every artifact
 * stays readable by its exact URI.
 */
export const ARTIFACT_LIST_LIMIT = 1000;

/**
 * A resource an installed operation publishes. A declaration opts in with a `resources` array
 * (not part of the declaration model yet: no shipped operation publishes one). The adapter
 * registers each under its fixed URI; reading it calls `read` with the session's runtime.
 */
export interface OperationResource {
  name: string;
  uri: string;
  title: string;
  description: string;
  read(runtime: JacobianRuntime): Json | Promise<Json>;
}

export function operationResources(operations: { source: object }[]): OperationResource[] {
  return operations.flatMap(({ source }) => (source as { resources?: OperationResource[] }).resources ?? []);
}

const jsonContents = (uri: string, value: Json) => ({ contents: [{ uri, mimeType: JSON_MIME, text: JSON.stringify(value) }] });

export function registerResources(server: McpServer, runtime: () => Promise<JacobianRuntime>, published: OperationResource[] = []): void {
  server.registerResource(
    "catalog",
    "capability://catalog",
    {
      title: "Installed operations",
      description: "The complete installed inventory: library, packs and every operation's factual metadata (availability, not recommendation).",
      mimeType: JSON_MIME,
    },
    async (uri) => jsonContents(uri.href, (await runtime()).catalog()),
  );

  server.registerResource(
    "artifact",
    new ResourceTemplate("artifact://sha256/{hex}", {
      list: async () => ({
        resources: (await runtime()).producedArtifacts().slice(-ARTIFACT_LIST_LIMIT).map((uri) => ({ uri, name: `artifact-${uri.slice(-64, -52)}`, mimeType: JSON_MIME })),
      }),
    }),
    {
      title: "Durable artifact",
      description: "A content-addressed artifact (result manifest or checker evidence); its id is the SHA-256 of its canonical JSON, verified on every read.",
      mimeType: JSON_MIME,
    },
    async (uri, vars) => {
      const hex = String(vars.hex ?? "");
      if (!HEX.test(hex)) throw new ResourceNotFoundError(uri.href, `Resource not found: ${uri.href} (artifact ids are 64 lowercase hex digits)`);
      let content: Json | undefined;
      try {
        content = await (await runtime()).readArtifact(`artifact://sha256/${hex}`);
      } catch (e) {
        if ((e as Error)?.name === "ProviderUnavailable") throw new ProtocolError(ProtocolErrorCode.InternalError, `${(e as Error).message}; retry later`);
        throw new ProtocolError(ProtocolErrorCode.InternalError, `artifact ${uri.href} failed its integrity check and is not served`);
      }
      if (content === undefined) throw new ResourceNotFoundError(uri.href);
      return jsonContents(uri.href, content);
    },
  );

  registerOperationResources(server, runtime, published);
}

/** Resources published by installed declarations (registered once the catalog is known). */
export function registerOperationResources(server: McpServer, runtime: () => Promise<JacobianRuntime>, published: OperationResource[]): void {
  for (const r of published) {
    server.registerResource(r.name, r.uri, { title: r.title, description: r.description, mimeType: JSON_MIME }, async (uri) => jsonContents(uri.href, await r.read(await runtime())));
  }
}
