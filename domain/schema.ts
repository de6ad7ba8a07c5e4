/**
 * The schema port. Declarations carry typed request/result schemas; the domain only needs the
 * Standard Schema v1 validation contract plus a JSON Schema projection. arktype types satisfy this
 * interface structurally, so the domain never imports a validation library.
 */
export interface SchemaIssue {
  readonly message: string;
  readonly path?: ReadonlyArray<PropertyKey | { readonly key: PropertyKey }> | undefined;
}

export type SchemaResult<T> =
  | { readonly value: T; readonly issues?: undefined }
  | { readonly issues: ReadonlyArray<SchemaIssue> };

export interface TypedSchema<T> {
  readonly "~standard": {
    readonly version: 1;
    readonly vendor: string;
    readonly validate: (value: unknown) => SchemaResult<T> | Promise<SchemaResult<T>>;
  };
  toJsonSchema(): object;
}

/** Render a Standard Schema path as a JSON path such as `payload.rows[2][0]`. */
export function issuePath(prefix: string, path: SchemaIssue["path"]): string {
  let out = prefix;
  for (const seg of path ?? []) {
    const key = typeof seg === "object" && seg !== null ? (seg as { key: PropertyKey }).key : seg;
    if (typeof key === "number") out += `[${key}]`;
    else out += out ? `.${String(key)}` : String(key);
  }
  return out;
}

/** Synchronous validation; Jacobian's schemas never validate asynchronously. */
export function validateSync<T>(schema: TypedSchema<T>, value: unknown): SchemaResult<T> {
  const r = schema["~standard"].validate(value);
  if (r instanceof Promise) throw new Error("asynchronous schema validation is not supported");
  return r;
}
