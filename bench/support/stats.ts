export function median(xs: readonly number[]): number {
  if (!xs.length) throw new RangeError("median of no samples");
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
}

/** Three significant figures, no exponent for ordinary magnitudes. */
export function fmtMs(ms: number): string {
  if (ms >= 1000) return ms.toFixed(0);
  if (ms >= 100) return ms.toFixed(1);
  if (ms >= 10) return ms.toFixed(2);
  if (ms >= 1) return ms.toFixed(3);
  return ms.toPrecision(3);
}

export function fmtRatio(r: number): string {
  if (r >= 100) return r.toFixed(0);
  if (r >= 10) return r.toFixed(1);
  if (r >= 0.01) return r.toFixed(2);
  return r.toPrecision(2);
}
