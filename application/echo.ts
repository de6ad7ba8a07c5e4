/**
 * Bounded echoes of caller text (no validation library: the MCP adapter uses this before the
 * application is loaded). An operation id is at most 200 characters by the contract's pattern,
 * so anything longer is cut there with a marker (a 1 MB id must not make a 1 MB reply).
 */
export function echoId(id: unknown): string {
  if (typeof id !== "string") return "";
  return id.length <= ID_ECHO_MAX ? id : `${id.slice(0, ID_ECHO_MAX)}…(truncated, ${id.length} characters)`;
}
const ID_ECHO_MAX = 200;
