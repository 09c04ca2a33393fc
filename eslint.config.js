// @ts-check
import { existsSync, readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The dependency rule of docs/ARCHITECTURE.md, enforced:
 *   contract ← api ← machines ← ui/widgets ← host, and contract ← server.
 * contract imports only zod; browser code never imports the server; the server never
 * imports browser code.
 */
const browserLayers = ['api', 'machines', 'ui', 'widgets', 'host'];
const restrict = (patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });
const layer = (names, message) => ({
  group: names.flatMap((n) => [`**/${n}`, `**/${n}/**`]),
  message,
});

/**
 * The widgets' public entries (docs/architecture/layering.md, "Widget boundaries"): the host imports a widget only
 * through src/widgets/<name>/index.ts (its component and styles), and the widgets' shared hooks only
 * through src/widgets/index.ts. Texts the host shows too (nav labels) live in src/contract. Read from the disk so a
 * new widget with an index.ts is public without touching this file.
 */
const widgetEntries = readdirSync(new URL('./src/widgets', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory() && existsSync(new URL(`./src/widgets/${d.name}/index.ts`, import.meta.url)))
  .map((d) => d.name);
const widgetInternals = {
  regex: `^(?:\\.\\./)+widgets/(?!(?:${widgetEntries.join('|')})$)`,
  message: "The host imports a widget only through its public entry ('widgets/<name>') and shared hooks from 'widgets'; texts it shows too are in src/contract.",
};

/**
 * The server's module boundaries (docs/architecture/layering.md, "Server modules"): a module under
 * src/server/modules/<m>/ is reached only through its index.ts, never through its routes or another
 * deep file, so each module says in one place what others may use. Read from the disk, so a new
 * module is covered without touching this file. Tests may reach into other modules (fixtures,
 * internals they assert on). Matching any depth of '../' assumes no folder of src/server is named
 * like a module (server/audit vs modules/audit-log is fine: names match whole).
 */
const serverModules = readdirSync(new URL('./src/server/modules', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);
const escape = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const notIndex = '(?!index(?:\\.js)?$)';
/** From inside module `own`: '../<other>/<file>' (any depth, also via '../modules/') is an error; '../<other>' and '../<other>/index' are fine. */
const otherModuleInternals = (own) => ({
  regex: `^(?:\\.\\./)+(?:modules/)?(?:${serverModules.filter((m) => m !== own).map(escape).join('|')})/${notIndex}`,
  message: "Another module is imported through its index.ts ('../<module>'), never its routes or a deep file.",
});
/** From the rest of the server (app.ts, plugins, live, seed…): './modules/<m>/<file>' is an error. */
const moduleInternals = {
  regex: `^(?:\\./|(?:\\.\\./)+)modules/[^/]+/${notIndex}`,
  message: "A server module is imported through its index.ts ('modules/<module>'), never its routes or a deep file.",
};
/** The platform layer (jobs engine, tasks, files, parsers) is below every module: it imports none. */
const anyModule = {
  regex: '^(?:\\./|(?:\\.\\./)+)(?:server/)?modules(?:/|$)',
  message: 'src/server/platform imports no module: modules register with the platform, not the other way round.',
};
const serverTests = ['src/server/**/*.test.ts'];

/**
 * The widgets' shared parts (src/widgets/parts/<name>/: upload, history, node-form…): a widget or
 * another part reaches a part only through its entry, 'parts/<name>' (its components and its CSS),
 * or 'parts/<name>/styles' (its CSS alone, for an element's style manifest, which must not pull the
 * components). Read from the disk: a new folder with an index.ts is a part.
 */
const partsDir = new URL('./src/widgets/parts', import.meta.url);
const partEntries = existsSync(partsDir)
  ? readdirSync(partsDir, { withFileTypes: true })
      .filter((d) => d.isDirectory() && existsSync(new URL(`./src/widgets/parts/${d.name}/index.ts`, import.meta.url)))
      .map((d) => d.name)
  : [];
const partEntry = `(?:${partEntries.join('|')})(?:/styles)?$`;
const partMessage = "A part is reached only through its entry: 'parts/<name>' (components and CSS) or 'parts/<name>/styles' (its CSS, for a style manifest).";
const widgetPartInternals = { regex: `^(?:\\.\\./)+parts/(?!${partEntry})`, message: partMessage };
// Inside src/widgets/parts/<name>/, '../<other>' is another part.
const partPartInternals = { regex: `^\\.\\./(?!\\.\\.)(?!${partEntry})`, message: partMessage };

/** A capitalised function (declaration or const) is a component; forwardRef and memo take one too. */
const COMPONENT_DEFINITION = ':matches(FunctionDeclaration[id.name=/^[A-Z]/], VariableDeclarator[id.name=/^[A-Z]/] > :matches(ArrowFunctionExpression, FunctionExpression))';
const COMPONENT = `:matches(${COMPONENT_DEFINITION}, CallExpression[callee.name=/^(forwardRef|memo)$/] > FunctionExpression)`;

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.tmp/**', 'data/**', 'test-results/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/**/*.{ts,tsx}'],
    ...reactHooks.configs.flat['recommended-latest'],
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    rules: {
      // The loaders reset to 'loading' in the effect that starts a fetch for a new query; moving that
      // to derived state is its own change (docs/architecture/layering.md "Lint").
      'react-hooks/set-state-in-effect': 'off',
    },
  },
  {
    // A component declared inside another is a new type on each render: React replaces its DOM every
    // time, which loses state, focus and a click pressed across a re-render. React's own rule
    // (react-hooks/static-components) misses one used inside a callback (a list's map, a table's
    // render function), so name the shape itself: a capitalised function inside a component.
    files: ['src/**/*.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: `${COMPONENT} ${COMPONENT_DEFINITION}`,
          message: 'Declare components at module level (a component declared inside another is remounted on every render).',
        },
      ],
    },
  },
  {
    // A port of React's own use-sync-external-store: kept as upstream wrote it (ref writes included).
    files: ['src/widgets/vendor/**'],
    rules: { 'react-hooks/refs': 'off', 'react-hooks/immutability': 'off' },
  },
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      // Type-aware rules: the project service reads tsconfig.json (one TypeScript program for the whole tree).
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // A considered subset of recommendedTypeChecked: the rules that catch real bugs (lost promises,
      // '[object Object]' in text, throwing non-errors, needless casts). The no-unsafe-* family is left
      // out: the code narrows unknown JSON with zod at the edges, and the remaining any sits in tests.
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      // An async onClick is the React idiom (its errors are handled inside the handler), and Fastify
      // hooks are async functions by design (typed as a union the rule reads as void).
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false, variables: false, returns: false } }],
      '@typescript-eslint/no-for-in-array': 'error',
      '@typescript-eslint/no-implied-eval': 'error',
      // Rethrowing a caught value (unknown) as it came is fine; throwing a literal is not.
      '@typescript-eslint/only-throw-error': ['error', { allowThrowingUnknown: true, allowThrowingAny: true }],
      '@typescript-eslint/prefer-promise-reject-errors': 'error',
      '@typescript-eslint/no-base-to-string': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      '@typescript-eslint/no-unnecessary-type-assertion': 'error',
      '@typescript-eslint/no-redundant-type-constituents': 'error',
    },
  },
  // Plain JavaScript (examples, scripts, workers) is not in tsconfig.json: no type information.
  { files: ['**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
  {
    files: ['src/contract/**'],
    rules: restrict([layer(['server', ...browserLayers], 'src/contract imports nothing of ours (only zod).')]),
  },
  {
    // The i18n runtime and the registry of text namespaces (sources.ts) read only the lower layer:
    // every text lives in src/contract/texts, so nothing here reaches up into the browser layers.
    files: ['src/i18n/**'],
    rules: restrict([layer(['server', ...browserLayers], 'src/i18n imports only src/contract (texts live in src/contract/texts).')]),
  },
  {
    files: ['src/server/**'],
    rules: restrict([layer(browserLayers, 'The server never imports browser code.')]),
  },
  // Each block repeats the browser-layer pattern: a later no-restricted-imports replaces an earlier one.
  ...serverModules.map((m) => ({
    files: [`src/server/modules/${m}/**`],
    ignores: serverTests,
    rules: restrict([layer(browserLayers, 'The server never imports browser code.'), otherModuleInternals(m)]),
  })),
  {
    // src/server/jobs is moving into src/server/platform (below, where it may import no module at all).
    files: ['src/server/**'],
    ignores: ['src/server/modules/**', 'src/server/platform/**', 'src/server/jobs/**', ...serverTests],
    rules: restrict([layer(browserLayers, 'The server never imports browser code.'), moduleInternals]),
  },
  {
    files: ['src/server/platform/**'],
    rules: restrict([layer(browserLayers, 'The server never imports browser code.'), anyModule]),
  },
  {
    files: ['src/api/**'],
    rules: restrict([layer(['server', 'machines', 'ui', 'widgets', 'host'], 'src/api depends only on src/contract.')]),
  },
  {
    files: ['src/machines/**'],
    rules: restrict([layer(['server', 'ui', 'widgets', 'host'], 'Machines depend on api and contract only.')]),
  },
  {
    files: ['src/ui/**'],
    rules: restrict([layer(['server', 'api', 'machines', 'widgets', 'host'], 'src/ui is presentational: no fetching, no machines.')]),
  },
  {
    files: ['src/widgets/**'],
    rules: restrict([layer(['server', 'host'], 'Widgets never import the host app or the server.'), widgetPartInternals]),
  },
  {
    files: ['src/widgets/parts/**'],
    rules: restrict([layer(['server', 'host'], 'Widgets never import the host app or the server.'), partPartInternals]),
  },
  {
    files: ['src/host/**'],
    rules: restrict([layer(['server'], 'Browser code never imports the server.'), widgetInternals]),
  },
);
