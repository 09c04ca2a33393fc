/**
 * The recorded conformance figures (figures.json, committed): per suite, how many tests passed of how
 * many. The API test fails when a suite passes fewer than recorded, so a regression cannot land
 * silently; raising a figure is a deliberate commit (the report command writes it).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SuiteResult } from './run-suite';

export const FIGURES_FILE = path.join(import.meta.dirname, 'figures.json');

export type Figures = Record<string, { passed: number; total: number }>;

export function readFigures(file = FIGURES_FILE): Figures {
  return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as Figures) : {};
}

export function figuresOf(results: SuiteResult[]): Figures {
  return Object.fromEntries(results.map((r) => [r.name, { passed: r.passed, total: r.total }]));
}

/** One suite a line, so that a raised figure is a one-line diff. */
export function writeFigures(figures: Figures, file = FIGURES_FILE) {
  const lines = Object.entries(figures).map(([suite, f]) => `  ${JSON.stringify(suite)}: { "passed": ${f.passed}, "total": ${f.total} }`);
  fs.writeFileSync(file, `{\n${lines.join(',\n')}\n}\n`);
}

/** The suites that pass fewer tests than recorded (a suite not recorded yet has no floor). */
export function regressions(results: SuiteResult[], recorded: Figures): string[] {
  return results
    .filter((r) => recorded[r.name] && r.passed < recorded[r.name].passed)
    .map((r) => `${r.name}: ${r.passed}/${r.total} passed, ${recorded[r.name].passed} recorded; failing: ${r.tests.filter((t) => !t.passed).map((t) => t.name).join(', ')}`);
}
