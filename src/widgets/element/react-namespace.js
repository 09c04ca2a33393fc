/**
 * The React namespace for packages that spread it whole (`{ ...React }` in @floating-ui/react),
 * which makes the bundler build a namespace object of every export. Resolved for those packages
 * only (vite.widgets.config.ts, `reactNamespaceForFloatingUi`), so that object is built in their
 * lazily loaded chunk; built from preact/compat itself, it sat in the core chunk that every element
 * loads, with the bundler's runtime helpers in a file of their own (~0.7 KB gzip per element).
 * Plain JavaScript: preact/compat's types use `export =`, which TypeScript does not re-export with `export *`.
 */
export * from 'preact/compat';
export { default } from 'preact/compat';
