import fs from 'node:fs';
import path from 'node:path';
import type { Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Writes the spec files that took longest (from their first test's start to their last test's end,
 * their server's start and retries included) to a short file that `npm test` prints after its table
 * of phases: the browser phase is most of a CI run, and this says where its time goes on the machine
 * that ran it.
 */
export const SPEC_TIMES = path.resolve(import.meta.dirname, '../../../.tmp/e2e-spec-times.txt');
const SHOWN = 15;

export default class SpecTimes implements Reporter {
  private readonly spans = new Map<string, { begin: number; end: number; tests: number; retries: number }>();

  onBegin(): void {
    fs.rmSync(SPEC_TIMES, { force: true });
  }

  onTestBegin(test: TestCase, result: TestResult): void {
    const file = path.relative(process.cwd(), test.location.file);
    const begin = result.startTime.getTime();
    const span = this.spans.get(file);
    if (!span) this.spans.set(file, { begin, end: begin, tests: 0, retries: 0 });
    else span.begin = Math.min(span.begin, begin);
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    const span = this.spans.get(path.relative(process.cwd(), test.location.file));
    if (!span) return;
    span.end = Math.max(span.end, result.startTime.getTime() + result.duration);
    if (result.retry === 0) span.tests += 1;
    else span.retries += 1;
  }

  onEnd(): void {
    if (this.spans.size === 0) return;
    const rows = [...this.spans].map(([file, s]) => ({ file, seconds: (s.end - s.begin) / 1000, tests: s.tests, retries: s.retries })).sort((a, b) => b.seconds - a.seconds);
    const total = rows.reduce((sum, r) => sum + r.seconds, 0);
    const width = Math.max(...rows.slice(0, SHOWN).map((r) => r.file.length));
    const lines = rows
      .slice(0, SHOWN)
      .map((r) => `  ${r.file.padEnd(width)}  ${r.seconds.toFixed(0).padStart(4)} s  ${r.tests} tests${r.retries ? `, ${r.retries} retried` : ''}`);
    lines.push(`  ${rows.length} spec files, ${total.toFixed(0)} s in all (two workers overlap)`);
    fs.mkdirSync(path.dirname(SPEC_TIMES), { recursive: true });
    fs.writeFileSync(SPEC_TIMES, `${lines.join('\n')}\n`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
