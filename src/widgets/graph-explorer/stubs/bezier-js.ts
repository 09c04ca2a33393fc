/**
 * Stands in for bezier-js in the builds (an alias in vite.config.ts and vite.widgets.config.ts):
 * force-graph constructs a Bezier only for curved links (`linkCurvature`) with arrows or particles,
 * which the graph explorer does not use; the real package is ~9 KB gzip. Setting a curvature in
 * force-graph-adapter.ts means removing the alias.
 */
export class Bezier {
  constructor() {
    throw new Error('bezier-js is not bundled: curved links need the alias in the Vite configs removed');
  }
}
