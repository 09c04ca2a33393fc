import { describe, expect, it } from 'vitest';
import { compareJson, matchString, type CompareContext } from './compare';
import { MODES, loadSuites, readJson, responseFile, versionApplies } from './suites';

/** The comparison rules of the test cases' readme, each with a matching and a non-matching example. */
const ctx: CompareContext = { modes: new Set(['general']), fhirVersion: '4.0.1' };
const same = (expected: unknown, actual: unknown, c = ctx) => compareJson(expected, actual, c);

describe('string templates', () => {
  it.each([
    ['$$', 'anything at all'],
    ['$id$', 'abc-1.2'],
    ['$uuid$', 'urn:uuid:0f8fad5b-d9cb-469f-a165-70867728950e'],
    ['$instant$', '2026-12-05T11:31:50.123Z'],
    ['$date$', '2026-12-05'],
    ['$date$', '2026-12-05T11:31:50+01:00'],
    ['$string$', 'some words'],
    ['$token$', 'a-token'],
    ['$url$', 'http://example.org/fhir/metadata'],
    ['$semver$', '1.9.0-ballot+b1'],
    ['$version$', '4.0.1'],
    ['http://hl7.org/fhir/ValueSet/x|$version$', 'http://hl7.org/fhir/ValueSet/x|4.0.1'],
    ['$choice:a|b|c$', 'b'],
    ['$fragments:Unknown|code$', 'The CODE is unknown here'],
    ['$external:1:not|found$', 'Code was NOT found'],
    ['$external:1$', 'any wording when no externals file is given'],
  ])('%s matches %s', (expected, actual) => expect(matchString(expected, actual, ctx)).toBe(true));

  it.each([
    ['$id$', 'has a space'],
    ['$id$', 'x'.repeat(65)],
    ['$uuid$', '0f8fad5b-d9cb-469f-a165-70867728950e'],
    ['$instant$', '2026-12-05'],
    ['$instant$', '2026-12-05T11:31:50'],
    ['$date$', '05.12.2026'],
    ['$string$', ' padded '],
    ['$string$', ''],
    ['$token$', 'two  spaces'],
    ['$url$', 'not a url'],
    ['$semver$', '1.9'],
    ['$version$', '5.0.0'],
    ['http://hl7.org/fhir/ValueSet/x|$version$', 'http://hl7.org/fhir/ValueSet/x|5.0.0'],
    ['$choice:a|b|c$', 'd'],
    ['$fragments:Unknown|code$', 'The display is unknown'],
    ['$external:1:not|found$', 'Code was found'],
    ['literal', 'Literal'],
  ])('%s does not match %s', (expected, actual) => expect(matchString(expected, actual, ctx)).toBe(false));

  it('uses the externals file where one is given', () => {
    const withExternals = { ...ctx, externals: { '1': 'Exactly this' } };
    expect(matchString('$external:1:x$', 'Exactly this', withExternals)).toBe(true);
    expect(matchString('$external:1:this$', 'Roughly this', withExternals)).toBe(false);
  });

  it('refuses an unknown template rather than passing it', () => {
    expect(() => matchString('$colour$', 'red', ctx)).toThrow(/Unhandled template/);
  });
});

describe('objects', () => {
  it('needs every expected property and no other', () => {
    expect(same({ a: 1, b: 'x' }, { b: 'x', a: 1 })).toBeNull();
    expect(same({ a: 1, b: 'x' }, { a: 1 })).toMatch(/missing property b/);
    expect(same({ a: 1 }, { a: 1, c: true })).toMatch(/unexpected property c/);
    expect(same({ a: 1 }, { a: 2 })).toMatch(/\.a: expected 1, got 2/);
    expect(same({ a: true }, { a: 'true' })).toMatch(/expected a boolean/);
  });

  it('lets $optional-properties$ be omitted, but not be different', () => {
    const expected = { '$optional-properties$': ['location'], code: 'invalid', location: ['x'] };
    expect(same(expected, { code: 'invalid' })).toBeNull();
    expect(same(expected, { code: 'invalid', location: ['x'] })).toBeNull();
    expect(same(expected, { code: 'invalid', location: ['y'] })).not.toBeNull();
    expect(same({ '$optional-properties$': ['*'], a: 1, b: 2 }, {})).toBeNull();
  });

  it('checks only the length of $count-arrays$', () => {
    const expected = { '$count-arrays$': ['contains'], contains: [{ code: 'a' }, { code: 'b' }] };
    expect(same(expected, { contains: [{ code: 'x' }, { code: 'y' }] })).toBeNull();
    expect(same(expected, { contains: [{ code: 'a' }] })).toMatch(/expected 2 entries, got 1/);
  });

  it('ignores narrative', () => {
    expect(same({ div: '<div>one</div>' }, { div: '<div xmlns="http://www.w3.org/1999/xhtml">two</div>' })).toBeNull();
  });

  it('as a pattern (the capability statements) allows what the server adds', () => {
    const partial = { ...ctx, partial: true };
    expect(same({ kind: 'instance', format: ['json'] }, { kind: 'instance', format: ['xml', 'json'], name: 'x' }, partial)).toBeNull();
    expect(same({ kind: 'instance', format: ['json'] }, { kind: 'instance', format: ['xml'] }, partial)).not.toBeNull();
    expect(same({ kind: 'instance' }, { name: 'x' }, partial)).toMatch(/missing property kind/);
  });
});

describe('arrays', () => {
  it('never depend on order', () => {
    expect(same([{ code: 'a' }, { code: 'b' }, { code: 'c' }], [{ code: 'c' }, { code: 'a' }, { code: 'b' }])).toBeNull();
  });

  it('need each expected entry once, and nothing more', () => {
    expect(same([{ code: 'a' }, { code: 'a' }], [{ code: 'a' }, { code: 'b' }])).toMatch(/no entry matches expected "a"/);
    expect(same([{ code: 'a' }], [{ code: 'a' }, { code: 'b' }])).toMatch(/expected 1 entries, got 2/);
    expect(same([{ code: 'a' }, { code: 'b' }], [{ code: 'a' }])).toMatch(/expected 2 entries, got 1/);
  });

  it('match a general expected entry to whichever actual entry leaves the others matchable', () => {
    // The first expected entry fits both actual ones; only one assignment works for both.
    expect(same([{ code: '$$' }, { code: 'a' }], [{ code: 'a' }, { code: 'b' }])).toBeNull();
  });

  it('may leave out $optional$ entries: always (true), or by mode, or by FHIR version', () => {
    const required = { name: 'result', valueBoolean: true };
    expect(same([required, { $optional$: true, name: 'message' }], [required])).toBeNull();
    expect(same([required, { $optional$: true, name: 'message' }], [required, { name: 'message' }])).toBeNull();
    expect(same([required, { $optional$: true, name: 'message' }], [required, { name: 'other' }])).toMatch(/unexpected entry|no entry/);
    // `!tx.fhir.org`: optional for every server but tx.fhir.org.
    expect(same([required, { $optional$: '!tx.fhir.org', name: 'x' }], [required])).toBeNull();
    expect(same([required, { $optional$: '!general', name: 'x' }], [required])).not.toBeNull();
    // `{mode}`: optional unless the runner is in that mode.
    expect(same([required, { $optional$: 'tx.fhir.org', name: 'x' }], [required])).toBeNull();
    expect(same([required, { $optional$: 'general', name: 'x' }], [required])).not.toBeNull();
    // `version:N`: optional for servers of that FHIR version.
    expect(same([required, { $optional$: 'version:4', name: 'relationship' }], [required])).toBeNull();
    expect(same([required, { $optional$: 'version:5', name: 'equivalence' }], [required])).toMatch(/expected 2 entries, got 1/);
  });

  it('lets an array of only optional entries be absent as a whole, not an array with a required one', () => {
    const messageId = { $optional$: '!tx.fhir.org', url: 'http://hl7.org/fhir/StructureDefinition/operationoutcome-message-id', valueString: 'UNKNOWN_CODESYSTEM' };
    expect(same({ severity: 'error', extension: [messageId] }, { severity: 'error' })).toBeNull();
    expect(same({ severity: 'error', extension: [messageId] }, { severity: 'error', extension: [{ ...messageId, valueString: 'OTHER' }] })).not.toBeNull();
    expect(same({ severity: 'error', extension: [messageId, { url: 'x' }] }, { severity: 'error' })).toMatch(/missing property extension/);
    expect(same({ severity: 'error', extension: [messageId] }, { severity: 'error' }, { ...ctx, modes: new Set(['tx.fhir.org']) })).toMatch(/missing property extension/);
  });

  it('require $only$ entries where their filter passes and refuse them elsewhere', () => {
    const required = { name: 'result', valueBoolean: true };
    expect(same([required, { $only$: 'version:4', name: 'x' }], [required, { name: 'x' }])).toBeNull();
    expect(same([required, { $only$: 'version:4', name: 'x' }], [required])).not.toBeNull();
    expect(same([required, { $only$: 'version:5', name: 'x' }], [required])).toBeNull();
    expect(same([required, { $only$: 'version:5', name: 'x' }], [required, { name: 'x' }])).not.toBeNull();
  });
});

/** A concrete answer of a template: every pattern replaced by a value it allows, the control keys dropped. */
function instantiate(template: unknown): unknown {
  if (Array.isArray(template)) return template.filter((e) => !(e && typeof e === 'object' && '$only$' in e && !String(e.$only$).startsWith('version:4'))).map(instantiate);
  if (template && typeof template === 'object') {
    return Object.fromEntries(Object.entries(template).filter(([k]) => !(k.startsWith('$') && k.endsWith('$'))).map(([k, v]) => [k, instantiate(v)]));
  }
  if (typeof template !== 'string') return template;
  const values: Record<string, string> = {
    $$: 'any',
    $id$: 'id-1',
    $uuid$: 'urn:uuid:0f8fad5b-d9cb-469f-a165-70867728950e',
    $instant$: '2026-12-05T11:31:50Z',
    $date$: '2026-12-05',
    $string$: 'text',
    $token$: 'token',
    $url$: 'http://example.org',
    $semver$: '1.0.0',
    $version$: '4.0.1',
  };
  if (values[template]) return values[template];
  const m = /^\$(choice|fragments|external:[^:]*):?(.*)\$$/.exec(template);
  if (m) return m[1] === 'choice' ? m[2].split('|')[0] : m[2].split('|').join(' ');
  return template.split('$version$').join('4.0.1');
}

const reversed = (v: unknown): unknown =>
  Array.isArray(v) ? [...v].reverse().map(reversed) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, reversed(x)])) : v;

describe('test filters', () => {
  it("run a test marked for a FHIR version only against servers of that version (or all but it, with '!')", () => {
    expect(versionApplies(undefined, '4.0.1')).toBe(true);
    expect(versionApplies('4.0', '4.0.1')).toBe(true);
    expect(versionApplies('5.0', '4.0.1')).toBe(false);
    expect(versionApplies('!4.0', '4.0.1')).toBe(false);
    expect(versionApplies('!5.0', '4.0.1')).toBe(true);
    expect(versionApplies('4.0', '4.01')).toBe(false);
  });
});

describe('every expected response of the general mode', () => {
  const files = [...new Set(loadSuites(MODES).flatMap((s) => s.tests.map((t) => responseFile(t, MODES))))];

  it('is understood by the comparison, and matches an answer that satisfies it, in any order', () => {
    const wrong: string[] = [];
    for (const file of files) {
      const expected = readJson(file);
      const answer = instantiate(expected);
      const difference = compareJson(expected, answer, ctx) ?? compareJson(expected, reversed(answer), ctx);
      if (difference) wrong.push(`${file}: ${difference}`);
    }
    expect(wrong).toEqual([]);
    expect(files.length).toBeGreaterThan(500);
  });
});
