/**
 * The per-suite report of a conformance run: a table of figures, and each failing test with its
 * one-line reason, printed and written into docs/FHIR.md's "Conformance" section (between markers,
 * so the rest of the page is untouched).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { SuiteResult } from './run-suite';

export const FHIR_DOC = path.resolve(import.meta.dirname, '../../../../../docs/FHIR.md');
const BEGIN = '<!-- conformance:begin (written by the conformance report; do not edit by hand) -->';
const END = '<!-- conformance:end -->';

const percent = (passed: number, total: number) => (total === 0 ? '–' : `${Math.round((passed / total) * 1000) / 10} %`);
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\s+/g, ' ');

/** The figures table (markdown); with `timed`, each suite's wall time too (the printed report, not the docs). */
export function figuresTable(results: SuiteResult[], timed = false): string {
  const passed = results.reduce((n, r) => n + r.passed, 0);
  const total = results.reduce((n, r) => n + r.total, 0);
  const ms = (r: { ms: number }) => (timed ? ` ${r.ms} ms |` : '');
  return [
    `| Suite | Passed | Total | % |${timed ? ' Time |' : ''}`,
    `|---|---:|---:|---:|${timed ? '---:|' : ''}`,
    ...results.map((r) => `| ${r.name} | ${r.passed} | ${r.total} | ${percent(r.passed, r.total)} |${ms(r)}`),
    `| **all** | **${passed}** | **${total}** | **${percent(passed, total)}** |${ms({ ms: results.reduce((n, r) => n + r.ms, 0) })}`,
  ].join('\n');
}

/** Failing tests per suite, each with its reason; setup resources the server refused first. */
export function failureList(results: SuiteResult[]): string {
  const lines: string[] = [];
  for (const r of results) {
    const failing = r.tests.filter((t) => !t.passed);
    if (failing.length === 0 && r.setupErrors.length === 0) continue;
    lines.push('', `#### ${r.name} (${r.passed}/${r.total})`, '');
    for (const e of r.setupErrors) lines.push(`- setup refused: ${cell(e)}`);
    // Tests failing for the same reason share one line: the reason is what the next change fixes.
    const byReason = new Map<string, string[]>();
    for (const t of failing) byReason.set(t.reason ?? '', [...(byReason.get(t.reason ?? '') ?? []), `\`${t.name}\``]);
    for (const [reason, names] of byReason) lines.push(`- ${names.join(', ')}: ${cell(reason)}`);
  }
  return lines.join('\n');
}

export function reportMarkdown(results: SuiteResult[], when: string): string {
  return [BEGIN, '', `Measured ${when} (modes general + flat, PGlite).`, '', figuresTable(results), '', '<details><summary>Failing tests and why</summary>', failureList(results), '', '</details>', '', END].join('\n');
}

/** Replaces the marked block of docs/FHIR.md (or appends a Conformance section holding it). */
export function writeReport(markdown: string, file = FHIR_DOC) {
  const doc = fs.readFileSync(file, 'utf8');
  const start = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  const next = start !== -1 && end > start ? doc.slice(0, start) + markdown + doc.slice(end + END.length) : `${doc.trimEnd()}\n\n## Conformance\n\n${markdown}\n`;
  fs.writeFileSync(file, next);
}
