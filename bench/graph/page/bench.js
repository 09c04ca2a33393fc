// The benchmark page's script: builds a synthetic graph (deterministic), hands it to the element
// through its `data` property, and counts requestAnimationFrame callbacks for fps. Driven by
// bench/graph/run.ts through window.kgBench.
const TYPES = ['Disease', 'Drug', 'Symptom', 'Procedure', 'Finding', 'Organism', 'Substance', 'Body structure', 'Device', 'Event'];
const RELATION_TYPES = ['treats', 'symptom of', 'causes', 'contraindicated with', 'associated with'];

/** mulberry32: a small seeded PRNG, so every run draws the same graph. */
function prng(seed) {
  return () => {
    seed |= 0;
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** n nodes, `perNode` relations each: mostly to nearby indices (clusters), a third anywhere. */
function makeGraph(n, perNode = 3, prefix = 'n', seed = 42) {
  const rand = prng(seed);
  const nodes = Array.from({ length: n }, (_, i) => ({
    id: `${prefix}${i}`,
    name: `Concept ${i}`,
    nodeType: TYPES[Math.floor(rand() * TYPES.length)],
    snomedCode: null,
    description: null,
    createdAt: '2024-01-01T00:00:00.000Z',
    degree: 0,
  }));
  const relations = [];
  for (let i = 0; i < n; i++) {
    for (let k = 0; k < perNode; k++) {
      let j = rand() < 0.66 ? i + Math.round((rand() - 0.5) * 60) : Math.floor(rand() * n);
      j = Math.min(n - 1, Math.max(0, j));
      if (j === i) j = (i + 1) % n;
      relations.push({
        id: `${prefix}r${i}-${k}`,
        sourceNodeId: nodes[i].id,
        targetNodeId: nodes[j].id,
        relationType: RELATION_TYPES[Math.floor(rand() * RELATION_TYPES.length)],
        relationName: 'rel',
        weight: 1 + Math.floor(rand() * 100),
        description: null,
      });
      nodes[i].degree++;
      nodes[j].degree++;
    }
  }
  return { focus: null, nodes, relations, truncated: false, totalNodes: n };
}

const el = document.getElementById('explorer');
let frames = [];
let counting = false;
function tick(t) {
  if (counting) frames.push(t);
  requestAnimationFrame(tick);
}
requestAnimationFrame(tick);

const mark = (name) => performance.getEntriesByName(name).at(-1)?.startTime ?? null;
const waitFor = async (test, timeout = 120_000) => {
  const end = performance.now() + timeout;
  while (!test()) {
    if (performance.now() > end) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

window.kgBench = {
  /** Hands a graph of n nodes to the element; resolves with the marks once its first frame is drawn. */
  async load(n, perNode = 3, prefix = 'n') {
    await customElements.whenDefined('kg-graph-explorer');
    const graph = makeGraph(n, perNode, prefix);
    performance.clearMarks();
    await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
    performance.mark('bench:data');
    el.data = graph;
    await waitFor(() => mark('kg-graph:first-frame') !== null && mark('kg-graph:first-frame') > mark('bench:data'));
    // The frame is presented with the next animation frame.
    await new Promise((r) => requestAnimationFrame(r));
    const presented = performance.now();
    return { data: mark('bench:data'), setData: mark('kg-graph:data'), firstFrame: mark('kg-graph:first-frame'), presented, nodes: graph.nodes.length, relations: graph.relations.length };
  },
  async settled(timeout) {
    await waitFor(() => mark('kg-graph:settled') !== null && mark('kg-graph:settled') > mark('bench:data'), timeout);
    return mark('kg-graph:settled') - mark('bench:data');
  },
  startCounting() {
    frames = [];
    counting = true;
  },
  stopCounting() {
    counting = false;
    const gaps = frames.slice(1).map((t, i) => t - frames[i]).sort((a, b) => a - b);
    const span = frames.length > 1 ? frames.at(-1) - frames[0] : 0;
    return { frames: frames.length, seconds: span / 1000, fps: span ? ((frames.length - 1) * 1000) / span : 0, p95: gaps[Math.floor(gaps.length * 0.95)] ?? null, worst: gaps.at(-1) ?? null };
  },
};
