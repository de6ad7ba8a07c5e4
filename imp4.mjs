const { JacobianHost } = await import("./dist/adapters/composition.js");
let t=performance.now();
const h = JacobianHost.create({ pool: false, catalogManifest: "/tmp/syn/manifest.json" });
console.log("create", performance.now()-t); t=performance.now();
const rt = h.openRuntime(); console.log("open", performance.now()-t); t=performance.now();
const { createServerFactory } = await import("./dist/adapters/mcp/server.js"); console.log("import server", performance.now()-t); t=performance.now();
const f = createServerFactory(h, () => rt, { transport: "stdio" }); f(); console.log("factory", performance.now()-t);
