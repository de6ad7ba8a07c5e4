import { expect } from "chai";
import { formatRational, ratMul } from "../../../domain/math/rational.js";
import { parseRationalWire as parseRational } from "../../../domain/kinds.js";
import { testJacobian } from "../../support/runtime.js";
import { gfMatrix, intMatrix, ratMatrix } from "./random.js";

/** Value-reference handoff: multiply → determinant (and verify) without sending the product back. */
describe("operations/matrix value-ref chain", function () {
  this.timeout(60_000);
  const j = testJacobian({ packs: ["matrix"] });
  after(() => j.close());

  const det = async (matrix: unknown) => ((await j.run("matrix.determinant.compute", { matrix })) as any).value.determinant as string;

  for (const [label, a, b] of [
    ["ZZ 10×10, 31-bit", intMatrix(101, 10, 10, 31), intMatrix(102, 10, 10, 31)],
    ["QQ 6×6", ratMatrix(103, 6, 6, 12, 9), ratMatrix(104, 6, 6, 12, 9)],
    ["GF(65521) 12×12", gfMatrix(105, 12, 12, 65521n), gfMatrix(106, 12, 12, 65521n)],
  ] as const) {
    it(`det(A·B) by reference equals det(A)·det(B) — ${label}`, async () => {
      const prod = (await j.run("matrix.multiply.compute", { left: a, right: b })) as any;
      expect(prod.outcome).to.equal("completed");
      const ref = prod.refs.product as string;
      expect(ref).to.match(/^value:\/\/[A-Za-z0-9_-]{32}$/);
      const byRef = (await j.run("matrix.determinant.compute", {}, { inputs: { matrix: { value_ref: ref } } })) as any;
      expect(byRef.outcome, JSON.stringify(byRef)).to.equal("completed");

      // det(A)·det(B) from two separate determinant calls, multiplied in the ring.
      const [da, db] = [await det(a), await det(b)];
      const expected =
        a.ring === "ZZ"
          ? (BigInt(da) * BigInt(db)).toString()
          : a.ring === "QQ"
            ? formatRational(ratMul(parseRational(da, "da"), parseRational(db, "db")))
            : ((BigInt(da) * BigInt(db)) % 65521n).toString();
      expect(byRef.value.determinant).to.equal(expected);
      expect(byRef.value.ring).to.equal(a.ring);
      const both = expected;

      // The checker takes the same reference.
      const v = (await j.run("matrix.determinant.verify", { claim: { determinant: both } }, { inputs: { matrix: { value_ref: ref } } })) as any;
      expect(v.value.verdict).to.equal("accepted");
    });
  }

  it("chains products by reference on both ports", async () => {
    const a = intMatrix(111, 5, 5, 20), b = intMatrix(112, 5, 5, 20), c = intMatrix(113, 5, 5, 20);
    const ab = ((await j.run("matrix.multiply.compute", { left: a, right: b })) as any).refs.product;
    const cRef = ((await j.run("matrix.multiply.compute", { left: c, right: { ring: "ZZ", rows: [["1", "0", "0", "0", "0"], ["0", "1", "0", "0", "0"], ["0", "0", "1", "0", "0"], ["0", "0", "0", "1", "0"], ["0", "0", "0", "0", "1"]] } })) as any).refs.product;
    const abc = (await j.run("matrix.multiply.compute", {}, { inputs: { left: { value_ref: ab }, right: { value_ref: cRef } } })) as any;
    expect(abc.outcome).to.equal("completed");
    const d = (await j.run("matrix.determinant.compute", {}, { inputs: { matrix: { value_ref: abc.refs.product } } })) as any;
    const product = BigInt(await det(a)) * BigInt(await det(b)) * BigInt(await det(c));
    expect(d.value.determinant).to.equal(product.toString());
  });

  it("a bad, foreign or doubly bound reference fails closed naming the port", async () => {
    const unknown = (await j.run("matrix.determinant.compute", {}, { inputs: { matrix: { value_ref: "value://AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" } } })) as any;
    expect(unknown.outcome).to.equal("failed");
    expect(unknown.error).to.include({ code: "INVALID_INPUT_REF", path: "inputs.matrix.value_ref" });
    expect(unknown.error.message).to.match(/matrix/);

    const other = testJacobian({ packs: ["matrix"] });
    const foreign = ((await other.run("matrix.multiply.compute", { left: intMatrix(1, 2, 2, 5), right: intMatrix(2, 2, 2, 5) })) as any).refs.product;
    const f = (await j.run("matrix.determinant.compute", {}, { inputs: { matrix: { value_ref: foreign } } })) as any;
    expect(f.error).to.include({ code: "INVALID_INPUT_REF", path: "inputs.matrix.value_ref" });
    await other.close();
    const ok = ((await j.run("matrix.multiply.compute", { left: intMatrix(3, 2, 2, 5), right: intMatrix(4, 2, 2, 5) })) as any).refs.product;
    const twice = (await j.run("matrix.determinant.compute", { matrix: intMatrix(3, 2, 2, 5) }, { inputs: { matrix: { value_ref: ok } } })) as any;
    expect(twice.error).to.include({ code: "INVALID_PAYLOAD", path: "payload.matrix" });
    const wrongPort = (await j.run("matrix.determinant.compute", {}, { inputs: { product: { value_ref: ok } } })) as any;
    expect(wrongPort.error).to.include({ code: "UNKNOWN_ARGUMENT", path: "inputs.product" });
    const malformed = (await j.run("matrix.determinant.compute", {}, { inputs: { matrix: { value_ref: "artifact://nope" } } })) as any;
    expect(malformed.outcome).to.equal("failed");
    expect(["INVALID_INPUT_REF", "INVALID_PAYLOAD", "UNKNOWN_ARGUMENT"]).to.include(malformed.error.code);
  });

  it("a referenced non-square product gives DOMAIN_ERROR at the matrix field", async () => {
    const ref = ((await j.run("matrix.multiply.compute", { left: intMatrix(7, 2, 3, 5), right: intMatrix(8, 3, 4, 5) })) as any).refs.product;
    const o = (await j.run("matrix.determinant.compute", {}, { inputs: { matrix: { value_ref: ref } } })) as any;
    expect(o.error).to.include({ code: "DOMAIN_ERROR", path: "payload.matrix.rows" });
  });
});
