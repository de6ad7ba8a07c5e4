import { expect } from "chai";
import { formatFieldElement, parseExtensionFieldWire, parseFieldElement } from "../../../domain/math/poly/gfq.js";
import type { ExtensionField } from "../../../domain/math/poly/types.js";
import { gp, requireGp } from "../../support/gp.js";
import { testJacobian } from "../../support/runtime.js";
import { rng, type WireMatrix } from "./random.js";

const fieldOf = (ring: string): ExtensionField => parseExtensionFieldWire(ring, "ring");
const canon = (F: ExtensionField, s: string): string => formatFieldElement(parseFieldElement(F, s, "gp"));

function element(r: ReturnType<typeof rng>, F: ExtensionField, zeroBias: number): string {
  if (r.int(0, 99) < zeroBias) return "0";
  const terms: string[] = [];
  for (let e = 0; e < F.k; e++) {
    const c = r.bits(F.p.toString(2).length + 4) % F.p;
    if (c !== 0n) terms.push(e === 0 ? `${c}` : `${c}*a^${e}`);
  }
  return terms.length ? terms.join(" + ") : "0";
}

/**
 * Shapes: 0 random (the characteristic polynomial rarely splits), 1 upper triangular with a
 * diagonal drawn from two values (splits, repeated eigenvalues, Jordan blocks of several sizes),
 * 2 block diagonal with a repeated 2×2 block (derogatory: several invariant factors).
 */
function matrixOf(seed: number, ring: string, n: number, shape: number): WireMatrix {
  const r = rng(seed), F = fieldOf(ring);
  const diag = [element(r, F, 0), element(r, F, 0)];
  const block = [[element(r, F, 0), element(r, F, 0)], [element(r, F, 0), element(r, F, 0)]];
  return {
    ring,
    rows: Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, j) => {
      if (shape === 1) return i === j ? diag[r.int(0, 1)]! : j > i ? element(r, F, 50) : "0";
      if (shape === 2) return i >> 1 === j >> 1 && (i | 1) < n ? block[i & 1]![j & 1]! : i === j ? diag[0]! : "0";
      return element(r, F, 20);
    })),
  };
}

function gpField(F: ExtensionField): string {
  return `T = Mod(1, ${F.p})*(${F.modulus.map((c, i) => `${c}*t^${i}`).join(" + ")}); a = ffgen(T, 'a);`;
}
const gpMat = (m: WireMatrix): string => `(Mat([${m.rows.map((row) => row.map((x) => `(${x})`).join(",")).join(";")}])*a^0)`;

describe("operations/matrix eigen-structure over GF(p^k) vs PARI/GP", function () {
  this.timeout(240_000);
  before(function () {
    requireGp(this);
  });
  const j = testJacobian({ packs: ["matrix"] });
  after(() => j.close());
  const run = async (id: string, payload: Record<string, unknown>) => {
    const o = (await j.run(id, payload)) as any;
    expect(o.outcome, `${id}: ${JSON.stringify(o).slice(0, 400)}`).to.equal("completed");
    return o.value;
  };

  it("invariant factors = matfrobenius(M, 1); eigenvalues and multiplicities = the linear factors of charpoly, dim ker(M − λ) = #matker; Jordan block sizes from the ranks of (M − λ)^k; A·P = P·J with det P ≠ 0", async () => {
    const cases: WireMatrix[] = [];
    let seed = 77_000;
    for (const ring of ["GF(3^2)", "GF(2^4)", "GF(5^3, a^3 + a + 1)", "GF(101^2)"]) for (const n of [1, 3, 5, 6]) for (const shape of [0, 1, 2]) cases.push(matrixOf(seed++, ring, n, shape));
    const script: string[] = [];
    for (const m of cases) {
      const n = m.rows.length;
      script.push(gpField(fieldOf(m.ring)));
      script.push(`M = ${gpMat(m)}; print(strjoin([strjoin([Str(c) | c <- Vec(f)], ",") | f <- matfrobenius(M, 1)], ";"));`);
      // linear factors: "λ:multiplicity:dim ker:ranks of (M − λ)^k, k = 0..n" per root
      script.push(`F = factor(charpoly(M)); L = []; for(i = 1, #F~, if(poldegree(F[i,1]) == 1, l = -polcoef(F[i,1], 0); N = M - l*matid(${n}); L = concat(L, [Str(l, ":", F[i,2], ":", #matker(N), ":", strjoin([Str(matrank(N^k)) | k <- [0..${n}]], ","))]))); print(if(#L, strjoin(L, ";"), "-"));`);
      script.push(`print(sum(i = 1, #F~, poldegree(F[i,1]) * F[i,2]) == sum(i = 1, #F~, if(poldegree(F[i,1]) == 1, F[i,2], 0)));`);
    }
    const out = gp(script.join("\n"));
    let split = 0, nonsplit = 0, derogatory = 0, nontrivialJordan = 0;
    for (const [i, m] of cases.entries()) {
      const F = fieldOf(m.ring);
      const n = m.rows.length;
      const tag = `case ${i} (${m.ring}, ${n}×${n})`;
      const [frob, lin, splits] = [out[3 * i]!, out[3 * i + 1]!, out[3 * i + 2]! === "1"];
      // Frobenius: ours smallest first, gp largest first; coefficients leading first in both
      const fr = await run("matrix.frobenius_form.compute", { matrix: m });
      const oursF = fr.invariant_factors.map((p: { terms: { coefficient: string; exponents: number[] }[] }) => {
        const deg = p.terms[0]!.exponents[0]!;
        const c = new Array<string>(deg + 1).fill("0");
        for (const t of p.terms) c[deg - t.exponents[0]!] = t.coefficient;
        return c.join(",");
      });
      expect(oursF.reverse().join(";"), tag).to.equal(frob.split(";").map((f) => f.split(",").map((c) => canon(F, c)).join(",")).join(";"));
      if (oursF.length > 1) derogatory++;
      // eigenvalues
      const roots = lin === "-" ? [] : lin.split(";").map((s) => { const [l, mult, ker, ranks] = s.split(":"); return { value: canon(F, l!), mult: Number(mult), ker: Number(ker), ranks: ranks!.split(",").map(Number) }; });
      const ev = await run("matrix.eigenvectors.compute", { matrix: m });
      expect(ev.complete, tag).to.equal(splits);
      const got = ev.eigenvalues.map((e: any) => `${e.value}:${e.algebraic_multiplicity}:${e.geometric_multiplicity}`).sort();
      expect(got, tag).to.deep.equal(roots.map((r) => `${r.value}:${r.mult}:${r.ker}`).sort());
      // Jordan form
      const jf = await run("matrix.jordan_form.compute", { matrix: m });
      expect(jf.split, tag).to.equal(splits);
      if (!splits) { nonsplit++; continue; }
      split++;
      for (const r of roots) {
        // blocks of size ≥ k: rank((M − λ)^(k−1)) − rank((M − λ)^k)
        const sizes: number[] = [];
        for (let k = 1; k <= n; k++) {
          const atLeast = r.ranks[k - 1]! - r.ranks[k]!, next = k < n ? r.ranks[k]! - r.ranks[k + 1]! : 0;
          for (let t = 0; t < atLeast - next; t++) sizes.push(k);
        }
        const ours = jf.blocks.filter((b: any) => b.eigenvalue === r.value).map((b: any) => b.size as number);
        expect(ours.sort((x: number, y: number) => x - y), `${tag} λ = ${r.value}`).to.deep.equal(sizes.sort((x, y) => x - y));
        if (ours.some((s: number) => s > 1)) nontrivialJordan++;
      }
      const det = await run("matrix.determinant.compute", { matrix: jf.transform });
      expect(det.determinant, `${tag}: P is invertible`).to.not.equal("0");
      const ap = await run("matrix.multiply.compute", { left: m, right: jf.transform });
      const pj = await run("matrix.multiply.compute", { left: jf.transform, right: jf.jordan });
      expect(ap.product.rows, `${tag}: A·P = P·J`).to.deep.equal(pj.product.rows);
    }
    expect(split, "split cases").to.be.greaterThan(10);
    expect(nonsplit, "non-split cases").to.be.greaterThan(3);
    expect(derogatory, "derogatory cases").to.be.greaterThan(3);
    expect(nontrivialJordan, "Jordan blocks of size > 1").to.be.greaterThan(3);
  });
});
