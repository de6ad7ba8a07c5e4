import { expect } from "chai";
import fc from "fast-check";
import { createExecutionContext } from "../../../application/execution.js";
import { toWire } from "../../../domain/kinds.js";
import linearCompute from "../../../operations/diophantine/linear_compute.js";
import linearVerify from "../../../operations/diophantine/linear_verify.js";
import { gp, requireGp } from "../../support/gp.js";
import { parsedRequest } from "../../support/parse.js";
import { testJacobian } from "../../support/runtime.js";
import { rng } from "../integer/random.js";

const ctx = () => createExecutionContext(new AbortController().signal);
/** The checker on a wire payload, as the pipeline runs it (parsed once). */
const verify = async (payload: Record<string, unknown>) => {
  const req = parsedRequest(linearVerify, payload);
  const f = await linearVerify.execute(req, ctx());
  expect(linearVerify.postcondition(req, f), `postcondition: ${JSON.stringify(f).slice(0, 200)}`).to.equal(null);
  return f;
};
/** gcd by the schoolbook Euclid, independent of the domain's subquadratic gcd. */
const euclid = (xs: bigint[]): bigint => xs.reduce((g, v) => {
  let [a, b] = [g < 0n ? -g : g, v < 0n ? -v : v];
  while (b) [a, b] = [b, a % b];
  return a;
}, 0n);
/** GP prints vectors as [1, -5]; every integer becomes a JSON string so large ones stay exact. */
const gpJson = (line: string): unknown => JSON.parse(line.replace(/-?\d+/g, '"$&"'));

interface Linear {
  solvable: boolean;
  gcd: string;
  particular?: string[];
  kernel_basis: string[][];
}

/** A PARI matrix whose columns are the given vectors (n rows). */
const columns = (vs: string[][], n: number): string => (vs.length === 0 ? `matrix(${n},0)` : `Mat([${vs.map((v) => `[${v.join(",")}]~`).join(",")}])`);

describe("diophantine.linear.compute cross-checked with PARI/GP (matkerint, mathnf, matsolvemod)", function () {
  this.timeout(120_000);
  before(function () {
    requireGp(this);
  });
  const j = testJacobian({ packs: ["diophantine"], pool: false });
  after(() => j.close());

  it("same solvability, gcd (content), kernel lattice (equal HNF) and particular solution modulo the kernel on 120 seeded equations", async () => {
    const r = rng(8080);
    const cases: { a: bigint[]; c: bigint }[] = [];
    for (let i = 0; i < 120; i++) {
      const n = r.int(1, 8);
      const size = r.pick([1, 2, 6, 30, 200]);
      const common = r.pick([1n, 1n, 2n, 6n, r.digits(r.int(1, 20)) + 1n]);
      const a = Array.from({ length: n }, () => (r.int(0, 6) === 0 ? 0n : r.signedDigits(r.int(1, size)) * common));
      const c = r.int(0, 1) ? r.signedDigits(r.int(1, size + 3)) * common : r.signedDigits(r.int(1, size + 3));
      cases.push({ a, c });
    }
    const outs: Linear[] = [];
    for (const { a, c } of cases) {
      const o = await j.run("diophantine.linear.compute", { coefficients: a.map(String), rhs: c.toString() });
      expect(o.outcome, JSON.stringify(o).slice(0, 300)).to.equal("completed");
      outs.push((o as unknown as { value: Linear }).value);
    }
    const script = cases
      .map(({ a, c }, i) => {
        const n = a.length, v = outs[i]!;
        const K = columns(v.kernel_basis, n);
        const A = `Mat([${a.join(",")}])`;
        // content, solvability (matsolvemod returns 0 when there is no solution), HNF equality of the kernels,
        // and whether ours − PARI's particular solution lies in our kernel lattice
        return [
          `A=${A}; K=${K}; s=matsolvemod(A, 0, ${c});`,
          `print(content([${a.join(",")}]))`,
          `print(type(s)=="t_COL")`,
          `print(mathnf(K)==mathnf(matkerint(A)))`,
          v.particular ? `d=[${v.particular.join(",")}]~ - s; print(if(d==0, 1, type(matsolvemod(K, 0, d))=="t_COL"))` : `print(-1)`,
        ].join("\n");
      })
      .join("\n");
    const lines = gp(script);
    expect(lines.length).to.equal(cases.length * 4);
    for (let i = 0; i < cases.length; i++) {
      const v = outs[i]!;
      const [content, solvable, sameKernel, sameCoset] = lines.slice(4 * i, 4 * i + 4);
      const what = `case ${i}: a = ${cases[i]!.a.join(", ").slice(0, 80)}, c = ${cases[i]!.c}`;
      expect(v.gcd, what).to.equal(content);
      expect(String(v.solvable ? 1 : 0), what).to.equal(solvable);
      expect(sameKernel, what).to.equal("1");
      expect(sameCoset, what).to.equal(v.solvable ? "1" : "-1");
    }
  });

  it("diophantine.linear.verify accepts every true claim built by PARI/GP (content, matsolvemod, matkerint): 120 seeded equations, whole and partial claims", async () => {
    const r = rng(8181);
    const cases: { a: bigint[]; c: bigint }[] = [];
    for (let i = 0; i < 120; i++) {
      const n = r.int(1, 7);
      const size = r.pick([1, 2, 8, 40]);
      const common = r.pick([1n, 2n, 6n, r.digits(r.int(1, 12)) + 1n]);
      const a = Array.from({ length: n }, () => (r.int(0, 5) === 0 ? 0n : r.signedDigits(r.int(1, size)) * common));
      const c = r.int(0, 1) ? r.signedDigits(r.int(1, size + 2)) * common : r.signedDigits(r.int(1, size + 2));
      cases.push({ a, c });
    }
    // One line per equation: [content, solvable (0/1), particular (or []), [kernel vectors]] — PARI's own answers.
    const lines = gp(
      cases
        .map(({ a, c }) => `A=Mat([${a.join(",")}]); s=matsolvemod(A, 0, ${c}); K=matkerint(A); print([content([${a.join(",")}]), type(s)=="t_COL", if(type(s)=="t_COL", Vec(s), []), vector(#K, j, Vec(K[,j]))])`)
        .join("\n"),
    );
    expect(lines.length).to.equal(cases.length);
    let unsolvable = 0;
    for (let i = 0; i < cases.length; i++) {
      const [g, solvable, particular, kernel] = gpJson(lines[i]!) as [string, string, string[], string[][]];
      const eq = { coefficients: cases[i]!.a.map(String), rhs: cases[i]!.c.toString() };
      const claims = [
        { solvable: solvable === "1", gcd: g, ...(solvable === "1" ? { particular } : {}), kernel_basis: kernel },
        { solvable: solvable === "1" },
        { solvable: solvable === "1", ...(solvable === "1" ? { particular } : { kernel_basis: kernel }) },
      ];
      if (solvable !== "1") unsolvable++;
      for (const claim of claims) {
        const o = await j.run("diophantine.linear.verify", { ...eq, claim });
        expect(o.outcome === "completed" && (o.value as { verdict: string }).verdict, `case ${i}: ${JSON.stringify({ ...eq, claim }).slice(0, 300)} → ${JSON.stringify(o).slice(0, 300)}`).to.equal("accepted");
      }
    }
    expect(unsolvable, "the seeded cases include unsolvable equations").to.be.greaterThan(10);
  });
});

describe("diophantine.linear.compute and .verify: properties", function () {
  this.timeout(120_000);
  const coeff = fc.oneof(fc.bigInt({ min: -50n, max: 50n }), fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }));
  const eq = fc.tuple(fc.array(coeff, { minLength: 1, maxLength: 6 }), fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n })).map(([a, c]) => ({ coefficients: a.map(String), rhs: c.toString() }));
  const j = testJacobian({ packs: ["diophantine"], pool: false });
  after(() => j.close());

  it("the checker takes the producer's value unchanged, by value:// reference, and accepts it (unsolvable equations with their kernel basis too)", async () => {
    let unsolvable = 0;
    await fc.assert(
      fc.asyncProperty(eq, async (payload) => {
        const produced = await j.run("diophantine.linear.compute", payload);
        expect(produced.outcome, JSON.stringify(produced).slice(0, 300)).to.equal("completed");
        if (produced.outcome !== "completed") return;
        if (!(produced.value as { solvable: boolean }).solvable) unsolvable++;
        const checked = await j.run("diophantine.linear.verify", payload, { inputs: { claim: { value_ref: produced.refs!.solution! } } });
        expect(checked.outcome === "completed" && (checked.value as { verdict: string }).verdict, `${JSON.stringify(payload)} → ${JSON.stringify(checked).slice(0, 300)}`).to.equal("accepted");
        const b = (checked as unknown as { value: { bindings: { kernel_basis_verified: boolean; general_solution_verified?: boolean } } }).value.bindings;
        expect(b.kernel_basis_verified).to.equal(true);
        if ((produced.value as { solvable: boolean }).solvable) expect(b.general_solution_verified).to.equal(true);
      }),
      { numRuns: 150 },
    );
    expect(unsolvable, "random equations include unsolvable ones").to.be.greaterThan(0);
  });

  it("true claims built without the producer are accepted: a solution chosen first, the exact gcd, and a kernel basis from a unit coefficient, mixed unimodularly", async () => {
    const small = fc.bigInt({ min: -(10n ** 12n), max: 10n ** 12n });
    await fc.assert(
      fc.asyncProperty(fc.array(small, { minLength: 0, maxLength: 5 }), fc.array(small, { minLength: 6, maxLength: 6 }), fc.nat(5), fc.boolean(), fc.array(fc.tuple(fc.nat(5), fc.nat(5), fc.integer({ min: -3, max: 3 })), { maxLength: 6 }), async (rest, xs, at, negUnit, moves) => {
        // a has a coefficient ±1 at position j, so solutions exist for every c and the kernel is spanned by e_i − a_i·a_j·e_j (i ≠ j).
        const n = rest.length + 1, jj = at % n;
        const a = [...rest.slice(0, jj), negUnit ? -1n : 1n, ...rest.slice(jj)];
        const x0 = xs.slice(0, n);
        const c = a.reduce((s, ai, i) => s + ai * x0[i]!, 0n);
        const basis = a.flatMap((ai, i) => (i === jj ? [] : [a.map((_, k) => (k === i ? 1n : k === jj ? -ai * a[jj]! : 0n))]));
        for (const [p, q, t] of moves) if (basis.length > 1 && p % basis.length !== q % basis.length) basis[p % basis.length] = basis[p % basis.length]!.map((v, k) => v + BigInt(t) * basis[q % basis.length]![k]!);
        const s = (v: bigint[]) => v.map(String);
        const claim = { solvable: true, gcd: euclid(a).toString(), particular: s(x0), kernel_basis: basis.map(s) };
        const f = await verify({ coefficients: s(a), rhs: c.toString(), claim });
        expect(f.verdict, JSON.stringify({ a: s(a), c: c.toString(), claim })).to.equal("accepted");
        expect((f.bindings as { general_solution_verified: boolean }).general_solution_verified).to.equal(true);
      }),
      { numRuns: 200 },
    );
    // Unsolvable by construction: every coefficient a multiple of g ≥ 2, c ≡ r (mod g) with 0 < r < g.
    await fc.assert(
      fc.asyncProperty(fc.array(small, { minLength: 1, maxLength: 5 }), fc.bigInt({ min: 2n, max: 10n ** 9n }), small, fc.bigInt({ min: 1n, max: 10n ** 9n }), async (a0, g, k, r0) => {
        const a = a0.map((v) => v * g);
        const c = k * g + (r0 % (g - 1n)) + 1n;
        const f = await verify({ coefficients: a.map(String), rhs: c.toString(), claim: { solvable: false, gcd: euclid(a).toString() } });
        expect(f.verdict).to.equal("accepted");
      }),
      { numRuns: 100 },
    );
  });

  it("the checker rejects perturbed claims: a shifted solution, a scaled or mixed-up basis, a wrong solvability flag or gcd", async () => {
    await fc.assert(
      fc.asyncProperty(eq, fc.integer({ min: 0, max: 1000 }), async (req, seed) => {
        const res = toWire(await linearCompute.execute(parsedRequest(linearCompute, req), ctx())) as { solvable: boolean; gcd: string; particular?: string[]; kernel_basis: string[][] };
        const n = req.coefficients.length;
        const claimed = async (claim: Record<string, unknown>) => (await verify({ ...req, claim })).verdict;
        expect(await claimed({ solvable: res.solvable, gcd: (BigInt(res.gcd) + 1n).toString() })).to.equal("rejected");
        if (!res.solvable) {
          expect(await claimed({ solvable: true, particular: Array(n).fill("0") })).to.equal("rejected");
          expect(await claimed({ solvable: false, particular: Array(n).fill("0") })).to.equal("rejected");
          return;
        }
        expect(await claimed({ solvable: false })).to.equal("rejected");
        expect(await claimed({ solvable: false, kernel_basis: res.kernel_basis })).to.equal("rejected");
        const shifted = res.particular!.slice();
        const i = seed % n;
        shifted[i] = (BigInt(shifted[i]!) + 1n).toString();
        if (req.coefficients[i] !== "0") expect(await claimed({ solvable: true, particular: shifted })).to.equal("rejected");
        if (res.kernel_basis.length > 0) {
          const k = seed % res.kernel_basis.length;
          const scaled = res.kernel_basis.map((v, idx) => (idx === k ? v.map((e) => (2n * BigInt(e)).toString()) : v));
          const f = await verify({ ...req, claim: { solvable: true, particular: res.particular!, kernel_basis: scaled } });
          expect(f.verdict).to.equal("rejected");
          expect((f.bindings as { failure?: string }).failure).to.equal("not_a_basis");
          // a unimodular change of basis (v0 += 3·v_last, then reversed) is still a basis, in no particular form
          if (res.kernel_basis.length > 1) {
            const mixed = res.kernel_basis.map((v) => v.slice());
            const last = mixed[mixed.length - 1]!;
            mixed[0] = mixed[0]!.map((e, idx) => (BigInt(e) + 3n * BigInt(last[idx]!)).toString());
            mixed.reverse();
            expect(await claimed({ solvable: true, particular: res.particular!, kernel_basis: mixed })).to.equal("accepted");
          }
          expect(await claimed({ solvable: true, particular: res.particular!, kernel_basis: res.kernel_basis.slice(1) })).to.equal("rejected");
        }
      }),
      { numRuns: 200 },
    );
  });

  it("postcondition rejects tampered results", async () => {
    const req = parsedRequest(linearCompute, { coefficients: ["6", "10", "15"], rhs: "1" });
    const res = await linearCompute.execute(req, ctx());
    expect(linearCompute.postcondition(req, res)).to.equal(null);
    expect(linearCompute.postcondition(req, { ...res, particular: [1n, 1n, 0n] })).to.be.a("string");
    expect(linearCompute.postcondition(req, { ...res, kernel_basis: [[10n, 0n, -4n], [0n, 3n, -2n]] })).to.be.a("string");
    expect(linearCompute.postcondition(req, { ...res, kernel_basis: [[5n, 0n, -2n]] })).to.be.a("string");
    expect(linearCompute.postcondition(req, { ...res, solvable: false })).to.be.a("string");
    expect(linearCompute.postcondition(req, { ...res, gcd: 2n })).to.be.a("string");
  });

  it("100 variables of 1000 digits within budget, and the checker takes the value by reference", async () => {
    const r = rng(12);
    const coefficients = Array.from({ length: 100 }, () => r.signedDigits(1000).toString());
    const payload = { coefficients, rhs: r.signedDigits(1000).toString() };
    const o = await j.run("diophantine.linear.compute", payload);
    expect(o.outcome, JSON.stringify(o).slice(0, 300)).to.equal("completed");
    const v = await j.run("diophantine.linear.verify", payload, { inputs: { claim: { value_ref: (o as unknown as { refs: { solution: string } }).refs.solution } } });
    expect(v.outcome === "completed" && (v.value as { verdict: string }).verdict, JSON.stringify(v).slice(0, 300)).to.equal("accepted");
  });
});
