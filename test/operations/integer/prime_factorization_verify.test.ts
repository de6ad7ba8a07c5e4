import { expect } from "chai";
import { createExecutionContext } from "../../../application/execution.js";
import type { Json } from "../../../domain/json.js";
import type { RunOutcome } from "../../../domain/outcome.js";
import verify from "../../../operations/integer/prime_factorization_verify.js";
import { gp, requireGp } from "../../support/gp.js";
import { parsedRequest } from "../../support/parse.js";
import { testJacobian } from "../../support/runtime.js";
import { rng } from "./random.js";

const ID = "integer.prime_factorization.verify";
const PSI13 = 3317044064679887385961981n;

interface Claim {
  n: string;
  factors: { prime: string; exponent: string }[];
}
interface Value {
  verdict: "accepted" | "rejected" | "non_conclusion";
  bindings: Record<string, Json> & {
    failure?: string;
    product?: string;
    product_log2_at_least?: string;
    factor?: string;
    witness_kind?: string;
    witness?: string;
    unproven?: string[];
    merged?: string[];
    evidence?: string;
    claim_digest: string;
    checker: string;
  };
  reason?: string;
}
interface Evidence {
  result: { evidence: { primes: { prime: string; exponent: string; method: string; certificate?: { n: string; factored: { prime: string; exponent: string }[]; witnesses: { q: string; a: string }[] }[] }[] } };
}

/** The checker's payload for a claim given as n and its prime powers alone. */
const asPayload = (c: { n: string; factors: unknown }): Record<string, Json> => ({ n: c.n, claim: { factors: c.factors as Json } });

function valueOf(o: RunOutcome): Value {
  expect(o.outcome, JSON.stringify(o).slice(0, 400)).to.equal("completed");
  return (o as { value: unknown }).value as Value;
}

/** GP: a strong probable-prime test, to re-check Miller–Rabin witnesses independently. */
const GP_SPSP = "spsp(n,a)={my(d=n-1,s=0,x);while(d%2==0,d/=2;s++);x=Mod(a,n)^d;if(x==1||x==-1,return(1));for(i=1,s-1,x=x^2;if(x==-1,return(1)));0};";

/** GP script lines that print 1 when the composite witness in `b` is valid for `b.factor`. */
function gpWitnessCheck(b: Value["bindings"]): string {
  const f = b.factor!;
  if (b.witness_kind === "factor") return `print(if(${b.witness} > 1 && ${b.witness} < ${f} && ${f} % ${b.witness} == 0, 1, 0))`;
  if (b.witness_kind === "miller_rabin_base") return `print(if(${f} % 2 == 1 && spsp(${f}, ${b.witness}) == 0 && isprime(${f}) == 0, 1, 0))`;
  return `print(if(isprime(${f}) == 0, 1, 0))`;
}

/** GP script lines that print 1 when a Pocklington step holds (the primes q are re-checked with isprime). */
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

describe("integer.prime_factorization.verify cross-checked with PARI/GP", function () {
  this.timeout(180_000);
  before(function () {
    requireGp(this);
  });
  const j = testJacobian({ packs: ["integer"] });
  after(() => j.close());

  /** Random n (1–45 digits) and products of gp's primes of 3–60 digits with exponents 1–3, factored by gp. */
  function factoredCases(): { n: bigint; factors: [bigint, bigint][] }[] {
    const r = rng(31337);
    const randoms = Array.from({ length: 45 }, () => r.digits(r.int(1, 45)) + 2n);
    const builds = Array.from({ length: 12 }, () => Array.from({ length: r.int(1, 4) }, () => [r.digits(r.int(3, 60)), BigInt(r.int(1, 3))] as const));
    const script = [
      ...randoms.map((n) => `f = factor(${n}); s = "F"; for(k = 1, #f~, s = Str(s, " ", f[k,1], "^", f[k,2])); print(s)`),
      ...builds.map((b) => `s = "F"; ${b.map(([seed, e]) => `s = Str(s, " ", nextprime(${seed}), "^", ${e});`).join(" ")} print(s)`),
    ].join("\n");
    return gp(script).map((line) => {
      const factors = line.split(" ").slice(1).map((t) => t.split("^").map(BigInt) as [bigint, bigint]);
      // merge repeated primes from builds (nextprime of two seeds can coincide)
      const merged = new Map<bigint, bigint>();
      for (const [p, e] of factors) merged.set(p, (merged.get(p) ?? 0n) + e);
      const fs = [...merged.entries()];
      return { n: fs.reduce((acc, [p, e]) => acc * p ** e, 1n), factors: fs };
    });
  }

  it("accepts gp's factorizations (any order); proofs above 3.3·10^24 are Pocklington certificates that gp re-checks", async () => {
    const cases = factoredCases();
    expect(cases.length).to.equal(57);
    const r = rng(5);
    const proofLines: string[] = [];
    const primeLines: string[] = [];
    let accepted = 0, pocklington = 0;
    for (const c of cases) {
      const order = [...c.factors].sort(() => r.int(-1, 1));
      const claim: Claim = { n: c.n.toString(), factors: order.map(([p, e]) => ({ prime: p.toString(), exponent: e.toString() })) };
      const v = valueOf(await j.run(ID, asPayload(claim)));
      for (const [p] of c.factors) primeLines.push(`print(isprime(${p}))`);
      if (v.verdict === "non_conclusion") {
        // Allowed only for large primes that could not be proven within the budget.
        expect(v.bindings.unproven!.length).to.be.greaterThan(0);
        for (const p of v.bindings.unproven!) {
          expect(BigInt(p) >= PSI13).to.equal(true);
          expect(c.factors.some(([q]) => q === BigInt(p))).to.equal(true);
        }
        continue;
      }
      expect(v.verdict, `${c.n}: ${v.reason}`).to.equal("accepted");
      accepted++;
      const ev = (await j.artifact(v.bindings.evidence!)) as unknown as Evidence;
      expect(ev.result.evidence.primes.map((p) => p.prime)).to.deep.equal([...c.factors].map(([p]) => p).sort((a, b) => (a < b ? -1 : 1)).map(String));
      for (const p of ev.result.evidence.primes) {
        if (BigInt(p.prime) < PSI13) {
          expect(p.method).to.not.equal("pocklington");
          continue;
        }
        expect(p.method).to.equal("pocklington");
        pocklington++;
        expect(p.certificate![0]!.n).to.equal(p.prime);
        for (const step of p.certificate!) proofLines.push(gpStepCheck(step));
      }
    }
    expect(accepted).to.be.greaterThan(cases.length * 0.75);
    expect(pocklington).to.be.greaterThan(5);
    // gp: every claimed prime is prime (they came from factor/nextprime), every certificate step holds.
    expect(gp(primeLines.join("\n")).every((l) => l === "1")).to.equal(true);
    const checks = gp(proofLines.join("\n"));
    expect(checks.length).to.equal(proofLines.length);
    expect(checks.every((l) => l === "1"), "every Pocklington step verified by gp").to.equal(true);
  });

  it("rejects corrupted claims: wrong exponent, dropped or extra factor, merged composite, square listed as prime, the factor 1", async () => {
    const cases = factoredCases().filter((c) => c.factors.length >= 2);
    expect(cases.length).to.be.greaterThan(20);
    const r = rng(6);
    const gpLines: string[] = [GP_SPSP];
    const expectations: string[] = [];
    let notPrime = 0, mismatch = 0;
    for (const c of cases) {
      const fs = c.factors.map(([p, e]) => ({ prime: p.toString(), exponent: e.toString() }));
      const k = r.int(0, fs.length - 1);
      const [p, e] = c.factors[k]!;
      const [q] = c.factors[(k + 1) % fs.length]!;
      const corruptions: { claim: Claim; failure: string; factor?: string }[] = [
        { claim: { n: c.n.toString(), factors: fs.map((f, i) => (i === k ? { ...f, exponent: String(e + 1n) } : f)) }, failure: "product_mismatch" },
        { claim: { n: c.n.toString(), factors: fs.filter((_, i) => i !== k) }, failure: "product_mismatch" },
        { claim: { n: c.n.toString(), factors: [...fs, { prime: "1000003", exponent: "1" }] }, failure: "product_mismatch" },
        { claim: { n: c.n.toString(), factors: [...fs, { prime: "1", exponent: "3" }] }, failure: "not_prime", factor: "1" },
      ];
      // p·q replaces one copy each of p and q: the product is unchanged, p·q is composite.
      const mergedFs = c.factors.flatMap(([x, ex]) => {
        const left = x === p || x === q ? ex - 1n : ex;
        return left > 0n ? [{ prime: x.toString(), exponent: left.toString() }] : [];
      });
      corruptions.push({ claim: { n: c.n.toString(), factors: [...mergedFs, { prime: (p * q).toString(), exponent: "1" }] }, failure: "not_prime", factor: (p * q).toString() });
      if (e >= 2n) {
        corruptions.push({
          claim: { n: c.n.toString(), factors: fs.map((f, i) => (i === k ? { prime: (p * p).toString(), exponent: String(e / 2n) } : f)).concat(e % 2n ? [{ prime: p.toString(), exponent: "1" }] : []) },
          failure: "not_prime",
          factor: (p * p).toString(),
        });
      }
      for (const cor of corruptions) {
        const v = valueOf(await j.run(ID, asPayload(cor.claim)));
        expect(v.verdict, JSON.stringify(cor.claim).slice(0, 200)).to.equal("rejected");
        expect(v.bindings.failure).to.equal(cor.failure);
        expect(v.reason).to.be.a("string");
        if (cor.failure === "product_mismatch") {
          mismatch++;
          const product = cor.claim.factors.map((f) => `${f.prime}^${f.exponent}`).join("*") || "1";
          if (v.bindings.product !== undefined) {
            gpLines.push(`print(if(${product} == ${v.bindings.product} && ${product} != ${c.n}, 1, 0))`);
          } else {
            gpLines.push(`print(if(log(${product})/log(2) >= ${v.bindings.product_log2_at_least} && ${v.bindings.product_log2_at_least} >= #binary(${c.n}), 1, 0))`);
          }
        } else {
          notPrime++;
          expect(v.bindings.factor).to.equal(cor.factor);
          if (cor.factor !== "1") gpLines.push(gpWitnessCheck(v.bindings));
          else continue;
        }
        expectations.push(JSON.stringify(cor.claim).slice(0, 120));
      }
    }
    expect(mismatch).to.be.greaterThan(60);
    expect(notPrime).to.be.greaterThan(40);
    const out = gp(gpLines.join("\n"));
    expect(out.length).to.equal(expectations.length);
    out.forEach((l, i) => expect(l, expectations[i]).to.equal("1"));
  });

  it("composites that fool weaker tests (Carmichael, strong pseudoprimes, ψ13, p(2p−1) above 3.3·10^24) are rejected with witnesses gp confirms", async () => {
    const composites = [561n, 41041n, 3215031751n, 2152302898747n, 3474749660383n, 341550071728321n, 3825123056546413051n, 318665857834031151167461n, PSI13, 2000000001001n * 4000000002001n, 2000000002597n * 4000000005193n];
    const lines = [GP_SPSP];
    for (const n of composites) {
      const v = valueOf(await j.run(ID, asPayload({ n: (n * 2n).toString(), factors: [{ prime: "2", exponent: "1" }, { prime: n.toString(), exponent: "1" }] })));
      expect(v.verdict).to.equal("rejected");
      expect(v.bindings).to.include({ failure: "not_prime", factor: n.toString() });
      lines.push(gpWitnessCheck(v.bindings));
    }
    expect(gp(lines.join("\n"))).to.deep.equal(composites.map(() => "1"));
  });

  it("2^521 − 1 is accepted with a certificate gp re-checks; 2^607 − 1 (prime, per gp) is a non_conclusion naming it", async () => {
    const m521 = (1n << 521n) - 1n, m607 = (1n << 607n) - 1n;
    const v = valueOf(await j.run(ID, asPayload({ n: m521.toString(), factors: [{ prime: m521.toString(), exponent: "1" }] })));
    expect(v.verdict).to.equal("accepted");
    const ev = (await j.artifact(v.bindings.evidence!)) as unknown as Evidence;
    const cert = ev.result.evidence.primes[0]!.certificate!;
    const w = valueOf(await j.run(ID, asPayload({ n: m607.toString(), factors: [{ prime: m607.toString(), exponent: "1" }] })));
    expect(w.verdict).to.equal("non_conclusion");
    expect(w.bindings.unproven).to.deep.equal([m607.toString()]);
    expect(w.reason).to.match(/could not be proven/);
    expect(gp([...cert.map(gpStepCheck), `print(isprime(${m607}))`].join("\n"))).to.deep.equal([...cert.map(() => "1"), "1"]);
  });
});

describe("integer.prime_factorization.verify behaviour", function () {
  this.timeout(60_000);
  const j = testJacobian({ packs: ["integer"] });
  after(() => j.close());

  it("n = 1: the empty claim is accepted, the factor 1 is not a prime", async () => {
    expect(valueOf(await j.run(ID, asPayload({ n: "1", factors: [] }))).verdict).to.equal("accepted");
    const v = valueOf(await j.run(ID, asPayload({ n: "1", factors: [{ prime: "1", exponent: "1" }] })));
    expect(v.verdict).to.equal("rejected");
    expect(v.bindings).to.include({ failure: "not_prime", factor: "1" });
    expect(v.bindings.witness).to.equal(undefined);
  });

  it("merges repeated primes and says so; order does not matter", async () => {
    const v = valueOf(await j.run(ID, asPayload({ n: "720", factors: [{ prime: "5", exponent: "1" }, { prime: "2", exponent: "3" }, { prime: "3", exponent: "2" }, { prime: "2", exponent: "1" }] })));
    expect(v.verdict).to.equal("accepted");
    expect(v.bindings.merged).to.deep.equal(["2"]);
    const ev = (await j.artifact(v.bindings.evidence!)) as unknown as Evidence;
    expect(ev.result.evidence.primes.map((p) => [p.prime, p.exponent])).to.deep.equal([["2", "4"], ["3", "2"], ["5", "1"]]);
  });

  it("a claim far larger than n is rejected from sizes alone, without computing the product", async () => {
    const big = "9".repeat(1999) + "7";
    const t = performance.now();
    const v = valueOf(await j.run(ID, asPayload({ n: "10", factors: Array.from({ length: 1000 }, () => ({ prime: big, exponent: "9999" })) })));
    expect(performance.now() - t).to.be.lessThan(5000);
    expect(v.verdict).to.equal("rejected");
    expect(v.bindings.failure).to.equal("product_mismatch");
    expect(v.bindings.product).to.equal(undefined);
    expect(BigInt(v.bindings.product_log2_at_least!)).to.equal(1000n * 9999n * BigInt(BigInt(big).toString(2).length - 1));
  });

  it("the claim digest pins the verdict to the exact claim", async () => {
    const a = valueOf(await j.run(ID, asPayload({ n: "6", factors: [{ prime: "2", exponent: "1" }, { prime: "3", exponent: "1" }] })));
    const b = valueOf(await j.run(ID, asPayload({ n: "6", factors: [{ prime: "3", exponent: "1" }, { prime: "2", exponent: "1" }] })));
    expect(a.bindings.claim_digest).to.match(/^sha256:[0-9a-f]{64}$/);
    expect(a.bindings.claim_digest).to.not.equal(b.bindings.claim_digest);
    expect(a.bindings.checker).to.equal(`${ID}@1.0.0`);
  });

  it("refuses malformed claims with INVALID_PAYLOAD (sizes, zero or non-string exponents); n = 0 is a DOMAIN_ERROR", async () => {
    const bad: { n: string; factors: unknown }[] = [
      { n: "1" + "0".repeat(2000), factors: [] },
      { n: "-" + "1".repeat(2001), factors: [] },
      { n: "6", factors: [{ prime: "2", exponent: "0" }] },
      { n: "6", factors: [{ prime: "2", exponent: 1 }] },
      { n: "6", factors: [{ prime: "2", exponent: "10000" }] },
      { n: "6", factors: [{ prime: "2" }] },
      { n: "6", factors: Array.from({ length: 1001 }, () => ({ prime: "2", exponent: "1" })) },
    ];
    for (const payload of bad) {
      const o = await j.run(ID, asPayload(payload));
      expect(o.outcome, JSON.stringify(payload).slice(0, 80)).to.equal("failed");
      if (o.outcome === "failed") expect(o.error.code).to.equal("INVALID_PAYLOAD");
    }
    const o = await j.run(ID, asPayload({ n: "6", factors: [{ prime: "2", exponent: "1", certified: "yes" }] }));
    expect(o.outcome).to.equal("failed");
    const zero = await j.run(ID, asPayload({ n: "0", factors: [] }));
    expect(zero.outcome === "failed" && zero.error).to.include({ code: "DOMAIN_ERROR", path: "payload.n" });
  });

  it("reports monotone progress over the distinct primes", async () => {
    const seen: [number, number | undefined][] = [];
    const primes = [2n, 3n, 5n, 7n, 1000003n, 1000000007n, (1n << 89n) - 1n, (1n << 127n) - 1n];
    const n = primes.reduce((a, b) => a * b, 1n);
    const o = await j.run(ID, asPayload({ n: n.toString(), factors: primes.map((p) => ({ prime: p.toString(), exponent: "1" })) }), { onProgress: (done, total) => seen.push([done, total]) });
    expect(valueOf(o).verdict).to.equal("accepted");
    expect(seen.length).to.equal(primes.length);
    expect(seen.map((s) => s[0])).to.deep.equal(primes.map((_, i) => i + 1));
    expect(seen.every((s) => s[1] === primes.length)).to.equal(true);
  });

  it("cancellation gives a non-conclusion, never a verdict", async () => {
    const p = (1n << 4253n) - 1n; // a 1281-digit Mersenne prime: slow enough to cancel
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 20);
    const o = await j.run(ID, asPayload({ n: p.toString(), factors: [{ prime: p.toString(), exponent: "1" }] }), { signal: ac.signal });
    expect(o.outcome).to.equal("non_conclusion");
    if (o.outcome === "non_conclusion") expect(o.reason.code).to.equal("CHECKER_INTERRUPTED");
  });

  it("preflight estimates grow with the size of the claimed primes and stay within budget at the bounds", () => {
    const ins = j.inspect(ID) as unknown as { capability: { preflight: { budget: { max_units: number }; bounds: { name: string }[] }; method: string } };
    expect(ins.capability.method).to.match(/Pocklington/).and.to.match(/Baillie–PSW/);
    expect(ins.capability.preflight.bounds.map((b) => b.name)).to.include.members(["digits", "factors", "exponent_digits"]);
    const max = ins.capability.preflight.budget.max_units;
    const est = (claim: Claim) => verify.preflight(parsedRequest(verify, asPayload(claim))).units;
    const p2000 = "9".repeat(1999) + "7";
    const single = (p: string) => est({ n: p, factors: [{ prime: p, exponent: "1" }] });
    expect(single("1000003")).to.be.lessThan(single("1" + "0".repeat(99) + "3"));
    expect(single("1" + "0".repeat(99) + "3")).to.be.lessThan(single(p2000));
    expect(single(p2000)).to.be.lessThan(max);
    // The largest claims a 2000-digit n admits (many small primes, or halves) are within budget too.
    const halves = "1" + "0".repeat(999);
    expect(est({ n: p2000, factors: [{ prime: halves, exponent: "1" }, { prime: halves, exponent: "1" }] })).to.be.lessThan(max);
    expect(est({ n: p2000, factors: Array.from({ length: 1000 }, () => ({ prime: "9999991", exponent: "9" })) })).to.be.lessThan(max);
    // A claim certainly larger than n is estimated from its size alone.
    expect(est({ n: "10", factors: Array.from({ length: 1000 }, () => ({ prime: p2000, exponent: "9999" })) })).to.be.lessThan(1e7);
  });
});

describe("integer.prime_factorization.verify on claims as integer.prime_factorization.compute publishes them", function () {
  this.timeout(60_000);
  const j = testJacobian({ packs: ["integer"], pool: false });
  after(() => j.close());
  const run = async (n: string, claim: Record<string, Json>) => valueOf(await j.run(ID, { n, claim }));
  const pf = (prime: string, exponent: string, status = "PROVEN") => ({ prime, exponent, status });
  const M127 = ((1n << 127n) - 1n).toString();

  it("takes the producer's fields (unit, statuses, completeness, methods) unchanged; the unit must be the sign of n", async () => {
    const full = { unit: "-1", factors: [pf("2", "2"), pf("3", "1")], status: "COMPLETE", methods: ["trial_division"] };
    expect((await run("-12", full)).verdict).to.equal("accepted");
    expect((await run("12", full)).bindings.failure).to.equal("unit_mismatch");
    expect((await run("-12", { ...full, unit: "1" })).bindings.failure).to.equal("unit_mismatch");
    // without a unit the claim is about |n|, whatever the sign of n
    expect((await run("-12", { factors: [pf("2", "2"), pf("3", "1")] })).verdict).to.equal("accepted");
    // a status PROBABLE is the producer's opinion, not the checker's: M127 is proven here
    const v = await run(M127, { unit: "1", factors: [pf(M127, "1", "PROBABLE")], status: "COMPLETE", methods: [] });
    expect(v.verdict).to.equal("accepted");
    // a status PROVEN does not make a composite prime
    expect((await run("561", { factors: [pf("561", "1")] })).bindings).to.include({ failure: "not_prime", witness_kind: "factor", witness: "3" });
  });

  it("INCOMPLETE claims: the cofactor enters the product and must be proven composite", async () => {
    const pq = 1000003n * 1000033n;
    const n = (-(2n ** 7n) * pq).toString();
    const ok = await run(n, { unit: "-1", factors: [pf("2", "7")], status: "INCOMPLETE", cofactor: pq.toString(), methods: ["trial_division"] });
    expect(ok.verdict).to.equal("accepted");
    expect(ok.bindings.cofactor_status).to.equal("composite");
    const ev = (await j.artifact(ok.bindings.evidence!)) as unknown as { result: { evidence: { cofactor: { value: string; witness_kind: string; witness: string } } } };
    expect(ev.result.evidence.cofactor.value).to.equal(pq.toString());
    expect(ev.result.evidence.cofactor.witness_kind).to.be.oneOf(["factor", "miller_rabin_base", "lucas"]);
    expect(ok.bindings.cofactor_witness).to.equal(ev.result.evidence.cofactor.witness);
    // the product includes the cofactor
    const wrong = await run(n, { factors: [pf("2", "6")], status: "INCOMPLETE", cofactor: pq.toString() });
    expect([wrong.verdict, wrong.bindings.failure, wrong.bindings.product]).to.deep.equal(["rejected", "product_mismatch", (2n ** 6n * pq).toString()]);
    // 1 and a proven prime are not composite
    expect((await run("128", { factors: [pf("2", "7")], status: "INCOMPLETE", cofactor: "1" })).bindings.failure).to.equal("cofactor_not_composite");
    expect((await run((2n * 1000003n).toString(), { factors: [pf("2", "1")], status: "INCOMPLETE", cofactor: "1000003" })).bindings.failure).to.equal("cofactor_not_composite");
    // a Baillie–PSW probable prime cofactor cannot be settled either way
    const nc = await run((2n * ((1n << 127n) - 1n)).toString(), { factors: [pf("2", "1")], status: "INCOMPLETE", cofactor: M127 });
    expect([nc.verdict, nc.bindings.cofactor_status]).to.deep.equal(["non_conclusion", "probable_prime"]);
  });

  it("completeness and cofactor must agree: DOMAIN_ERROR at the field, before any work", async () => {
    const a = await j.run(ID, { n: "12", claim: { factors: [pf("2", "2")], status: "INCOMPLETE" } });
    expect(a.outcome === "failed" && a.error).to.include({ code: "DOMAIN_ERROR", path: "payload.claim.cofactor" });
    const b = await j.run(ID, { n: "12", claim: { factors: [pf("2", "2")], status: "COMPLETE", cofactor: "3" } });
    expect(b.outcome === "failed" && b.error).to.include({ code: "DOMAIN_ERROR", path: "payload.claim.status" });
    const c = await j.run(ID, { n: "12", claim: { factors: [pf("2", "2")], cofactor: "3" } });
    expect(c.outcome === "failed" && c.error).to.include({ code: "DOMAIN_ERROR", path: "payload.claim.status" });
    const d = await j.run(ID, { n: "12", claim: { factors: [{ prime: "2", exponent: "2", status: "CERTAIN" }] } });
    expect(d.outcome === "failed" && d.error.code).to.equal("INVALID_PAYLOAD");
  });

  it("the postcondition refuses findings that do not follow from the claim", async () => {
    const ctx = createExecutionContext(new AbortController().signal);
    const req = parsedRequest(verify, { n: "-128004608012672", claim: { unit: "-1", factors: [pf("2", "7")], status: "INCOMPLETE", cofactor: "1000036000099" } });
    const f = await verify.execute(req, ctx);
    expect(f.verdict).to.equal("accepted");
    expect(verify.postcondition(req, f)).to.equal(null);
    // an acceptance without the cofactor's witness, a forged witness, a rejection without a counterexample, a wrong unit accepted
    expect(verify.postcondition(req, { ...f, bindings: {} })).to.be.a("string");
    const ev = f.evidence as unknown as { cofactor: { witness_kind: string; witness: bigint } };
    const forged = { ...f, bindings: { ...f.bindings, cofactor_witness_kind: "factor", cofactor_witness: 2n as never }, evidence: { ...(f.evidence as object), cofactor: { ...ev.cofactor, witness_kind: "factor", witness: 2n } } as never };
    expect(verify.postcondition(req, forged)).to.match(/witness does not prove/);
    expect(verify.postcondition(req, { verdict: "rejected", bindings: { failure: "not_prime", factor: "2" } })).to.be.a("string");
    const signed = parsedRequest(verify, { n: "12", claim: { unit: "-1", factors: [pf("2", "2"), pf("3", "1")] } });
    expect(verify.postcondition(signed, { verdict: "accepted", bindings: {} })).to.be.a("string");
  });
});
