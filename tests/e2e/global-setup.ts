import { buildServerBundle } from '../../scripts/build/server-bundle.mjs';
import { buildTemplates, killLeftSpares, TEMPLATES_ENV } from './support/server';

/**
 * Once per browser-test run: the server bundle from the sources as they are now (a run never tests a
 * stale one), then the data directories every spec's server starts from (server.ts, seedDataDir).
 * Workers inherit the variable set here.
 */
export default async function globalSetup() {
  console.log(`[e2e] server bundle built in ${await buildServerBundle()} ms`);
  const started = Date.now();
  try {
    const templates = await buildTemplates();
    process.env[TEMPLATES_ENV] = templates.dir;
    console.log(`[e2e] database templates ready in ${Math.round((Date.now() - started) / 100) / 10} s`);
    return () => {
      killLeftSpares(templates.dir);
      templates.remove();
    };
  } catch (err) {
    // Slower, not wrong: every server then creates its own database.
    console.warn(`[e2e] no database templates (${(err as Error).message}): each server creates its database`);
    return () => undefined;
  }
}
