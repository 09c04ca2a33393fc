import { defineConfig } from 'vitest/config';
import { i18nCatalogues } from './scripts/build/vite-i18n-catalogues.mjs';

/**
 * Unit tests (contract, machines, helpers) and API tests. API tests run on a fresh PGlite
 * clone per file, and again on PostgreSQL when TEST_DATABASE_URL is set (src/server/test/).
 *
 * API files share their worker's module graph (`isolate: false`): loading the server's modules
 * anew for every file cost more than a third of the API phase's CPU. Each file still gets its own
 * database clone (harness.ts), so what files may share is code, not data. A file that needs a
 * fresh module graph — it mocks a module with vi.mock, or tests state a module keeps for the
 * whole process — is named `*.isolated.test.ts` and runs in the `…-isolated` project, one fresh
 * module graph per file, as before. A name rather than a list here, so that the file says so
 * itself and no list drifts (scripts/isolated-tests.test.ts checks that every vi.mock is in such a
 * file). `--project 'api-pglite*'` runs both.
 */
const ISOLATED = 'src/server/**/*.isolated.test.ts';

const apiProject = (db: 'pglite' | 'postgres', isolated: boolean) => ({
  extends: true as const,
  test: {
    name: `api-${db}${isolated ? '-isolated' : ''}`,
    include: [isolated ? ISOLATED : 'src/server/**/*.test.ts'],
    // *.pglite.test.ts are about the embedded database only (data-dir locking, first start).
    exclude: [...(isolated ? [] : [ISOLATED]), ...(db === 'postgres' ? ['src/server/**/*.pglite.test.ts', 'src/server/**/*.pglite.isolated.test.ts'] : [])],
    isolate: isolated,
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
      apiProject('pglite', false),
      apiProject('pglite', true),
      ...(process.env.TEST_DATABASE_URL ? [apiProject('postgres', false), apiProject('postgres', true)] : []),
    ],
  },
});
