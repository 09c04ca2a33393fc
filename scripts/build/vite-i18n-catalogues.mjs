import { readFileSync } from 'node:fs';
import path from 'node:path';
import { compileMessage } from '@lingui/message-utils/compileMessage';

/**
 * `virtual:kg-catalogue/<locale>` → the catalogue src/i18n/catalogues/<locale>.json (message id →
 * ICU message) compiled by Lingui at build time, so the browser runtime needs no ICU parser
 * (production Lingui does not parse messages). Each catalogue is imported dynamically by
 * src/i18n/runtime.ts and so becomes its own chunk, loaded when the language is first used.
 * Used by vite.config.ts (host), vite.widgets.config.ts (widgets) and vitest.config.ts.
 */
const PREFIX = 'virtual:kg-catalogue/';

export function compileCatalogue(messages) {
  return Object.fromEntries(Object.entries(messages).map(([id, message]) => [id, compileMessage(message)]));
}

const NO_COMPILER = '\0kg-i18n-no-compiler';

/**
 * Also, in builds: @lingui/core imports the ICU compiler for development use only (behind a
 * NODE_ENV check); since src/i18n/runtime.ts loads the same module on demand (for portals' ICU
 * `texts` overrides), the bundler would otherwise keep the parser in the shared chunk. Lingui's
 * own import gets an empty stand-in, so the parser is a chunk of its own, loaded only for overrides.
 */
export function i18nCatalogues({ dir = path.resolve('src/i18n/catalogues') } = {}) {
  let build = false;
  return {
    name: 'kg-i18n-catalogues',
    enforce: 'pre',
    configResolved(config) {
      build = config.command === 'build';
    },
    resolveId(id, importer) {
      if (id.startsWith(PREFIX)) return `\0${id}`;
      if (build && id === '@lingui/message-utils/compileMessage' && importer && /[\\/]@lingui[\\/]core[\\/]/.test(importer)) return NO_COMPILER;
      return null;
    },
    load(id) {
      if (id === NO_COMPILER) return 'export const compileMessage = undefined;';
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const locale = id.slice(PREFIX.length + 1);
      if (!/^[a-z]{2,3}$/.test(locale)) return null;
      const file = path.join(dir, `${locale}.json`);
      this.addWatchFile(file);
      const compiled = compileCatalogue(JSON.parse(readFileSync(file, 'utf8')));
      return `export default ${JSON.stringify(compiled)};`;
    },
  };
}
