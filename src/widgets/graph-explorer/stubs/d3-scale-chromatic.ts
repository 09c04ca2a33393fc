/**
 * Stands in for d3-scale-chromatic in the builds (an alias in vite.config.ts and
 * vite.widgets.config.ts): force-graph imports only `schemePaired` from it (for nodeAutoColorBy,
 * which we do not use: we paint nodes ourselves), but the bundle kept the whole package (~5 KB gzip).
 */
export const schemePaired = ['#a6cee3', '#1f78b4', '#b2df8a', '#33a02c', '#fb9a99', '#e31a1c', '#fdbf6f', '#ff7f00', '#cab2d6', '#6a3d9a', '#ffff99', '#b15928'];
