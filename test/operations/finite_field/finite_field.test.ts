import { expect } from "chai";
import type { Json } from "../../../domain/json.js";
import type { RunOutcome } from "../../../domain/outcome.js";
import { gp, requireGp } from "../../support/gp.js";
import { testJacobian } from "../../support/runtime.js";
import { rng } from "../integer/random.js";

type Value = Record<string, any>;

function valueOf(o: RunOutcome): Value {
  expect(o.outcome, JSON.stringify(o).slice(0, 500)).to.equal("completed");
  return (o as { value: Value }).value;
}

describe("finite_field pack", function () {
  this.timeout(120_000);
  const j = testJacobian({ packs: ["finite_field", "polynomial"], pool: false });
  after(() => j.close());
  const run = async (id: string, payload: Record<string, unknown>, opts?: Record<string, unknown>) => (await j.run(id, payload as never, opts as never)) as RunOutcome;

  describe("cross-checked with PARI/GP", function () {
    before(function () {
      requireGp(this);
    });

    it("arithmetic, inverse, power, trace, norm, minimal polynomial, order and log agree with PARI on random elements", async () => {
      const r = rng(4242);
      const fields: [string, bigint, bigint[]][] = [
        ["GF(2^8)", 2n, [1n, 0n, 1n, 1n, 1n, 0n, 0n, 0n, 1n]],
        ["GF(7^4)", 7n, []],
        ["GF(1000003^2)", 1000003n, []],
      ];
      const script: string[] = [];
      const ours: string[] = [];
      for (const [field, p] of fields) {
        // the modulus as the runtime reports it
        const mp = valueOf(await run("finite_field.minimal_polynomial.compute", { element: { field, element: "a" } }));
        const modulus = mp.minimal_polynomial.expression.replace(/\bx\b/g, "x");
        script.push(`g = ffgen(Mod(1, ${p})*(${modulus}), 'a);`);
        for (let t = 0; t < 4; t++) {
          const el = () => {
            const k = mp.degree as number;
            return Array.from({ length: k }, (_, i) => `${r.bits(40) % p}*a^${i}`).join(" + ");
          };
          const x = el(), y = el();
          const e = (r.bits(60) + 1n).toString();
          const X = { field, element: x }, Y = { field, element: y };
          const prod = valueOf(await run("finite_field.arithmetic.compute", { operation: "multiply", left: X, right: Y })).result.element;
          const quo = valueOf(await run("finite_field.arithmetic.compute", { operation: "divide", left: X, right: Y })).result.element;
          const pw = valueOf(await run("finite_field.power.compute", { element: X, exponent: e })).power.element;
          const tr = valueOf(await run("finite_field.trace.compute", { element: X })).trace;
          const nm = valueOf(await run("finite_field.norm.compute", { element: X })).norm;
          const mpx = valueOf(await run("finite_field.minimal_polynomial.compute", { element: X })).minimal_polynomial.expression;
          const ord = valueOf(await run("finite_field.order.compute", { element: X })).order;
          const h = valueOf(await run("finite_field.power.compute", { element: X, exponent: e })).power;
          const lg = valueOf(await run("finite_field.discrete_log.compute", { base: X, target: h }));
          const ax = `subst(${x.replace(/a/g, "t")}, t, g)`, ay = `subst(${y.replace(/a/g, "t")}, t, g)`;
          const asEl = (s: string) => `subst(${s.replace(/a/g, "t")}, t, g)`;
          script.push(
            `print(${ax}*${ay} == ${asEl(prod)}, ${ax}/${ay} == ${asEl(quo)}, ${ax}^${e} == ${asEl(pw)}, lift(trace(${ax})) == ${tr}, lift(norm(${ax})) == ${nm}, minpoly(${ax}) == Mod(1, ${p})*(${mpx}), fforder(${ax}) == ${ord}, ${lg.exists ? `(${ax})^${lg.log} == ${asEl(h.element)} && ${lg.log} < fforder(${ax})` : 0})`,
          );
          ours.push("1111111" + (lg.exists ? "1" : "0"));
        }
      }
      const out = gp(script.join("\n"));
      expect(out).to.deep.equal(ours.map(() => "11111111"));
    });

    it("discrete logs in GF(2^k) by index calculus (k = 31, 49, 59, 61, 62) equal PARI's fflog", async () => {
      const r = rng(6161);
      const script: string[] = [];
      const ours: string[] = [];
      for (const k of [31, 49, 59, 61, 62]) {
        const field = `GF(2^${k})`;
        const mp = valueOf(await run("finite_field.minimal_polynomial.compute", { element: { field, element: "a" } }));
        script.push(`g = ffgen(Mod(1, 2)*(${mp.minimal_polynomial.expression}), 'a);`);
        for (let t = 0; t < 2; t++) {
          const el = () => Array.from({ length: k }, (_, i) => (r.int(0, 1) ? `a^${i}` : "")).filter(Boolean).join(" + ") || "a";
          const x = el(), y = el();
          const lg = valueOf(await run("finite_field.discrete_log.compute", { base: { field, element: x }, target: { field, element: y } }));
          const asEl = (s: string) => `subst(${s.replace(/a/g, "t")}, t, g)`;
          // PARI: the least log (fflog with the base's order), or −1 when y ∉ ⟨x⟩
          script.push(`o = fforder(${asEl(x)}); print(if((${asEl(y)})^o == 1, fflog(${asEl(y)}, ${asEl(x)}, o), -1), " ", o)`);
          ours.push(`${lg.exists ? lg.log : -1} ${lg.base_order}`);
        }
      }
      expect(gp(script.join("\n"))).to.deep.equal(ours);
    });

    it("irreducible and primitive polynomials are what they claim (PARI)", async () => {
      const cases: [string, number][] = [["2", 31], ["3", 20], ["101", 5], ["1000003", 4], ["18446744073709551557", 3]];
      const script: string[] = [];
      for (const [p, k] of cases) {
        const irr = valueOf(await run("finite_field.irreducible_polynomial.compute", { prime: p, degree: k })).polynomial.expression;
        const prim = valueOf(await run("finite_field.primitive_polynomial.compute", { prime: p, degree: k })).polynomial.expression;
        script.push(`print(polisirreducible(Mod(1, ${p})*(${irr})), polisirreducible(Mod(1, ${p})*(${prim})) && fforder(ffgen(Mod(1, ${p})*(${prim}), 'a)) == ${p}^${k} - 1)`);
      }
      expect(gp(script.join("\n"))).to.deep.equal(cases.map(() => "11"));
    });

    it("fibers of random maps agree with a PARI count", async () => {
      const script: string[] = [];
      const ours: string[] = [];
      const maps: [string, string[], string[]][] = [
        ["GF(13)", ["x", "y"], ["x^2 + 3*x*y + y^3 + 1", "x*y^2 + 5"]],
        ["GF(31)", ["x", "y", "z"], ["x*y + z^2 + 7"]],
        ["GF(7)", ["x", "y", "z"], ["x^3 + y^3 + z^3", "x*y*z"]],
      ];
      for (const [ring, vars, comps] of maps) {
        const v = valueOf(await run("finite_field.polynomial_map.fibers.compute", { map: comps.map((expression) => ({ ring, variables: vars, expression })), max_fibers: 0, max_preimages: 0 }));
        const sizes: number[] = [];
        for (const f of v.fiber_sizes) for (let i = 0; i < Number(f.fibers); i++) sizes.push(Number(f.size));
        ours.push(`[${sizes.join(", ")}]`);
        const p = Number(ring.slice(3, -1));
        const loops = vars.map((x) => `${x} = 0, ${p - 1}`);
        const key = comps.map((c) => `lift(Mod(${c}, ${p}))`).reduce((acc, c) => `(${acc})*${p} + ${c}`);
        let body = `c[${key} + 1]++`;
        for (const l of [...loops].reverse()) body = `for(${l}, ${body})`;
        script.push(`c = vector(${p ** comps.length}); ${body}; print(vecsort(select(t -> t > 0, c)));`);
      }
      expect(gp(script.join("\n"))).to.deep.equal(ours);
    });
  });

  it("the table port hands a table to fibers, collision, permutation and image by reference", async () => {
    const map = [{ ring: "GF(5)", variables: ["x", "y"], expression: "x + y^3" }, { ring: "GF(5)", variables: ["x", "y"], expression: "y" }];
    const t = (await run("finite_field.polynomial_map.table.compute", { map })) as any;
    expect(t.outcome).to.equal("completed");
    const ref = t.refs.table;
    const fib = valueOf(await run("finite_field.polynomial_map.fibers.compute", {}, { inputs: { table: { value_ref: ref } } }));
    expect(fib.image_size).to.equal("25");
    expect(valueOf(await run("finite_field.polynomial_map.collision.compute", {}, { inputs: { table: { value_ref: ref } } })).injective).to.equal(true);
    const perm = valueOf(await run("finite_field.polynomial_map.permutation.compute", {}, { inputs: { table: { value_ref: ref } } }));
    expect(perm.bijective).to.equal(true);
    // the inverse of (x + y^3, y) is (u − v^3, v)
    const inv = valueOf(await run("finite_field.polynomial_map.table.compute", { map: [{ ring: "GF(5)", variables: ["x", "y"], expression: "x - y^3" }, { ring: "GF(5)", variables: ["x", "y"], expression: "y" }] })).images;
    // inverse_images[j] = index of F^-1(point j) = (inverse map)(point j)
    expect(perm.inverse_images).to.deep.equal(inv);
    const img = valueOf(await run("finite_field.polynomial_map.image.compute", {}, { inputs: { table: { value_ref: ref } } }));
    expect(img.image_size).to.equal("25");
    // checker by reference
    const fibRun = (await run("finite_field.polynomial_map.fibers.compute", {}, { inputs: { table: { value_ref: ref } } })) as any;
    const verdict = valueOf(await run("finite_field.polynomial_map.fibers.verify", {}, { inputs: { table: { value_ref: ref }, claim: { value_ref: fibRun.refs.fibers } } }));
    expect(verdict.verdict).to.equal("accepted");
  });

  it("a forged table is refused, never believed", async () => {
    const map = [{ ring: "GF(7)", variables: ["x"], expression: "x^3" }];
    const table = valueOf(await run("finite_field.polynomial_map.table.compute", { map }));
    const forged = { ...table, images: table.images.map((s: string, i: number) => (i === 3 ? String((Number(s) + 1) % 7) : s)) };
    for (const id of ["fibers", "collision", "permutation", "image"]) {
      const o = (await run(`finite_field.polynomial_map.${id}.compute`, { table: forged })) as any;
      expect(o.outcome, id).to.equal("failed");
      expect(o.error.code).to.equal("DOMAIN_ERROR");
      expect(o.error.path).to.equal("payload.table.images[3]");
    }
    const short = (await run("finite_field.polynomial_map.fibers.compute", { table: { ...table, images: table.images.slice(1) } })) as any;
    expect(short.outcome).to.equal("failed");
  });

  it("the fibers checker rejects a wrong count with the image as counterexample", async () => {
    const map = [{ ring: "GF(3)", variables: ["x", "y"], expression: "x*y" }];
    const claim = valueOf(await run("finite_field.polynomial_map.fibers.compute", { map }));
    const bad = { ...claim, fibers: claim.fibers.map((f: Value, i: number) => (i === 1 ? { ...f, count: "3" } : f)) };
    const v = valueOf(await run("finite_field.polynomial_map.fibers.verify", { map, claim: bad }));
    expect(v.verdict).to.equal("rejected");
    expect(v.bindings.actual_count).to.equal("2");
  });

  it("preflight refuses more than 10^7 points before any work", async () => {
    const o = (await run("finite_field.polynomial_map.fibers.compute", { map: [{ ring: "GF(101)", variables: ["x", "y", "z", "w"], expression: "x + y + z + w" }] })) as any;
    expect(o.outcome).to.equal("failed");
    expect(o.error.message).to.match(/exceeds the bound/);
    const t = (await run("finite_field.polynomial_map.table.compute", { map: [{ ring: "GF(101)", variables: ["x", "y", "z", "w"], expression: "x" }] })) as any;
    expect(t.outcome).to.equal("failed");
  });

  it("discrete logs: GF(2^61) by index calculus, GF(2^64) generic, GF(2^127) refused by preflight", async () => {
    for (const field of ["GF(2^61)", "GF(2^64)"]) {
      const h = valueOf(await run("finite_field.power.compute", { element: { field, element: "a + 1" }, exponent: "123456789123456789" })).power;
      const lg = valueOf(await run("finite_field.discrete_log.compute", { base: { field, element: "a + 1" }, target: h }));
      expect(lg.exists, field).to.equal(true);
      const back = valueOf(await run("finite_field.power.compute", { element: { field, element: "a + 1" }, exponent: lg.log })).power;
      expect(back.element, field).to.equal(h.element);
      expect(BigInt(lg.log) < BigInt(lg.base_order)).to.equal(true);
    }
    // 2^127 − 1 is prime and beyond index calculus's range here: a generic search would need ~2^64 steps
    const big = (await run("finite_field.discrete_log.compute", { base: { field: "GF(2^127)", element: "a" }, target: { field: "GF(2^127)", element: "a + 1" } })) as any;
    expect(big.outcome).to.equal("failed");
    expect(big.error.code).to.equal("DOMAIN_ERROR");
    expect(big.error.message).to.match(/group operations/);
  });

  it("maps over GF(p^k) and mismatched fields", async () => {
    const v = valueOf(await run("finite_field.polynomial_map.fibers.compute", { map: [{ ring: "GF(2^3)", variables: ["x"], expression: "x^2 + a*x" }] }));
    expect(v.points).to.equal("8");
    expect(v.image_size).to.equal("4"); // an additive 2-to-1 map on GF(8)
    const o = (await run("finite_field.arithmetic.compute", { operation: "add", left: { field: "GF(2^3)", element: "a" }, right: { field: "GF(2^3, a^3 + a^2 + 1)", element: "a" } })) as any;
    expect(o.outcome).to.equal("failed");
    expect(o.error.code).to.equal("DOMAIN_ERROR");
    const z = (await run("finite_field.inverse.compute", { element: { field: "GF(3^4)", element: "a^80 - 1" } })) as any;
    expect(z.outcome).to.equal("failed");
  });

  it("polynomials over GF(p^k) through the polynomial pack's ring plumbing", async () => {
    const v = valueOf(await run("polynomial.normalize.compute", { polynomial: { ring: "GF(3^2)", variables: ["x"], expression: "(x + a)^3" } }));
    expect(v.polynomial.expression).to.equal("x^3 + (2*a + 1)");
  });
});
