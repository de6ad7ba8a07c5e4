/**
 * Runs arktype in jitless mode: validators are interpreted instead of compiled with
 * `new Function`, so no code is generated at run time anywhere in the process (house rule), and
 * start-up is faster (no JIT compilation of ~100 operation schemas). Must be imported before the
 * first import of "arktype": every entry point (CLI, API, worker, test runner) imports it first.
 */
import { configure } from "arktype/config";

/*
 * `onUndeclaredKey: "reject"` makes every object type of the process refuse undeclared keys at
 * every depth — the boundary rule of the contract — so no schema needs its own deep
 * `onDeepUndeclaredKey` pass (which rebuilt each type once more at start-up). The catalog test
 * "every shipped request and result schema rejects undeclared keys at every depth" holds it.
 */
configure({ jitless: true, onUndeclaredKey: "reject" });
