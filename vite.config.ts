import react from '@vitejs/plugin-react';
import path from 'node:path';
import { defineConfig } from 'vite';
import { i18nCatalogues } from './scripts/build/vite-i18n-catalogues.mjs';

/**
 * The standalone host app (index.html → src/host/main.tsx), built to dist/host where the
 * server serves it with an SPA fallback. The widget bundle has its own config
 * (vite.widgets.config.ts). In development the API and socket.io run on the server
 * (npm run serve, port 3000) and are proxied, so the browser sees one origin.
 */
const API_TARGET = process.env.KG_API_TARGET ?? 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), i18nCatalogues()],
  resolve: {
    // Parts of force-graph's dependencies the explorer never uses (src/widgets/graph-explorer/stubs/).
    alias: [
      ...['d3-scale-chromatic', 'bezier-js', 'tinycolor2'].map((name) => ({ find: new RegExp(`^${name}$`), replacement: path.resolve(`src/widgets/graph-explorer/stubs/${name}.ts`) })),
      // ofetch's two URL helpers without the rest of ufo (src/api/vendor/ufo.ts).
      { find: /^ufo$/, replacement: path.resolve('src/api/vendor/ufo.ts') },
    ],
  },
  build: {
    outDir: 'dist/host',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: true,
    rolldownOptions: {
      // Required by the inlining of common chunks below: no entry's exports are read from outside.
      preserveEntrySignatures: false,
      // The React example app (examples/react-app) is built with the host: it shares React's chunk,
      // and the server serves dist/host/examples/react-app at /examples/react-app/.
      input: { main: 'index.html', 'react-app': 'examples/react-app/index.html' },
      // The minifier keeps /* @__PURE__ */ before every JSX call: ~1,700 of them, worth nothing once
      // bundled (licence comments stay).
      output: {
        comments: { legal: true, annotation: false, jsdoc: false },
        // Automatic splitting made ~190 chunks, ~120 of them fetched for one signed-in page over HTTP/1.1's
        // six connections. Common chunks under 30 kB (source) are copied into the chunks that read them
        // instead (rolldown's runtime keeps one state per module across the copies): a page fetches 30–40
        // files and loads ~0.6 s sooner on a 2-core machine, and /login loads less than before (bench/bundle).
        // A common chunk that holds a style module stays a file: copied, its CSS would be emitted again with
        // every copy, and a rule repeated later in the cascade can undo the one meant to override it.
        codeSplitting: { experimentalInlineCommonChunks: { maxSize: 30_000, exclude: /\.css(\?|$)/ } },
      },
      // The UI kit's modules only declare components (its CSS is imported by main.tsx): without this,
      // one import through its index (App's PageSpinner) made every route, /login included, load every
      // component of the kit and floating-ui with them.
      // The same for the contract (src/contract): it only declares texts, limits and schemas, so a domain
      // module a page does not read stays out of the first route even when a module it reads re-exports
      // from it, and a schema module that only passes on a zod-free value (src/contract/values) stays out
      // with zod.
      treeshake: {
        moduleSideEffects: (id) => (/[\\/]src[\\/](ui[\\/](?:[^\\/]+[\\/])?[^\\/]+\.tsx?|contract[\\/].+\.ts)$/.test(id) ? false : undefined),
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET },
      '/socket.io': { target: API_TARGET, ws: true },
    },
  },
  preview: {
    proxy: {
      '/api': { target: API_TARGET },
      '/socket.io': { target: API_TARGET, ws: true },
    },
  },
});
