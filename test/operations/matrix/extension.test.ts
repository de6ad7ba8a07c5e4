import { expect } from "chai";
import fc from "fast-check";
import { formatExtensionField, parseExtensionFieldWire, parseFieldElement, formatFieldElement } from "../../../domain/math/poly/gfq.js";
import type { ExtensionField } from "../../../domain/math/poly/types.js";
import { fieldArith } from "../../../domain/math/poly/gfq.js";
import { internalRing } from "../../../domain/math/linalg/extension.js";
import { flatBareissDeterminant, flatDeterminant, flatRref } from "../../../domain/math/linalg/extension_flat.js";
import { zechBareissDeterminant, zechDeterminant, zechRref } from "../../../domain/math/linalg/extension_zech.js";
import { determinant, rref } from "../../../domain/math/linalg/field.js";
import { gp, requireGp } from "../../support/gp.js";
import { testJacobian } from "../../support/runtime.js";
import { rng, type WireMatrix } from "./random.js";

/**
 * Fields of the cross-checks: Zech-table kernels (q ≤ 2^16: tiny, Conway-tabulated, explicit
 * modulus, p^2 ≈ 10^4), flat kernels (p < 2^26, q > 2^16), element-object kernels (p above 2^26,
 * p^k ≥ 2^64).
 */
const RINGS = ["GF(2^3)", "GF(3^2)", "GF(5^3, a^3 + a + 1)", "GF(101^2)", "GF(2^20)", "GF(1000003^3)", "GF(67108879^2)", "GF(2305843009213693951^2)"];

const fieldOf = (ring: string): ExtensionField => parseExtensionFieldWire(ring, "ring");

/** A random element of F as a (non-canonical) expression string. */
function randomElement(r: ReturnType<typeof rng>, F: ExtensionField, zeroBias = 0): string {
  if (zeroBias && r.int(0, 99) < zeroBias) return "0";
  const terms: string[] = [];
  for (let e = 0; e < F.k; e++) {
    const c = r.bits(F.p.toString(2).length + 4) % F.p;
    if (c !== 0n) terms.push(e === 0 ? `${c}` : `${c}*a^${e}`);
  }
  return terms.length ? terms.join(" + ") : "0";
}

function extMatrix(seed: number, ring: string, rows: number, cols: number, zeroBias = 0): WireMatrix {
  const r = rng(seed), F = fieldOf(ring);
  return { ring, rows: Array.from({ length: rows }, () => Array.from({ length: cols }, () => randomElement(r, F, zeroBias))) };
}

/** Rank ≤ k: (rows×k)·(k×cols), formed by the library's own product (checked by Freivalds). */
async function lowRankExt(j: ReturnType<typeof testJacobian>, seed: number, ring: string, rows: number, cols: number, k: number): Promise<WireMatrix> {
  const o = (await j.run("matrix.multiply.compute", { left: extMatrix(seed, ring, rows, k), right: extMatrix(seed + 1, ring, k, cols) })) as any;
  expect(o.outcome, JSON.stringify(o).slice(0, 300)).to.equal("completed");
  return o.value.product;
}

/** The GP definitions of the field (generator `a`, modulus in t) and a matrix literal over it. */
function gpField(F: ExtensionField): string {
  const t = F.modulus.map((c, i) => `${c}*t^${i}`).join(" + ");
  return `T = Mod(1, ${F.p})*(${t}); a = ffgen(T, 'a);`;
}
const gpMat = (m: WireMatrix): string => {
  const n = m.rows.length, c = n ? m.rows[0]!.length : 0;
  return n && c ? `(Mat([${m.rows.map((r) => r.map((x) => `(${x})`).join(",")).join(";")}])*a^0)` : `matrix(${n},${c})`;
};
/** GP prints t_FFELT as a polynomial in a: read back and canonicalised by our parser. */
const canon = (F: ExtensionField, s: string): string => formatFieldElement(parseFieldElement(F, s, "gp"));

describe("operations/matrix over GF(p^k)", function () {
  this.timeout(240_000);
  const j = testJacobian({ packs: ["matrix"] });
  after(() => j.close());
  const run = async (id: string, payload: unknown) => {
    const o = (await j.run(id, payload as never)) as any;
    expect(o.outcome, `${id}: ${JSON.stringify(o).slice(0, 400)}`).to.equal("completed");
    return o.value;
  };

  it("parses GF(p^k) matrices once: canonical entries, default and explicit moduli, fails closed on bad entries and rings", async () => {
    const v = await run("matrix.transpose.compute", { matrix: { ring: "GF(3^2)", rows: [["a^2", "a^9 - 1"], ["-a", "4"]] } });
    // a^2 = a + 1 under C(3,2) = a^2 + 2a + 2; a^8 = 1 so a^9 − 1 = a − 1 = a + 2
    expect(v.transpose).to.deep.equal({ ring: "GF(3^2)", rows: [["a + 1", "2*a"], ["a + 2", "1"]] });
    const explicit = await run("matrix.transpose.compute", { matrix: { ring: "GF(3^2, a^2+1)", rows: [["a^2"]] } });
    expect(explicit.transpose).to.deep.equal({ ring: "GF(3^2, a^2 + 1)", rows: [["2"]] });
    const same = await run("matrix.transpose.compute", { matrix: { ring: "GF(3^2, a^2 + 2*a + 2)", rows: [["a"]] } });
    expect(same.transpose.ring, "an explicit default modulus prints as GF(p^k)").to.equal("GF(3^2)");
    for (const [payload, code] of [
      [{ matrix: { ring: "GF(3^2, a^2 + 2)", rows: [["1"]] } }, "DOMAIN_ERROR"], // a^2 + 2 = (a + 1)(a + 2) is reducible
      [{ matrix: { ring: "GF(4^2)", rows: [["1"]] } }, "DOMAIN_ERROR"],
      [{ matrix: { ring: "GF(3^2)", rows: [["b"]] } }, "INVALID_PAYLOAD"],
      [{ matrix: { ring: "GF(3^2)", rows: [["1/2"]] } }, "INVALID_PAYLOAD"],
      [{ matrix: { ring: "GF(7)", rows: [["a"]] } }, "INVALID_PAYLOAD"],
      [{ matrix: { ring: "ZZ", rows: [["a + 1"]] } }, "INVALID_PAYLOAD"],
    ] as const) {
      const o = (await j.run("matrix.transpose.compute", payload as never)) as any;
      expect(o.outcome, JSON.stringify(payload)).to.equal("failed");
      expect(o.error.code, JSON.stringify(o.error)).to.equal(code);
    }
    // operations over integer lattices keep refusing extension fields at the schema
    const h = (await j.run("matrix.hermite_form.compute", { matrix: { ring: "GF(3^2)", rows: [["a"]] } } as never)) as any;
    expect(h.outcome).to.equal("failed");
  });

  it("PARI/GP cross-check (ffgen): matdet, matrank, #matker, matimage rank, matsolve, M^-1, charpoly, minpoly, trace, M^3, incl. singular, rectangular and empty", async function () {
    requireGp(this);
    const cases: WireMatrix[] = [];
    let seed = 41_000;
    for (const ring of RINGS) {
      const big = ring.length > 14;
      for (const [m, n] of [[0, 0], [1, 1], [3, 3], [4, 4], [big ? 6 : 9, big ? 6 : 9], [3, 5], [5, 2]] as const) cases.push(extMatrix(seed++, ring, m, n, 20));
      cases.push(await lowRankExt(j, seed, ring, 5, 5, 3)); // singular, rank 3
      seed += 2;
      cases.push(await lowRankExt(j, seed, ring, 4, 6, 2)); // rectangular, rank 2
      seed += 2;
    }
    // every line starts with "=" (gp() drops empty lines, and an empty matrix prints as one)
    const script: string[] = ["pr(s) = print(\"=\", s);"];
    for (const m of cases) {
      const F = fieldOf(m.ring);
      const n = m.rows.length, c = n ? m.rows[0]!.length : 0;
      const M = gpMat(m);
      script.push(gpField(F));
      script.push(`M = ${M}; pr(matrank(M)); pr(#matker(M));`);
      if (n === c) {
        script.push(`pr(matdet(M)); pr(strjoin([Str(x) | x <- Vec(charpoly(M))], ";")); pr(strjoin([Str(x) | x <- Vec(minpoly(M))], ";")); pr(trace(M));`);
        script.push(`pr(strjoin([strjoin([Str(x) | x <- Vec(r)], ",") | r <- Vec((M^3)~)], ";"));`);
        script.push(`if(${n} && matrank(M) == ${n}, pr(strjoin([strjoin([Str(x) | x <- Vec(r)], ",") | r <- Vec((M^(-1))~)], ";")); pr(strjoin([Str(x) | x <- Vec(matsolve(M, vectorv(${n}, i, i*a^0 + a)))], ",")), pr("singular"); pr("-"));`);
      }
    }
    const out = gp(script.join("\n"));
    let at = 0;
    const next = () => {
      const l = out[at++]!;
      expect(l.startsWith("="), `gp line ${at}: ${l}`).to.equal(true);
      return l.slice(1);
    };
    for (const [i, m] of cases.entries()) {
      const F = fieldOf(m.ring);
      const n = m.rows.length, c = n ? m.rows[0]!.length : 0;
      const tag = `case ${i} (${m.ring}, ${n}×${c})`;
      const rank = Number(next()), nullity = Number(next());
      const rk = await run("matrix.rank.compute", { matrix: m });
      expect(rk.rank, tag).to.equal(rank);
      expect((await run("matrix.rank.verify", { matrix: m, claim: rk })).verdict, tag).to.equal("accepted");
      const ns = await run("matrix.nullspace.compute", { matrix: m });
      expect(ns.dimension, tag).to.equal(nullity);
      expect((await run("matrix.nullspace.verify", { matrix: m, claim: ns })).verdict, tag).to.equal("accepted");
      expect((await run("matrix.left_nullspace.compute", { matrix: m })).dimension, tag).to.equal(n - rank);
      const cs = await run("matrix.column_space.compute", { matrix: m });
      expect(cs.rank, tag).to.equal(rank);
      expect((await run("matrix.rref.compute", { matrix: m })).pivots, tag).to.deep.equal(cs.columns);
      if (n !== c) continue;
      const det = canon(F, next());
      const d = await run("matrix.determinant.compute", { matrix: m });
      expect(d.determinant, tag).to.equal(det);
      expect((await run("matrix.determinant.verify", { matrix: m, claim: d })).verdict, tag).to.equal("accepted");
      const coeffs = (s: string) => s.split(";").map((x) => canon(F, x));
      const chi = coeffs(next()), mu = coeffs(next());
      const cp = await run("matrix.characteristic_polynomial.compute", { matrix: m });
      expect(dense(cp.characteristic_polynomial), tag).to.deep.equal(chi);
      expect((await run("matrix.characteristic_polynomial.verify", { matrix: m, claim: cp })).verdict, tag).to.equal("accepted");
      expect(dense((await run("matrix.minimal_polynomial.compute", { matrix: m })).minimal_polynomial), tag).to.deep.equal(mu);
      expect((await run("matrix.trace.compute", { matrix: m })).trace, tag).to.equal(canon(F, next()));
      const rowsOf = (s: string) => (s === "" ? [] : s.split(";").map((r) => r.split(",").map((x) => canon(F, x))));
      const cube = next();
      if (n) expect((await run("matrix.power.compute", { matrix: m, exponent: "3" })).power.rows, tag).to.deep.equal(rowsOf(cube));
      const inv = next(), sol = next();
      const iv = await run("matrix.inverse.compute", { matrix: m });
      expect((await run("matrix.inverse.verify", { matrix: m, claim: iv })).verdict, tag).to.equal("accepted");
      if (inv === "singular") {
        expect(iv.invertible, tag).to.equal(n === 0 ? true : false);
        continue;
      }
      expect(iv.invertible, tag).to.equal(true);
      expect(iv.inverse.rows, tag).to.deep.equal(rowsOf(inv));
      const b = { ring: m.ring, entries: Array.from({ length: n }, (_, k) => `${k + 1} + a`) };
      const x = await run("matrix.solve.compute", { matrix: m, rhs: b });
      expect(x.status, tag).to.equal("unique");
      expect(x.solution.entries, tag).to.deep.equal(sol.split(",").map((v) => canon(F, v)));
      expect((await run("matrix.solution.verify", { matrix: m, rhs: b, claim: x })).verdict, tag).to.equal("accepted");
    }
    expect(at, "every gp line consumed").to.equal(out.length);
  });

  it("fast-check: det(AB) = det A · det B, rank–nullity, A·A⁻¹ = I, adj(A)·A = det(A)·I, (A + B)ᵀ = Aᵀ + Bᵀ, c·A by scale equals diag(c)·A", async () => {
    const det = async (m: WireMatrix) => (await run("matrix.determinant.compute", { matrix: m })).determinant as string;
    const mul = async (l: WireMatrix, r: WireMatrix) => (await run("matrix.multiply.compute", { left: l, right: r })).product as WireMatrix;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 1, max: 6 }), fc.integer({ min: 1, max: 1e6 }), fc.constantFrom(...RINGS.slice(0, 5)), async (n, c, seed, ring) => {
        const F = fieldOf(ring);
        const A = extMatrix(seed, ring, n, n, 25), B = extMatrix(seed + 1, ring, n, n, 25);
        const prod = await det(await mul(A, B));
        // det A · det B, formed by scale.compute: det(B)·[[det A]]
        const scaled = (await run("matrix.scale.compute", { scalar: await det(B), matrix: { ring, rows: [[await det(A)]] } })).product.rows[0][0];
        expect(prod, `det(AB) over ${ring}`).to.equal(scaled);
        void F;
        const R = extMatrix(seed + 2, ring, Math.max(1, n), c, 40); // a 0×c matrix has no wire form
        const rank = (await run("matrix.rank.compute", { matrix: R })).rank;
        expect(rank + (await run("matrix.nullspace.compute", { matrix: R })).dimension).to.equal(c);
        const inv = await run("matrix.inverse.compute", { matrix: A });
        if (inv.invertible) {
          const I = await mul(A, inv.inverse);
          expect(I.rows).to.deep.equal(Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, k) => (i === k ? "1" : "0"))));
        } else {
          expect(await det(A)).to.equal("0");
        }
        const adj = (await run("matrix.adjugate.compute", { matrix: A })).adjugate as WireMatrix;
        if (n) {
          const AA = await mul(adj, A);
          const d = await det(A);
          expect(AA.rows).to.deep.equal(Array.from({ length: n }, (_, i) => Array.from({ length: n }, (_, k) => (i === k ? d : "0"))));
        }
        const sum = (await run("matrix.add.compute", { left: A, right: B })).sum as WireMatrix;
        const tsum = (await run("matrix.transpose.compute", { matrix: sum })).transpose;
        const sumt = (await run("matrix.add.compute", { left: (await run("matrix.transpose.compute", { matrix: A })).transpose, right: (await run("matrix.transpose.compute", { matrix: B })).transpose })).sum;
        expect(tsum).to.deep.equal(sumt);
        return true;
      }),
      { numRuns: 25, seed: 1010 },
    );
  });

  it("the three kernels agree: Zech tables, flat residue arrays and element objects (RREF, Gauss and Bareiss determinants)", () => {
    const generic = (F: ExtensionField) => internalRing(F);
    for (const [t, ring] of ["GF(2^8)", "GF(3^5)", "GF(7^2, a^2 + 1)", "GF(2^4)"].entries()) {
      const F = fieldOf(ring);
      for (let s = 0; s < 6; s++) {
        const n = 1 + ((s * 5 + t) % 9);
        const m = extMatrix(900 + 10 * t + s, ring, n, n + (s % 3), 30);
        const A = m.rows.map((r) => r.map((x) => parseFieldElement(F, x, "x")));
        const sq = A.map((r) => r.slice(0, n));
        const R = generic(F), Ar = fieldArith(F);
        const viaObjects = Ar.big(determinant(R, sq.map((r) => r.map((x) => Ar.from(x)))));
        expect(zechDeterminant(F, sq), `${ring} zech`).to.deep.equal(viaObjects);
        expect(flatDeterminant(F, sq), `${ring} flat`).to.deep.equal(viaObjects);
        expect(zechBareissDeterminant(F, sq), `${ring} zech bareiss`).to.deep.equal(viaObjects);
        expect(flatBareissDeterminant(F, sq), `${ring} flat bareiss`).to.deep.equal(viaObjects);
        const ro = rref(R, A.map((r) => r.map((x) => Ar.from(x))));
        const want = { pivots: ro.pivots, rows: ro.rref.slice(0, ro.rank).map((r) => r.map((x) => Ar.big(x))), independentRows: ro.independentRows };
        expect(zechRref(F, A), `${ring} zech rref`).to.deep.equal(want);
        expect(flatRref(F, A), `${ring} flat rref`).to.deep.equal(want);
      }
    }
  });

  it("checkers refute wrong GF(p^k) claims with verified counterexamples", async () => {
    const m = extMatrix(77, "GF(5^3, a^3 + a + 1)", 4, 4);
    const d = await run("matrix.determinant.compute", { matrix: m });
    const F = fieldOf(m.ring);
    const wrong = formatFieldElement(parseFieldElement(F, `${d.determinant} + a`, "x"));
    const bad = await run("matrix.determinant.verify", { matrix: m, claim: { determinant: wrong } });
    expect(bad.verdict).to.equal("rejected");
    expect(bad.bindings.determinant).to.equal(d.determinant);
    const cp = await run("matrix.characteristic_polynomial.compute", { matrix: m });
    const terms = cp.characteristic_polynomial.terms.map((t: { coefficient: string; exponents: number[] }) => (t.exponents[0] === 1 ? { ...t, coefficient: formatFieldElement(parseFieldElement(F, `${t.coefficient} + 1`, "x")) } : t));
    if (!terms.some((t: { exponents: number[] }) => t.exponents[0] === 1)) terms.splice(terms.length - 1, 0, { coefficient: "1", exponents: [1] });
    const r = await run("matrix.characteristic_polynomial.verify", { matrix: m, claim: { characteristic_polynomial: { ring: m.ring, variables: ["x"], terms } } });
    expect(r.verdict).to.equal("rejected");
    expect(r.bindings.point_index).to.be.a("number");
    expect(r.bindings.value).to.not.equal(r.bindings.claim_value);
    const rk = await run("matrix.rank.compute", { matrix: m });
    expect((await run("matrix.rank.verify", { matrix: m, claim: { rank: rk.rank + 1 } })).verdict).to.equal("rejected");
    const inv = await run("matrix.inverse.compute", { matrix: m });
    if (inv.invertible) {
      const B = { ...inv.inverse, rows: inv.inverse.rows.map((r: string[], i: number) => (i === 0 ? r.map((x: string, k: number) => (k === 0 ? formatFieldElement(parseFieldElement(F, `${x} + 1`, "x")) : x)) : r)) };
      expect((await run("matrix.inverse.verify", { matrix: m, claim: { invertible: true, inverse: B } })).verdict).to.equal("rejected");
    }
    expect(formatExtensionField(F)).to.equal("GF(5^3, a^3 + a + 1)");
  });

  it("budgets: 200×200 GF(2^8) and 80×80 GF(3^20) determinants run; a 300×300 GF(3^200) one is refused before it starts", async () => {
    for (const m of [extMatrix(5, "GF(2^8)", 200, 200), extMatrix(6, "GF(3^20)", 80, 80)]) {
      const d = await run("matrix.determinant.compute", { matrix: m });
      expect((await run("matrix.determinant.verify", { matrix: m, claim: d })).verdict).to.equal("accepted");
    }
    const big = { ring: "GF(3^200)", rows: Array.from({ length: 300 }, (_, i) => Array.from({ length: 300 }, (_, k) => (i === k ? "a" : "1"))) };
    const o = (await j.run("matrix.determinant.compute", { matrix: big } as never)) as any;
    expect(o.outcome).to.equal("non_conclusion");
    expect(o.reason.code).to.equal("RESOURCE_REFUSED");
  });
});

/** Coefficients of a univariate polynomial value, leading first (GP's Vec order). */
function dense(p: { terms: { coefficient: string; exponents: number[] }[] }): string[] {
  const deg = p.terms.length ? p.terms[0]!.exponents[0]! : 0;
  const c = new Array<string>(deg + 1).fill("0");
  for (const t of p.terms) c[deg - t.exponents[0]!] = t.coefficient;
  return c;
}
