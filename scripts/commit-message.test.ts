import { describe, expect, it } from 'vitest';
import { commitMessageProblems } from './commit-message.mjs';

describe('the commit message rule', () => {
  it('takes a short subject, a blank line and a body', () => {
    expect(commitMessageProblems('Presence is shared across instances\n\nEach instance sends its table.\n')).toEqual([]);
  });
  it('refuses a subject over 72 characters and a message without a body', () => {
    const long = 'x'.repeat(73);
    expect(commitMessageProblems(`${long}\n`)).toEqual(['the subject has 73 characters (at most 72)', 'a body says why the change was made']);
  });
  it('asks for the blank line between subject and body', () => {
    expect(commitMessageProblems('Subject\nbody right below\n')).toContain('the subject is followed by a blank line');
  });
  it("ignores git's comment lines and leaves merges alone", () => {
    expect(commitMessageProblems('Short subject\n\nWhy.\n# Please enter the commit message\n')).toEqual([]);
    expect(commitMessageProblems("Merge branch 'presence'\n")).toEqual([]);
  });
});
