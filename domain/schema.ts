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

/**
 * A schema built from registered value kinds: validating *parses* (wire → domain values) and the
 * kind of every field is known, so request input kinds and port kinds are derived, not declared.
 */
export interface KindedSchema<T> extends TypedSchema<T> {
  /** Field path (dotted, e.g. `claim.factors`) → value kind, for every field that carries a kind. */
  readonly fieldKinds: Readonly<Record<string, string>>;
  /** The kind of the whole value (a producer's result kind, e.g. `integer.prime_factorization`). */
  readonly kind?: string;
  /** Validate a value in wire form without parsing it (results are checked after `toWire`). */
  validateWire(value: unknown): SchemaResult<unknown> | Promise<SchemaResult<unknown>>;
}

export function isKindedSchema(s: TypedSchema<unknown>): s is KindedSchema<unknown> {
  return typeof (s as { fieldKinds?: unknown }).fieldKinds === "object";
}
