/**
 * Runs arktype in jitless mode: validators are interpreted instead of compiled with
 * `new Function`, so no code is generated at run time anywhere in the process (house rule), and
 * start-up is faster (no JIT compilation of ~100 operation schemas). Must be imported before the
 * first import of "arktype": every entry point (CLI, API, worker, test runner) imports it first.
 */
import { configure } from "arktype/config";

configure({ jitless: true });
