import { expect } from "chai";
import fc from "fast-check";
import type { Json } from "../../../domain/json.js";
import type { RunOutcome } from "../../../domain/outcome.js";
import { gp, requireGp } from "../../support/gp.js";
import { testJacobian } from "../../support/runtime.js";
import { rng } from "../integer/random.js";

/** JSON for messages (bigints as strings). */
const show = (v: unknown): string => JSON.stringify(v, (_k, x) => (typeof x === "bigint" ? x.toString() : x));

type Verdict = { verdict: "accepted" | "rejected" | "non_conclusion"; bindings: Record<string, any>; reason?: string };

/*
 * Soundness of the three modular checkers against claims built WITHOUT the producers: every true
 * claim (from brute force, a sieve, or PARI/GP) is accepted, whatever optional parts it carries;
 * every rejection of a false claim carries a counterexample that the test re-checks with plain
 * bigint arithmetic.
 */

const mod = (a: bigint, m: bigint): bigint => ((a % m) + m) % m;
const gcd = (a: bigint, b: bigint): bigint => {
  a = a < 0n ? -a : a;
  b = b < 0n ? -b : b;
  while (b) [a, b] = [b, a % b];
  return a;
};
const powMod = (g: bigint, e: bigint, m: bigint): bigint => {
  let r = 1n % m, b = mod(g, m);
  for (; e > 0n; e >>= 1n, b = (b * b) % m) if (e & 1n) r = (r * b) % m;
  return r;
};
/** Trial division (the numbers factored here are below 10^7). */
const factorSmall = (n: bigint): { prime: string; exponent: string }[] => {
  const out: { prime: string; exponent: string }[] = [];
  for (let p = 2n; p * p <= n; p++) {
    let e = 0;
    while (n % p === 0n) {
      n /= p;
      e++;
    }
    if (e) out.push({ prime: String(p), exponent: String(e) });
  }
  if (n > 1n) out.push({ prime: String(n), exponent: "1" });
  return out;
};

describe("modular checkers accept every true claim built independently, and reject only with verified counterexamples", function () {
  this.timeout(120_000);
  const j = testJacobian({ packs: ["modular"], pool: false });
  after(() => j.close());
  const check = async (id: string, payload: Record<string, unknown>): Promise<Verdict> => {
    const o: RunOutcome = await j.run(id, payload as Record<string, Json>);
    expect(o.outcome, show(o).slice(0, 500)).to.equal("completed");
    return (o as unknown as { value: Verdict }).value;
  };

  describe("modular.crt.verify", () => {
    /** Sieve: walk x through its class modulo the running lcm until the next congruence holds (no extended gcd). */
    function sieve(cs: { r: bigint; m: bigint }[]): { x: bigint; L: bigint } | undefined {
      let x = 0n, L = 1n;
      for (const { r, m } of cs) {
        let k = 0n;
        while (mod(x - r, m) !== 0n) {
          x += L;
          if (++k > m) return undefined;
        }
        L = (L / gcd(L, m)) * m;
      }
      return { x, L };
    }

    it("solutions (any representative) and conflicting pairs (either order, with or without the gcd) are accepted; tampered ones are refuted", async () => {
      const congruence = fc.record({ r: fc.bigInt(-300n, 300n), m: fc.bigInt(1n, 40n) });
      await fc.assert(
        fc.asyncProperty(fc.array(congruence, { minLength: 1, maxLength: 5 }), fc.bigInt(-3n, 3n), async (cs, k) => {
          const congruences = cs.map((c) => ({ residue: String(c.r), modulus: String(c.m) }));
          const s = sieve(cs);
          if (s) {
            const ok = await check("modular.crt.verify", { congruences, claim: { solvable: true, residue: String(s.x + k * s.L), modulus: String(s.L) } });
            expect(ok.verdict, show([congruences, s])).to.equal("accepted");
            expect(ok.bindings.canonical_residue).to.equal(String(s.x));
            // a shifted residue: the named congruence really is violated
            if (s.L > 1n) {
              const bad = await check("modular.crt.verify", { congruences, claim: { solvable: true, residue: String(s.x + 1n), modulus: String(s.L) } });
              expect([bad.verdict, bad.bindings.failure]).to.deep.equal(["rejected", "violates_congruence"]);
              const c = cs[bad.bindings.index]!;
              expect(bad.bindings.residue_mod).to.equal(String(mod(s.x + 1n, c.m)));
              expect(mod(s.x + 1n - c.r, c.m)).to.not.equal(0n);
            }
            // a wrong modulus: the lcm named is the sieve's lcm
            const wide = await check("modular.crt.verify", { congruences, claim: { solvable: true, residue: String(s.x), modulus: String(3n * s.L) } });
            expect([wide.verdict, wide.bindings.failure, wide.bindings.lcm]).to.deep.equal(["rejected", "not_lcm", String(s.L)]);
            return;
          }
          let conflicts = 0;
          for (let i = 0; i < cs.length; i++)
            for (let t = 0; t < cs.length; t++) {
              if (i === t) continue;
              const g = gcd(cs[i]!.m, cs[t]!.m);
              const compatible = mod(cs[i]!.r - cs[t]!.r, g) === 0n;
              const v = await check("modular.crt.verify", { congruences, claim: { solvable: false, conflict: { first: i, second: t, ...(t % 2 ? { gcd: String(g) } : {}) } } });
              if (compatible) {
                expect([v.verdict, v.bindings.failure, v.bindings.gcd]).to.deep.equal(["rejected", "pair_compatible", String(g)]);
              } else {
                conflicts++;
                expect(v.verdict, show([congruences, i, t])).to.equal("accepted");
                const w = await check("modular.crt.verify", { congruences, claim: { solvable: false, conflict: { first: i, second: t, gcd: String(g + 1n) } } });
                expect([w.verdict, w.bindings.failure, w.bindings.gcd]).to.deep.equal(["rejected", "wrong_gcd", String(g)]);
              }
            }
          expect(conflicts, "an unsolvable system has an incompatible pair").to.be.greaterThan(0);
        }),
        { numRuns: 60 },
      );
    });

    it("agrees with PARI/GP's chinese() on solvable systems of 20–40-digit moduli", async function () {
      requireGp(this);
      const r = rng(4101);
      const systems = Array.from({ length: 25 }, () => {
        const x = r.signedDigits(60);
        return Array.from({ length: r.int(2, 5) }, () => {
          const m = r.digits(r.int(20, 40)) + 1n;
          return { residue: mod(x, m) + BigInt(r.int(-2, 2)) * m, modulus: m };
        });
      });
      const lines = gp(systems.map((cs) => `c=chinese([${cs.map((c) => `Mod(${c.residue},${c.modulus})`).join(",")}]);print(lift(c),";",c.mod)`).join("\n"));
      expect(lines.length).to.equal(systems.length);
      for (let i = 0; i < systems.length; i++) {
        const [x, M] = lines[i]!.split(";");
        const congruences = systems[i]!.map((c) => ({ residue: String(c.residue), modulus: String(c.modulus) }));
        const v = await check("modular.crt.verify", { congruences, claim: { solvable: true, residue: String(BigInt(x!) - 5n * BigInt(M!)), modulus: M! } });
        expect(v.verdict, lines[i]).to.equal("accepted");
        const wrong = await check("modular.crt.verify", { congruences, claim: { solvable: true, residue: x!, modulus: String(2n * BigInt(M!)) } });
        expect([wrong.verdict, wrong.bindings.lcm]).to.deep.equal(["rejected", M]);
      }
    });
  });

  describe("modular.sqrt_mod.verify", () => {
    /** All roots of x² ≡ a modulo q (q small) by trying every x. */
    const localRoots = (a: bigint, q: bigint): bigint[] => {
      const out: bigint[] = [];
      for (let x = 0n; x < q; x++) if (mod(x * x - a, q) === 0n) out.push(x);
      return out;
    };
    /** Combine root lists modulo coprime q_i by a sieve (no CRT formula). */
    const combine = (parts: { q: bigint; roots: bigint[] }[]): bigint[] => {
      let acc: bigint[] = [0n], L = 1n;
      for (const { q, roots } of parts) {
        const next: bigint[] = [];
        for (const x of acc) for (const r of roots) {
          let y = x;
          while (mod(y - r, q) !== 0n) y += L;
          next.push(y);
        }
        acc = next;
        L *= q;
      }
      return acc.sort((u, v) => (u < v ? -1 : u > v ? 1 : 0));
    };
    /** The local rule that makes a a non-square modulo p^k, read off from the definitions. */
    const witness = (a: bigint, p: bigint, k: number) => {
      const pk = p ** BigInt(k);
      let u = mod(a, pk), v = 0;
      while (u % p === 0n) {
        u /= p;
        v++;
      }
      const reason = v % 2 === 1 ? "odd_valuation" : p !== 2n ? "legendre" : k - v === 2 ? "mod_4" : "mod_8";
      return { reason, divisor: String(pk), prime: String(p), valuation: String(v) };
    };
    const primes = [2n, 3n, 5n, 7n, 11n, 13n, 17n, 19n, 23n, 29n, 31n, 37n, 41n, 43n, 97n, 101n, 257n, 1009n];

    it("complete lists, counts, partial lists, other representatives, factorizations and 'no root' (with or without a witness) are accepted; tampered claims are refuted", async () => {
      const part = fc.record({ p: fc.constantFrom(...primes), k: fc.integer({ min: 1, max: 3 }) });
      await fc.assert(
        fc.asyncProperty(fc.uniqueArray(part, { minLength: 1, maxLength: 3, selector: (x) => x.p }), fc.bigInt(-(10n ** 9n), 10n ** 9n), fc.boolean(), async (ps, x, square) => {
          const parts = ps.map(({ p, k }) => ({ p, k, q: p ** BigInt(k) })).filter(({ q }) => q <= 200_000n);
          if (!parts.length) return;
          const n = parts.reduce((acc, { q }) => acc * q, 1n);
          const a = square ? mod(x * x, n) : x;
          const local = parts.map(({ q }) => ({ q, roots: localRoots(a, q) }));
          const count = local.reduce((c, l) => c * BigInt(l.roots.length), 1n);
          const factorization = parts.sort((u, v) => (u.p < v.p ? -1 : 1)).map(({ p, k }) => ({ prime: String(p), exponent: String(k) }));
          const payload = { a: String(a), modulus: String(n) };
          const verify = (claim: Json) => check("modular.sqrt_mod.verify", { ...payload, claim });
          if (count === 0n) {
            const bare = await verify({ solvable: false });
            expect([bare.verdict, bare.bindings.established], show(payload)).to.deep.equal(["accepted", "no_root"]);
            const at = parts.find(({ q }) => localRoots(a, q).length === 0)!;
            const w = await verify({ status: "COMPLETE", solvable: false, count: "0", witness: witness(a, at.p, at.k), certainty: "PROVEN" });
            expect(w.verdict, show([payload, witness(a, at.p, at.k)])).to.equal("accepted");
            const claimRoot = await verify({ solvable: true, roots: ["1"] });
            expect(claimRoot.verdict).to.equal("rejected");
            expect(mod(1n - a, n)).to.not.equal(0n); // the counterexample: 1² ≢ a
            expect(claimRoot.bindings.square).to.equal(String(mod(1n, n)));
            return;
          }
          const roots = combine(local);
          expect(BigInt(roots.length)).to.equal(count);
          const full = { status: "COMPLETE", solvable: true, count: String(count), roots: roots.slice(0, 10_000).map(String), roots_complete: roots.length <= 10_000, factorization, certainty: "PROVEN" };
          const ok = await verify(full);
          expect([ok.verdict, ok.bindings.count], show(payload)).to.deep.equal(["accepted", String(count)]);
          // parts of the answer, roots as other representatives
          const some = roots.slice(0, 3).map((r, i) => String(r + BigInt(i - 1) * n));
          expect((await verify({ solvable: true, roots: some })).verdict).to.equal("accepted");
          expect((await verify({ solvable: true, roots: some, count: String(count) })).verdict).to.equal("accepted");
          expect((await verify({ solvable: true, roots: [], factorization })).verdict).to.equal("accepted");
          // refutations, each re-checked here
          const noRoot = await verify({ solvable: false });
          expect([noRoot.verdict, noRoot.bindings.failure, noRoot.bindings.count]).to.deep.equal(["rejected", "has_roots", String(count)]);
          const wrongCount = await verify({ solvable: true, roots: [], count: String(count + 1n) });
          expect([wrongCount.verdict, wrongCount.bindings.failure, wrongCount.bindings.count]).to.deep.equal(["rejected", "wrong_count", String(count)]);
          // (only for a complete list: with more than MAX_ROOTS roots the claim lists 10,000 of them and says so)
          if (roots.length > 1 && roots.length <= 10_000) {
            const { count: _count, ...rest } = full;
            const dropped = await verify({ ...rest, roots: roots.slice(1).map(String) });
            expect([dropped.verdict, dropped.bindings.failure]).to.deep.equal(["rejected", "incomplete_roots"]);
          }
          const nonRoot = roots.map((r) => r + 1n).find((y) => mod(y * y - a, n) !== 0n);
          if (nonRoot !== undefined) {
            const v = await verify({ solvable: true, roots: [String(nonRoot)] });
            expect([v.verdict, v.bindings.failure, v.bindings.root, v.bindings.square]).to.deep.equal(["rejected", "not_a_root", String(nonRoot), String(mod(nonRoot * nonRoot, n))]);
          }
          const badFactor = await verify({ ...full, factorization: [{ prime: String(n), exponent: "1" }] });
          if (parts.length > 1 || parts[0]!.k > 1) expect([badFactor.verdict, badFactor.bindings.failure]).to.deep.equal(["rejected", "wrong_factorization"]);
        }),
        { numRuns: 80 },
      );
    });

    it("square roots modulo 18–48-digit primes from PARI/GP's polrootsmod, as complete lists, are accepted", async function () {
      requireGp(this);
      const lines = gp(
        `setrand(4102);for(i=1,20,p=nextprime(random(10^(random(30)+18)));a=random(p);if(i%3==0,a=lift(Mod(a,p)^2));R=vecsort(lift(Vec(polrootsmod(x^2-a,p))));print(p,";",a,";",strjoin(apply(t->Str(t),R),",")))`,
      );
      expect(lines.length).to.equal(20);
      let solvable = 0, unproven = 0;
      for (const l of lines) {
        const [p, a, list] = l.split(";");
        const roots = list!.split(",").filter((s) => s.length);
        const claim = roots.length
          ? { status: "COMPLETE", solvable: true, count: String(roots.length), roots, roots_complete: true, factorization: [{ prime: p!, exponent: "1" }], certainty: "PROVEN" }
          : { solvable: false, roots: [], certainty: "PROVEN" };
        if (roots.length) solvable++;
        const v = await check("modular.sqrt_mod.verify", { a: a!, modulus: p!, claim });
        // A count rests on p being prime: above 3.3·10^24 that takes a Pocklington certificate, which may not be found within budget — then the checker says which prime it could not prove (gp's isprime proves it is one).
        if (v.verdict === "non_conclusion" && roots.length) {
          expect(v.bindings.unproven, l).to.deep.equal([p]);
          expect(BigInt(p!) > 3317044064679887385961981n).to.equal(true);
          unproven++;
          continue;
        }
        expect(v.verdict, l).to.equal("accepted");
      }
      expect(solvable).to.be.greaterThan(5);
      expect(unproven).to.be.lessThan(solvable);
    });
  });

  describe("modular.discrete_log.verify", () => {
    /** The orbit g^0, g^1, … modulo m up to its first repeat: preperiod t, period N, least solution (brute force). */
    function orbit(g: bigint, h: bigint, m: bigint): { t: bigint; N: bigint; least?: bigint } {
      const first = new Map<bigint, bigint>();
      let pw = 1n % m;
      for (let x = 0n; ; x++) {
        const seen = first.get(pw);
        if (seen !== undefined) {
          const hit = first.get(mod(h, m));
          return { t: seen, N: x - seen, ...(hit !== undefined ? { least: hit } : {}) };
        }
        first.set(pw, x);
        pw = (pw * mod(g, m)) % m;
      }
    }

    it("solutions in every claim form (bare, only, least with period, with or without factorization and preperiod) and independent witnesses are accepted; tampered claims are refuted", async () => {
      let unique = 0, periodic = 0, none = 0;
      // Half the instances have a base sharing primes with the modulus (m = s^e·u, g = s·v), so preperiods, unique solutions and vanishing parts are common.
      const instance = fc.oneof(
        fc.record({ m: fc.bigInt(1n, 3000n), g: fc.bigInt(0n, 3000n) }),
        fc.tuple(fc.constantFrom(2n, 3n, 5n, 6n, 10n), fc.integer({ min: 1, max: 5 }), fc.bigInt(1n, 60n), fc.bigInt(0n, 300n)).map(([s, e, u, v]) => ({ m: s ** BigInt(e) * u, g: s * v })),
      );
      await fc.assert(
        fc.asyncProperty(instance, fc.bigInt(0n, 60n), fc.boolean(), fc.bigInt(0n, 3n), async ({ m, g }, k, power, shift) => {
          const h = power ? powMod(g, k, m) : k * 37n;
          const o = orbit(g, h, m);
          const payload = { base: String(g), target: String(h), modulus: String(m) };
          const verify = (claim: Json) => check("modular.discrete_log.verify", { ...payload, claim });
          if (o.least === undefined) {
            none++;
            // independent witnesses: a unit g with a non-unit h; or the orbit's vanishing part
            if (gcd(g, m) === 1n && gcd(h, m) > 1n) {
              expect((await verify({ solvable: false, witness: { kind: "non_unit_target", divisor: String(m) } })).verdict).to.equal("accepted");
            }
            if (gcd(g, m) === 1n && powMod(h, o.N, m) !== 1n % m) {
              const w = { kind: "order", forced_modulus: "1", forced_log: "0", forced_order: "1", forced_order_factorization: [], modulus: String(m), exponent: String(o.N) };
              expect((await verify({ solvable: false, witness: w })).verdict, show(payload)).to.equal("accepted");
            }
            const claimed = await verify({ solvable: true, log: "1" });
            expect([claimed.verdict, claimed.bindings.failure, claimed.bindings.computed]).to.deep.equal(["rejected", "not_a_solution", String(powMod(g, 1n, m))]);
            return;
          }
          const x = o.least;
          const isUnique = x < o.t;
          const factorization = factorSmall(o.N);
          expect((await verify({ solvable: true, log: String(x) })).verdict).to.equal("accepted");
          if (isUnique) {
            unique++;
            const only = await verify({ status: "COMPLETE", solvable: true, log: String(x), preperiod: String(o.t), certainty: "PROVEN" });
            expect([only.verdict, only.bindings.argument]).to.deep.equal(["accepted", "unique_solution"]);
            // a period claimed for the only solution: g^(log + period) is named and is not h
            const p = await verify({ solvable: true, log: String(x), period: String(o.N), period_factorization: factorization });
            expect([p.verdict, p.bindings.failure]).to.deep.equal(["rejected", "wrong_period"]);
            expect(p.bindings.computed).to.equal(String(powMod(g, x + o.N, m)));
            expect(BigInt(p.bindings.computed)).to.not.equal(mod(h, m));
          } else {
            periodic++;
            for (const claim of [
              { status: "COMPLETE", solvable: true, log: String(x), period: String(o.N), period_factorization: factorization, preperiod: String(o.t), certainty: "PROVEN" },
              { solvable: true, log: String(x), period: String(o.N) },
              { solvable: true, log: String(x), period: String(o.N), period_factorization: factorization },
              { solvable: true, log: String(x), period: String(o.N), preperiod: String(o.t) },
            ] as Json[]) {
              const v = await verify(claim);
              expect([v.verdict, v.bindings.argument], show([payload, claim, v])).to.deep.equal(["accepted", "least_solution"]);
            }
            expect((await verify({ solvable: true, log: String(x + shift * o.N) })).verdict).to.equal("accepted");
            // a later solution claimed least: the smaller solution named solves it and is smaller
            const later = await verify({ solvable: true, log: String(x + (shift + 1n) * o.N), period: String(o.N) });
            expect([later.verdict, later.bindings.failure]).to.deep.equal(["rejected", "not_least"]);
            const s = BigInt(later.bindings.smaller_solution);
            expect(s < x + (shift + 1n) * o.N && powMod(g, s, m) === mod(h, m)).to.equal(true);
            // a multiple of the period: the smaller period named is a period
            const twice = await verify({ solvable: true, log: String(x), period: String(2n * o.N) });
            expect([twice.verdict, twice.bindings.failure]).to.deep.equal(["rejected", "wrong_period"]);
            const sp = BigInt(twice.bindings.smaller_period);
            expect(powMod(g, o.t + sp, m)).to.equal(powMod(g, o.t, m));
            // a claim that the solution is the only one
            const only = await verify({ solvable: true, log: String(x), preperiod: String(o.t) });
            expect([only.verdict, only.bindings.failure, only.bindings.preperiod]).to.deep.equal(["rejected", "not_unique", String(o.t)]);
          }
          // a wrong preperiod: the true one is named
          const pre = await verify({ solvable: true, log: String(x), preperiod: String(o.t + 1n) });
          expect([pre.verdict, pre.bindings.failure, pre.bindings.preperiod]).to.deep.equal(["rejected", "wrong_preperiod", String(o.t)]);
        }),
        { numRuns: 200 },
      );
      expect(unique).to.be.greaterThan(1);
      expect(periodic).to.be.greaterThan(20);
      expect(none).to.be.greaterThan(5);
    });

    it("logarithms modulo 12–18-digit primes from PARI/GP's znlog and znorder are accepted as least solutions", async function () {
      requireGp(this);
      const lines = gp(
        `setrand(4103);for(i=1,15,p=nextprime(random(10^(random(7)+12)));g=Mod(random(p-2)+2,p);h=g^random(p);o=znorder(g);x=znlog(h,g,o);` +
          `F=factor(o);print(p,";",lift(g),";",lift(h),";",x,";",o,";",strjoin(vector(#F~,t,Str(F[t,1],":",F[t,2])),",")))`,
      );
      expect(lines.length).to.equal(15);
      for (const l of lines) {
        const [p, g, h, x, o, f] = l.split(";");
        const period_factorization = f!.split(",").filter((s) => s.length).map((s) => {
          const [prime, exponent] = s.split(":");
          return { prime: prime!, exponent: exponent! };
        });
        const payload = { base: g!, target: h!, modulus: p! };
        const full = await check("modular.discrete_log.verify", { ...payload, claim: { solvable: true, log: x!, period: o!, period_factorization, preperiod: "0" } });
        expect([full.verdict, full.bindings.argument], l).to.deep.equal(["accepted", "least_solution"]);
        const bare = await check("modular.discrete_log.verify", { ...payload, claim: { solvable: true, log: x!, period: o! } });
        expect(bare.verdict, l).to.equal("accepted");
      }
    });

    it("the verified defects of issue 8 (items 1–2)", async () => {
      // a period without its factorization is not a wrong period
      const a = await check("modular.discrete_log.verify", { base: "2", target: "8", modulus: "24", claim: { solvable: true, log: "3", period: "2" } });
      expect([a.verdict, a.bindings.argument]).to.deep.equal(["accepted", "least_solution"]);
      // no preperiod stated for a non-unit base: 0^x ≡ 0 (mod 10) exactly for x ≥ 1
      const b = await check("modular.discrete_log.verify", { base: "0", target: "0", modulus: "10", claim: { log: "1", period: "1", period_factorization: [] } });
      expect([b.verdict, b.bindings.argument, b.bindings.preperiod]).to.deep.equal(["accepted", "least_solution", "1"]);
      // a wrong claim whose smaller solution has 5 digits is rejected with it (not POSTCONDITION_VIOLATED)
      const c = await check("modular.discrete_log.verify", {
        base: "2",
        target: "613968",
        modulus: "1000003",
        claim: { solvable: true, log: "1012347", period: "1000002", period_factorization: [{ prime: "2", exponent: "1" }, { prime: "3", exponent: "1" }, { prime: "166667", exponent: "1" }], preperiod: "0" },
      });
      expect([c.verdict, c.bindings.failure, c.bindings.smaller_solution]).to.deep.equal(["rejected", "not_least", "12345"]);
      expect(powMod(2n, 12345n, 1000003n)).to.equal(613968n);
      // a smaller solution far beyond 2000 (a 21-digit prime)
      const big = await check("modular.discrete_log.verify", {
        base: "5",
        target: "123456789",
        modulus: "100000000806000000743",
        claim: { solvable: true, log: String(43472855763607102859n + 2n * 100000000806000000742n), period: "100000000806000000742" },
      });
      expect([big.verdict, big.bindings.failure, big.bindings.smaller_solution]).to.deep.equal(["rejected", "not_least", "43472855763607102859"]);
    });
  });
});
