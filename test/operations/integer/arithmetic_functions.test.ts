/**
 * The factorization-based arithmetic functions (divisors, τ, σ_k, φ, λ, μ, rad, ω, Ω): PARI/GP
 * cross-checks on seeded random integers (one gp call per batch), consistency properties between
 * the operations, and the typed INCOMPLETE / PROBABLE / PROVEN outcomes and refusals.
 */
import { expect } from "chai";
import fc from "fast-check";
import { decidePrimality } from "../../../domain/math/primality.js";
import type { RunOutcome } from "../../../domain/outcome.js";
import { loadPack } from "../../../operations/packs.js";
import { gp, requireGp } from "../../support/gp.js";
import { testJacobian } from "../../support/runtime.js";
import { rng } from "./random.js";
import { checkPostconditionsOnExamples } from "./tamper.js";

type Value = Record<string, unknown>;

// Inline execution: these batches check the mathematics; running declared operations in the worker
// pool is covered by the runtime's tests and by the examples suite (several of these operations'
// examples are pooled), and a pool boot here would only add seconds.
const j = testJacobian({ packs: ["integer"], pool: false });
after(() => j.close());

async function value(id: string, payload: Record<string, unknown>): Promise<Value> {
  const o = await j.run(id, payload);
  expect(o.outcome, `${id} ${JSON.stringify(payload).slice(0, 200)} → ${JSON.stringify(o).slice(0, 400)}`).to.equal("completed");
  return (o as { value: Value }).value;
}

function expectFailed(o: RunOutcome, code: string, path?: string): void {
  expect(o.outcome, JSON.stringify(o).slice(0, 300)).to.equal("failed");
  if (o.outcome !== "failed") return;
  expect(o.error.code).to.equal(code);
  if (path) expect(o.error.path).to.equal(path);
}

const FUNCTIONS = [
  ["integer.divisor_count.compute", "divisor_count"],
  ["integer.divisor_sum.compute", "divisor_sum"],
  ["integer.totient.compute", "totient"],
  ["integer.carmichael_lambda.compute", "carmichael_lambda"],
  ["integer.moebius.compute", "moebius"],
  ["integer.radical.compute", "radical"],
  ["integer.omega.compute", "omega"],
  ["integer.bigomega.compute", "bigomega"],
] as const;

/** Seeded integers whose factorizations complete quickly: random ≤ 18 digits, smooth numbers, prime powers, primes, with signs. */
function seededIntegers(seed: number, count: number): bigint[] {
  const r = rng(seed);
  const out: bigint[] = [1n, -1n, 2n, 4n, 12n, 561n, 720720n, (1n << 64n) + 1n, 3n * ((1n << 127n) - 1n)];
  const smallPrimes = [2n, 3n, 5n, 7n, 11n, 13n, 101n, 65537n, 1000003n];
  while (out.length < count) {
    const shape = r.int(0, 3);
    let n: bigint;
    if (shape === 0) n = r.digits(r.int(1, 18)) + 1n;
    else if (shape === 1) {
      n = 1n;
      for (let i = r.int(1, 6); i > 0; i--) n *= r.pick(smallPrimes) ** BigInt(r.int(1, 8));
    } else if (shape === 2) n = r.pick(smallPrimes) ** BigInt(r.int(1, 60));
    else n = r.digits(r.int(2, 12)) * r.digits(r.int(2, 12)) * r.pick(smallPrimes) + 1n;
    out.push(r.int(0, 4) === 0 ? -n : n);
  }
  return out;
}

describe("integer arithmetic functions cross-checked with PARI/GP", function () {
  this.timeout(180_000);
  before(function () {
    requireGp(this);
  });

  it("τ, σ, σ_k, φ, λ, μ, rad, ω, Ω agree with numdiv, sigma, eulerphi, znstar, moebius, factorback, omega, bigomega on 50 seeded integers", async () => {
    const ns = seededIntegers(201, 50);
    const r = rng(202);
    const ks = ns.map(() => r.pick([0, 1, 2, 3, 7]));
    const lines = gp(
      ns
        .map(
          (n, i) =>
            `my(n=${n}); print(numdiv(n), " ", sigma(n, ${ks[i]}), " ", eulerphi(n), " ", lcm(znstar(abs(n)).cyc), " ", moebius(n), " ", factorback(factor(abs(n))[,1]), " ", omega(n), " ", bigomega(n))`,
        )
        .join("\n"),
    );
    for (let i = 0; i < ns.length; i++) {
      const n = ns[i]!.toString();
      const expected = lines[i]!.split(" ");
      for (let f = 0; f < FUNCTIONS.length; f++) {
        const [id, field] = FUNCTIONS[f]!;
        const v = await value(id, field === "divisor_sum" ? { n, k: String(ks[i]) } : { n });
        expect(v.status, `${id}(${n})`).to.equal("COMPLETE");
        expect(v[field], `${id}(${n})${field === "divisor_sum" ? ` k = ${ks[i]}` : ""}`).to.equal(expected[f]);
        // lcm(empty) is 1 in PARI too; the factorization is part of every complete result
        expect(v.unfactored).to.equal("1");
      }
    }
  });

  it("integer.divisors.compute agrees with divisors (complete lists, and truncated prefixes) on 50 seeded integers", async () => {
    const ns = seededIntegers(203, 50);
    const r = rng(204);
    const limits = ns.map(() => r.pick([undefined, 1, 5, 50, 1000]));
    const lines = gp(ns.map((n) => `my(d=divisors(${n})); print(#d, " ", strjoin(apply(x->Str(x), d[1..min(#d, 1000)]), ","))`).join("\n"));
    for (let i = 0; i < ns.length; i++) {
      const [count, list] = lines[i]!.split(" ");
      const limit = limits[i];
      const v = await value("integer.divisors.compute", { n: ns[i]!.toString(), ...(limit ? { limit } : {}) });
      const all = list!.split(",");
      const shown = limit ? all.slice(0, limit) : all;
      expect(v.divisor_count, `τ(${ns[i]})`).to.equal(count);
      expect((v.divisors as string[]).join(","), `divisors(${ns[i]}) limit ${limit}`).to.equal(shown.join(","));
      expect(v.truncated).to.equal(BigInt(count!) > BigInt(limit ?? 10_000));
    }
  });

  it("factorizations with large prime factors (the engine's rho, ECM and SIQS) agree with PARI: 9–11-digit and 18–20-digit prime pairs", async () => {
    const r = rng(205);
    const nextPrime = (x: bigint): bigint => {
      while (!decidePrimality(x).prime) x++;
      return x;
    };
    const ns: bigint[] = [];
    for (let i = 0; i < 3; i++) ns.push(nextPrime(r.digits(r.int(9, 11))) * nextPrime(r.digits(r.int(9, 11))) * BigInt(r.int(1, 1000)));
    for (let i = 0; i < 2; i++) ns.push(nextPrime(r.digits(r.int(18, 20))) * nextPrime(r.digits(r.int(18, 20))));
    const lines = gp(ns.map((n) => `print(eulerphi(${n}), " ", sigma(${n}), " ", moebius(${n}))`).join("\n"));
    for (let i = 0; i < ns.length; i++) {
      const [phi, sigma, mu] = lines[i]!.split(" ");
      const n = ns[i]!.toString();
      expect((await value("integer.totient.compute", { n })).totient).to.equal(phi);
      expect((await value("integer.divisor_sum.compute", { n })).divisor_sum).to.equal(sigma);
      expect((await value("integer.moebius.compute", { n })).moebius).to.equal(mu);
    }
  });
});

describe("integer arithmetic functions: properties through the API", function () {
  this.timeout(120_000);

  it("the functions are mutually consistent: Σ_{d|n} φ(d) = n, Σ_{d|n} μ(d) = [n = 1], λ | φ, rad·… and σ_0 = τ", async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 5000 }), async (n) => {
        const N = String(n);
        const d = await value("integer.divisors.compute", { n: N });
        const divs = d.divisors as string[];
        let phiSum = 0n, muSum = 0n;
        for (const x of divs) {
          phiSum += BigInt((await value("integer.totient.compute", { n: x })).totient as string);
          muSum += BigInt((await value("integer.moebius.compute", { n: x })).moebius as string);
        }
        expect(phiSum).to.equal(BigInt(n));
        expect(muSum).to.equal(n === 1 ? 1n : 0n);
        const phi = BigInt((await value("integer.totient.compute", { n: N })).totient as string);
        const lambda = BigInt((await value("integer.carmichael_lambda.compute", { n: N })).carmichael_lambda as string);
        expect(phi % lambda).to.equal(0n);
        const tau = (await value("integer.divisor_count.compute", { n: N })).divisor_count;
        expect((await value("integer.divisor_sum.compute", { n: N, k: "0" })).divisor_sum).to.equal(tau);
        expect(BigInt(tau as string)).to.equal(BigInt(divs.length));
        const sigma = (await value("integer.divisor_sum.compute", { n: N })).divisor_sum;
        expect(BigInt(sigma as string)).to.equal(divs.reduce((s, x) => s + BigInt(x), 0n));
        const omega = Number((await value("integer.omega.compute", { n: N })).omega);
        const bigomega = Number((await value("integer.bigomega.compute", { n: N })).bigomega);
        const mu = (await value("integer.moebius.compute", { n: N })).moebius;
        expect(mu).to.equal(omega !== bigomega ? "0" : omega % 2 === 0 ? "1" : "-1");
        const rad = BigInt((await value("integer.radical.compute", { n: N })).radical as string);
        expect(BigInt(n) % rad).to.equal(0n);
        expect(rad === BigInt(n)).to.equal(mu !== "0");
      }),
      { numRuns: 25 },
    );
  });

  it("a result's factorization is accepted by integer.prime_factorization.verify", async () => {
    for (const n of ["720720", "18446744073709551617", "510423210737614171302963"]) {
      const v = await value("integer.totient.compute", { n });
      const check = await value("integer.prime_factorization.verify", { n, claim: { factors: v.factorization } });
      expect(check.verdict, n).to.equal("accepted");
    }
  });
});

describe("integer arithmetic functions: postconditions", () => {
  it("accept each declared example's value and catch every single-field change of it", async () => {
    const ids = [...FUNCTIONS.map(([id]) => id as string), "integer.divisors.compute"];
    const declarations = (await loadPack("integer")).operations.filter((d) => ids.includes(d.id));
    expect(declarations.length).to.equal(ids.length);
    checkPostconditionsOnExamples(declarations);
  });
});

describe("integer arithmetic functions: typed outcomes and boundaries", function () {
  this.timeout(120_000);
  const M521 = (1n << 521n) - 1n, M607 = (1n << 607n) - 1n;

  it("an unfactorable n within budget gives status INCOMPLETE with the cofactor and no value (never a guess)", async () => {
    const n = (M521 * M607 * 12n).toString();
    const v = await value("integer.totient.compute", { n, effort: "quick" });
    expect(v).to.deep.equal({ status: "INCOMPLETE", factorization: [{ prime: "2", exponent: "2" }, { prime: "3", exponent: "1" }], unfactored: (M521 * M607).toString() });
  });

  it("μ = 0 is settled by a square factor even when the rest does not factor", async () => {
    const v = await value("integer.moebius.compute", { n: (M521 * M607 * 18n).toString(), effort: "quick" });
    expect(v).to.deep.equal({
      status: "COMPLETE", certainty: "PROVEN", moebius: "0",
      factorization: [{ prime: "2", exponent: "1" }, { prime: "3", exponent: "2" }], unfactored: (M521 * M607).toString(),
    });
  });

  it("certainty: PROVEN through a Pocklington certificate, PROBABLE when the large prime cannot be proven", async () => {
    const m127 = (1n << 127n) - 1n;
    const proven = await value("integer.totient.compute", { n: (2n * m127).toString() });
    expect(proven).to.deep.equal({ status: "COMPLETE", certainty: "PROVEN", totient: (m127 - 1n).toString(), factorization: [{ prime: "2", exponent: "1" }, { prime: m127.toString(), exponent: "1" }], unfactored: "1" });
    // p = 2abt + 1 with a, b 30-digit primes: p − 1 does not factor within the proof budget
    const nextPrime = (x: bigint): bigint => {
      while (!decidePrimality(x).prime) x++;
      return x;
    };
    const a = nextPrime(10n ** 29n + 12345n), b = nextPrime(2n * 10n ** 29n + 777n);
    let t = 1n;
    while (!decidePrimality(2n * a * b * t + 1n).prime) t++;
    const p = 2n * a * b * t + 1n;
    const probable = await value("integer.totient.compute", { n: p.toString() });
    expect(probable).to.deep.equal({ status: "COMPLETE", certainty: "PROBABLE", totient: (p - 1n).toString(), factorization: [{ prime: p.toString(), exponent: "1" }], unfactored: "1" });
  });

  it("n = 0 is a DOMAIN_ERROR at payload.n; malformed n, k, limit and effort are INVALID_PAYLOAD", async () => {
    expectFailed(await j.run("integer.totient.compute", { n: "12", effort: "maximal" }), "INVALID_PAYLOAD", "payload.effort");
    for (const [id] of FUNCTIONS) expectFailed(await j.run(id, { n: "0" }), "DOMAIN_ERROR", "payload.n");
    expectFailed(await j.run("integer.divisors.compute", { n: "0" }), "DOMAIN_ERROR", "payload.n");
    expectFailed(await j.run("integer.totient.compute", { n: "1".repeat(1001) }), "INVALID_PAYLOAD", "payload.n");
    expectFailed(await j.run("integer.divisor_sum.compute", { n: "12", k: "-1" }), "INVALID_PAYLOAD", "payload.k");
    expectFailed(await j.run("integer.divisors.compute", { n: "12", limit: 0 }), "INVALID_PAYLOAD", "payload.limit");
    expectFailed(await j.run("integer.divisors.compute", { n: "12", limit: "5" }), "INVALID_PAYLOAD", "payload.limit");
  });

  it("refuses by preflight: σ_k with k·digits(n) above 10^6, and divisor lists beyond the memory budget", async () => {
    for (const o of [await j.run("integer.divisor_sum.compute", { n: "12", k: "600000" }), await j.run("integer.divisors.compute", { n: "7".repeat(1000), limit: 100_000 })]) {
      expect(o.outcome, JSON.stringify(o).slice(0, 300)).to.equal("non_conclusion");
      if (o.outcome === "non_conclusion") expect(o.reason.code).to.equal("RESOURCE_REFUSED");
    }
    expect((await value("integer.divisor_sum.compute", { n: "2", k: "100000" })).divisor_sum).to.equal(((1n << 100000n) + 1n).toString());
  });

  it("divisors of a number with very many divisors: the smallest ones, truncated, with the exact count", async () => {
    // 2^10·3^6·5^4·7^3·11^2·13^2·17·19·23·29·31·37·41·43·47 has 11·7·5·4·3·3·2^9 = 7,096,320 divisors
    const n = 2n ** 10n * 3n ** 6n * 5n ** 4n * 7n ** 3n * 11n ** 2n * 13n ** 2n * 17n * 19n * 23n * 29n * 31n * 37n * 41n * 43n * 47n;
    const v = await value("integer.divisors.compute", { n: n.toString(), limit: 2000 });
    expect(v.divisor_count).to.equal("7096320");
    expect(v.truncated).to.equal(true);
    const divs = (v.divisors as string[]).map(BigInt);
    expect(divs.length).to.equal(2000);
    // every integer up to the last listed divisor that divides n is listed
    const set = new Set(v.divisors as string[]);
    for (let d = 1n; d <= divs[divs.length - 1]!; d++) if (n % d === 0n) expect(set.has(d.toString()), `${d}`).to.equal(true);
  });
});
