import type { Rf2Value } from './kinds';

const BACKSLASH = /\\/g;
const QUOTE = /"/g;

/**
 * A batch's column as a PostgreSQL array literal, for `unnest($1::text[], …)`: what the driver
 * builds from a JavaScript array (node-postgres' arrayString: every element quoted and escaped),
 * except that `plain` columns are written unquoted. A plain column holds only values that cannot
 * need quoting — ids, dates, flags, numbers and language codes as checkRf2Row lets them through:
 * letters, digits and hyphens, never empty and never the word NULL. Escaping every id of a
 * release's 7 million rows twice over cost 8 s of the import's main thread
 * (bench/results/import-notes.md). array-literal.test.ts compares it with the driver's.
 */
export function arrayLiteral(values: readonly Rf2Value[], plain: boolean): string {
  let out = '{';
  for (let i = 0; i < values.length; i++) {
    if (i > 0) out += ',';
    const v = values[i];
    if (v === null || v === undefined) out += 'NULL';
    else if (plain) out += String(v);
    else out += `"${String(v).replace(BACKSLASH, '\\\\').replace(QUOTE, '\\"')}"`;
  }
  return `${out}}`;
}
