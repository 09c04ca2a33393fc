// @ts-check
import js from '@eslint/js';
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

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.tmp/**', 'data/**', 'test-results/**', 'bench/results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/contract/**'],
    rules: restrict([layer(['server', ...browserLayers], 'src/contract imports nothing of ours (only zod).')]),
  },
  {
    files: ['src/server/**'],
    rules: restrict([layer(browserLayers, 'The server never imports browser code.')]),
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
    rules: restrict([layer(['server', 'host'], 'Widgets never import the host app or the server.')]),
  },
  {
    files: ['src/host/**'],
    rules: restrict([layer(['server'], 'Browser code never imports the server.')]),
  },
);
