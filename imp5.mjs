const { readManifest } = await import("./dist/adapters/catalog/manifest.js");
const { Catalog } = await import("./dist/application/catalog.js");
let t=performance.now();
const fs = await import("node:fs"); const txt = fs.readFileSync("/tmp/syn/manifest.json","utf8"); console.log("read", performance.now()-t); t=performance.now();
JSON.parse(txt); console.log("parse", performance.now()-t); t=performance.now();
const packs = readManifest(undefined, "/tmp/syn/manifest.json"); console.log("readManifest", performance.now()-t); t=performance.now();
const c = new Catalog(packs, { status: (id) => ({ id, available: true }) }, { budgets: {}, budget_scale: 1 }); console.log("catalog", performance.now()-t); t=performance.now();
c.all(); console.log("all", performance.now()-t);
