import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// The driver's own conversion of a JavaScript array parameter (arrayString), the reference here.
// @ts-expect-error: node-postgres ships no types for its utils module
import { prepareValue } from 'pg/lib/utils.js';
import { testApp, type TestApp } from '../../../test/harness';
import { arrayLiteral } from './array-literal';
import type { Rf2Value } from './kinds';

/**
 * arrayLiteral against node-postgres' array conversion, both parsed by the database: the same
 * arrays of ids, dates, flags, numbers and terms with the characters an array literal treats
 * specially (quotes, backslashes, commas, braces, blanks, the word NULL), and nulls.
 */
let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t?.close());

const same = async (values: Rf2Value[], plain: boolean, type: string) => {
  const [row] = await t.db.query<{ same: boolean; n: number }>(`SELECT $1::${type}[] IS NOT DISTINCT FROM $2::${type}[] AS same, cardinality($1::${type}[]) AS n`, [
    arrayLiteral(values, plain),
    prepareValue(values),
  ]);
  return row;
};

describe('arrayLiteral', () => {
  it('gives the database the arrays the driver gives it', async () => {
    expect(await same(['138875005', '900000000000207008', null, '123456'], true, 'text')).toEqual({ same: true, n: 4 });
    expect(await same(['80d4c1a2-8c2e-4b1e-9f00-0a1b2c3d4e5f', null], true, 'text')).toEqual({ same: true, n: 2 });
    expect(await same(['20250131', '20240731'], true, 'text')).toEqual({ same: true, n: 2 });
    expect(await same(['en', 'en-gb', 'nul'], true, 'text')).toEqual({ same: true, n: 3 });
    expect(await same([true, false, true], true, 'boolean')).toEqual({ same: true, n: 3 });
    expect(await same([0, 7, 123456789], true, 'integer')).toEqual({ same: true, n: 3 });
    const terms = ['Heart "failure"', 'back\\slash', 'a, b', '{braces}', '  blanks  ', 'NULL', 'null', '', 'Ménière’s disease', 'tab\there', 'line\nbreak', null];
    expect(await same(terms, false, 'text')).toEqual({ same: true, n: terms.length });
  });

  it('keeps an empty batch empty', async () => {
    expect(await same([], true, 'text')).toEqual({ same: true, n: 0 });
  });
});
