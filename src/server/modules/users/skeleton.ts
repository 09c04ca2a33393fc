import { createRequire } from 'node:module';

/**
 * Unicode TS #39's confusable skeleton: skeleton(X) = NFD(map(NFD(X))), where map replaces each
 * character by its prototype in confusables.txt. Two strings with one skeleton look alike
 * (Cyrillic "аdmin" and Latin "admin"; "rn" and "m"). The mapping is Unicode's data as shipped by
 * the `unhomoglyph` package (confusables.txt, one source character to its prototype); the
 * algorithm around it is this file, tested in skeleton.test.ts against the standard's examples.
 * A skeleton is a comparison key only, never shown.
 */
const require = createRequire(import.meta.url);
const PROTOTYPES: Readonly<Record<string, string>> = require('unhomoglyph/data.json');

export function skeleton(text: string): string {
  let mapped = '';
  for (const char of text.normalize('NFD')) mapped += PROTOTYPES[char] ?? char;
  return mapped.normalize('NFD');
}

/**
 * The key usernames are compared by: usernames are unique regardless of case, so the skeleton is
 * taken of the NFKC-folded, lower-cased name (TS #39 leaves case to the identifier's own rules).
 */
export function usernameSkeleton(username: string): string {
  return skeleton(username.normalize('NFKC').toLowerCase());
}
