// usage: node drv.mjs workload N
import { createJacobian } from "./dist/adapters/api/index.js";
import { WORKLOADS as workloads } from "./dist/bench/workloads/index.js";
import { performance } from "node:perf_hooks";
const name = process.argv[2], N = +process.argv[3] || 30;
const list = Array.isArray(workloads) ? workloads : Object.values(workloads);
const w = list.find((x) => x.name === name);
const { capabilityId, payload } = w.call(20240601);
const jac = createJacobian({ artifactsDir: "/tmp/drv-art" });
const ts = [], cpu = [], rt = [];
for (let i = 0; i < N; i++) {
  const c0 = process.cpuUsage(); const t0 = performance.now();
  const o = await jac.run(capabilityId, payload);
  const dt = performance.now() - t0; const c = process.cpuUsage(c0);
  if (o.outcome !== "completed") { console.log(JSON.stringify(o).slice(0, 400)); process.exit(1); }
  ts.push(dt); cpu.push((c.user + c.system) / 1000); rt.push(o.execution?.runtime_ms);
}
const med = (a) => { const s = a.slice().sort((x, y) => x - y); return s[s.length >> 1]; };
console.log(name, "wall med", med(ts).toFixed(2), "min", Math.min(...ts).toFixed(2), "cpu med", med(cpu).toFixed(2), "runtime_ms med", med(rt));
await jac.close?.();
process.exit(0);
