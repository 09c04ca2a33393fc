import { withBase as realWithBase, withQuery as realWithQuery } from 'ufo';
import { describe, expect, it } from 'vitest';
import { withBase, withQuery } from './ufo';

/** The stand-in must build the same URLs as ufo for what ofetch asks of it in our calls. */
describe('ufo stand-in', () => {
  it('adds flat queries as ufo does', () => {
    for (const [url, query] of [
      ['https://kg.test/api/nodes', { page: 2, q: 'a b', exact: true }],
      ['/api/nodes?x=1', { q: 'Ärzte & Co/1' }],
      ['/api/nodes', {}],
    ] as const) {
      expect(withQuery(url, query)).toBe(realWithQuery(url, query));
    }
  });

  it('joins a base as ufo does', () => {
    for (const [url, base] of [
      ['/nodes', 'https://kg.test/api'],
      ['https://other.test/x', 'https://kg.test/api'],
      ['/nodes', ''],
    ] as const) {
      expect(withBase(url, base)).toBe(realWithBase(url, base));
    }
  });
});
