import { defineConfig } from 'vite';

/**
 * The widget bundle (DESIGN §5): dist/widgets/kg-elements.js, a stable ES-module entry that
 * defines every kg-* element, plus content-hashed chunks (each widget's code loads when its
 * first element connects). React is aliased to preact/compat; styles are inlined strings that
 * go into each element's shadow root. Other sites load it cross-origin, so chunk URLs are
 * relative to the entry (lib mode: no preload helper, no absolute base).
 */

export default defineConfig({
  publicDir: false,
  resolve: {
    alias: [
      { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
      { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
      { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
      { find: /^react-dom$/, replacement: 'preact/compat' },
      { find: /^react$/, replacement: 'preact/compat' },
    ],
    dedupe: ['preact'],
  },
  define: {
    'process.env.NODE_ENV': JSON.stringify('production'),
  },
  build: {
    outDir: 'dist/widgets',
    emptyOutDir: true,
    target: 'es2022',
    minify: true,
    sourcemap: false,
    reportCompressedSize: true,
    lib: {
      entry: 'src/widgets/elements.ts',
      formats: ['es'],
      fileName: () => 'kg-elements.js',
    },
    rolldownOptions: {
      // src/contract is pure declarations; without this every zod schema (and zod) would be
      // kept although widgets only use its texts, limits and types. Others keep their default.
      treeshake: { moduleSideEffects: (id) => (/[\\/]src[\\/]contract[\\/]/.test(id) ? false : undefined) },
      output: {
        // Lib mode keeps whitespace in ES output by default; this bundle is shipped as is.
        minify: true,
        entryFileNames: 'kg-elements.js',
        chunkFileNames: 'chunk-[hash].js',
      },
    },
  },
});
