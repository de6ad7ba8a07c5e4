/** Test helpers: an API handle with a temporary artifact directory. */
import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createJacobian, type Jacobian, type JacobianOptions } from "../../adapters/api/index.js";

export function tempDir(prefix = "jacobian-test-"): string {
  return mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function testJacobian(options: JacobianOptions = {}): Jacobian {
  return createJacobian({ artifactsDir: tempDir(), ...options });
}
