/**
 * A deterministic synthetic catalog of search documents, for measuring and testing search at a
 * scale the shipped packs do not reach yet (10,000 operations). Ids, titles, summaries and keywords
 * are drawn from a mathematical vocabulary with the shapes of real declarations: families with
 * overlapping objects (gcd, rank, factorization occur in several), modifiers, compute operations with
 * some `.verify` twins, summaries of a few sentences naming methods and bounds, and 5–12 keywords.
 */
import type { OperationDeclaration, OperationPack } from "../../domain/declaration.js";
import type { SearchDocument } from "../../domain/ports.js";
import { Prng } from "./prng.js";

interface Family {
  id: string;
  noun: string;
  objects: string[];
}

const FAMILIES: Family[] = [
  { id: "polynomial", noun: "polynomial", objects: ["gcd", "resultant", "discriminant", "factorization", "roots", "derivative", "interpolation", "evaluation", "composition", "division", "squarefree_part", "content", "primitive_part", "degree", "sturm_sequence", "root_count", "irreducibility", "cyclotomic", "chebyshev", "minimal_polynomial"] },
  { id: "graph", noun: "graph", objects: ["shortest_path", "spanning_tree", "chromatic_number", "matching", "connectivity", "isomorphism", "automorphism_group", "clique_number", "independence_number", "diameter", "girth", "planarity", "bipartition", "max_flow", "min_cut", "eulerian_circuit", "hamiltonian_cycle", "degree_sequence", "adjacency_spectrum", "tutte_polynomial"] },
  { id: "group", noun: "finite group", objects: ["order", "center", "conjugacy_classes", "subgroup_lattice", "normal_closure", "commutator", "abelianization", "sylow_subgroup", "composition_series", "character_table", "exponent", "isomorphism", "automorphism_group", "generators", "presentation"] },
  { id: "lattice", noun: "lattice", objects: ["lll_reduction", "shortest_vector", "closest_vector", "gram_schmidt", "determinant", "dual", "hermite_form", "smith_form", "successive_minima", "kernel", "basis", "covering_radius"] },
  { id: "linear", noun: "matrix", objects: ["rank", "nullspace", "inverse", "trace", "eigenvalues", "characteristic_polynomial", "minimal_polynomial", "smith_form", "hermite_form", "echelon_form", "lu_decomposition", "solve", "transpose", "kernel", "image", "permanent", "pseudoinverse", "condition_number", "norm"] },
  { id: "series", noun: "power series", objects: ["inverse", "logarithm", "exponential", "composition", "reversion", "square_root", "coefficient", "product", "valuation", "derivative", "integral"] },
  { id: "permutation", noun: "permutation", objects: ["cycle_decomposition", "sign", "order", "inverse", "composition", "inversions", "rank", "unrank", "descents", "fixed_points", "conjugacy_class"] },
  { id: "set", noun: "finite set", objects: ["union", "intersection", "difference", "power_set", "cartesian_product", "subsets", "partitions", "cardinality", "symmetric_difference"] },
  { id: "sequence", noun: "integer sequence", objects: ["recurrence", "generating_function", "nth_term", "partial_sums", "guess_recurrence", "linear_recurrence", "holonomic_recurrence", "hankel_determinant", "binomial_transform", "convolution"] },
  { id: "field", noun: "finite field", objects: ["multiplication", "inverse", "power", "square_root", "discrete_log", "minimal_polynomial", "trace", "norm", "frobenius", "primitive_element", "irreducible_polynomial", "conway_polynomial"] },
  { id: "ring", noun: "quotient ring", objects: ["gcd", "ideal_membership", "groebner_basis", "normal_form", "syzygies", "hilbert_series", "dimension", "radical", "primary_decomposition", "elimination"] },
  { id: "numberfield", noun: "number field", objects: ["class_number", "discriminant", "integral_basis", "unit_group", "regulator", "ideal_factorization", "galois_group", "norm", "trace", "different", "signature"] },
  { id: "elliptic", noun: "elliptic curve", objects: ["point_addition", "scalar_multiplication", "order", "torsion", "rank", "conductor", "j_invariant", "discriminant", "isogeny", "pairing", "point_count", "minimal_model"] },
  { id: "padic", noun: "p-adic number", objects: ["valuation", "logarithm", "exponential", "square_root", "hensel_lift", "teichmuller", "norm", "unit_part"] },
  { id: "quadform", noun: "quadratic form", objects: ["reduction", "discriminant", "class_group", "representation", "genus", "equivalence", "composition", "theta_series", "minimum"] },
  { id: "geometry", noun: "polygon", objects: ["area", "convex_hull", "triangulation", "centroid", "intersection", "point_in_polygon", "perimeter", "winding_number", "minkowski_sum", "visibility"] },
  { id: "coding", noun: "linear code", objects: ["minimum_distance", "weight_enumerator", "syndrome_decoding", "dual_code", "generator_matrix", "parity_check", "covering_radius", "automorphism_group"] },
  { id: "knot", noun: "knot diagram", objects: ["alexander_polynomial", "jones_polynomial", "crossing_number", "linking_number", "writhe", "genus", "signature", "determinant"] },
  { id: "poset", noun: "partially ordered set", objects: ["mobius_function", "linear_extensions", "width", "height", "antichains", "chains", "order_ideal", "zeta_polynomial"] },
  { id: "tensor", noun: "tensor", objects: ["contraction", "rank", "product", "symmetrization", "decomposition", "trace", "norm", "transpose"] },
  { id: "special", noun: "special value", objects: ["zeta_value", "gamma_ratio", "harmonic_number", "euler_number", "genocchi_number", "bernoulli_polynomial", "stirling_cycle", "lah_number", "eulerian_number", "motzkin_number", "schroder_number", "narayana_number"] },
  { id: "cryptanalysis", noun: "cipher instance", objects: ["rsa_key_check", "discrete_log", "factorization", "lattice_attack", "subset_sum", "knapsack", "coppersmith_roots"] },
  { id: "interval", noun: "real interval", objects: ["enclosure", "root_isolation", "bisection", "newton_refinement", "sum", "product", "sqrt", "exp", "log"] },
  { id: "word", noun: "word over an alphabet", objects: ["lyndon_factorization", "period", "border", "conjugacy", "primitive_root", "abelian_complexity", "de_bruijn", "necklace_count"] },
];

const MODIFIERS = ["sparse", "dense", "modular", "multivariate", "univariate", "bounded", "weighted", "signed", "minimal", "maximal", "reduced", "normalized", "symmetric", "rational", "integral", "monic", "directed", "undirected", "cyclic", "graded", "homogeneous", "truncated", "batched", "streaming",
  "parametric", "periodic", "generic", "incremental", "parallel", "randomized", "deterministic", "balanced", "nested", "labelled", "unlabelled", "oriented", "projective", "affine"];

const RINGS = ["ZZ", "QQ", "GF(p)", "GF(p^k)", "ZZ/nZZ", "QQ(i)", "the p-adic integers", "the Gaussian integers"];

const METHODS = [
  "Gaussian elimination", "fraction-free elimination", "Hensel lifting", "Chinese remaindering", "baby-step giant-step", "Karatsuba multiplication",
  "Dijkstra's algorithm", "Kruskal's algorithm", "Edmonds' blossom algorithm", "Pollard rho", "the LLL algorithm", "Buchberger's algorithm",
  "the F4 algorithm", "subresultant sequences", "Berlekamp's algorithm", "Cantor–Zassenhaus", "the Schreier–Sims algorithm", "Todd–Coxeter enumeration",
  "Newton iteration", "binary splitting", "the fast Fourier transform", "Bareiss elimination", "Hermite reduction", "Schoof's algorithm",
  "Miller's algorithm", "Vélu's formulas", "divide and conquer", "dynamic programming", "branch and bound", "Tarjan's algorithm", "push–relabel",
  "Kannan–Bachem", "Storjohann's algorithm", "Wiedemann's method", "Lanczos iteration", "interval Newton", "Sturm sequences", "Descartes' rule",
];

const CHECKS = [
  "the result is recomputed modulo two primes", "the defining identity is checked on the output", "an independent method recomputes a random projection",
  "the certificate is re-checked in exact arithmetic", "the degree and leading coefficient are compared", "the residual is exactly zero",
  "the invariant is recomputed from the canonical form", "the orbit sizes sum to the group order",
];

const UNITS = ["digits", "vertices", "entries", "terms", "coefficients", "generators", "bits", "elements"];

const SYNONYMS: Record<string, string[]> = {
  gcd: ["greatest common divisor", "common factor"],
  roots: ["zeros", "solutions"],
  factorization: ["factor", "factorisation", "irreducible factors"],
  inverse: ["invert", "reciprocal"],
  shortest_path: ["distance", "route"],
  spanning_tree: ["mst", "minimum spanning tree"],
  eigenvalues: ["spectrum", "characteristic roots"],
  rank: ["dimension of the image"],
  discrete_log: ["dlog", "index"],
  square_root: ["sqrt", "root"],
  determinant: ["det"],
  order: ["cardinality", "size"],
  norm: ["magnitude", "length"],
  max_flow: ["maximum flow", "network flow"],
  convex_hull: ["hull", "extreme points"],
};

function words(snake: string): string {
  return snake.replace(/_/g, " ");
}

function capital(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1);
}

export interface SyntheticDocument extends SearchDocument {
  kind: "compute" | "checker";
}

/**
 * `count` synthetic documents; the same (count, seed) always gives the same documents. Ids are
 * unique, lowercase and dotted (family.modifier_object.compute|verify); about one compute operation
 * in six has a `.verify` twin.
 */
export function syntheticDocuments(count: number, seed = 20240601): SyntheticDocument[] {
  const rng = Prng.derive(seed, "synthetic-catalog");
  const pick = <T>(xs: readonly T[]): T => xs[rng.below(xs.length)]!;
  const combos: [Family, string, string][] = [];
  for (const f of FAMILIES) for (const o of f.objects) for (const m of MODIFIERS) combos.push([f, o, m]);
  // Fisher–Yates with the seeded generator: which combinations are used, and in what order.
  for (let i = combos.length - 1; i > 0; i--) {
    const j = rng.below(i + 1);
    [combos[i], combos[j]] = [combos[j]!, combos[i]!];
  }
  const out: SyntheticDocument[] = [];
  for (const [family, object, modifier] of combos) {
    if (out.length >= count) break;
    const ring = pick(RINGS);
    const method = pick(METHODS);
    const method2 = pick(METHODS);
    const unit = pick(UNITS);
    const limit = [100, 1000, 10_000, 100_000, 1_000_000][rng.below(5)]!.toLocaleString("en-US");
    const o = words(object);
    const base = `${family.id}.${modifier}_${object}`;
    const titles = [
      `${capital(o)} of a ${modifier} ${family.noun}`,
      `${capital(modifier)} ${o} (${family.noun}s over ${ring})`,
      `Exact ${o} of a ${modifier} ${family.noun} over ${ring}`,
    ];
    const sentences = [
      `Exact ${o} of a ${modifier} ${family.noun} over ${ring}, with up to ${limit} ${unit}.`,
      `Computed by ${method}${rng.below(2) ? ` and ${method2}` : ""}; the cost grows with the number of ${unit}.`,
      `Postcondition: ${pick(CHECKS)}.`,
      `${capital(family.noun)}s are given in canonical form; a malformed ${family.noun} is an INVALID_PAYLOAD naming the field.`,
      `Agrees with the ${o.split(" ")[0]} of PARI/GP and SymPy on every shared input.`,
    ];
    const summary = sentences.slice(0, 2 + rng.below(4)).join(" ");
    const keywords = [o, `${modifier} ${o}`, family.noun, family.id, ...(SYNONYMS[object] ?? []), method.toLowerCase(), modifier];
    while (keywords.length < 5 + rng.below(8)) keywords.push(pick(METHODS).toLowerCase());
    out.push({ id: `${base}.compute`, kind: "compute", title: pick(titles), summary, keywords: [...new Set(keywords)] });
    if (out.length < count && rng.below(6) === 0) {
      out.push({
        id: `${base}.verify`,
        kind: "checker",
        title: `Verify a claimed ${o} of a ${modifier} ${family.noun}`,
        summary: `Checks a claimed ${o} of a ${modifier} ${family.noun} over ${ring}: ${pick(CHECKS)}. Accepts the result of ${base}.compute unchanged as its claim.`,
        keywords: [o, "verify", "check", "certificate", family.noun, modifier, ...(SYNONYMS[object] ?? [])],
      });
    }
  }
  if (out.length < count) throw new RangeError(`the synthetic vocabulary yields at most ${out.length} documents`);
  return out;
}

/**
 * An operation pack of `count` synthetic operations for a Catalog: each document's id, title,
 * summary and keywords on a copy of a real declaration of the same kind (its schemas, examples and
 * code are the template's; only search sees the difference).
 */
export function syntheticPack(count: number, templates: readonly OperationDeclaration[], seed?: number): OperationPack {
  const compute = templates.find((d) => d.kind === "compute");
  const checker = templates.find((d) => d.kind === "checker");
  if (!compute || !checker) throw new Error("syntheticPack needs a compute and a checker declaration as templates");
  const operations = syntheticDocuments(count, seed).map(({ kind, id, title, summary, keywords }) => ({ ...(kind === "compute" ? compute : checker), id, title, summary, keywords }) as OperationDeclaration);
  return { name: "synthetic", version: "0.0.0", description: `${count} synthetic operations for search at scale`, operations };
}
