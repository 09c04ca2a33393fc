#!/usr/bin/env node
// The commit message rule: a subject of at most 72 characters, then a blank line and a body that
// says why. Used by .githooks/commit-msg (installed by `npm install`) and by its unit test.
import fs from 'node:fs';

export const SUBJECT_MAX = 72;

/** What is wrong with a commit message, or [] when it follows the rule. Comment lines (#) are git's. */
export function commitMessageProblems(message) {
  const lines = message.split('\n').filter((l) => !l.startsWith('#'));
  while (lines.length && lines[lines.length - 1].trim() === '') lines.pop();
  const [subject = '', blank, ...body] = lines;
  // Merges and fixups written by git itself are left alone.
  if (/^(Merge |fixup! |squash! |Revert ")/.test(subject)) return [];
  const problems = [];
  if (subject.trim() === '') problems.push('the subject is empty');
  if (subject.length > SUBJECT_MAX) problems.push(`the subject has ${subject.length} characters (at most ${SUBJECT_MAX})`);
  if (lines.length > 1 && blank !== undefined && blank.trim() !== '') problems.push('the subject is followed by a blank line');
  if (body.join('').trim() === '') problems.push('a body says why the change was made');
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const file = process.argv[2];
  const problems = commitMessageProblems(fs.readFileSync(file, 'utf8'));
  if (problems.length) {
    console.error(`Commit message: ${problems.join('; ')}.`);
    process.exit(1);
  }
}
