/**
 * integer.prime_factorization.compute: PARI/GP cross-checks (random integers of 10–40 digits and
 * balanced semiprimes of 20, 30, 40 digits built from gp's random primes — one gp call per batch),
 * chaining into the independent checker integer.prime_factorization.verify, the INCOMPLETE branch,
 * domain errors and payload bounds, and a 50-digit balanced semiprime through the worker pool with
 * progress reports.
 */
import { expect } from "chai";
import fc from "fast-check";
import type { Json } from "../../../domain/json.js";
import { FACTOR_EFFORT } from "../../../domain/math/factor.js";
import { decidePrimality } from "../../../domain/math/primality.js";
import type { RunOutcome } from "../../../domain/outcome.js";
import { gp, requireGp } from "../../support/gp.js";
import { testJacobian } from "../../support/runtime.js";
import { rng } from "./random.js";

const ID = "integer.prime_factorization.compute";
const VERIFY = "integer.prime_factorization.verify";

interface Value {
  unit: "1" | "-1";
  factors: { prime: string; exponent: string; status: "PROVEN" | "PROBABLE" }[];
  status: "COMPLETE" | "INCOMPLETE";
  cofactor?: string;
  methods: string[];
}

function valueOf(o: RunOutcome): Value {
  expect(o.outcome, JSON.stringify(o).slice(0, 400)).to.equal("completed");
  return (o as { value: unknown }).value as Value;
}

/** "p1^e1 p2^e2 …" for comparison with gp's factor(). */
const canonical = (v: Value): string => v.factors.map((f) => `${f.prime}^${f.exponent}`).join(" ");

describe("integer.prime_factorization.compute", function () {
  this.timeout(120_000);
  // Inline: the mathematics is the same as in the pool, and the suite does not pay for worker start-up.
  const j = testJacobian({ packs: ["integer"], pool: false });
  after(() => j.close());

  describe("cross-checked with PARI/GP", () => {
    before(function () {
      requireGp(this);
    });

    it("agrees with factor() on 40 random integers of 10–40 digits", async () => {
      const r = rng(4040);
      const ns = Array.from({ length: 40 }, (_, i) => r.digits(10 + ((i * 31) % 31)) * (r.int(0, 5) === 0 ? -1n : 1n));
      const expected = gp(ns.map((n) => `my(f = factor(abs(${n})), s = ""); for(k = 1, #f~, s = Str(s, if(k > 1, " ", ""), f[k,1], "^", f[k,2])); print(s)`).join("\n"));
      expect(expected.length).to.equal(ns.length);
      for (let i = 0; i < ns.length; i++) {
        const v = valueOf(await j.run(ID, { n: ns[i]!.toString() }));
        expect(v.status, `${ns[i]}`).to.equal("COMPLETE");
        expect(v.unit).to.equal(ns[i]! < 0n ? "-1" : "1");
        expect(canonical(v), `${ns[i]}`).to.equal(expected[i]);
      }
    });

    it("splits balanced semiprimes of 20, 30 and 40 digits made of gp's random primes", async () => {
      const sizes = [10, 10, 15, 15, 20, 20];
      const lines = gp(sizes.map((h, i) => `setrand(${700 + i}); p = randomprime([10^${h - 1}, 10^${h}]); q = randomprime([10^${h - 1}, 10^${h}]); print(p * q, " ", min(p, q), " ", max(p, q))`).join("\n"));
      for (const line of lines) {
        const [n, p, q] = line.split(" ");
        const v = valueOf(await j.run(ID, { n: n! }));
        expect(v.status).to.equal("COMPLETE");
        expect(v.factors).to.deep.equal(p === q ? [{ prime: p!, exponent: "2", status: "PROVEN" }] : [{ prime: p!, exponent: "1", status: "PROVEN" }, { prime: q!, exponent: "1", status: "PROVEN" }]);
      }
    });

    it("products of gp's primes (3–14 digits) with exponents 1–3 agree with factor(); every prime is prime per gp and per decidePrimality", async () => {
      const r = rng(77);
      const builds = Array.from({ length: 12 }, () => Array.from({ length: r.int(2, 4) }, () => [r.digits(r.int(3, 14)), r.int(1, 3)] as const));
      const lines = gp(
        builds
          .map((b) => `my(n = ${b.map(([s, e]) => `nextprime(${s})^${e}`).join(" * ")}, f = factor(n), s = Str(n)); for(k = 1, #f~, s = Str(s, " ", f[k,1], "^", f[k,2])); print(s)`)
          .join("\n"),
      );
      const primes: string[] = [];
      for (const line of lines) {
        const [n, ...fs] = line.split(" ");
        const v = valueOf(await j.run(ID, { n: n! }));
        expect(v.status).to.equal("COMPLETE");
        expect(canonical(v)).to.equal(fs.join(" "));
        for (const f of v.factors) {
          expect(decidePrimality(BigInt(f.prime)).prime).to.equal(true);
          primes.push(f.prime);
        }
      }
      expect(gp(primes.map((p) => `print(isprime(${p}))`).join("\n")).every((l) => l === "1")).to.equal(true);
    });
  });

  describe("14–18-digit integers that came back INCOMPLETE with methods [] (issue 8): SIQS found no polynomial", () => {
    before(function () {
      requireGp(this);
    });

    it("the reported numbers factor COMPLETE at every effort and agree with factor(); their totient agrees with eulerphi()", async () => {
      const ns = ["17919478831973", "42044606961687601", "21128680607077"];
      const expected = gp(ns.map((n) => `my(f = factor(${n}), s = ""); for(k = 1, #f~, s = Str(s, if(k > 1, " ", ""), f[k,1], "^", f[k,2])); print(s, ";", eulerphi(${n}))`).join("\n"));
      for (let i = 0; i < ns.length; i++) {
        const [factors, phi] = expected[i]!.split(";");
        for (const effort of ["quick", "standard", "thorough"] as const) {
          const v = valueOf(await j.run(ID, { n: ns[i]!, effort }));
          expect([v.status, canonical(v)], `${ns[i]} at ${effort}`).to.deep.equal(["COMPLETE", factors]);
          expect(v.methods.length, `${ns[i]} at ${effort}: a method split it`).to.be.greaterThan(0);
          const t = valueOf(await j.run("integer.totient.compute", { n: ns[i]!, effort })) as unknown as { status: string; totient: string };
          expect(t).to.include({ status: "COMPLETE", totient: phi });
        }
      }
    });

    it("300 seeded 14–18-digit integers without small factors (semiprimes, p²q, three primes) at effort quick agree with factor()", async () => {
      const r = rng(1418);
      const prime = (d: number): bigint => {
        for (;;) {
          let p = r.digits(d) | 1n;
          while (!decidePrimality(p).prime) p += 2n;
          if (p.toString().length === d) return p;
        }
      };
      const ns: bigint[] = [];
      for (let i = 0; i < 300; i++) {
        const d = 14 + (i % 5);
        const kind = i % 3;
        if (kind === 0) ns.push(prime(d >> 1) * prime(d - (d >> 1)));
        else if (kind === 1) ns.push(prime(5) ** 2n * prime(d - 10));
        else ns.push(prime(5) * prime(5) * prime(d - 10));
      }
      const expected = gp(ns.map((n) => `my(f = factor(${n}), s = ""); for(k = 1, #f~, s = Str(s, if(k > 1, " ", ""), f[k,1], "^", f[k,2])); print(s)`).join("\n"));
      for (let i = 0; i < ns.length; i++) {
        const v = valueOf(await j.run(ID, { n: ns[i]!.toString(), effort: "quick" }));
        expect([v.status, canonical(v)], `${ns[i]}`).to.deep.equal(["COMPLETE", expected[i]]);
      }
    });
  });

  describe("chained into integer.prime_factorization.verify", () => {
    it("every result (complete, negative n, large proven primes, perfect powers) is accepted by the checker, inline and by reference, unchanged", async () => {
      const r = rng(12);
      const ns = [
        "360", "-1", "1", "-1024", "18446744073709551617", "340282366920938463463374607431768211457", "510423550381407695195061911147652317181",
        ((1n << 89n) - 1n).toString(), (2n ** 3n * 3n ** 40n * 1000003n ** 3n).toString(), "-" + (r.digits(20) * r.digits(15) + 1n).toString(),
      ];
      for (const n of ns) {
        const produced = await j.run(ID, { n });
        const v = valueOf(produced);
        expect(v.status).to.equal("COMPLETE");
        const ref = (produced as { refs?: Record<string, string> }).refs?.factorization;
        expect(ref).to.match(/^value:\/\//);
        for (const o of [await j.run(VERIFY, { n, claim: v as unknown as Json }), await j.run(VERIFY, { n }, { inputs: { claim: { value_ref: ref! } } })]) {
          const verdict = (o as unknown as { value: { verdict: string; reason?: string } }).value;
          expect(o.outcome).to.equal("completed");
          expect(verdict.verdict, `${n}: ${verdict.reason}`).to.equal("accepted");
        }
      }
    });

    it("property: for random products of small and medium primes, compute's answer is accepted by verify", async () => {
      const r = rng(5150);
      await fc.assert(
        fc.asyncProperty(fc.array(fc.tuple(fc.integer({ min: 1, max: 9 }), fc.integer({ min: 1, max: 3 })), { minLength: 1, maxLength: 4 }), async (parts) => {
          let n = 1n;
          for (const [d, e] of parts) {
            let p = r.digits(d) + 2n;
            while (!decidePrimality(p).prime) p++;
            n *= p ** BigInt(e);
          }
          const v = valueOf(await j.run(ID, { n: n.toString() }));
          expect(v.status).to.equal("COMPLETE");
          const o = await j.run(VERIFY, { n: n.toString(), claim: v as unknown as Json });
          expect((o as unknown as { value: { verdict: string } }).value.verdict).to.equal("accepted");
        }),
        { numRuns: 25, seed: 31 },
      );
    });
  });

  describe("budget, errors and bounds", () => {
    it("effort quick on a product of two 28-digit primes and small primes: INCOMPLETE, the small primes found, the cofactor the 56-digit part; the checker accepts it as a partial factorization", async () => {
      const lines = gp("setrand(9); p = randomprime([10^27, 10^28]); q = randomprime([10^27, 10^28]); print(p * q)");
      const pq = BigInt(lines[0]!);
      const n = -(2n ** 7n * 3n * 65537n * pq);
      const v = valueOf(await j.run(ID, { n: n.toString(), effort: "quick" }));
      expect(v).to.deep.equal({
        unit: "-1",
        factors: [{ prime: "2", exponent: "7", status: "PROVEN" }, { prime: "3", exponent: "1", status: "PROVEN" }, { prime: "65537", exponent: "1", status: "PROVEN" }],
        status: "INCOMPLETE",
        cofactor: pq.toString(),
        methods: ["trial_division", "rho"],
      });
      // the producer's payload (effort included) and its value by reference are the checker's request
      const produced = await j.run(ID, { n: n.toString(), effort: "quick" });
      const o = await j.run(VERIFY, { n: n.toString(), effort: "quick" }, { inputs: { claim: { value_ref: (produced as { refs: Record<string, string> }).refs.factorization! } } });
      expect((o as unknown as { value: { verdict: string; bindings: Record<string, string> } }).value).to.deep.include({ verdict: "accepted" });
      expect((o as unknown as { value: { bindings: Record<string, string> } }).value.bindings.cofactor_status).to.equal("composite");
    });

    it("n = 0 is a DOMAIN_ERROR at payload.n; malformed or oversized n and unknown effort are INVALID_PAYLOAD", async () => {
      const zero = await j.run(ID, { n: "0" });
      expect(zero.outcome).to.equal("failed");
      if (zero.outcome === "failed") {
        expect(zero.error.code).to.equal("DOMAIN_ERROR");
        expect(zero.error.path).to.equal("payload.n");
      }
      for (const payload of [{ n: "012" }, { n: "-0" }, { n: "1".repeat(1001) }, { n: 12 }, { n: "12", effort: "max" }] as Record<string, Json>[]) {
        const o = await j.run(ID, payload);
        expect(o.outcome, JSON.stringify(payload).slice(0, 40)).to.equal("failed");
        if (o.outcome === "failed") expect(o.error.code).to.equal("INVALID_PAYLOAD");
      }
      const extra = await j.run(ID, { n: "12", extra: "1" });
      expect(extra.outcome === "failed" && extra.error.code).to.equal("UNKNOWN_ARGUMENT");
    });

    it("a 1000-digit n is accepted: small factors come out, the rest is an INCOMPLETE cofactor or a BPSW-probable prime", async () => {
      const n = 10n ** 999n + 7n;
      const v = valueOf(await j.run(ID, { n: n.toString(), effort: "quick" }));
      let prod = BigInt(v.cofactor ?? "1");
      for (const f of v.factors) prod *= BigInt(f.prime) ** BigInt(f.exponent);
      expect(prod).to.equal(n);
    });
  });
});

describe("integer.prime_factorization.compute in the worker pool", function () {
  this.timeout(120_000);
  const j = testJacobian({ packs: ["integer"] });
  after(() => j.close());

  it("a 50-digit balanced semiprime (above the inline threshold) factors in a worker, with honest progress", async function () {
    requireGp(this);
    const [line] = gp("setrand(50); p = randomprime([10^24, 10^25]); q = randomprime([10^24, 10^25]); print(p * q, \" \", min(p, q), \" \", max(p, q))");
    const [n, p, q] = line!.split(" ");
    const seen: [number, number | undefined, string | undefined][] = [];
    const o = await j.run(ID, { n: n! }, { onProgress: (done, total, message) => seen.push([done, total, message]) });
    const v = valueOf(o);
    expect(v.factors.map((f) => f.prime)).to.deep.equal([p, q]);
    expect(v.status).to.equal("COMPLETE");
    expect(v.methods).to.include("siqs");
    expect(seen.length).to.be.greaterThan(3);
    // Per stage: a total only where the work is known (never the work budget), never below the
    // progress; the SIQS stage that split n reached its total; messages name the stage in words.
    for (const [done, total] of seen) if (total !== undefined) expect(total).to.be.at.least(done).and.not.equal(FACTOR_EFFORT.standard);
    expect(seen.at(-1)![0]).to.equal(seen.at(-1)![1]);
    expect(seen.at(-1)![2]).to.match(/^SIQS/);
    const messages = seen.map(([, , m]) => m ?? "");
    expect(messages.some((m) => /SIQS on a 50-digit part: \d+ of \d+ relations/.test(m)), messages.join("\n")).to.equal(true);
    expect(messages.some((m) => /ECM level \d+ \(B1 = \d+\) on a 50-digit part: \d+ of \d+ curves/.test(m)), messages.join("\n")).to.equal(true);
    for (const m of messages) expect(m).to.not.match(/\d\.\d{4,}/); // no raw floats
  });
});
