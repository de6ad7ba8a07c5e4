import { spawnSync } from "node:child_process";
import type { ProviderRegistry, ProviderStatus } from "../../domain/ports.js";
import { LIBRARY } from "../../domain/library.js";

/**
 * Providers known to this distribution. `jacobian.builtin` is always present; external providers
 * are probed once, lazily. Operators (and tests) may mark providers unavailable.
 */
export class DefaultProviderRegistry implements ProviderRegistry {
  private readonly cache = new Map<string, ProviderStatus>();
  constructor(private readonly disabled: ReadonlySet<string> = new Set()) {}

  status(id: string): ProviderStatus {
    if (this.disabled.has(id)) return { id, available: false, detail: "disabled by the operator" };
    let s = this.cache.get(id);
    if (!s) {
      s = probe(id);
      this.cache.set(id, s);
    }
    return s;
  }
}

function probe(id: string): ProviderStatus {
  if (id === "jacobian.builtin") return { id, available: true, version: LIBRARY.version };
  if (id === "pari-gp") {
    const r = spawnSync("gp", ["-q", "-f", "-D", "colors=no"], { input: "print(version())\n", encoding: "utf8", timeout: 5000 });
    if (r.status === 0 && r.stdout) return { id, available: true, version: r.stdout.trim() };
    return { id, available: false, detail: "gp (PARI/GP) not found on PATH" };
  }
  return { id, available: false, detail: "unknown provider" };
}
