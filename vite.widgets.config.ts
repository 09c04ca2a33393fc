import path from 'node:path';
import { defineConfig, type Alias, type Plugin } from 'vite';
import { writeWidgetContract } from './scripts/build/widget-contract.mjs';
import { widgetElements } from './scripts/build/widget-elements.mjs';
import { i18nCatalogues } from './scripts/build/vite-i18n-catalogues.mjs';

/**
 * The widget bundle (DESIGN §5) in dist/widgets/:
 * - kg-elements.js: a stable ES-module entry that defines every kg-* element;
 * - kg-<name>.js: one stable entry per element that defines only that element;
 * - kg-elements.classic.js: a classic script (no type="module") that loads kg-elements.js;
 * - chunk-[hash].js: content-hashed chunks, shared by the entries; each widget's code (and heavy
 *   code such as force-graph or the spreadsheet reader) loads when it is first used;
 * - custom-elements.json and kg-elements.d.ts (scripts/build/widget-contract.mjs).
 * The element list comes from src/widgets/elements.ts only (scripts/build/widget-elements.mjs).
 * React is aliased to preact/compat (KG_WIDGETS_REACT=1 keeps React: bench/bundle compares the two);
 * styles are inlined strings that go into each element's shadow root. Other sites load the bundle
 * cross-origin, so chunk URLs are relative to the entry (lib mode: no preload helper, no absolute base).
 */
const PREACT: Alias[] = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
  // preact/compat has useSyncExternalStore: no CommonJS shims (see the file).
  { find: /^use-sync-external-store\/shim(\/with-selector)?(\.js)?$/, replacement: path.resolve('src/widgets/vendor/use-sync-external-store.ts') },
];
/** Parts of force-graph's dependencies the explorer never uses (stand-ins in graph-explorer/stubs/). */
const FORCE_GRAPH_STUBS: Alias[] = ['d3-scale-chromatic', 'bezier-js', 'tinycolor2'].map((name) => ({
  find: new RegExp(`^${name}$`),
  replacement: path.resolve(`src/widgets/graph-explorer/stubs/${name}.ts`),
}));
/** ofetch's two URL helpers without the rest of ufo (src/api/vendor/ufo.ts): ~1.5 KB gzip per widget. */
const UFO_STUB: Alias[] = [{ find: /^ufo$/, replacement: path.resolve('src/api/vendor/ufo.ts') }];
/** @floating-ui's `import * as React` (spread whole) resolves to src/widgets/element/react-namespace.js: see that file. */
function reactNamespaceForFloatingUi(): Plugin {
  const shim = path.resolve('src/widgets/element/react-namespace.js');
  return {
    name: 'kg-react-namespace',
    enforce: 'pre',
    // After the aliases: 'react' and 'react-dom' arrive here as preact/compat.
    resolveId: (source, importer) => (source === 'preact/compat' && importer && /[\\/]@floating-ui[\\/]/.test(importer) ? shim : null),
  };
}
const withReact = process.env.KG_WIDGETS_REACT === '1';
const outDir = process.env.KG_WIDGETS_OUT_DIR || 'dist/widgets';

const CORE =
  /node_modules[\\/](preact|@r2wc|xstate|@xstate|use-sync-external-store|ofetch|destr|@lingui[\\/]core)[\\/]|src[\\/](api[\\/](client|http|session-store|storage-keys|auth|vendor[\\/]ufo)|machines[\\/]session\.machine|ui[\\/]cx|contract[\\/]texts[\\/](define|index|auth)|i18n[\\/](runtime|locales)|widgets[\\/](element[\\/](define-element|attributes|session)|hooks[\\/](use-ever|use-element-locale)|vendor[\\/]use-sync-external-store))\.ts$|src[\\/](ui[\\/]theme|widgets[\\/]styles[\\/]host-reset)\.css\?inline$|rolldown[\\/]runtime/;

const UI_KIT =
  /src[\\/](machines[\\/]error-text\.ts|ui[\\/](Button|icons|feedback[\\/](Alert|Spinner|Toast)|overlay[\\/]portal)\.tsx|ui[\\/]use-latest\.ts|contract[\\/]texts[\\/]common\.ts|ui[\\/](controls|ui)\.css\?inline|widgets[\\/]element[\\/](lazy-part|with-session)\.tsx|widgets[\\/]styles[\\/](widget-css|style-manifest)\.ts|widgets[\\/]styles[\\/]widget-base\.css\?inline)$/;
const ADMIN_KIT =
  /src[\\/](machines[\\/]confirm-delete\.machine\.ts|ui[\\/]table[\\/](DataTable|Pagination)\.tsx|ui[\\/]table[\\/]table-sort\.ts|widgets[\\/]element[\\/]widget-frame\.tsx|widgets[\\/]parts[\\/]deletion[\\/](DeletionDialog\.tsx|index\.ts|styles\.ts)|widgets[\\/]parts[\\/]admin[\\/](admin-parts\.tsx|index\.ts|styles\.ts|admin\.css\?inline)|widgets[\\/]((format|shell-title)|hooks[\\/](use-load|use-narrow|use-toast))\.ts)$/;

const VIRTUAL = 'virtual:kg-element/';
const elements = widgetElements();

/** One entry per element: `import spec; defineElement(spec)`, generated from elements.ts. */
function perElementEntries(): Plugin {
  return {
    name: 'kg-element-entries',
    // Lib mode resolves entries against the root first: match the name anywhere in the id.
    resolveId: (id) => (id.includes(VIRTUAL) ? `\0${id.slice(id.indexOf(VIRTUAL))}` : null),
    load(id) {
      if (!id.startsWith(`\0${VIRTUAL}`)) return null;
      const element = elements.find((e) => e.tag === id.slice(VIRTUAL.length + 1));
      if (!element) return null;
      const dir = path.resolve('src/widgets');
      return [
        `import { defineElement } from ${JSON.stringify(path.join(dir, 'element', 'define-element.ts'))};`,
        `import { ${element.exportName} } from ${JSON.stringify(element.file)};`,
        `defineElement(${element.exportName});`,
      ].join('\n');
    },
  };
}

/**
 * kg-elements.classic.js for pages that can only add classic scripts (some CMSs, tag managers):
 * it imports the ES entry next to it, so chunks stay shared and lazy. Elements are defined a
 * moment later than with a module script; upgrade makes that invisible.
 */
const CLASSIC_LOADER = `/* kg-* elements: classic-script loader for kg-elements.js (same folder). */
(function () {
  var script = document.currentScript;
  var base = script && script.src ? script.src : document.baseURI;
  import(new URL('kg-elements.js', base).href).catch(function (error) {
    console.error('kg-elements: could not load the widget bundle', error);
  });
})();
`;

function classicAndContract(): Plugin {
  return {
    name: 'kg-classic-and-contract',
    generateBundle(_options, bundle) {
      this.emitFile({ type: 'asset', fileName: 'kg-elements.classic.js', source: CLASSIC_LOADER });
      // KG_WIDGETS_ANALYZE=1: which source modules make up each chunk (rendered bytes), for size work.
      if (process.env.KG_WIDGETS_ANALYZE === '1') {
        const chunks = Object.values(bundle).flatMap((c) =>
          c.type === 'chunk' ? [{ file: c.fileName, modules: Object.entries(c.modules).map(([id, m]) => [path.relative(process.cwd(), id), m.renderedLength] as const).filter(([, n]) => n > 0).sort((a, b) => b[1] - a[1]) }] : [],
        );
        this.emitFile({ type: 'asset', fileName: 'analysis.json', source: JSON.stringify(chunks, null, 1) });
      }
    },
    async closeBundle() {
      if (withReact) return; // the comparison build for bench/bundle only
      await writeWidgetContract({ outDir: path.resolve(outDir), alias: PREACT });
    },
  };
}

export default defineConfig({
  publicDir: false,
  plugins: [perElementEntries(), classicAndContract(), i18nCatalogues(), ...(withReact ? [] : [reactNamespaceForFloatingUi()])],
  resolve: {
    alias: withReact ? [...FORCE_GRAPH_STUBS, ...UFO_STUB] : [...PREACT, ...FORCE_GRAPH_STUBS, ...UFO_STUB],
    dedupe: withReact ? ['react', 'react-dom'] : ['preact'],
  },
  define: {
    'process.env.NODE_ENV': JSON.stringify('production'),
  },
  build: {
    outDir,
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    sourcemap: false,
    reportCompressedSize: false,
    lib: {
      entry: {
        'kg-elements': 'src/widgets/elements.ts',
        ...Object.fromEntries(elements.map((e) => [e.tag, `${VIRTUAL}${e.tag}`])),
      },
      formats: ['es'],
    },
    rolldownOptions: {
      // src/contract is pure declarations; without this every zod schema (and zod) would be
      // kept although widgets only use its texts, limits and types. Others keep their default.
      treeshake: { moduleSideEffects: (id) => (/[\\/]src[\\/]contract[\\/]/.test(id) ? false : undefined) },
      output: {
        // Lib mode keeps whitespace in ES output by default; this bundle is shipped as is.
        minify: true,
        // The minifier keeps /* @__PURE__ */ before every JSX call: ~1,700 of them, worth nothing once
        // bundled (licence comments stay).
        comments: { legal: true, annotation: false, jsdoc: false },
        entryFileNames: '[name].js',
        chunkFileNames: 'chunk-[hash].js',
        // What every widget needs (preact, r2wc, the session, the API client on ofetch) in one chunk rather than
        // a dozen small ones: fewer requests and better compression (bench/bundle). Then the UI kit that every
        // element but kg-sign-in loads (kg-ui) and the admin lists' parts (kg-admin): each small module in a
        // file of its own compressed ~170 bytes worse. The lists are explicit: a module used by fewer elements
        // stays out, or the elements that do not need it would load it (kg-graph-explorer loads kg-ui only).
        codeSplitting: { groups: [{ name: 'kg-core', test: CORE, priority: 3 }, { name: 'kg-ui', test: UI_KIT, priority: 2 }, { name: 'kg-admin', test: ADMIN_KIT, priority: 1 }] },
      },
    },
  },
});
