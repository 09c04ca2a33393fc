import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../../../test/harness';
import { figuresOf, readFigures, regressions, writeFigures } from './figures';
import { send, type Target } from './http-client';
import { figuresTable, failureList, reportMarkdown, writeReport } from './report';
import { runSuites, type SuiteResult } from './run-suite';
import { MODES, loadSuites } from './suites';

/**
 * The HL7 terminology ecosystem test cases (general mode) against a real server over HTTP: every
 * suite's setup stored through PUT, its tests run and compared by the suite's rules, its setup deleted.
 * Fails when a suite passes fewer tests than figures.json records. KG_FHIR_TX_REPORT=1 prints the
 * report and writes it into docs/FHIR.md; KG_FHIR_TX_RECORD=1 also records the figures.
 */
let t: TestApp;
let target: Target;

beforeAll(async () => {
  t = await testApp();
  const admin = (await t.register('admin')).accessToken;
  const address = await t.app.listen({ host: '127.0.0.1', port: 0 });
  target = { base: `${address}/fhir`, token: admin };
});
afterAll(() => t.close());

describe('HL7 terminology ecosystem test cases', () => {
  it('counts the general mode as the reference runner does', () => {
    const suites = loadSuites(MODES);
    expect(suites.reduce((n, s) => n + s.tests.length, 0)).toBe(597);
  });

  it('no suite passes fewer tests than figures.json records', { timeout: 300_000 }, async () => {
    // KG_FHIR_TX_SUITES=a,b runs only those suites (while working on them); figures are then not recorded.
    const only = process.env.KG_FHIR_TX_SUITES?.split(',').filter(Boolean);
    const suites = loadSuites(MODES).filter((s) => !only || only.includes(s.name));
    const results: SuiteResult[] = await runSuites(target, suites, { modes: MODES });
    if (process.env.KG_FHIR_TX_REPORT && !only) {
      console.log(`${figuresTable(results, true)}\n${failureList(results)}`);
      writeReport(reportMarkdown(results, new Date().toISOString().slice(0, 10)));
      if (process.env.KG_FHIR_TX_RECORD) writeFigures(figuresOf(results));
    }
    // Each suite deleted its setup again: the next suite started from an empty store (beside the
    // graph's generated resources, which a search lists too and no suite can delete).
    for (const type of ['CodeSystem', 'ValueSet', 'ConceptMap']) {
      const { total, entry = [] } = (await send(target, 'GET', `/${type}?_count=100`)).body as { total: number; entry?: { resource: { id: string } }[] };
      expect(entry.filter((e) => !/^(knowledge-graph|kg-.*)$/.test(e.resource.id))).toEqual([]);
      expect(total).toBe(entry.length);
    }
    if (only) console.log(`${figuresTable(results, true)}\n${failureList(results)}`);
    const recorded = readFigures();
    expect(regressions(results, recorded)).toEqual([]);
    // Every suite of the run is recorded, so a new or renamed suite cannot go unmeasured.
    if (!only) expect(results.map((r) => r.name).filter((name) => !recorded[name])).toEqual([]);
  });
});
