import fs from 'node:fs';
import path from 'node:path';
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

/**
 * Writes every failed try's assertion to a short file that `npm test` prints after its table of
 * phases: a CI log is often read from its end only, where the list reporter leaves just the names
 * of the failed tests, and the traces stay on the machine that ran them.
 */
export const FAILURE_SUMMARY = path.resolve(import.meta.dirname, '../../../.tmp/e2e-failures.txt');
const MAX_LINES = 14;
// eslint-disable-next-line no-control-regex -- the terminal's colour codes in Playwright's messages
const ANSI = /\u001b\[[0-9;]*m/g;

export default class FailureSummary implements Reporter {
  private readonly lines: string[] = [];

  onBegin(): void {
    fs.rmSync(FAILURE_SUMMARY, { force: true });
  }

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'passed' || result.status === 'skipped') return;
    const where = `${path.relative(process.cwd(), test.location.file)}:${test.location.line}`;
    this.lines.push(`✘ ${where} › ${test.title} (try ${result.retry + 1}, ${result.status}, ${Math.round(result.duration / 1000)} s)`);
    for (const error of result.errors.slice(0, 2)) {
      const text = (error.message ?? error.value ?? '').replace(ANSI, '').split('\n').filter((l) => l.trim() !== '');
      for (const line of text.slice(0, MAX_LINES)) this.lines.push(`    ${line}`);
      if (error.location) this.lines.push(`    at ${path.relative(process.cwd(), error.location.file)}:${error.location.line}`);
    }
  }

  onEnd(_result: FullResult): void {
    if (this.lines.length === 0) return;
    fs.mkdirSync(path.dirname(FAILURE_SUMMARY), { recursive: true });
    fs.writeFileSync(FAILURE_SUMMARY, `${this.lines.join('\n')}\n`);
  }

  printsToStdio(): boolean {
    return false;
  }
}
