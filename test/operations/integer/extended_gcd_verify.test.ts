import { expect } from "chai";
import fc from "fast-check";
import { createExecutionContext } from "../../../application/execution.js";
import verify from "../../../operations/integer/extended_gcd_verify.js";
import { gp, requireGp } from "../../support/gp.js";
import { parsedRequest } from "../../support/parse.js";
import { testJacobian } from "../../support/runtime.js";
import { rng } from "./random.js";

const ctx = () => createExecutionContext(new AbortController().signal);

describe("integer.extended_gcd.verify against PARI/GP's gcdext", function () {
  this.timeout(120_000);
  before(function () {
    requireGp(this);
  });
  const j = testJacobian({ packs: ["integer"], pool: false });
  after(() => j.close());

  it("accepts PARI's (d, u, v) and shifted Bezout pairs (u + k·b/d, v − k·a/d); rejects a wrong gcd, a non-dividing combination and negated gcds", async () => {
    const r = rng(777);
    const cases: [bigint, bigint][] = [];
    while (cases.length < 80) {
      const g = r.digits(r.pick([1, 3, 20, 300]));
      cases.push([r.signedDigits(r.int(1, 400)) * g, r.signedDigits(r.int(1, 400)) * g]);
    }
    cases.push([0n, 0n], [0n, 17n], [-17n, 0n], [12n, -12n]);
    const lines = gp(cases.map(([a, b]) => `v = gcdext(${a}, ${b}); print(v[3], " ", v[1], " ", v[2])`).join("\n"));
    for (let i = 0; i < cases.length; i++) {
      const [a, b] = cases[i]!;
      const [d, u, v] = lines[i]!.split(" ").map(BigInt) as [bigint, bigint, bigint];
      const run = async (g: bigint, x: bigint, y: bigint) => {
        const o = await j.run("integer.extended_gcd.verify", { left: a.toString(), right: b.toString(), claim: { gcd: g.toString(), x: x.toString(), y: y.toString() } });
        expect(o.outcome, JSON.stringify(o).slice(0, 300)).to.equal("completed");
        return (o as unknown as { value: { verdict: string; bindings: Record<string, string> } }).value;
      };
      expect((await run(d, u, v)).verdict, `case ${i}`).to.equal("accepted");
      if (d !== 0n) {
        const k = BigInt(r.int(-5, 5));
        expect((await run(d, u + (k * b) / d, v - (k * a) / d)).verdict).to.equal("accepted");
        expect((await run(-d, -u, -v)).bindings.failure).to.equal("negative_gcd");
        // 2·(a·u + b·v) = 2d is a Bezout combination but not a common divisor (unless d = |a| = |b|… it never divides both when a, b ≠ 0 have gcd d)
        const twice = await run(2n * d, 2n * u, 2n * v);
        if (a !== 0n || b !== 0n) expect(twice.bindings.failure).to.equal("not_a_common_divisor");
        if (d > 1n) {
          const wrong = await run(1n, u, v);
          expect(wrong.bindings.failure).to.equal("bezout_mismatch");
          expect(wrong.bindings.combination).to.equal(d.toString());
        }
      }
    }
  });
});

describe("integer.extended_gcd.verify: properties", () => {
  const int = fc.oneof(fc.bigInt({ min: -1000n, max: 1000n }), fc.bigInt({ min: -(10n ** 60n), max: 10n ** 60n }));

  it("a claim is accepted exactly when it is a valid extended gcd (compared with a brute-force definition on small inputs)", async () => {
    await fc.assert(
      fc.asyncProperty(fc.bigInt({ min: -30n, max: 30n }), fc.bigInt({ min: -30n, max: 30n }), fc.bigInt({ min: -3n, max: 35n }), fc.bigInt({ min: -9n, max: 9n }), fc.bigInt({ min: -9n, max: 9n }), async (a, b, g, x, y) => {
        const req = parsedRequest(verify, { left: a.toString(), right: b.toString(), claim: { gcd: g.toString(), x: x.toString(), y: y.toString() } });
        const f = await verify.execute(req, ctx());
        expect(verify.postcondition(req, f)).to.equal(null);
        // the definition: g is the largest common divisor (0 for a = b = 0) and a·x + b·y = g
        let truth = 0n;
        for (let d = 1n; d <= 30n; d++) if (a % d === 0n && b % d === 0n) truth = d;
        if (a === 0n && b === 0n) truth = 0n;
        expect(f.verdict === "accepted", `${a} ${b} ${g} ${x} ${y}`).to.equal(g === truth && a * x + b * y === g);
      }),
      { numRuns: 3000 },
    );
  });

  it("large random claims: valid Bezout pairs pass, any single-field perturbation fails", async () => {
    await fc.assert(
      fc.asyncProperty(int, int, int, async (a, b, k) => {
        // build a valid claim by extended Euclid in the test (independent of the library)
        let [r0, r1, s0, s1, t0, t1] = [a < 0n ? -a : a, b < 0n ? -b : b, 1n, 0n, 0n, 1n];
        while (r1 !== 0n) {
          const q = r0 / r1;
          [r0, r1, s0, s1, t0, t1] = [r1, r0 - q * r1, s1, s0 - q * s1, t1, t0 - q * t1];
        }
        const g = r0, x = a < 0n ? -s0 : s0, y = b < 0n ? -t0 : t0;
        const [xs, ys] = g === 0n ? [x, y] : [x + (k * b) / g, y - (k * a) / g];
        const claim = { gcd: g, x: xs, y: ys };
        const wire = (c: typeof claim) => ({ left: a.toString(), right: b.toString(), claim: { gcd: c.gcd.toString(), x: c.x.toString(), y: c.y.toString() } });
        expect((await verify.execute(parsedRequest(verify, wire(claim)), ctx())).verdict).to.equal("accepted");
        for (const field of ["gcd", "x", "y"] as const) {
          if (field === "x" && a === 0n) continue;
          if (field === "y" && b === 0n) continue;
          const bad = parsedRequest(verify, wire({ ...claim, [field]: claim[field] + 1n }));
          const f = await verify.execute(bad, ctx());
          expect(f.verdict, `${field} + 1`).to.equal("rejected");
          expect(verify.postcondition(bad, f)).to.equal(null);
        }
      }),
      { numRuns: 300 },
    );
  });
});
