import { describe, expect, it } from 'vitest';
import { linkify } from './linkify';

describe('linkify: a comment as text and safe links', () => {
  it('makes http and https URLs links, leaving the rest as text', () => {
    expect(linkify('See https://example.org/a?b=1 and http://x.test.')).toEqual([
      { text: 'See ' },
      { text: 'https://example.org/a?b=1', href: 'https://example.org/a?b=1' },
      { text: ' and ' },
      { text: 'http://x.test', href: 'http://x.test' },
      { text: '.' },
    ]);
  });

  it('never links another scheme, and markup stays text', () => {
    const text = 'javascript:alert(1) <a href="javascript:alert(2)">x</a> data:text/html,hi ftp://files.test';
    expect(linkify(text)).toEqual([{ text }]);
  });

  it('keeps a bracket that belongs to the URL and drops one that closes the sentence', () => {
    expect(linkify('(https://en.wikipedia.org/wiki/Asthma_(disease))')).toEqual([
      { text: '(' },
      { text: 'https://en.wikipedia.org/wiki/Asthma_(disease)', href: 'https://en.wikipedia.org/wiki/Asthma_(disease)' },
      { text: ')' },
    ]);
    expect(linkify('(https://example.org)')).toEqual([{ text: '(' }, { text: 'https://example.org', href: 'https://example.org' }, { text: ')' }]);
  });

  it('a quote or angle bracket ends a URL', () => {
    expect(linkify('"https://a.test/x"<b>')).toEqual([{ text: '"' }, { text: 'https://a.test/x', href: 'https://a.test/x' }, { text: '"<b>' }]);
  });
});
