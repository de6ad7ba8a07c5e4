import { expect } from "chai";
import fc from "fast-check";
import type { Json } from "../../../domain/json.js";
import { toWire } from "../../../domain/kinds.js";
import { checkPocklingtonCertificate, decidePrimality, provePrime, type PocklingtonStep } from "../../../domain/math/primality.js";
import type { RunOutcome } from "../../../domain/outcome.js";
import { stepToPowers } from "../../../operations/integer/prime_support.js";
import { gp, requireGp } from "../../support/gp.js";
import { testJacobian } from "../../support/runtime.js";
import { rng } from "./random.js";

const ID = "integer.primality_certificate.verify";

interface Finding {
  verdict: "accepted" | "rejected" | "non_conclusion";
  bindings: { failure?: string; number?: string; prime?: string; base?: string; divisor?: string; evidence?: string };
  reason?: string;
}
interface PocklingtonStepJson {
  n: string;
  factored: { prime: string; exponent: string }[];
  witnesses: { q: string; a: string }[];
}
interface PrattStepJson {
  n: string;
  a: string;
  factors: { prime: string; exponent: string }[];
}
type Cert = { format: "pocklington"; steps: PocklingtonStepJson[] } | { format: "pratt"; steps: PrattStepJson[] };

/** A library step in wire form, as integer.primality.compute publishes it. */
const stepToWire = (s: PocklingtonStep): PocklingtonStepJson => toWire(stepToPowers(s)) as unknown as PocklingtonStepJson;
/** A wire step as a library step, for the library's own checker (the reference of the differential test). */
function stepFromWire(j: PocklingtonStepJson): PocklingtonStep {
  const factored: bigint[] = [];
  for (const f of j.factored) for (let i = 0; i < Number(f.exponent); i++) factored.push(BigInt(f.prime));
  return { n: BigInt(j.n), factored, witnesses: j.witnesses.map((w) => ({ q: BigInt(w.q), a: BigInt(w.a) })) };
}

function valueOf<T>(o: RunOutcome): T {
  expect(o.outcome, JSON.stringify(o).slice(0, 400)).to.equal("completed");
  return (o as { value: unknown }).value as T;
}

const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

describe("integer.primality_certificate.verify", function () {
  this.timeout(180_000);
  const j = testJacobian({ packs: ["integer"], pool: false });
  after(() => j.close());
  const verify = async (n: bigint | string, certificate: Cert): Promise<Finding> => valueOf<Finding>(await j.run(ID, { n: n.toString(), certificate } as unknown as Record<string, Json>));

  /** Library certificates for primes of special forms with several recursive steps (built once). */
  let built: { n: bigint; cert: Cert }[] | undefined;
  function libraryCerts(): { n: bigint; cert: Cert }[] {
    if (built) return built;
    const out: { n: bigint; cert: Cert }[] = [];
    built = out;
    for (const n of [2n ** 127n - 1n, 2n ** 89n - 1n, 2n ** 107n - 1n, 2n ** 521n - 1n]) {
      const steps = provePrime(n);
      if (steps) out.push({ n, cert: { format: "pocklington", steps: steps.map(stepToWire) } });
    }
    // k·2^m + 1 and nested q = k·p + 1 chains
    let p = 2n ** 89n - 1n;
    for (let level = 0; level < 3; level++) {
      let k = 2n;
      for (;;) {
        const q = k * p + 1n;
        const steps = decidePrimality(q).prime ? provePrime(q) : undefined;
        if (steps) {
          out.push({ n: q, cert: { format: "pocklington", steps: steps.map(stepToWire) } });
          p = q;
          break;
        }
        k += 2n;
      }
    }
    return out;
  }

  it("round trip: every certificate integer.primality.compute emits is accepted, with evidence", async () => {
    const cases = [...libraryCerts().map((c) => c.n), 2n ** 61n - 1n, 1000003n];
    let withSteps = 0;
    for (const n of cases) {
      const v = valueOf<{ status: string; certificate?: Cert }>(await j.run("integer.primality.compute", { n: n.toString(), prove: true }));
      expect(v.status).to.equal("PROVEN");
      const cert: Cert = v.certificate ?? { format: "pocklington", steps: [] };
      if (cert.steps.length) withSteps++;
      const f = await verify(n, cert);
      expect(f.verdict, `${n}: ${f.reason}`).to.equal("accepted");
      const ev = (await j.artifact(f.bindings.evidence!)) as unknown as { result: { evidence: { proven: { number: string; method: string }[] } } };
      expect(ev.result.evidence.proven.map((p) => p.number)).to.include(n.toString());
    }
    expect(withSteps).to.be.greaterThan(4);
  });

  it("tampering is caught: wrong witness, dropped factor, wrong exponent, missing and duplicate steps, composite primes", async () => {
    const { n, cert } = libraryCerts().find((c) => c.cert.steps.length >= 2)!;
    const base = cert as { format: "pocklington"; steps: PocklingtonStepJson[] };
    expect((await verify(n, base)).verdict).to.equal("accepted");
    const top = base.steps.findIndex((s) => s.n === n.toString());

    // a witness a with a^((m−1)/q) ≡ 1: a = 1 is malformed; use the square of the original witness for q = 2 (then a^((m−1)/2) ≡ 1)
    const t1 = clone(base);
    const w2 = t1.steps[top]!.witnesses.find((w) => w.q === "2")!;
    w2.a = ((BigInt(w2.a) ** 2n) % n).toString();
    const f1 = await verify(n, t1);
    expect([f1.verdict, f1.bindings.failure, f1.bindings.prime]).to.deep.equal(["rejected", "order_failed", "2"]);

    // drop the largest prime of the top step: F no longer large enough (or no longer divides)
    const t2 = clone(base);
    const fs = t2.steps[top]!.factored;
    fs.sort((a, b) => (BigInt(a.prime) < BigInt(b.prime) ? 1 : -1));
    const dropped = fs.shift()!;
    t2.steps[top]!.witnesses = t2.steps[top]!.witnesses.filter((w) => w.q !== dropped.prime);
    const f2 = await verify(n, t2);
    expect(f2.verdict).to.equal("rejected");
    expect(["factored_part_too_small", "missing_step"]).to.include(f2.bindings.failure);

    // raise an exponent: F does not divide n − 1
    const t3 = clone(base);
    t3.steps[top]!.factored[0]!.exponent = String(Number(t3.steps[top]!.factored[0]!.exponent) + 1);
    expect((await verify(n, t3)).bindings.failure).to.equal("not_a_divisor");

    // remove a sub-step: the large prime it proved is left without a proof
    const t4 = clone(base);
    const removed = t4.steps.splice(top === 0 ? 1 : 0, 1)[0]!;
    const f4 = await verify(n, t4);
    expect([f4.bindings.failure, f4.bindings.number]).to.deep.equal(["missing_step", removed.n]);

    // duplicate a step
    const t5 = clone(base);
    t5.steps.push(clone(t5.steps[0]!));
    expect((await verify(n, t5)).bindings.failure).to.equal("duplicate_step");

    // a step whose factored part is too large to divide m − 1 (500001 = 3·166667 is not even prime)
    const t6: Cert = { format: "pocklington", steps: [{ n: "1000003", factored: [{ prime: "500001", exponent: "2" }], witnesses: [{ q: "500001", a: "2" }] }] };
    const f6 = await verify("1000003", t6);
    expect(f6.verdict).to.equal("rejected");

    // a witness for a prime that is not in F
    const t7 = clone(base);
    t7.steps[top]!.witnesses.push({ q: "1000003", a: "2" });
    expect((await verify(n, t7)).bindings.failure).to.equal("malformed_step");
  });

  it("differential: on random mutations of library certificates the verdict equals the library checker's", async () => {
    const certs = libraryCerts().filter((c) => c.cert.steps.length >= 1);
    const r = rng(11);
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: 10_000 }), async (seed) => {
        const { n, cert } = certs[seed % certs.length]!;
        const t = clone(cert) as { format: "pocklington"; steps: PocklingtonStepJson[] };
        const st = t.steps[r.int(0, t.steps.length - 1)]!;
        const kind = r.int(0, 3);
        if (kind === 0 && st.witnesses.length) {
          const w = st.witnesses[r.int(0, st.witnesses.length - 1)]!;
          w.a = String(r.int(2, 50));
        } else if (kind === 1 && st.factored.length > 1) {
          st.factored.splice(r.int(0, st.factored.length - 1), 1);
        } else if (kind === 2) {
          const f = st.factored[r.int(0, st.factored.length - 1)]!;
          f.exponent = String(Math.max(1, Number(f.exponent) + r.pick([-1, 1])));
        } else {
          st.n = (BigInt(st.n) + 2n).toString();
        }
        const lib = checkPocklingtonCertificate(n, t.steps.map(stepFromWire));
        const f = await verify(n, t);
        // the library checker ignores witnesses for primes outside F and unreachable steps; the checker here rejects those: accepted ⇒ library accepts
        if (f.verdict === "accepted") expect(lib, `${JSON.stringify(t).slice(0, 200)}`).to.equal(null);
        if (lib !== null) expect(f.verdict).to.equal("rejected");
      }),
      { numRuns: 60, seed: 12 },
    );
  });

  it("Carmichael numbers cannot be certified: a Pratt step with the true factorization of n − 1 fails the order condition", async () => {
    for (const [n, fac] of [[561n, [[2n, 4n], [5n, 1n], [7n, 1n]]], [41041n, [[2n, 4n], [3n, 3n], [5n, 1n], [19n, 1n]]]] as const) {
      for (const a of [2n, 3n, 5n, 7n]) {
        const steps: PrattStepJson[] = [{ n: n.toString(), a: a.toString(), factors: fac.map(([q, e]) => ({ prime: q.toString(), exponent: e.toString() })) }];
        const f = await verify(n, { format: "pratt", steps });
        expect(f.verdict).to.equal("rejected");
        expect(["order_failed", "fermat_failed", "product_mismatch", "composite"]).to.include(f.bindings.failure);
      }
    }
  });
});

describe("integer.primality_certificate.verify on Pratt certificates built by PARI/GP", function () {
  this.timeout(180_000);
  before(function () {
    requireGp(this);
  });
  const j = testJacobian({ packs: ["integer"], pool: false });
  after(() => j.close());

  it("accepts gp's recursive Pratt certificates (primitive roots from znprimroot), rejects them after a tampered base", async () => {
    const r = rng(2024);
    // primes p = 2kq + 1 with q a 26–35-digit prime: p − 1 factors easily and q ≥ ψ13 needs its own step
    const script = [
      "pratt(p)={my(f=factor(p-1),a=lift(znprimroot(p)),s=Str(\"S \",p,\" \",a));for(i=1,#f~,s=Str(s,\" \",f[i,1],\"^\",f[i,2]));print(s);for(i=1,#f~,if(f[i,1]>=3317044064679887385961981,pratt(f[i,1])))};",
      ...Array.from({ length: 6 }, () => `q=nextprime(${r.digits(r.int(26, 35))}); k=1; while(!isprime(2*k*q+1), k++); pratt(2*k*q+1); print("END")`),
      ...Array.from({ length: 4 }, () => `pratt(nextprime(${r.digits(r.int(8, 24))})); print("END")`),
    ].join("\n");
    const lines = gp(script);
    const certs: { n: string; steps: PrattStepJson[] }[] = [];
    let cur: PrattStepJson[] = [];
    for (const line of lines) {
      if (line === "END") {
        certs.push({ n: cur[0]!.n, steps: cur });
        cur = [];
        continue;
      }
      const [, m, a, ...fs] = line.split(" ");
      cur.push({ n: m!, a: a!, factors: fs.map((t) => ({ prime: t.split("^")[0]!, exponent: t.split("^")[1]! })) });
    }
    expect(certs.length).to.equal(10);
    expect(certs.filter((c) => c.steps.length >= 2).length).to.equal(6);
    for (const c of certs) {
      const ok = valueOf<Finding>(await j.run(ID, { n: c.n, certificate: { format: "pratt", steps: c.steps } } as unknown as Record<string, Json>));
      expect(ok.verdict, `${c.n}: ${ok.reason}`).to.equal("accepted");
      // replacing the primitive root by its square gives an element of order dividing (p − 1)/2
      const t = clone(c.steps);
      t[0]!.a = ((BigInt(t[0]!.a) ** 2n) % BigInt(t[0]!.n)).toString();
      const bad = valueOf<Finding>(await j.run(ID, { n: c.n, certificate: { format: "pratt", steps: t } } as unknown as Record<string, Json>));
      expect([bad.verdict, bad.bindings.failure, bad.bindings.prime]).to.deep.equal(["rejected", "order_failed", "2"]);
    }
  });
});
