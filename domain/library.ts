/** The library's own identity (in manifests, catalogs and `--version`). */
export const LIBRARY = { name: "jacobian", version: "0.1.0" } as const;

/**
 * 1234567 → "1,234,567". (Number.prototype.toLocaleString loads ICU locale data on first use:
 * tens of milliseconds on a one-shot CLI call.)
 */
export function grouped(n: number): string {
  const [int, frac] = String(n).split(".");
  return int!.replace(/\B(?=(\d{3})+(?!\d))/g, ",") + (frac ? `.${frac}` : "");
}
