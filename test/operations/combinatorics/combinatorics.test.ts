import { expect } from "chai";
import fc from "fast-check";
import type { ComputeDeclaration } from "../../../domain/declaration.js";
import type { Json } from "../../../domain/json.js";
import { isRational } from "../../../domain/kinds.js";
import type { Rational } from "../../../domain/math/rational.js";
import { validateSync } from "../../../domain/schema.js";
import { loadPack } from "../../../operations/packs.js";
import { checkPrimeCount, checkPrimes, MAX_RESULT_DIGITS, residue, residues, sizeAtLeast, trailingZeros, twoAdicValuation } from "../../../operations/combinatorics/support.js";
import { bitLength } from "../../../domain/math/integer.js";
import { parsedRequest, parsedResult } from "../../support/parse.js";
import { testJacobian } from "../../support/runtime.js";

const ops = new Map((await loadPack("combinatorics")).operations.map((d) => [d.id, d as ComputeDeclaration]));
const op = (name: string): ComputeDeclaration => ops.get(`combinatorics.${name}.compute`)!;

describe("combinatorics pack: registration and declarations", () => {
  it("ships the fourteen operations of this pack (plus the partition function) with examples, bounds and cost models", () => {
    const names = [
      "binomial", "multinomial", "factorial", "double_factorial", "falling_factorial", "rising_factorial", "catalan", "bell", "stirling1", "stirling2",
      "derangements", "fibonacci", "lucas", "bernoulli",
    ];
    for (const n of names) {
      const d = op(n);
      expect(d, n).to.not.equal(undefined);
      expect(d.examples.length, n).to.be.at.least(3);
      expect(d.bounds.some((b) => b.name === "result_digits"), n).to.equal(true);
      expect(d.cost_model.length, n).to.be.greaterThan(40);
    }
  });
});

describe("combinatorics pack: bounds, refusals and domain errors through the API", function () {
  this.timeout(120_000);
  const j = testJacobian({ packs: ["combinatorics"], pool: false });
  after(() => j.close());

  async function expectRefused(id: string, payload: Record<string, Json>): Promise<void> {
    const t0 = Date.now();
    const o = await j.run(`combinatorics.${id}.compute`, payload);
    expect(o.outcome, `${id} ${JSON.stringify(payload)}: ${JSON.stringify(o).slice(0, 300)}`).to.equal("non_conclusion");
    if (o.outcome === "non_conclusion") expect(o.reason.code).to.equal("RESOURCE_REFUSED");
    expect(Date.now() - t0, "refused before any work").to.be.below(2000);
  }

  it("refuses results above 1,000,000 digits (or work above the budget) with RESOURCE_REFUSED before computing", async () => {
    await expectRefused("factorial", { n: "205023" });
    await expectRefused("factorial", { n: "999999999999999" });
    await expectRefused("binomial", { n: "10000000", k: "5000000" });
    await expectRefused("binomial", { n: "-" + "9".repeat(9999), k: "1000" });
    await expectRefused("multinomial", { counts: ["3000000", "3000000"] });
    await expectRefused("double_factorial", { n: "400000" });
    await expectRefused("double_factorial", { n: "-400001" });
    await expectRefused("falling_factorial", { x: "1/3", k: "10000000" });
    await expectRefused("rising_factorial", { x: "100", k: "999999999999999" });
    await expectRefused("catalan", { n: "2000000" });
    await expectRefused("bell", { n: "100000" });
    await expectRefused("bell", { n: "999999999999999" });
    await expectRefused("stirling1", { n: "200000", k: "100000" });
    await expectRefused("stirling1", { n: "999999999999999", k: "999999999999998" });
    await expectRefused("stirling2", { n: "100000", k: "50000" });
    await expectRefused("stirling2", { n: "999999999999999", k: "3" });
    await expectRefused("derangements", { n: "300000" });
    await expectRefused("fibonacci", { n: "4800000" });
    await expectRefused("lucas", { n: "-999999999999999" });
    await expectRefused("bernoulli", { n: "300000" });
  });

  it("a zero result costs nothing whatever k is: (3)_k = 0 and (−3)^(k) = 0 for k > 3, C(n, k) = 0 for 0 ≤ n < k", async () => {
    for (const [id, payload, field] of [
      ["falling_factorial", { x: "3", k: "999999999999999" }, "falling_factorial"],
      ["rising_factorial", { x: "-3", k: "999999999999999" }, "rising_factorial"],
      ["binomial", { n: "12", k: "9".repeat(5000) }, "binomial"],
      ["stirling2", { n: "5", k: "999999999999999" }, "stirling2"],
    ] as const) {
      const o = await j.run(`combinatorics.${id}.compute`, payload);
      expect(o.outcome, JSON.stringify(o).slice(0, 300)).to.equal("completed");
      if (o.outcome === "completed") expect((o.value as Record<string, string>)[field]).to.equal("0");
    }
  });

  it("negative even n!! is a DOMAIN_ERROR at payload.n with a hint", async () => {
    const o = await j.run("combinatorics.double_factorial.compute", { n: "-4" });
    expect(o.outcome).to.equal("failed");
    if (o.outcome === "failed") {
      expect(o.error.code).to.equal("DOMAIN_ERROR");
      expect(o.error.path).to.equal("payload.n");
      expect(o.error.hint).to.be.a("string");
    }
  });

  it("binomial with k < 0 is 0 for every n (PARI/GP's convention), k of thousands of digits included, and the postcondition insists on it", async () => {
    const d = ops.get("combinatorics.binomial.compute")!;
    for (const [n, k] of [["5", "-1"], ["-1", "-1"], ["-7", "-3"], ["0", "-1"], ["9".repeat(9999), "-" + "9".repeat(9999)], ["-" + "3".repeat(500), "-2"]]) {
      const o = await j.run("combinatorics.binomial.compute", { n, k });
      expect(o.outcome, `${n.slice(0, 12)} ${k.slice(0, 12)}`).to.equal("completed");
      if (o.outcome === "completed") expect(o.value).to.deep.equal({ binomial: "0" });
      expect(d.postcondition(parsedRequest(d, { n, k }), parsedResult(d, { binomial: "1" }))).to.be.a("string");
    }
  });

  it("refuses non-canonical values, wrong types, undeclared keys and a bad B_1 convention with INVALID_PAYLOAD", async () => {
    for (const [id, payload, path] of [
      ["factorial", { n: "-5" }, "payload.n"],
      ["factorial", { n: "007" }, "payload.n"],
      ["factorial", { n: 5 }, "payload.n"],
      ["factorial", { n: "1".repeat(16) }, "payload.n"],
      ["binomial", { n: "-0", k: "1" }, "payload.n"],
      ["binomial", { n: "5", k: "-01" }, "payload.k"],
      ["falling_factorial", { x: "1/0", k: "2" }, "payload.x"],
      ["fibonacci", { n: "1.5" }, "payload.n"],
      ["bernoulli", { n: "4", b1: "+1/2" }, "payload.b1"],
      ["multinomial", { counts: ["1", "x"] }, "payload.counts[1]"],
    ] as const) {
      const o = await j.run(`combinatorics.${id}.compute`, payload as Record<string, unknown>);
      expect(o.outcome, `${id} ${JSON.stringify(payload)}`).to.equal("failed");
      if (o.outcome === "failed") {
        expect(o.error.code, `${id} ${JSON.stringify(payload)}`).to.equal("INVALID_PAYLOAD");
        expect(o.error.path, `${id} ${JSON.stringify(payload)}`).to.equal(path);
      }
    }
    const o = await j.run("combinatorics.catalan.compute", { n: "5", extra: "1" });
    expect(o.outcome).to.equal("failed");
    expect(validateSync(op("multinomial").request, { counts: new Array(10_001).fill("1") }).issues).to.not.equal(undefined);
  });

  it("preflight: tiny requests stay far below the inline threshold; costs grow with n; the largest accepted sizes fit the budget", () => {
    const units = (name: string, payload: Record<string, string>) => op(name).preflight(parsedRequest(op(name), payload)).units;
    for (const [name, small, large] of [
      ["factorial", { n: "100" }, { n: "205022" }],
      ["catalan", { n: "100" }, { n: "1600000" }],
      ["fibonacci", { n: "1000" }, { n: "4700000" }],
      ["derangements", { n: "100" }, { n: "200000" }],
      ["bell", { n: "100" }, { n: "3000" }],
      ["stirling1", { n: "100", k: "50" }, { n: "2000", k: "1000" }],
      ["stirling2", { n: "100", k: "50" }, { n: "5000", k: "2500" }],
      ["bernoulli", { n: "100" }, { n: "20000" }],
      ["binomial", { n: "100", k: "50" }, { n: "3000000", k: "1500000" }],
    ] as const) {
      expect(units(name, small), `${name} small`).to.be.below(2e5);
      expect(units(name, large), `${name} large`).to.be.greaterThan(units(name, small));
      expect(units(name, large), `${name} large within budget`).to.be.at.most(op(name).budget.max_units);
    }
  });

  it("the result bound is exact for n!: 205,022! (1,000,000 digits) passes preflight, 205,023! does not", () => {
    const f = op("factorial");
    expect(f.preflight(parsedRequest(f, { n: "205022" })).units).to.be.below(Number.POSITIVE_INFINITY);
    expect(f.preflight(parsedRequest(f, { n: "205023" })).units).to.equal(Number.POSITIVE_INFINITY);
    expect(MAX_RESULT_DIGITS).to.equal(1_000_000);
  });
});

describe("combinatorics pack: long computations run in the worker pool with progress", function () {
  this.timeout(120_000);

  it("F_1,500,000 (313,482 digits) completes from the pool with monotone progress and is published as an artifact", async () => {
    const j = testJacobian({ packs: ["combinatorics"] });
    try {
      const seen: number[] = [];
      const o = await j.run("combinatorics.fibonacci.compute", { n: "1500000" }, { onProgress: (d) => seen.push(d) });
      expect(o.outcome, JSON.stringify(o).slice(0, 300)).to.equal("completed");
      if (o.outcome !== "completed") return;
      expect(seen.length).to.be.greaterThan(5);
      for (let i = 1; i < seen.length; i++) expect(seen[i]).to.be.greaterThan(seen[i - 1]!);
      expect(o.value_artifact, "a value above the inline size is published as an artifact").to.be.a("string");
      const v = ((await j.artifact(o.value_artifact!)) as { result: Json }).result;
      const f = (v as { fibonacci: string }).fibonacci;
      expect(f.length).to.equal(313_482);
      // F_n mod 10^7 by the plain recurrence on residues (Pisano period of 10^7 is 1.5·10^7 > n, so just iterate).
      let a = 0, b = 1;
      for (let i = 0; i < 1_500_000; i++) [a, b] = [b, (a + b) % 10_000_000];
      expect(Number(f.slice(-7))).to.equal(a);
    } finally {
      await j.close();
    }
  });
});

/**
 * Postconditions receive the request parsed once and the result as `execute` returns it (bigints,
 * rationals), so wrong results are made as domain values: the wire schema cannot help, each
 * postcondition must reject them on its own. (A result that execute returns as a bigint could be
 * negative even where the wire schema says natural, and a rational could be unreduced.)
 */
describe("combinatorics pack: postconditions reject wrong results", () => {
  const ctx = { signal: new AbortController().signal, progress() {}, checkpoint() {}, async yieldNow() {} };
  const pc = (name: string, req: Record<string, Json>, res: Record<string, unknown>) => op(name).postcondition(parsedRequest(op(name), req), res);
  const rat = (num: bigint, den: bigint): Rational => ({ num, den });

  /** ±1, +10^(digits − 3) and the sign flip of v (those that differ from v). */
  function perturbations(v: bigint): bigint[] {
    const digits = (v < 0n ? -v : v).toString().length;
    return [v + 1n, v - 1n, v + 10n ** BigInt(Math.max(0, digits - 3)), -v].filter((w) => w !== v);
  }

  /** Each wrong result: one integer field, or one rational field's numerator, perturbed (the denominator kept, so the fraction may be unreduced). */
  function wrongResults(res: Record<string, unknown>): [string, Record<string, unknown>][] {
    const out: [string, Record<string, unknown>][] = [];
    for (const [field, v] of Object.entries(res)) {
      if (typeof v === "bigint") for (const w of perturbations(v)) out.push([`${field} = ${w}`, { ...res, [field]: w }]);
      else if (isRational(v)) for (const w of perturbations(v.num)) out.push([`${field} = ${w}/${v.den}`, { ...res, [field]: rat(w, v.den) }]);
      else throw new Error(`unexpected result field ${field}`);
    }
    return out;
  }

  it("each postcondition accepts the example results and rejects ±1, ±10^k and sign flips (integer fields and rational numerators)", () => {
    let rejected = 0;
    for (const d of ops.values()) {
      if (d.id === "combinatorics.partition.compute") continue;
      for (const ex of d.examples) {
        const req = parsedRequest(d, ex.payload);
        const good = parsedResult<Record<string, unknown>>(d, ex.expected);
        expect(d.postcondition(req, good), `${d.id}: ${ex.title}`).to.equal(null);
        const wrong = wrongResults(good);
        expect(wrong.length, `${d.id}: ${ex.title} has perturbable fields`).to.be.greaterThan(0);
        for (const [what, res] of wrong) {
          expect(d.postcondition(req, res), `${d.id}: ${ex.title}, ${what}`).to.not.equal(null);
          rejected++;
        }
      }
    }
    expect(rejected).to.be.greaterThan(150);
  });

  it("property: a random perturbation of a correct large value is caught (factorial, binomial, catalan, fibonacci, derangements, bell, stirling, bernoulli)", () => {
    const samples: [string, Record<string, Json>, string][] = [
      ["factorial", { n: "300" }, "factorial"],
      ["binomial", { n: "-777", k: "123" }, "binomial"],
      ["catalan", { n: "400" }, "catalan"],
      ["fibonacci", { n: "-3001" }, "fibonacci"],
      ["lucas", { n: "2999" }, "lucas"],
      ["derangements", { n: "250" }, "derangements"],
      ["bell", { n: "150" }, "bell"],
      ["stirling2", { n: "200", k: "77" }, "stirling2"],
      ["stirling1", { n: "120", k: "33" }, "unsigned"],
      ["multinomial", { counts: ["50", "70", "3"] }, "multinomial"],
      ["double_factorial", { n: "401" }, "double_factorial"],
      ["bernoulli", { n: "400" }, "bernoulli"],
      ["falling_factorial", { x: "-35/6", k: "90" }, "falling_factorial"],
    ];
    for (const [name, payload, field] of samples) {
      const d = op(name);
      const req = parsedRequest(d, payload);
      const res = d.execute(req, ctx) as Record<string, unknown>;
      expect(d.postcondition(req, res), name).to.equal(null);
      const shift = (v: unknown, delta: bigint): unknown => (isRational(v) ? rat(v.num + delta, v.den) : (v as bigint) + delta);
      fc.assert(
        fc.property(fc.bigInt({ min: 1n, max: 10n ** 30n }), fc.integer({ min: 0, max: 60 }), fc.boolean(), (delta, k, neg) => {
          const wrong = shift(res[field], (neg ? -delta : delta) * 10n ** BigInt(k));
          return d.postcondition(req, { ...res, [field]: wrong }) !== null;
        }),
        { numRuns: 40 },
      );
    }
  });

  it("Bernoulli: a wrong denominator, an unreduced fraction, a wrong sign or a perturbed numerator are rejected", () => {
    const req = { n: "60" };
    const num = -1215233140483755572040304994079820246041491n, den = 56786730n;
    expect(pc("bernoulli", req, { bernoulli: rat(num, den) })).to.equal(null);
    expect(pc("bernoulli", req, { bernoulli: rat(-num, den) })).to.not.equal(null);
    expect(pc("bernoulli", req, { bernoulli: rat(num - 1n, den) })).to.not.equal(null);
    // The wire parser reduces fractions, so an unreduced B_n can only come from execute itself: given as execute would return it.
    expect(pc("bernoulli", req, { bernoulli: rat(2n * num, 2n * den) })).to.not.equal(null);
    expect(pc("bernoulli", req, { bernoulli: rat(num, den + 1n) })).to.not.equal(null);
    expect(pc("bernoulli", { n: "1" }, { bernoulli: rat(1n, 2n) })).to.not.equal(null);
    expect(pc("bernoulli", { n: "1", b1: "1/2" }, { bernoulli: rat(1n, 2n) })).to.equal(null);
    expect(pc("bernoulli", { n: "9" }, { bernoulli: rat(1n, 9n) })).to.not.equal(null);
    expect(pc("bernoulli", { n: "0" }, { bernoulli: rat(2n, 2n) })).to.not.equal(null);
  });

  it("the rational outputs: a wrong denominator of a falling factorial or of (−7)!! is rejected", () => {
    expect(pc("falling_factorial", { x: "1/2", k: "3" }, { falling_factorial: rat(3n, 8n) })).to.equal(null);
    expect(pc("falling_factorial", { x: "1/2", k: "3" }, { falling_factorial: rat(3n, 16n) })).to.not.equal(null);
    expect(pc("falling_factorial", { x: "1/2", k: "3" }, { falling_factorial: rat(6n, 16n) })).to.not.equal(null);
    expect(pc("double_factorial", { n: "-7" }, { double_factorial: rat(-1n, 15n) })).to.equal(null);
    expect(pc("double_factorial", { n: "-7" }, { double_factorial: rat(1n, 15n) })).to.not.equal(null);
    expect(pc("double_factorial", { n: "-7" }, { double_factorial: rat(-1n, 105n) })).to.not.equal(null);
    expect(pc("double_factorial", { n: "9" }, { double_factorial: rat(945n, 1n) })).to.equal(null);
    expect(pc("double_factorial", { n: "9" }, { double_factorial: rat(1890n, 2n) })).to.not.equal(null);
  });

  it("the residue checks draw fresh random primes: a value off by a product of two primes of the range is rejected", () => {
    const P = 33_554_467n * 67_108_859n; // nextprime(2^25)·precprime(2^26)
    const F = 354224848179261915075n; // F_100
    expect(pc("fibonacci", { n: "100" }, { fibonacci: F })).to.equal(null);
    expect(pc("fibonacci", { n: "100" }, { fibonacci: F + P })).to.match(/mod \d+ differs/);
    const C = 100891344545564193334812497256n; // C(100, 50)
    expect(pc("binomial", { n: "100", k: "50" }, { binomial: C + 7n * P })).to.match(/mod \d+ differs/);
    expect(pc("catalan", { n: "100" }, { catalan: 896519947090131496687170070074100632420837521538745909320n - P })).to.match(/mod \d+ differs/);
  });

  it("checkPrimes: distinct primes of [2^25, 2^26) (checked by plain trial division), read from the word source, different from call to call", () => {
    const isPrime = (p: number): boolean => {
      for (let d = 2; d * d <= p; d++) if (p % d === 0) return false;
      return p > 1;
    };
    const seen = new Set<number>();
    for (let i = 0; i < 100; i++) {
      const ps = checkPrimes(3);
      expect(new Set(ps).size).to.equal(3);
      for (const p of ps) {
        expect(p >= 2 ** 25 && p < 2 ** 26 && isPrime(p), `${p}`).to.equal(true);
        seen.add(p);
      }
    }
    // 300 draws among 1.89 million primes: a handful of repeats at most (birthday bound: 0.024 expected)
    expect(seen.size).to.be.greaterThan(290);
    // the candidates come from the word source: 2^25 + (w mod 2^25), made odd; composites and repeats are skipped
    // 2^25 + 35 = 33,554,467 = nextprime(2^25) (twice: the repeat is skipped), 2^25 + 15 is composite,
    // 33,555,438 is made odd to nextprime(2^25 + 1000) = 33,555,439, and the top bits of a word are ignored.
    const words = [35, 35, 15, 33_555_438 - 2 ** 25, 2 ** 30 + 67_108_859 - 2 ** 25];
    const fill = (w: Uint32Array) => {
      w.fill(0);
      w.set(words);
    };
    expect(33_554_433 % 3).to.equal(0); // 2^25 + 1 = 3·11·251·4051, so the zero words are skipped
    expect(checkPrimes(3, fill)).to.deep.equal([33_554_467, 33_555_439, 67_108_859]);
  });

  it("checkPrimeCount: enough draws that a wrong value passes with probability below 2^−32, at least 2", () => {
    for (const bits of [1, 64, 1e3, 1e5, 1.5e6, 3.3e6]) {
      const k = checkPrimeCount(bits);
      const missPerDraw = (bits + 1) / 25 / 1_890_000; // prime factors of the error in the range / primes in the range
      expect(k).to.be.at.least(2);
      expect(k * Math.log2(missPerDraw), `${bits} bits: ${k} primes`).to.be.at.most(-32);
      expect((k - 1) * Math.log2(missPerDraw) > -32 || k === 2, `${bits} bits: ${k} primes is not minimal`).to.equal(true);
    }
    expect(checkPrimeCount(1e5)).to.equal(4);
    // sizes beyond the result bound (a claimed value that large is wrong anyway) count as the bound
    expect(checkPrimeCount(1e9)).to.equal(checkPrimeCount(3.33e6));
    expect(checkPrimeCount(Number.POSITIVE_INFINITY)).to.equal(checkPrimeCount(3.33e6));
  });

  it("n!: a value off by a power of 2 or 5 is rejected by the valuation checks (which run before the residue checks)", () => {
    const req = { n: "100" };
    const good = parsedResult<{ factorial: bigint }>(op("factorial"), op("factorial").examples[3]!.expected).factorial;
    expect(pc("factorial", req, { factorial: good })).to.equal(null);
    // Only the 2- and 5-adic valuations change (the residue checks would also see it, but come later).
    // 100! = 2^97·5^24·u with u prime to 10, and P is odd and prime to 5:
    const P = 33_554_393n * 33_554_383n;
    // 2^97·5^24·(u + P): u + P is even, so v_2 grows.
    expect(pc("factorial", req, { factorial: good + P * 2n ** 97n * 5n ** 24n })).to.match(/2\^97/);
    // 2^96·(2·5^24·u + 5^30·P): the cofactor is odd, so v_2 = 96.
    expect(pc("factorial", req, { factorial: good + P * 2n ** 96n * 5n ** 30n })).to.match(/2\^97/);
    // 2^97·5^23·(5u + 2P): the cofactor is odd and prime to 5, so v_5 = 23.
    expect(pc("factorial", req, { factorial: good + 2n * P * 2n ** 97n * 5n ** 23n })).to.match(/5\^24/);
  });

  it("residue and the valuation helpers agree with their definitions", () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 80n), max: 10n ** 80n }), fc.integer({ min: 2, max: 2 ** 26 - 1 }), (v, m) => {
        const r = residue(v, m);
        return Number.isInteger(r) && r >= 0 && r < m && (v - BigInt(r)) % BigInt(m) === 0n;
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.bigInt({ min: 1n, max: 10n ** 40n }), fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 40 }), fc.boolean(), (u, a, b, neg) => {
        const odd = u * 2n + 1n; // odd, and made prime to 5 below
        const unit = odd % 5n === 0n ? odd + 2n : odd;
        const x = (neg ? -1n : 1n) * unit * 2n ** BigInt(a) * 5n ** BigInt(b);
        return twoAdicValuation(x) === a && trailingZeros(x.toString()) === Math.min(a, b);
      }),
      { numRuns: 300 },
    );
  });

  it("residues (one remainder per pair of moduli) equal residue modulo each, for every count, sign and size", () => {
    const big = (bits: number, seed: bigint) => (1n << BigInt(bits)) / (seed | 1n) + seed;
    const values = [0n, 1n, -1n, 2n ** 52n, -(2n ** 64n) + 3n, big(5_000, 12_345n), -big(100_000, 987_654_321n)];
    const moduli = [2, 3, 33_554_393, 33_554_383, 67_108_859, 67_108_863, 1, 2 ** 26, 2 ** 30 + 3];
    for (const v of values) for (let k = 0; k <= moduli.length; k++) {
      const ms = moduli.slice(0, k);
      expect(residues(v, ms), `${k} moduli`).to.deep.equal(ms.map((m) => residue(v, m)));
    }
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 300n), max: 10n ** 300n }), fc.array(fc.integer({ min: 1, max: 2 ** 26 - 1 }), { maxLength: 9 }), (v, ms) => {
        expect(residues(v, ms)).to.deep.equal(ms.map((m) => residue(v, m)));
      }),
      { numRuns: 300 },
    );
  });

  it("twoAdicValuation at the edges of its doubling windows (v_2 = 0, 63, 64, 127, 128, 129, …, large), negative values included", () => {
    for (const a of [0, 1, 63, 64, 65, 127, 128, 129, 255, 256, 257, 1023, 1024, 4095, 65_536, 99_994, 200_001]) {
      for (const odd of [1n, 3n, (1n << 3000n) + 1n]) {
        const x = odd << BigInt(a);
        expect(twoAdicValuation(x), `2^${a}·odd`).to.equal(a);
        expect(twoAdicValuation(-x), `−2^${a}·odd`).to.equal(a);
      }
    }
    expect(twoAdicValuation(0n)).to.equal(Number.POSITIVE_INFINITY);
  });

  it("sizeAtLeast(v, bits) is exactly max(bitLength(v), bits) (integer and fractional estimates, values at powers of 2, negative values)", () => {
    for (const e of [0, 1, 52, 53, 63, 64, 65, 100, 1000, 65_536, 1_516_365]) {
      for (const v of [0n, 1n, (1n << BigInt(e)) - 1n, 1n << BigInt(e), (1n << BigInt(e)) + 1n, (1n << BigInt(e + 1)) - 1n]) {
        for (const bits of [0, e - 1, e - 0.5, e, e + 0.25, e + 1, e + 1.5, 2 * e + 3].filter((b) => b >= 0)) {
          for (const x of [v, -v]) expect(sizeAtLeast(x, bits), `v = ±(2^${e} ${v}) bits = ${bits}`).to.equal(Math.max(bitLength(x), bits));
        }
      }
    }
  });
});
