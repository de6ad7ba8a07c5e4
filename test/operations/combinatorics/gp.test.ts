import { expect } from "chai";
import type { Json } from "../../../domain/json.js";
import { gp, requireGp } from "../../support/gp.js";
import { testJacobian } from "../../support/runtime.js";
import { rng } from "../integer/random.js";

type Api = ReturnType<typeof testJacobian>;

/** The completed value of a run (fetched from the artifact store when too large to inline). */
async function value(j: Api, id: string, payload: Record<string, Json>): Promise<Record<string, string>> {
  const o = await j.run(id, payload);
  expect(o.outcome, `${id} ${JSON.stringify(payload).slice(0, 200)}: ${JSON.stringify(o).slice(0, 400)}`).to.equal("completed");
  if (o.outcome !== "completed") throw new Error("not completed");
  if (o.value !== undefined) return o.value as Record<string, string>;
  return ((await j.artifact(o.value_artifact!)) as { result: Record<string, string> }).result;
}

interface Case {
  payload: Record<string, Json>;
  /** A GP expression whose printed value must equal the result field. */
  gp: string;
}

/** One gp call for the whole batch, then every case through the public API. */
async function crossCheck(j: Api, id: string, field: string, cases: Case[]): Promise<void> {
  const expected = gp(cases.map((c) => `print(${c.gp})`).join("\n"));
  expect(expected.length, `${id}: gp answered every case`).to.equal(cases.length);
  for (let i = 0; i < cases.length; i++) {
    const v = await value(j, id, cases[i]!.payload);
    expect(v[field], `${id} ${JSON.stringify(cases[i]!.payload).slice(0, 200)} vs ${cases[i]!.gp.slice(0, 200)}`).to.equal(expected[i]);
  }
}

describe("combinatorics pack cross-checked with PARI/GP (random inputs, one gp call per operation)", function () {
  this.timeout(180_000);
  before(function () {
    requireGp(this);
  });
  const j = testJacobian({ packs: ["combinatorics"], pool: false });
  after(() => j.close());

  it("binomial: 124 random (n, k) — small, negative n, central, k > n, n of 20–300 digits, negative k — against binomial(n, k)", async () => {
    const r = rng(4101);
    const cases: Case[] = [];
    for (let i = 0; i < 90; i++) {
      const shape = i % 5;
      let n: bigint, k: bigint;
      if (shape === 0) [n, k] = [BigInt(r.int(0, 200)), BigInt(r.int(0, 220))];
      else if (shape === 1) [n, k] = [BigInt(r.int(-100_000, -1)), BigInt(r.int(0, 400))];
      else if (shape === 2) {
        n = BigInt(r.int(2, 30_000));
        k = n / 2n + BigInt(r.int(-5, 5));
      } else if (shape === 3) [n, k] = [r.digits(r.int(20, 300)) * (r.int(0, 1) ? 1n : -1n), BigInt(r.int(0, 60))];
      else {
        n = BigInt(r.int(1000, 10_000_000));
        k = n - BigInt(r.int(0, 300));
      }
      cases.push({ payload: { n: n.toString(), k: k.toString() }, gp: `binomial(${n}, ${k})` });
    }
    // k < 0 (issue 8: refused before): 0 for every n in PARI/GP, negative n and k ≤ n < 0 included (gp takes k of one machine word).
    for (let i = 0; i < 30; i++) {
      const k = i % 3 === 0 ? -r.digits(r.int(1, 18)) : BigInt(r.int(-200, -1));
      const n = i % 2 === 0 ? BigInt(r.int(-300, 300)) : r.digits(r.int(1, 300)) * (r.int(0, 1) ? 1n : -1n);
      cases.push({ payload: { n: n.toString(), k: k.toString() }, gp: `binomial(${n}, ${k})` });
    }
    for (const [n, k] of [[-1n, -1n], [-3n, -5n], [-5n, -3n], [0n, -1n]]) cases.push({ payload: { n: n!.toString(), k: k!.toString() }, gp: `binomial(${n}, ${k})` });
    await crossCheck(j, "combinatorics.binomial.compute", "binomial", cases);
  });

  it("multinomial: 25 random lists of up to 6 counts ≤ 3000 against (Σk)!/Πk!", async () => {
    const r = rng(4102);
    const cases: Case[] = [];
    for (let i = 0; i < 25; i++) {
      const ks = Array.from({ length: r.int(0, 6) }, () => r.int(0, i % 3 === 0 ? 3000 : 40));
      const gpExpr = ks.length ? `(${ks.join("+")})!/(${ks.map((k) => `${k}!`).join("*")})` : "1";
      cases.push({ payload: { counts: ks.map(String) }, gp: gpExpr });
    }
    await crossCheck(j, "combinatorics.multinomial.compute", "multinomial", cases);
  });

  it("binomial by Legendre exponents (n ≤ 2^24, min(k, n − k) ≥ n/4) and next to that route's edges: 40 random (n, k) with n up to 250,000 against binomial(n, k)", async () => {
    const r = rng(4102);
    const cases: Case[] = [];
    for (let i = 0; i < 40; i++) {
      const n = r.int(2, i < 30 ? 3000 : 250_000);
      // the short side at n/4 − 1 … n/2: just outside and inside the exponent route, and the central case
      const m = i % 4 === 0 ? Math.ceil(n / 4) - 1 : i % 4 === 1 ? Math.ceil(n / 4) : r.int(Math.ceil(n / 4), Math.floor(n / 2));
      const k = r.int(0, 1) ? m : n - m;
      cases.push({ payload: { n: String(n), k: String(k) }, gp: `binomial(${n}, ${k})` });
    }
    await crossCheck(j, "combinatorics.binomial.compute", "binomial", cases);
  });

  it("factorial: 25 random n ≤ 30,000 and n = 100,000 against n!", async () => {
    const r = rng(4103);
    const ns = [100_000, 0, 1, 2, 20, 21];
    while (ns.length < 26) ns.push(r.int(0, 30_000));
    await crossCheck(j, "combinatorics.factorial.compute", "factorial", ns.map((n) => ({ payload: { n: String(n) }, gp: `${n}!` })));
  });

  it("double factorial: 30 random n ∈ [−301, 20,000] (negative odd included) against a product", async () => {
    const r = rng(4104);
    const ns = [-1, 0, 1, 2, -3, -5];
    while (ns.length < 30) {
      const n = r.int(-301, 20_000);
      if (n < -1 && n % 2 === 0) continue;
      ns.push(n);
    }
    const expr = (n: number): string => {
      if (n >= -1) return `prod(i=0,(${n}-1)\\2,${n}-2*i)`;
      const k = (-n - 1) / 2;
      return `(-1)^${k}/prod(i=0,${k}-1,${2 * k - 1}-2*i)`;
    };
    await crossCheck(j, "combinatorics.double_factorial.compute", "double_factorial", ns.map((n) => ({ payload: { n: String(n) }, gp: expr(n) })));
  });

  it("falling and rising factorials: 30 random rational x (integers, fractions, 1–40 digit parts) and k ≤ 400 against prod(i = 0, k − 1, x ∓ i)", async () => {
    const r = rng(4105);
    const falling: Case[] = [], rising: Case[] = [];
    for (let i = 0; i < 30; i++) {
      const num = r.signedDigits(r.int(1, i % 4 === 0 ? 40 : 3));
      const den = i % 3 === 0 ? 1n : r.digits(r.int(1, 4)) + 1n;
      const x = den === 1n ? num.toString() : `${num}/${den}`;
      const k = r.int(0, i % 5 === 0 ? 400 : 30);
      falling.push({ payload: { x, k: String(k) }, gp: `prod(i=0,${k}-1,${x}-i)` });
      rising.push({ payload: { x, k: String(k) }, gp: `prod(i=0,${k}-1,${x}+i)` });
    }
    await crossCheck(j, "combinatorics.falling_factorial.compute", "falling_factorial", falling);
    await crossCheck(j, "combinatorics.rising_factorial.compute", "rising_factorial", rising);
  });

  it("catalan: 25 random n ≤ 50,000 against binomial(2n, n)/(n + 1)", async () => {
    const r = rng(4106);
    const ns = [0, 1, 2];
    while (ns.length < 25) ns.push(r.int(0, 50_000));
    await crossCheck(j, "combinatorics.catalan.compute", "catalan", ns.map((n) => ({ payload: { n: String(n) }, gp: `binomial(2*${n},${n})/(${n}+1)` })));
  });

  it("bell: 15 random n ≤ 250 against Σ_k stirling(n, k, 2), and n = 64, 320 against the coefficients of serlaplace(exp(exp(x) − 1))", async () => {
    const r = rng(4107);
    const cases: Case[] = [0, 1, 2, 63].map((n) => ({ payload: { n: String(n) }, gp: `sum(k=0,${n},stirling(${n},k,2))` }));
    while (cases.length < 15) {
      const n = r.int(0, 250);
      cases.push({ payload: { n: String(n) }, gp: `sum(k=0,${n},stirling(${n},k,2))` });
    }
    for (const n of [64, 320]) cases.push({ payload: { n: String(n) }, gp: `polcoef(serlaplace(exp(exp(x+O(x^${n + 1}))-1)),${n})` });
    await crossCheck(j, "combinatorics.bell.compute", "bell", cases);
  });

  it("stirling1 (signed and unsigned) and stirling2: 40 random (n, k) with n ≤ 400 against stirling(n, k, 1) and stirling(n, k, 2)", async () => {
    const r = rng(4108);
    const pairs: [number, number][] = [[0, 0], [5, 0], [0, 3], [400, 1], [400, 399], [400, 200]];
    while (pairs.length < 40) {
      const n = r.int(0, 400);
      pairs.push([n, r.int(0, n + 2)]);
    }
    const s1 = pairs.map(([n, k]) => ({ payload: { n: String(n), k: String(k) }, gp: `stirling(${n},${k},1)` }));
    await crossCheck(j, "combinatorics.stirling1.compute", "signed", s1);
    await crossCheck(j, "combinatorics.stirling1.compute", "unsigned", s1.map((c) => ({ ...c, gp: `abs(${c.gp})` })));
    await crossCheck(j, "combinatorics.stirling2.compute", "stirling2", pairs.map(([n, k]) => ({ payload: { n: String(n), k: String(k) }, gp: `stirling(${n},${k},2)` })));
  });

  it("derangements: 20 random n ≤ 1500 against n!·Σ(−1)^i/i!", async () => {
    const r = rng(4109);
    const ns = [0, 1, 2, 3];
    while (ns.length < 20) ns.push(r.int(0, 1500));
    await crossCheck(j, "combinatorics.derangements.compute", "derangements", ns.map((n) => ({ payload: { n: String(n) }, gp: `${n}!*sum(i=0,${n},(-1)^i/i!)` })));
  });

  it("fibonacci and lucas: 40 random n ∈ [−10^5, 10^5] and n = 10^6 against fibonacci(n) and fibonacci(n − 1) + fibonacci(n + 1)", async () => {
    const r = rng(4110);
    const ns = [0, 1, -1, 2, -2, 1_000_000];
    while (ns.length < 40) ns.push(r.int(-100_000, 100_000));
    await crossCheck(j, "combinatorics.fibonacci.compute", "fibonacci", ns.map((n) => ({ payload: { n: String(n) }, gp: `fibonacci(${n})` })));
    await crossCheck(j, "combinatorics.lucas.compute", "lucas", ns.map((n) => ({ payload: { n: String(n) }, gp: `fibonacci(${n}-1)+fibonacci(${n}+1)` })));
  });

  it("bernoulli: 30 random n ≤ 3000 (both the tangent-number and the ζ-enclosure range) and n = 10,000 against bernfrac(n)", async () => {
    const r = rng(4111);
    const ns = [0, 1, 2, 3, 298, 300, 10_000];
    while (ns.length < 30) ns.push(r.int(0, 3000));
    await crossCheck(j, "combinatorics.bernoulli.compute", "bernoulli", ns.map((n) => ({ payload: { n: String(n) }, gp: `bernfrac(${n})` })));
  });
});
