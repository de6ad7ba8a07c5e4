import { expect } from "chai";
import fc from "fast-check";
import type { ComputeDeclaration } from "../../../domain/declaration.js";
import type { Json } from "../../../domain/json.js";
import type { RunOutcome } from "../../../domain/outcome.js";
import { loadPack } from "../../../operations/packs.js";
import { parsedRequest, parsedResult } from "../../support/parse.js";
import { gp, requireGp } from "../../support/gp.js";
import { testJacobian } from "../../support/runtime.js";
import { rng } from "./random.js";

const PSI13 = 3317044064679887385961981n;

interface Primality {
  prime: boolean;
  status: "PROVEN" | "PROBABLE";
  method: string;
  witness?: { kind: string; value: string };
  certificate?: { format: "pocklington"; steps: { n: string; factored: { prime: string; exponent: string }[]; witnesses: { q: string; a: string }[] }[] };
  note?: string;
}
interface Search {
  prime: string;
  status: "PROVEN" | "PROBABLE";
  distance: string;
}

function valueOf<T>(o: RunOutcome): T {
  expect(o.outcome, JSON.stringify(o).slice(0, 400)).to.equal("completed");
  return (o as { value: unknown }).value as T;
}

/** GP: a strong probable-prime test, to re-check Miller–Rabin witnesses independently. */
const GP_SPSP = "spsp(n,a)={my(d=n-1,s=0,x);while(d%2==0,d/=2;s++);x=Mod(a,n)^d;if(x==1||x==-1,return(1));for(i=1,s-1,x=x^2;if(x==-1,return(1)));0};";

/** GP: 1 when a Pocklington step holds (primes re-checked with isprime). */
function gpStepCheck(s: { n: string; factored: { prime: string; exponent: string }[]; witnesses: { q: string; a: string }[] }): string {
  const F = s.factored.map((f) => `${f.prime}^${f.exponent}`).join("*") || "1";
  const conds = [`(${s.n}-1) % (${F}) == 0`, `(${F})^2 > ${s.n}`];
  for (const f of s.factored) {
    const w = s.witnesses.find((x) => x.q === f.prime);
    if (!w) return "print(0)";
    conds.push(`isprime(${f.prime})`, `Mod(${w.a}, ${s.n})^(${s.n}-1) == 1`, `gcd(lift(Mod(${w.a}, ${s.n})^((${s.n}-1)/${f.prime})) - 1, ${s.n}) == 1`);
  }
  return `print(if(${conds.join(" && ")}, 1, 0))`;
}

describe("prime operations cross-checked with PARI/GP", function () {
  this.timeout(180_000);
  before(function () {
    requireGp(this);
  });
  // inline: the worker pool is exercised by the pool test below and by the declared examples
  const j = testJacobian({ packs: ["integer"], pool: false });
  after(() => j.close());

  it("integer.primality.compute agrees with isprime on 240 numbers (random, semiprimes, Carmichael numbers, primes of 10–200 digits); witnesses re-checked by gp", async () => {
    const r = rng(4242);
    const cases: bigint[] = [-3n, 0n, 1n, 2n, 3n, 4n, 561n, 1105n, 2047n, 3215031751n, 3825123056546413051n, 318665857834031151167461n, PSI13, PSI13 - 2n, PSI13 + 2n];
    for (let i = 0; i < 80; i++) cases.push(r.digits(r.int(1, 40)));
    // gp builds primes and products of primes from seeds: p = nextprime(seed)
    const seeds = Array.from({ length: 60 }, () => r.digits(r.int(10, 200)));
    const semis = Array.from({ length: 60 }, () => [r.digits(r.int(6, 40)), r.digits(r.int(6, 40))] as const);
    const built = gp([...seeds.map((s) => `print(nextprime(${s}))`), ...semis.map(([a, b]) => `print(nextprime(${a})*nextprime(${b}))`)].join("\n")).map(BigInt);
    cases.push(...built);
    // Chernick Carmichael numbers (6k+1)(12k+1)(18k+1) above ψ13, and squares of primes
    const ch = gp("forstep(k=10^6,10^8,1,if(isprime(6*k+1)&&isprime(12*k+1)&&isprime(18*k+1),print((6*k+1)*(12*k+1)*(18*k+1));c++;if(c>=5,break)))").map(BigInt);
    cases.push(...ch, built[0]! * built[0]!, built[5]! ** 2n);
    // isprime (a proof) up to 40 digits; above, ispseudoprime (PARI's own Baillie–PSW) keeps gp fast
    const expected = gp(cases.map((n) => (n < 10n ** 40n ? `print(isprime(${n}))` : `print(ispseudoprime(${n}))`)).join("\n"));
    const witnessLines: string[] = [];
    let probable = 0, composites = 0;
    for (let i = 0; i < cases.length; i++) {
      const n = cases[i]!;
      const v = valueOf<Primality>(await j.run("integer.primality.compute", { n: n.toString() }));
      expect(v.prime, `${n}`).to.equal(expected[i] === "1");
      if (!v.prime) {
        composites++;
        expect(v.status).to.equal("PROVEN");
        if (n < 2n) {
          expect(v.method).to.equal("definition");
          continue;
        }
        const w = v.witness!;
        if (w.kind === "factor") witnessLines.push(`print(if(${w.value} > 1 && ${w.value} < ${n} && ${n} % ${w.value} == 0, 1, 0))`);
        else if (w.kind === "miller_rabin_base") witnessLines.push(`print(if(spsp(${n}, ${w.value}) == 0, 1, 0))`);
        else witnessLines.push(`print(if(isprime(${n}) == 0, 1, 0))`);
      } else {
        expect(v.status, `${n}`).to.equal(n < PSI13 ? "PROVEN" : "PROBABLE");
        if (v.status === "PROBABLE") probable++;
      }
    }
    expect(probable).to.be.greaterThan(40);
    expect(composites).to.be.greaterThan(100);
    const checks = gp(GP_SPSP + "\n" + witnessLines.join("\n"));
    expect(checks.length).to.equal(witnessLines.length);
    expect(checks.every((c) => c === "1"), "every witness is valid").to.equal(true);
  });

  it("Baillie–PSW on numbers of 600–1300 digits agrees with ispseudoprime", async () => {
    const m = (p: number): bigint => 2n ** BigInt(p) - 1n;
    // Mersenne primes M2203, M3217 (969 digits), M4253 (1281 digits); neighbours and products without small factors
    const cases = [m(2203), m(3217), m(4253), m(3217) + 2n, m(3217) - 2n, m(3217) * m(127), m(2203) * m(2281), m(4253) - 4n];
    const expected = gp(cases.map((n) => `print(ispseudoprime(${n}))`).join("\n"));
    for (let i = 0; i < cases.length; i++) {
      const v = valueOf<Primality>(await j.run("integer.primality.compute", { n: cases[i]!.toString() }));
      expect(v.prime, `case ${i}`).to.equal(expected[i] === "1");
      expect(v.status).to.equal(v.prime ? "PROBABLE" : "PROVEN");
      if (i === 5) expect([v.method, v.witness?.kind]).to.deep.equal(["baillie_psw", "miller_rabin_base"]);
    }
  });

  it("prove: true gives Pocklington certificates that gp re-checks step by step, or PROBABLE with a note", async () => {
    const r = rng(77);
    // primes p = k·q + 1 with a known large prime q (so p − 1 is easy) and random gp primes of 25–45 digits
    const built = gp(
      [
        ...Array.from({ length: 4 }, () => `q=nextprime(${r.digits(r.int(26, 40))}); k=2; while(!isprime(k*q+1), k+=2); print(k*q+1)`),
        ...Array.from({ length: 8 }, () => `print(nextprime(${r.digits(r.int(25, 45))}))`),
        "print(2^127-1)", "print(2^521-1)", "k=3; while(!isprime(k*2^200+1), k+=2); print(k*2^200+1)",
      ].join("\n"),
    ).map(BigInt);
    const lines: string[] = [];
    let proven = 0;
    for (const p of built) {
      const v = valueOf<Primality>(await j.run("integer.primality.compute", { n: p.toString(), prove: true }));
      expect(v.prime).to.equal(true);
      if (v.status === "PROBABLE") {
        expect(v.note, `${p}`).to.be.a("string");
        continue;
      }
      proven++;
      expect(v.method).to.equal("pocklington");
      for (const st of v.certificate!.steps) lines.push(gpStepCheck(st));
      const check = valueOf<{ verdict: string }>(await j.run("integer.primality_certificate.verify", { n: p.toString(), certificate: v.certificate! }));
      expect(check.verdict, `${p}`).to.equal("accepted");
    }
    expect(proven).to.be.greaterThan(6);
    const ok = gp(lines.join("\n"));
    expect(ok.length).to.equal(lines.length);
    expect(ok.every((x) => x === "1")).to.equal(true);
  });

  it("next_prime and previous_prime agree with nextprime(n + 1) and precprime(n − 1) on 135 numbers of 1–200 digits", async () => {
    const r = rng(99);
    const cases: bigint[] = [-100n, -1n, 0n, 1n, 2n, 3n, 4n, 5n, 2n ** 40n - 1n, 2n ** 40n, 2n ** 40n + 1n, PSI13 - 30n, PSI13 + 100n];
    for (let i = 0; i < 110; i++) cases.push(r.digits(r.int(1, 60)));
    for (let i = 0; i < 12; i++) cases.push(r.digits(r.int(61, 200)));
    const next = gp(cases.map((n) => `print(nextprime(${n}+1))`).join("\n")).map(BigInt);
    const prev = gp(cases.map((n) => `print(if(${n} > 2, precprime(${n}-1), 0))`).join("\n")).map(BigInt);
    for (let i = 0; i < cases.length; i++) {
      const n = cases[i]!;
      const a = valueOf<Search>(await j.run("integer.next_prime.compute", { n: n.toString() }));
      expect(BigInt(a.prime), `next(${n})`).to.equal(next[i]);
      expect(BigInt(a.distance)).to.equal(next[i]! - n);
      expect(a.status).to.equal(next[i]! < PSI13 ? "PROVEN" : "PROBABLE");
      const o = await j.run("integer.previous_prime.compute", { n: n.toString() });
      if (n <= 2n) {
        expect(o.outcome).to.equal("failed");
        expect((o as { error: { code: string; path?: string } }).error).to.include({ code: "DOMAIN_ERROR", path: "payload.n" });
        continue;
      }
      const b = valueOf<Search>(o);
      expect(BigInt(b.prime), `prev(${n})`).to.equal(prev[i]);
      expect(b.status).to.equal(prev[i]! < PSI13 ? "PROVEN" : "PROBABLE");
    }
  });

  it("nth_prime agrees with prime(n) on random n up to 10^6 and 10^9, and p_{π(10^10)} = precprime(10^10)", async () => {
    const r = rng(5);
    const ns = [1, 2, 3, 4, 5, 6, 7, 100, 10_000, 10_001, 78_498, 78_499, 1_000_000_000];
    for (let i = 0; i < 25; i++) ns.push(r.int(1, 10 ** r.int(1, 6)));
    const expected = gp(ns.map((n) => `print(prime(${n}))`).join("\n"));
    for (let i = 0; i < ns.length; i++) {
      const v = valueOf<{ prime: string }>(await j.run("integer.nth_prime.compute", { n: String(ns[i]) }));
      expect(v.prime, `p_${ns[i]}`).to.equal(expected[i]);
    }
    // gp's prime(n) is slow beyond its tables; the largest prime below 10^10 has index π(10^10)
    const [pi10, prev10] = gp("print(primepi(10^10)); print(precprime(10^10))");
    const v = valueOf<{ prime: string }>(await j.run("integer.nth_prime.compute", { n: pi10! }));
    expect(v.prime).to.equal(prev10);
  });

  it("prime_count agrees with primepi(x) on 30 random x up to 10^9 and π(10^10)", async () => {
    const r = rng(6);
    const xs: bigint[] = [-5n, 0n, 1n, 2n, 3n, 199_999n, 200_000n, 200_003n, 10n ** 10n];
    for (let i = 0; i < 30; i++) xs.push(BigInt(r.int(2, 10 ** r.int(1, 9))));
    const expected = gp(xs.map((x) => `print(primepi(${x}))`).join("\n"));
    for (let i = 0; i < xs.length; i++) {
      const v = valueOf<{ count: string }>(await j.run("integer.prime_count.compute", { x: xs[i]!.toString() }));
      expect(v.count, `π(${xs[i]})`).to.equal(expected[i]);
    }
  });

  it("π(10^11) and π(10^12) equal the published values (OEIS A006880; gp needs 10 s and more for them)", async () => {
    const a = valueOf<{ count: string }>(await j.run("integer.prime_count.compute", { x: "100000000000" }));
    expect(a.count).to.equal("4118054813");
    const b = valueOf<{ count: string }>(await j.run("integer.prime_count.compute", { x: "1000000000000" }));
    expect(b.count).to.equal("37607912018");
  });
});

describe("prime operations: properties and bounds", function () {
  this.timeout(120_000);
  const j = testJacobian({ packs: ["integer"], pool: false });
  after(() => j.close());

  it("prime_count(nth_prime(n)) = n and prime_count(nth_prime(n) − 1) = n − 1", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 50_000_000 }), async (n) => {
        const p = BigInt(valueOf<{ prime: string }>(await j.run("integer.nth_prime.compute", { n: String(n) })).prime);
        const c1 = valueOf<{ count: string }>(await j.run("integer.prime_count.compute", { x: p.toString() })).count;
        const c0 = valueOf<{ count: string }>(await j.run("integer.prime_count.compute", { x: (p - 1n).toString() })).count;
        expect([c1, c0]).to.deep.equal([String(n), String(n - 1)]);
      }),
      { numRuns: 25, seed: 8 },
    );
  });

  it("previous_prime(next_prime(n)) ≤ n < next_prime(n), both prime per integer.primality.compute", async () => {
    await fc.assert(
      fc.asyncProperty(fc.bigInt({ min: 3n, max: 10n ** 40n }), async (n) => {
        const up = valueOf<Search>(await j.run("integer.next_prime.compute", { n: n.toString() }));
        const back = valueOf<Search>(await j.run("integer.previous_prime.compute", { n: up.prime }));
        expect(BigInt(back.prime) <= n && BigInt(up.prime) > n).to.equal(true);
        for (const p of [up.prime, back.prime]) expect(valueOf<Primality>(await j.run("integer.primality.compute", { n: p })).prime).to.equal(true);
      }),
      { numRuns: 40, seed: 9 },
    );
  });

  it("primality is invariant under the witness: a composite's factor witness divides it, products of two primes are composite", async () => {
    await fc.assert(
      fc.asyncProperty(fc.bigInt({ min: 2n, max: 10n ** 30n }), fc.bigInt({ min: 2n, max: 10n ** 30n }), async (a, b) => {
        const v = valueOf<Primality>(await j.run("integer.primality.compute", { n: (a * b).toString() }));
        expect(v.prime).to.equal(false);
        expect(v.status).to.equal("PROVEN");
        if (v.witness!.kind === "factor") expect((a * b) % BigInt(v.witness!.value)).to.equal(0n);
      }),
      { numRuns: 60, seed: 10 },
    );
  });

  it("fails closed: sizes above the bounds are invalid payloads, n ≤ 2 has no previous prime", async () => {
    const bad: [string, Record<string, unknown>][] = [
      ["integer.prime_count.compute", { x: "1000000000000000" }],
      ["integer.nth_prime.compute", { n: "10000000000000" }],
      ["integer.nth_prime.compute", { n: "0" }],
      ["integer.primality.compute", { n: "1" + "0".repeat(10_000) }],
      ["integer.next_prime.compute", { n: "1" + "0".repeat(1500) }],
      ["integer.primality.compute", { n: "7", prove: "yes" }],
      ["integer.primality.compute", { n: "07" }],
    ];
    for (const [id, payload] of bad) {
      const o = await j.run(id, payload);
      expect(o.outcome, `${id} ${JSON.stringify(payload).slice(0, 60)}`).to.equal("failed");
      expect((o as { error: { code: string } }).error.code).to.equal("INVALID_PAYLOAD");
    }
    const o = await j.run("integer.previous_prime.compute", { n: "2" });
    expect(o.outcome).to.equal("failed");
    expect((o as { error: { code: string; hint?: string } }).error.code).to.equal("DOMAIN_ERROR");
  });

  it("2^3217 + 1 (969 digits) is composite by trial division; a Mersenne exponent proof is PROVEN", async () => {
    const w = valueOf<Primality>(await j.run("integer.primality.compute", { n: (2n ** 3217n + 1n).toString() }));
    expect(w).to.deep.equal({ prime: false, status: "PROVEN", method: "trial_division", witness: { kind: "factor", value: "3" } });
    const v = valueOf<Primality>(await j.run("integer.primality.compute", { n: (2n ** 107n - 1n).toString(), prove: true }));
    expect([v.status, v.method]).to.deep.equal(["PROVEN", "pocklington"]);
  });
});

describe("prime operations in the worker pool", function () {
  this.timeout(120_000);
  const j = testJacobian({ packs: ["integer"] });
  after(() => j.close());

  it("π(10^11) runs in the pool and reports monotone progress", async () => {
    const seen: number[] = [];
    const o = await j.run("integer.prime_count.compute", { x: "100000000000" }, { onProgress: (done: number) => seen.push(done) });
    expect(valueOf<{ count: string }>(o).count).to.equal("4118054813");
    expect(seen.length).to.be.greaterThan(1);
    expect(seen).to.deep.equal([...seen].sort((a, b) => a - b));
  });
});

const integerPack = await loadPack("integer");

describe("prime operations: postconditions refuse wrong answers", () => {
  const ops = integerPack;
  const decl = (id: string) => ops.operations.find((d) => d.id === id)! as ComputeDeclaration;
  const post = (id: string, payload: Record<string, Json>, wire: Record<string, Json>) => decl(id).postcondition(parsedRequest(decl(id), payload), parsedResult(decl(id), wire));

  it("next and previous prime: distance, direction, primality, skipped primes and status are all checked", () => {
    const next = "integer.next_prime.compute", prev = "integer.previous_prime.compute";
    expect(post(next, { n: "100" }, { prime: "101", status: "PROVEN", distance: "1" })).to.equal(null);
    expect(post(next, { n: "100" }, { prime: "101", status: "PROVEN", distance: "2" })).to.match(/distance/);
    expect(post(next, { n: "100" }, { prime: "103", status: "PROVEN", distance: "3" })).to.match(/101 is a prime between/);
    expect(post(next, { n: "100" }, { prime: "105", status: "PROVEN", distance: "5" })).to.match(/not prime/);
    expect(post(next, { n: "100" }, { prime: "101", status: "PROBABLE", distance: "1" })).to.match(/status/);
    expect(post(next, { n: "-5" }, { prime: "3", status: "PROVEN", distance: "8" })).to.match(/is 2/);
    expect(post(prev, { n: "100" }, { prime: "97", status: "PROVEN", distance: "3" })).to.equal(null);
    expect(post(prev, { n: "100" }, { prime: "89", status: "PROVEN", distance: "11" })).to.match(/97 is a prime between/);
    expect(post(prev, { n: "100" }, { prime: "101", status: "PROVEN", distance: "1" })).to.be.a("string");
    const big = "1000000000000000000000000000000";
    expect(post(next, { n: big }, { prime: "1000000000000000000000000000057", status: "PROBABLE", distance: "57" })).to.equal(null);
    expect(post(next, { n: big }, { prime: "1000000000000000000000000000057", status: "PROVEN", distance: "57" })).to.match(/status/);
    expect(post(next, { n: big }, { prime: "1000000000000000000000000000059", status: "PROBABLE", distance: "59" })).to.match(/small factor/);
  });

  it("primality: witnesses, certificates and statuses are re-checked", () => {
    const id = "integer.primality.compute";
    expect(post(id, { n: "561" }, { prime: false, status: "PROVEN", method: "trial_division", witness: { kind: "factor", value: "3" } })).to.equal(null);
    expect(post(id, { n: "561" }, { prime: false, status: "PROVEN", method: "trial_division", witness: { kind: "factor", value: "5" } })).to.match(/does not divide/);
    expect(post(id, { n: "561" }, { prime: true, status: "PROVEN", method: "trial_division" })).to.match(/strong probable prime/);
    expect(post(id, { n: "1105" }, { prime: true, status: "PROVEN", method: "deterministic_miller_rabin" })).to.match(/factor below 1000/);
    expect(post(id, { n: "2047" }, { prime: false, status: "PROVEN", method: "trial_division", witness: { kind: "miller_rabin_base", value: "2" } })).to.match(/does not witness/);
    expect(post(id, { n: "97" }, { prime: true, status: "PROBABLE", method: "baillie_psw" })).to.be.a("string");
    const m127 = "170141183460469231731687303715884105727";
    expect(post(id, { n: m127 }, { prime: true, status: "PROVEN", method: "deterministic_miller_rabin" })).to.match(/certificate/);
    const bad = { format: "pocklington", steps: [{ n: m127, factored: [{ prime: "2", exponent: "1" }], witnesses: [{ q: "2", a: "3" }] }] };
    expect(post(id, { n: m127, prove: true }, { prime: true, status: "PROVEN", method: "pocklington", certificate: bad })).to.match(/certificate is invalid/);
  });
});
