import { expect } from "chai";
import fc from "fast-check";
import { createExecutionContext } from "../../../application/execution.js";
import linearCompute from "../../../operations/diophantine/linear_compute.js";
import linearVerify from "../../../operations/diophantine/linear_verify.js";
import { gp, requireGp } from "../../support/gp.js";
import { testJacobian } from "../../support/runtime.js";
import { rng } from "../integer/random.js";

const ctx = () => createExecutionContext(new AbortController().signal);

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
});

describe("diophantine.linear.compute and .verify: properties", function () {
  this.timeout(60_000);
  const coeff = fc.oneof(fc.bigInt({ min: -50n, max: 50n }), fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }));
  const eq = fc.tuple(fc.array(coeff, { minLength: 1, maxLength: 6 }), fc.bigInt({ min: -(10n ** 25n), max: 10n ** 25n })).map(([a, c]) => ({ coefficients: a.map(String), rhs: c.toString() }));

  it("the checker accepts every computed general solution, and the postcondition holds", async () => {
    await fc.assert(
      fc.asyncProperty(eq, async (req) => {
        const res = await linearCompute.execute(req, ctx());
        expect(linearCompute.postcondition(req, res)).to.equal(null);
        const claim = { ...req, solvable: res.solvable, ...(res.particular ? { particular: res.particular, kernel_basis: res.kernel_basis } : {}) };
        const f = await linearVerify.execute(claim, ctx());
        expect(f.verdict, JSON.stringify(f)).to.equal("accepted");
        expect(linearVerify.postcondition(claim, f)).to.equal(null);
      }),
      { numRuns: 200 },
    );
  });

  it("the checker rejects perturbed claims: a shifted solution, a scaled or mixed-up basis, a wrong solvability flag", async () => {
    await fc.assert(
      fc.asyncProperty(eq, fc.integer({ min: 0, max: 1000 }), async (req, seed) => {
        const res = await linearCompute.execute(req, ctx());
        const n = req.coefficients.length;
        if (!res.solvable) {
          const f = await linearVerify.execute({ ...req, solvable: true, particular: Array(n).fill("0") }, ctx());
          expect(f.verdict).to.equal("rejected");
          return;
        }
        const wrongFlag = await linearVerify.execute({ ...req, solvable: false }, ctx());
        expect(wrongFlag.verdict).to.equal("rejected");
        const shifted = res.particular!.slice();
        const i = seed % n;
        shifted[i] = (BigInt(shifted[i]!) + 1n).toString();
        if (req.coefficients[i] !== "0") {
          expect((await linearVerify.execute({ ...req, solvable: true, particular: shifted }, ctx())).verdict).to.equal("rejected");
        }
        if (res.kernel_basis.length > 0) {
          const k = seed % res.kernel_basis.length;
          const scaled = res.kernel_basis.map((v, idx) => (idx === k ? v.map((e) => (2n * BigInt(e)).toString()) : v));
          const f = await linearVerify.execute({ ...req, solvable: true, particular: res.particular!, kernel_basis: scaled }, ctx());
          expect(f.verdict).to.equal("rejected");
          expect((f.bindings as { failure?: string }).failure).to.equal("not_a_basis");
          // a unimodular change of basis (v0 += v_last) is still a basis, in no particular form
          if (res.kernel_basis.length > 1) {
            const mixed = res.kernel_basis.map((v) => v.slice());
            const last = mixed[mixed.length - 1]!;
            mixed[0] = mixed[0]!.map((e, idx) => (BigInt(e) + 3n * BigInt(last[idx]!)).toString());
            mixed.reverse();
            expect((await linearVerify.execute({ ...req, solvable: true, particular: res.particular!, kernel_basis: mixed }, ctx())).verdict).to.equal("accepted");
          }
          const dropped = res.kernel_basis.slice(1);
          expect((await linearVerify.execute({ ...req, solvable: true, particular: res.particular!, kernel_basis: dropped }, ctx())).verdict).to.equal("rejected");
        }
      }),
      { numRuns: 200 },
    );
  });

  it("postcondition rejects tampered results", async () => {
    const req = { coefficients: ["6", "10", "15"], rhs: "1" };
    const res = await linearCompute.execute(req, ctx());
    expect(linearCompute.postcondition(req, res)).to.equal(null);
    expect(linearCompute.postcondition(req, { ...res, particular: ["1", "1", "0"] })).to.be.a("string");
    expect(linearCompute.postcondition(req, { ...res, kernel_basis: [["10", "0", "-4"], ["0", "3", "-2"]] })).to.be.a("string");
    expect(linearCompute.postcondition(req, { ...res, kernel_basis: [["5", "0", "-2"]] })).to.be.a("string");
    expect(linearCompute.postcondition(req, { ...res, solvable: false })).to.be.a("string");
  });

  it("100 variables of 1000 digits within budget", async () => {
    const r = rng(12);
    const j = testJacobian({ packs: ["diophantine"], pool: false });
    try {
      const coefficients = Array.from({ length: 100 }, () => r.signedDigits(1000).toString());
      const o = await j.run("diophantine.linear.compute", { coefficients, rhs: r.signedDigits(1000).toString() });
      expect(o.outcome, JSON.stringify(o).slice(0, 300)).to.equal("completed");
    } finally {
      await j.close();
    }
  });
});
