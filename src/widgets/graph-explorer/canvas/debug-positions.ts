import { ends, type FgLink, type FgNode } from './graph-objects';

/**
 * Where nodes and link midpoints are on the screen (client px): the test hook behind
 * window.__kgGraph (set only when a browser test asks for it with __KG_GRAPH_DEBUG__).
 */
export function screenPositions(box: HTMLElement, nodes: readonly FgNode[], links: readonly FgLink[], toScreen: (x: number, y: number) => { x: number; y: number }, zoom: number) {
  const rect = box.getBoundingClientRect();
  const at = (x: number, y: number) => {
    const p = toScreen(x, y);
    return { x: rect.left + p.x, y: rect.top + p.y };
  };
  return {
    zoom,
    nodes: nodes.filter((n) => n.x !== undefined).map((n) => ({ id: n.id, name: n.node.name, r: n.radius * zoom, proposed: n.proposed ?? null, ...at(n.x!, n.y!) })),
    links: links.flatMap((l) => {
      const e = ends(l);
      return e ? [{ id: l.id, source: e[0].id, target: e[1].id, proposed: l.proposed ?? null, ...at((e[0].x! + e[1].x!) / 2, (e[0].y! + e[1].y!) / 2) }] : [];
    }),
  };
}
