/** Seeded random graphs for the graph tests (not a test file). */
export interface RandomGraph {
  n: number;
  directed: boolean;
  labels: string[];
  /** [u, v] index pairs, or [u, v, weight] with weight a rational string. */
  edges: [number, number, string?][];
}

export class Rng {
  private s: number;
  constructor(seed: number) {
    this.s = seed >>> 0 || 1;
  }
  next(): number {
    this.s = (this.s + 0x9e3779b9) >>> 0;
    let z = this.s;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return ((z ^ (z >>> 16)) >>> 0) / 2 ** 32;
  }
  int(n: number): number {
    return Math.floor(this.next() * n);
  }
}

export interface GraphOptions {
  n: number;
  p: number;
  directed?: boolean;
  weights?: "none" | "int" | "nonneg" | "rational" | "positive";
  /** Allow parallel edges and loops. */
  multi?: boolean;
  loops?: boolean;
}

/** G(n, p) (or a multigraph sample), with labels "v<i>" in a shuffled order. */
export function randomGraph(rng: Rng, o: GraphOptions): RandomGraph {
  const labels = Array.from({ length: o.n }, (_, i) => `v${i}`);
  for (let i = labels.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [labels[i], labels[j]] = [labels[j]!, labels[i]!];
  }
  const edges: [number, number, string?][] = [];
  const weight = (): string | undefined => {
    switch (o.weights ?? "none") {
      case "none":
        return undefined;
      case "int":
        return String(rng.int(21) - 6);
      case "nonneg":
        return String(rng.int(10));
      case "positive":
        return String(1 + rng.int(9));
      case "rational":
        return `${rng.int(12)}/${1 + rng.int(6)}`;
    }
    return undefined;
  };
  for (let u = 0; u < o.n; u++) {
    for (let v = o.directed ? 0 : u; v < o.n; v++) {
      if (u === v && !o.loops) continue;
      if (rng.next() < o.p) {
        const w = weight();
        edges.push(rng.next() < 0.5 || o.directed ? [u, v, w] : [v, u, w]);
        if (o.multi && rng.next() < 0.15) edges.push([u, v, weight()]);
      }
    }
  }
  // Shuffle the edge order too.
  for (let i = edges.length - 1; i > 0; i--) {
    const j = rng.int(i + 1);
    [edges[i], edges[j]] = [edges[j]!, edges[i]!];
  }
  return { n: o.n, directed: o.directed ?? false, labels, edges };
}

/** The wire payload of a random graph. */
export function wire(g: RandomGraph): { directed: boolean; vertices: string[]; edges: string[][] } {
  return { directed: g.directed, vertices: g.labels, edges: g.edges.map(([u, v, w]) => (w === undefined ? [g.labels[u]!, g.labels[v]!] : [g.labels[u]!, g.labels[v]!, w])) };
}

/** The same graph for NetworkX: labels, edges with Fraction-ready weight strings. */
export function forPython(g: RandomGraph) {
  return { directed: g.directed, labels: g.labels, edges: g.edges.map(([u, v, w]) => [g.labels[u]!, g.labels[v]!, w ?? "1"]) };
}

/** Python that builds `G` from one case `c` made by forPython (weights as Fractions in attribute "weight"). */
export const BUILD = `
def build(c, multi=False):
    if c["directed"]:
        G = nx.MultiDiGraph() if multi else nx.DiGraph()
    else:
        G = nx.MultiGraph() if multi else nx.Graph()
    G.add_nodes_from(c["labels"])
    for u, v, w in c["edges"]:
        G.add_edge(u, v, weight=Fraction(w))
    return G
def frac(x):
    x = Fraction(x)
    return str(x.numerator) if x.denominator == 1 else f"{x.numerator}/{x.denominator}"
`;
