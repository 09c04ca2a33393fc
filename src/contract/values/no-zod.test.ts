import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * The browser code (host, widgets, machines, API client) reads values of the contract at run time:
 * limits, permission names, state lists, small rules. A value declared in a module that also builds
 * zod schemas brings those schemas, and zod with them (~25 KB gzip), into every bundle that reads it:
 * the bundlers drop a contract module only when none of its own declarations is read
 * (moduleSideEffects in vite.config.ts and vite.widgets.config.ts). Such values live in
 * src/contract/values, zod-free, and the schema modules re-export them for the server.
 */
const root = path.resolve(import.meta.dirname, '../../..');
const CLIENT = /^src[\\/](api|host|i18n|machines|ui|widgets)[\\/]/;
/** Schemas the browser does run: the profile form checks a field with the server's own rule. */
const ALLOWED = new Set(['src/contract/admin/users.ts :: usernameField', 'src/contract/admin/users.ts :: emailField', 'src/contract/admin/users.ts :: mobileField']);
const BUILDS_SCHEMAS = /^import (\{[^}]*\bz\b[^}]*\}|\* as z) from 'zod';/m;

/** `declaring module :: name` for each value a client file imports from a module that builds zod schemas. */
function zodModuleValuesReadByClients(): Map<string, string[]> {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined });
  if (!config) throw new Error('tsconfig.json could not be read');
  const files = config.fileNames.filter((f) => CLIENT.test(path.relative(root, f)) && !/\.test\.tsx?$/.test(f));
  const program = ts.createProgram(files, config.options);
  const checker = program.getTypeChecker();
  const found = new Map<string, string[]>();
  for (const source of program.getSourceFiles()) {
    const file = path.relative(root, source.fileName);
    if (!CLIENT.test(file) || /\.test\.tsx?$/.test(file)) continue;
    for (const statement of source.statements) {
      if (!ts.isImportDeclaration(statement) || statement.importClause?.isTypeOnly) continue;
      const bindings = statement.importClause?.namedBindings;
      if (!bindings || !ts.isNamedImports(bindings)) continue;
      for (const element of bindings.elements) {
        if (element.isTypeOnly) continue;
        let symbol = checker.getSymbolAtLocation(element.name);
        if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = checker.getAliasedSymbol(symbol);
        const declaration = symbol?.declarations?.[0];
        if (!symbol || !declaration || !(symbol.flags & ts.SymbolFlags.Value)) continue;
        const declaredIn = declaration.getSourceFile();
        const module = path.relative(root, declaredIn.fileName);
        if (!module.startsWith('src/contract/') || !BUILDS_SCHEMAS.test(declaredIn.text)) continue;
        const key = `${module} :: ${symbol.name}`;
        found.set(key, [...(found.get(key) ?? []), file]);
      }
    }
  }
  return found;
}

describe('contract values the browser reads', { timeout: 120_000 }, () => {
  it('come from zod-free modules, but for the field rules the profile form runs', () => {
    const found = zodModuleValuesReadByClients();
    const offending = [...found].filter(([key]) => !ALLOWED.has(key)).map(([key, files]) => `${key} (read by ${files.join(', ')})`);
    expect(offending).toEqual([]);
    // The exception is still needed (else it would hide a new case under an old name).
    expect([...found.keys()].sort()).toEqual([...ALLOWED].sort());
  });
});
