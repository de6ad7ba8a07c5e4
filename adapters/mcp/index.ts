/**
 * The MCP adapter: two tools (math.find, math.run), the generic resources, and the two ways to
 * serve them (stdio, Streamable HTTP), both answering the 2025-11-25 and 2026-07-28 protocol eras.
 */
export { createMcpServer, createServerFactory, deferredHost, readyHost, INSTRUCTIONS, type McpHost } from "./server.js";
export { runStdioServer, type StdioServerHandle, type StdioOptions } from "./stdio.js";
export { startHttpServer, MCP_PATH, type HttpServerHandle, type HttpServerOptions } from "./http.js";
export { withMiddleware, render, type ToolReply, type ToolDefinition, type MiddlewareSettings } from "./middleware.js";
export { operationResources, type OperationResource, ARTIFACT_LIST_LIMIT } from "./resources.js";
export { findOutputJsonSchema, runOutputJsonSchema, passThroughValidator } from "./schemas.js";
