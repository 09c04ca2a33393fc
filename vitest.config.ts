import { defineConfig } from 'vitest/config';
import { i18nCatalogues } from './scripts/build/vite-i18n-catalogues.mjs';

/**
 * Unit tests (contract, machines, helpers) and API tests. API tests run on a fresh PGlite
 * clone per file, and again on PostgreSQL when TEST_DATABASE_URL is set (src/server/test/).
 */
const apiProject = (name: string, db: 'pglite' | 'postgres') => ({
  extends: true as const,
  test: {
    name,
    include: ['src/server/**/*.test.ts'],
    // *.pglite.test.ts are about the embedded database only (data-dir locking, first start).
    exclude: db === 'postgres' ? ['src/server/**/*.pglite.test.ts'] : [],
    env: { KG_TEST_DB: db },
    globalSetup: ['src/server/test/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  plugins: [i18nCatalogues()],
  test: {
    projects: [
      {
        extends: true,
        test: { name: 'unit', include: ['src/**/*.test.ts', 'scripts/**/*.test.ts'], exclude: ['src/server/**'], environment: 'node' },
      },
      apiProject('api-pglite', 'pglite'),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('api-postgres', 'postgres')] : []),
    ],
  },
});
