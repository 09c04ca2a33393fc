/**
 * One suite: its setup resources stored through the REST interactions (PUT /{type}/{id}), its tests
 * run one after the other, and the setup deleted again, so that the next suite starts from the same
 * empty terminology store on the same server.
 */
import path from 'node:path';
import type { CompareContext } from './compare';
import { executeTest, type TestResult } from './execute';
import { send, type Target } from './http-client';
import { resourceToR4 } from './r4';
import { readJson, versionApplies, type Suite } from './suites';

export interface SuiteResult {
  name: string;
  passed: number;
  total: number;
  tests: TestResult[];
  /** Setup resources the server refused: their file and its answer (tests that need them fail). */
  setupErrors: string[];
  /** Wall time of the suite, setup and clean-up included (for the printed report only). */
  ms: number;
}

type Resource = { resourceType: string; id?: string };

const idOfFile = (file: string) =>
  path
    .basename(file, '.json')
    .replace(/[^A-Za-z0-9\-.]/g, '-')
    .slice(0, 64);

/**
 * A setup file's id: its own, or one from its file name when it has none or when an earlier file of
 * the suite took it already (translate's two maps are both `full`). The reference runner sends the
 * setup with each request rather than storing it, so every file counts, and none may overwrite another.
 */
const idOf = (resource: Resource, file: string, taken: Set<string>) => {
  const own = resource.id && !taken.has(`${resource.resourceType}/${resource.id}`) ? resource.id : idOfFile(file);
  taken.add(`${resource.resourceType}/${own}`);
  return own;
};

export async function runSuite(target: Target, suite: Suite, ctx: CompareContext): Promise<SuiteResult> {
  const started = performance.now();
  const r4 = ctx.fhirVersion.startsWith('4.');
  const stored: string[] = [];
  const setupErrors: string[] = [];
  const taken = new Set<string>();
  for (const file of suite.setup) {
    const resource = readJson<Resource>(file);
    const id = idOf(resource, file, taken);
    const url = `/${resource.resourceType}/${encodeURIComponent(id)}`;
    const answer = await send(target, 'PUT', url, { ...(r4 ? resourceToR4(resource) : resource), id });
    if (answer.status === 200 || answer.status === 201) stored.push(url);
    else setupErrors.push(`${file}: HTTP ${answer.status} ${issue(answer.body)}`);
  }
  const tests: TestResult[] = [];
  try {
    // A test for another FHIR version is not run, nor counted, as with the reference runner.
    for (const test of suite.tests.filter((t) => versionApplies(t.version, ctx.fhirVersion))) {
      try {
        tests.push(await executeTest(target, test, ctx));
      } catch (err) {
        tests.push({ name: test.name, operation: test.operation, passed: false, reason: `the runner failed: ${(err as Error).message}` });
      }
    }
  } finally {
    for (const url of stored.reverse()) await send(target, 'DELETE', url);
  }
  return { name: suite.name, passed: tests.filter((t) => t.passed).length, total: tests.length, tests, setupErrors, ms: Math.round(performance.now() - started) };
}

function issue(body: unknown): string {
  const first = (body as { issue?: { details?: { text?: string }; expression?: string[] }[] } | undefined)?.issue?.[0];
  return [first?.details?.text, first?.expression?.join(', ')].filter(Boolean).join(' at ').slice(0, 200);
}

/** Every suite in turn (sequentially: they share the server's store), with the server's FHIR version. */
export async function runSuites(target: Target, suites: Suite[], ctx: Omit<CompareContext, 'fhirVersion'>, onSuite?: (r: SuiteResult) => void): Promise<SuiteResult[]> {
  const metadata = await send(target, 'GET', '/metadata');
  const fhirVersion = (metadata.body as { fhirVersion?: string } | undefined)?.fhirVersion ?? '4.0.1';
  const results: SuiteResult[] = [];
  for (const suite of suites) {
    const result = await runSuite(target, suite, { ...ctx, fhirVersion });
    onSuite?.(result);
    results.push(result);
  }
  return results;
}
