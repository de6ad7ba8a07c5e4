/** The library's own identity (in manifests, catalogs and `--version`). */
export const LIBRARY = { name: "jacobian", version: "0.1.0" } as const;
