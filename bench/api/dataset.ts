/**
 * The benchmark graph, built in memory and deterministically (seeded PRNG): real Hetionet
 * names, 10 node types of N nodes each, and per type M relations among that type's own nodes,
 * so that `GET /api/graph?nodeTypes=<type>&limit=N` returns exactly N nodes and M relations.
 */
import fs from 'node:fs';
import { datasetFile } from '../datasets';


/** mulberry32: small, fast, good enough for test data, and the same on every machine. */
export function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function shuffle<T>(items: T[], rand: () => number): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [items[i], items[j]] = [items[j], items[i]];
  }
  return items;
}

/** A version-4-shaped UUID from the PRNG, so ids are the same on every run. */
export function uuid(rand: () => number): string {
  const b: number[] = [];
  for (let i = 0; i < 16; i++) b.push(Math.floor(rand() * 256));
  b[6] = (b[6] & 0x0f) | 0x40;
  b[8] = (b[8] & 0x3f) | 0x80;
  const h = b.map((x) => x.toString(16).padStart(2, '0')).join('');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
}

export interface HetionetNode {
  id: string;
  name: string;
  kind: string;
}

/** The TSV has CRLF line endings and a header line. */
export function readHetionetNodes(file = datasetFile('hetionet-v1.0-nodes.tsv')): HetionetNode[] {
  const lines = fs.readFileSync(file, 'utf8').split(/\r?\n/);
  const out: HetionetNode[] = [];
  for (const line of lines.slice(1)) {
    if (!line.trim()) continue;
    const [id, name, kind] = line.split('\t');
    if (id && name?.trim() && kind) out.push({ id, name: name.trim(), kind: kind.trim() });
  }
  return out;
}

/** The verbs of the Hetionet metaedges ("Compound - treats - Disease", "Gene > regulates > Gene"), most edges first. */
export function readHetionetVerbs(file = datasetFile('hetionet-metaedges.tsv')): { verb: string; edges: number }[] {
  const lines = fs.readFileSync(file, 'utf8').split(/\r?\n/);
  const totals = new Map<string, number>();
  for (const line of lines.slice(1)) {
    if (!line.trim()) continue;
    const [metaedge, , edges] = line.split('\t');
    const verb = metaedge.split(/ [->] /)[1]?.trim();
    if (verb) totals.set(verb, (totals.get(verb) ?? 0) + Number(edges));
  }
  return [...totals].map(([verb, n]) => ({ verb, edges: n })).sort((a, b) => b.edges - a.edges || a.verb.localeCompare(b.verb));
}

export interface BenchNode {
  id: string;
  name: string;
  type: string;
  description: string;
  createdAt: string;
}

export interface BenchRelation {
  id: string;
  source: string;
  target: string;
  type: string;
  weight: number;
  createdAt: string;
}

export interface BenchGraph {
  nodeTypes: string[];
  relationTypes: string[];
  nodes: BenchNode[];
  relations: BenchRelation[];
  /** Names that are a reused Hetionet name with a " (k)" suffix. */
  suffixedNames: number;
  /** Names taken from another Hetionet kind to fill a small kind up to N. */
  borrowedNames: number;
}

export interface GraphSize {
  nodesPerType: number;
  relationsPerType: number;
  seed: number;
}

/** Hetionet's 11 kinds, less Pharmacologic Class (its 345 names go to Compound, the drugs they classify). */
const MERGED_KINDS: Record<string, string> = { 'Pharmacologic Class': 'Compound' };
const RELATION_TYPE_COUNT = 5;
const CREATED_FROM = Date.parse('2023-01-01T00:00:00Z');
const CREATED_SPAN_MS = 730 * 24 * 3600 * 1000;

export function buildGraph(size: GraphSize): BenchGraph {
  const rand = prng(size.seed);
  const hetionet = readHetionetNodes();
  const byKind = new Map<string, HetionetNode[]>();
  for (const n of hetionet) {
    const kind = MERGED_KINDS[n.kind] ?? n.kind;
    if (!byKind.has(kind)) byKind.set(kind, []);
    byKind.get(kind)!.push(n);
  }
  const nodeTypes = [...byKind.keys()].sort();
  if (nodeTypes.length !== 10) throw new Error(`Expected 10 node types from Hetionet, found ${nodeTypes.length}`);
  const relationTypes = readHetionetVerbs()
    .slice(0, RELATION_TYPE_COUNT)
    .map((v) => v.verb);

  // Every name is unique across the whole graph (so certainly per type), case-insensitively:
  // a Hetionet name used a second time gets " (2)", a third time " (3)", and so on.
  const uses = new Map<string, number>();
  const taken = new Set<string>();
  const nameFor = (base: string): string => {
    const key = base.toLowerCase();
    let k = uses.get(key) ?? 0;
    for (;;) {
      k++;
      const name = k === 1 ? base : `${base} (${k})`;
      if (!taken.has(name.toLowerCase())) {
        uses.set(key, k);
        taken.add(name.toLowerCase());
        return name;
      }
    }
  };

  // First each type takes its own kind's names, then the small kinds are filled up from the
  // other kinds' names (reused, so suffixed, when already taken).
  const pool = shuffle([...hetionet], rand);
  let poolAt = 0;
  let suffixedNames = 0;
  let borrowedNames = 0;
  const nodes: BenchNode[] = [];
  const own = new Map(nodeTypes.map((t) => [t, shuffle([...byKind.get(t)!], rand).slice(0, size.nodesPerType)]));
  const createdAt = () => new Date(CREATED_FROM + Math.floor(rand() * CREATED_SPAN_MS)).toISOString();
  for (const type of nodeTypes) {
    const sources: HetionetNode[] = [...own.get(type)!];
    while (sources.length < size.nodesPerType) {
      const n = pool[poolAt++ % pool.length];
      if ((MERGED_KINDS[n.kind] ?? n.kind) === type) continue;
      sources.push(n);
      borrowedNames++;
    }
    for (const src of sources) {
      const name = nameFor(src.name);
      if (name !== src.name) suffixedNames++;
      nodes.push({ id: uuid(rand), name, type, description: src.id.split('::')[1] ?? src.id, createdAt: createdAt() });
    }
  }

  // Per type, M distinct directed pairs among its own N nodes. One end is drawn with a
  // skew (index = N·u²) so a few hubs have hundreds of relations, as in real graphs.
  const relations: BenchRelation[] = [];
  const n = size.nodesPerType;
  if (size.relationsPerType > n * (n - 1) * 0.5) throw new Error('Too many relations for the node count');
  for (let t = 0; t < nodeTypes.length; t++) {
    const members = nodes.slice(t * n, (t + 1) * n);
    const pairs = new Set<number>();
    while (pairs.size < size.relationsPerType) {
      const hub = Math.floor(n * rand() ** 2);
      const other = Math.floor(n * rand());
      if (hub === other) continue;
      const [s, d] = rand() < 0.5 ? [hub, other] : [other, hub];
      const key = s * n + d;
      if (pairs.has(key)) continue;
      pairs.add(key);
      relations.push({
        id: uuid(rand),
        source: members[s].id,
        target: members[d].id,
        type: relationTypes[Math.floor(rand() * relationTypes.length)],
        weight: 1 + Math.floor(rand() * 100),
        createdAt: createdAt(),
      });
    }
  }
  return { nodeTypes, relationTypes, nodes, relations, suffixedNames, borrowedNames };
}

/**
 * Realistic search terms: 3–8 letter substrings of words in the graph's names, as a user types
 * them (lower case, letters only). Deterministic.
 */
export function searchTerms(graph: { nodes: { name: string }[] }, count: number, seed: number): string[] {
  const rand = prng(seed);
  const terms = new Set<string>();
  let guard = 0;
  while (terms.size < count && guard++ < count * 100) {
    const node = graph.nodes[Math.floor(rand() * graph.nodes.length)];
    const words = node.name.toLowerCase().match(/[a-z]{3,}/g);
    if (!words) continue;
    const word = words[Math.floor(rand() * words.length)];
    const len = 3 + Math.floor(rand() * (Math.min(8, word.length) - 2));
    const start = Math.floor(rand() * (word.length - len + 1));
    terms.add(word.slice(start, start + len));
  }
  return [...terms];
}

/** A deterministic sample of node ids (for get-one and focused graph). */
export function sampleIds(graph: BenchGraph, count: number, seed: number): string[] {
  const rand = prng(seed);
  return Array.from({ length: count }, () => graph.nodes[Math.floor(rand() * graph.nodes.length)].id);
}
