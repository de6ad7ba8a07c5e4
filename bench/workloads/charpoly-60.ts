/** Characteristic polynomial of a 60×60 integer matrix (matrix.characteristic_polynomial.compute). */
import { defineComputeWorkload } from "../support/compute-workload.js";
import { gpInts, pyInts, signedBitRows, wireInts, type IntRows } from "../support/integer-matrix.js";

const N = 60, BITS = 31;

/** Coefficients from the leading one down, comma-joined, from our canonical terms. */
function denseDescending(v: unknown): string {
  const terms = (v as { characteristic_polynomial: { terms: { coefficient: string; exponents: number[] }[] } }).characteristic_polynomial.terms;
  const deg = terms.length ? terms[0]!.exponents[0]! : 0;
  const c = new Array<string>(deg + 1).fill("0");
  for (const t of terms) c[deg - t.exponents[0]!] = t.coefficient;
  return c.join(",");
}

export default defineComputeWorkload<{ rows: IntRows }>({
  name: "charpoly-60",
  description: `characteristic polynomial det(xI − A) of a ${N}×${N} matrix over ZZ with random signed ${BITS}-bit entries (matrix.characteristic_polynomial.compute). Compared: the coefficients, leading first`,
  capabilityId: "matrix.characteristic_polynomial.compute",
  reps: 5,
  generate: (rng) => ({ rows: signedBitRows(rng, N, N, BITS) }),
  describe: () => ({ dimension: N, entry_bits: BITS, ring: "ZZ", entries: `magnitude uniform in [0, 2^${BITS}), random sign` }),
  ours: { payload: ({ rows }) => ({ matrix: { ring: "ZZ", rows: wireInts(rows) } }), result: denseDescending },
  pari: { definitions: ({ rows }) => `M = ${gpInts(rows)};`, call: 'strjoin(apply(x->Str(x), Vec(charpoly(M))), ",")' },
  sympy: {
    data: ({ rows }) => ({ rows: pyInts(rows) }),
    // DomainMatrix over ZZ (SymPy's fastest charpoly: division-free Berkowitz on Python integers).
    setup: "from sympy.polys.matrices import DomainMatrix\nM = DomainMatrix.from_Matrix(sympy.Matrix([[int(x) for x in row] for row in data['rows']]))",
    call: "M.charpoly()",
    resultString: "','.join(str(int(c)) for c in r)",
    warmup: false,
    budgetMs: 10_000,
    timeoutMs: 60_000,
  },
});
