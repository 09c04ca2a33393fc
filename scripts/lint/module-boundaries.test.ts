import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

/**
 * The module-boundary rule of eslint.config.js, on small sources that exist only in memory: a
 * module reaches another only through its index.ts, the rest of the server does the same, and
 * the platform layer imports no module at all. Type information is switched off: the rule reads
 * import paths only, and the in-memory files are in no TypeScript program.
 */
const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({
  cwd: root,
  overrideConfig: [tseslint.configs.disableTypeChecked, { languageOptions: { parserOptions: { projectService: false, project: null } } }],
});

/** The no-restricted-imports messages of `source` as if it were the file `file`. */
async function refusals(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const used = x;\n`, { filePath: path.join(root, file) });
  return result.messages.filter((m) => m.ruleId === 'no-restricted-imports').map((m) => m.message);
}

// Each case lints with the whole config in process: seconds each on a busy machine.
describe('module boundaries (eslint.config.js)', { timeout: 60_000 }, () => {
  it('refuses a module importing another module’s routes or a deep file', async () => {
    for (const spec of ['../users/routes', '../users/repository', '../users/repository.js', '../../modules/users/skeleton']) {
      const messages = await refusals('src/server/modules/auth/fake.ts', `import { x } from '${spec}';`);
      expect(messages, spec).toHaveLength(1);
      expect(messages[0]).toContain('index.ts');
    }
  });

  it('refuses a deep import from a file nested inside a module, and a re-export of one', async () => {
    expect(await refusals('src/server/modules/backup/validation/fake.ts', `import { x } from '../../attachments/content-check';`)).toHaveLength(1);
    expect(await refusals('src/server/modules/auth/fake.ts', `import { x } from '../users';\nexport { y } from '../users/repository';`)).toHaveLength(1);
  });

  it('allows another module’s index, and a module’s own files', async () => {
    for (const spec of ['../users', '../users/index', '../users/index.js', './repository', '../../db/db', '../../../contract']) {
      expect(await refusals('src/server/modules/auth/fake.ts', `import { x } from '${spec}';`), spec).toEqual([]);
    }
    expect(await refusals('src/server/modules/backup/validation/fake.ts', `import { x } from '../tables';`)).toEqual([]);
  });

  it('refuses app.ts and the plugins importing a module’s internals, and allows its index', async () => {
    expect(await refusals('src/server/app.ts', `import { x } from './modules/nodes/routes';`)).toHaveLength(1);
    expect(await refusals('src/server/plugins/fake.ts', `import { x } from '../modules/auth/tokens';`)).toHaveLength(1);
    expect(await refusals('src/server/app.ts', `import { x } from './modules/nodes';`)).toEqual([]);
    expect(await refusals('src/server/plugins/fake.ts', `import { x } from '../modules/auth/index.js';`)).toEqual([]);
  });

  it('refuses the platform layer importing any module, even its index', async () => {
    expect(await refusals('src/server/platform/jobs/fake.ts', `import { x } from '../../modules/snomed';`)).toHaveLength(1);
    expect(await refusals('src/server/platform/fake.ts', `import { x } from '../modules/snomed/drift';`)).toHaveLength(1);
    expect(await refusals('src/server/platform/jobs/fake.ts', `import { x } from '../../db/db';`)).toEqual([]);
  });

  it('still refuses browser code on the server inside a module', async () => {
    expect(await refusals('src/server/modules/nodes/fake.ts', `import { x } from '../../../ui/button';`)).toHaveLength(1);
  });

  it('lets tests reach into other modules (fixtures, internals they assert on)', async () => {
    expect(await refusals('src/server/modules/users/fake.test.ts', `import { x } from '../backup/archive-reader';`)).toEqual([]);
  });
});
