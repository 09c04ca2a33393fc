/**
 * The registry of the HL7 terminology test cases (test-cases.json) and the files it names: which
 * suites and tests run in the runner's modes, counted as the reference runner counts them (a suite or
 * test of another mode is not run and not counted).
 */
import fs from 'node:fs';
import path from 'node:path';

/** The CC0 copy of the test cases kept in the repository (the general-mode files; SOURCE.md says from where). */
export const TESTS_DIR = path.resolve(process.env.KG_FHIR_TX_TESTS ?? path.join(import.meta.dirname, '../../../../../tests/fhir-tx-ecosystem'));

/**
 * The modes this server is tested in: `general` (every server) and `flat` (its expansions are never
 * hierarchical, so the suite's flat variants of expected expansions apply).
 */
export const MODES: ReadonlySet<string> = new Set(['general', 'flat']);

export interface TestCase {
  name: string;
  description?: string;
  operation: string;
  mode?: string;
  request?: string;
  response: string;
  /** A second acceptable answer (an error where `response` is a result). */
  response2?: string;
  /** Only for servers of this FHIR version (`4.0`), or all but it (`!4.0`). */
  version?: string;
  profile?: string;
  'http-code'?: string;
  'Accept-Language'?: string;
  'lenient-display'?: boolean;
  header?: { name: string; value: string; mode?: string };
  [variant: `response:${string}` | `request:${string}`]: string | undefined;
}

export interface Suite {
  name: string;
  mode?: string;
  description?: string;
  setup: string[];
  tests: TestCase[];
  disabled?: boolean;
}

/** A mode filter of a suite or test (`mode` names one; `!x` means every mode but x). */
const inModes = (mode: string | undefined, modes: ReadonlySet<string>) => mode === undefined || (mode.startsWith('!') ? !modes.has(mode.slice(1)) : modes.has(mode));

/** Every suite that runs in these modes, with only the tests that run in them. */
export function loadSuites(modes: ReadonlySet<string> = MODES, dir = TESTS_DIR): Suite[] {
  const registry = readJson<{ suites: Suite[] }>('test-cases.json', dir);
  return registry.suites
    .filter((s) => !s.disabled && inModes(s.mode, modes))
    .map((s) => ({ ...s, setup: s.setup ?? [], tests: s.tests.filter((t) => inModes(t.mode, modes)) }));
}

export function readJson<T = Record<string, unknown>>(file: string, dir = TESTS_DIR): T {
  // Some files of the suite start with a byte-order mark, which JSON.parse refuses.
  return JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8').replace(/^\uFEFF/, '')) as T;
}

/** Whether a test's `version` filter lets it run against a server of this FHIR version. */
export function versionApplies(filter: string | undefined, fhirVersion: string): boolean {
  if (filter === undefined) return true;
  const negated = filter.startsWith('!');
  const version = negated ? filter.slice(1) : filter;
  const matches = fhirVersion === version || fhirVersion.startsWith(`${version}.`);
  return negated ? !matches : matches;
}

/**
 * The expected response in these modes: `response:{mode}` where the test has one for a mode that is
 * on. A variant the registry names but the suite lacks (search-all-yes's flat response) falls back to
 * the test's own response.
 */
export function responseFile(test: TestCase, modes: ReadonlySet<string>, dir = TESTS_DIR): string {
  for (const mode of modes) {
    const variant = test[`response:${mode}`];
    if (typeof variant === 'string' && fs.existsSync(path.join(dir, variant))) return variant;
  }
  return test.response;
}

export function requestFile(test: TestCase, modes: ReadonlySet<string>): string | undefined {
  for (const mode of modes) {
    const variant = test[`request:${mode}`];
    if (typeof variant === 'string') return variant;
  }
  return test.request;
}
