/**
 * The comparison rules of the HL7 terminology test cases (their readme, "Test Templates"): an expected
 * response is a template, not a literal. Strings may be `$…$` patterns, objects may name optional
 * properties and count-only arrays, array entries may be `$optional$` or `$only$` for a mode or a
 * FHIR version, and array order never matters. Own code, written from the documented rules.
 */

export interface CompareContext {
  /** The runner's modes (`general`, `flat`…): `$optional$`/`$only$` filters name them. */
  modes: ReadonlySet<string>;
  /** The FHIR version the server reports (`4.0.1`): `$version$` and `version:N` filters. */
  fhirVersion: string;
  /** The externals file (message id → the server's wording); without it only the fragments are checked. */
  externals?: Record<string, string>;
  /**
   * A pattern, not a whole document: properties the server adds are allowed (the capability
   * statement tests state a minimum).
   */
  partial?: boolean;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
/** `$name$` keys are instructions to the comparison, never properties of the resource. */
const isControlKey = (key: string) => key.length > 1 && key.startsWith('$') && key.endsWith('$');

// The FHIR R4 datatype regexes, anchored.
const INSTANT = /^([0-9]([0-9]([0-9][1-9]|[1-9]0)|[1-9]00)|[1-9]000)-(0[1-9]|1[0-2])-(0[1-9]|[1-2][0-9]|3[0-1])T([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]{1,9})?(Z|(\+|-)((0[0-9]|1[0-3]):[0-5][0-9]|14:00))$/;
const DATE = /^([0-9]([0-9]([0-9][1-9]|[1-9]0)|[1-9]00)|[1-9]000)(-(0[1-9]|1[0-2])(-(0[1-9]|[1-2][0-9]|3[0-1]))?)?$/;
const DATE_TIME = /^([0-9]([0-9]([0-9][1-9]|[1-9]0)|[1-9]00)|[1-9]000)(-(0[1-9]|1[0-2])(-(0[1-9]|[1-2][0-9]|3[0-1])(T([01][0-9]|2[0-3]):[0-5][0-9]:([0-5][0-9]|60)(\.[0-9]{1,9})?)?)?(Z|(\+|-)((0[0-9]|1[0-3]):[0-5][0-9]|14:00)?)?)?$/;
const UUID = /^urn:uuid:[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ID = /^[A-Za-z0-9\-.]{1,64}$/;
const TOKEN = /^[^\s]+( [^\s]+)*$/;
const URL = /^[A-Za-z][A-Za-z0-9+.-]*:\S+$/;
const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(-[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?(\+[0-9A-Za-z-]+(\.[0-9A-Za-z-]+)*)?$/;

const containsAll = (actual: string, fragments: string[]) => fragments.every((f) => actual.toLowerCase().includes(f.toLowerCase()));

/** Whether an actual string satisfies an expected one (a literal, or a `$…$` template). */
export function matchString(expected: string, actual: string, ctx: CompareContext): boolean {
  if (expected.length > 1 && expected.startsWith('$') && expected.endsWith('$')) {
    const body = expected.slice(1, -1);
    if (body.startsWith('choice:')) return body.slice(7).split('|').includes(actual);
    if (body.startsWith('fragments:')) return containsAll(actual, body.slice(10).split('|'));
    if (body.startsWith('external:')) {
      const [, id, fragments] = body.split(':');
      const wording = ctx.externals?.[id];
      if (wording !== undefined) return actual === wording;
      return fragments === undefined ? true : containsAll(actual, fragments.split('|'));
    }
    switch (body) {
      case '':
        return true;
      case 'id':
        return ID.test(actual);
      case 'uuid':
        return UUID.test(actual);
      case 'instant':
        return INSTANT.test(actual);
      case 'date':
        // A date element, or the dateTime FHIR's `date` elements of conformance resources are.
        return DATE.test(actual) || DATE_TIME.test(actual);
      case 'string':
        return actual.length > 0 && actual.trim() === actual;
      case 'token':
        return TOKEN.test(actual);
      case 'url':
        return URL.test(actual);
      case 'semver':
        return SEMVER.test(actual);
      case 'version':
        return actual === ctx.fhirVersion;
      default:
        throw new Error(`Unhandled template ${expected}`);
    }
  }
  // `$version$` inside a longer string (`…|$version$`) is the server's FHIR version.
  if (expected.includes('$version$')) return actual === expected.split('$version$').join(ctx.fhirVersion);
  return actual === expected;
}

/** A `$optional$` / `$only$` filter: `true`, `{mode}`, `!{mode}`, `version:N`, `warning:…`. */
function filterPasses(filter: Json, ctx: CompareContext): boolean {
  if (typeof filter === 'boolean') return filter;
  if (typeof filter !== 'string') return false;
  if (filter.startsWith('version:')) return ctx.fhirVersion.startsWith(filter.slice(8));
  if (filter.startsWith('warning:')) return true;
  if (filter.startsWith('!')) return !ctx.modes.has(filter.slice(1));
  return ctx.modes.has(filter);
}

/** Whether an expected array entry may be left out by this server. */
export function isOptional(item: Json, ctx: CompareContext): boolean {
  if (!isObject(item) || !('$optional$' in item)) return false;
  const filter = item.$optional$;
  if (typeof filter === 'boolean') return filter;
  if (typeof filter !== 'string') return false;
  if (filter.startsWith('version:')) return ctx.fhirVersion.startsWith(filter.slice(8));
  if (filter.startsWith('warning:')) return true;
  // `{mode}`: optional unless the runner is in that mode; `!{mode}`: optional unless it is not.
  if (filter.startsWith('!')) return !ctx.modes.has(filter.slice(1));
  return !ctx.modes.has(filter);
}

/** An `$only$` entry whose filter fails must be absent: it is dropped from what is expected. */
const excluded = (item: Json, ctx: CompareContext) => isObject(item) && '$only$' in item && !filterPasses(item.$only$, ctx);

const typeOf = (v: Json) => (v === null ? 'null' : Array.isArray(v) ? 'array' : typeof v);

/** The first difference between an expected template and an actual answer, or null when they match. */
export function compareJson(expected: unknown, actual: unknown, ctx: CompareContext, path = ''): string | null {
  return compareNode(expected as Json, actual as Json, ctx, path, false);
}

function compareNode(expected: Json, actual: Json, ctx: CompareContext, path: string, countOnly: boolean): string | null {
  if (expected === '$$') return null;
  if (typeof expected === 'string' && typeof actual === 'string') {
    // Narrative is never compared.
    if (expected.includes('<div') && actual.includes('<div')) return null;
    return matchString(expected, actual, ctx) ? null : `${path || '/'}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`;
  }
  if (typeOf(expected) !== typeOf(actual)) return `${path || '/'}: expected a ${typeOf(expected)}, got ${JSON.stringify(actual)?.slice(0, 80)}`;
  if (Array.isArray(expected)) return compareArray(expected, actual as Json[], ctx, path, countOnly);
  if (isObject(expected)) return compareObject(expected, actual as JsonObject, ctx, path);
  // number, boolean, null: the same JSON text (1.0 and 1 are the same number).
  return JSON.stringify(expected) === JSON.stringify(actual) ? null : `${path || '/'}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`;
}

function compareObject(expected: JsonObject, actual: JsonObject, ctx: CompareContext, path: string): string | null {
  const optional = new Set(Array.isArray(expected['$optional-properties$']) ? (expected['$optional-properties$'] as string[]) : []);
  const countOnly = new Set(Array.isArray(expected['$count-arrays$']) ? (expected['$count-arrays$'] as string[]) : []);
  for (const [key, value] of Object.entries(actual)) {
    if (key === 'fhir_comments') continue;
    if (!(key in expected) || isControlKey(key)) {
      if (ctx.partial) continue;
      return `${path}: unexpected property ${key}`;
    }
    const difference = compareNode(expected[key], value, ctx, `${path}.${key}`, countOnly.has(key));
    if (difference) return difference;
  }
  for (const [key, value] of Object.entries(expected)) {
    if (isControlKey(key) || key === 'fhir_comments' || key in actual) continue;
    if (optional.has(key) || optional.has('*')) continue;
    // A property whose whole value is optional (or only for another mode or version) may be absent.
    if (isOptional(value, ctx) || excluded(value, ctx)) continue;
    // An array whose every entry is optional (or excluded) may be absent as a whole: JSON has no empty arrays.
    if (Array.isArray(value) && value.every((item) => isOptional(item, ctx) || excluded(item, ctx))) continue;
    return `${path}: missing property ${key}`;
  }
  return null;
}

/** A short name of an entry, for the message when no actual entry matches it. */
function label(item: Json): string {
  if (!isObject(item)) return JSON.stringify(item)?.slice(0, 60) ?? '';
  const name = item.name ?? item.code ?? item.type ?? item.url ?? item.severity;
  return typeof name === 'string' ? `"${name}"` : '{…}';
}

/** The actual entry most like an expected one: the same name/code/url, else the same index. */
function closest(expected: Json, actual: Json[], free: number[], index: number): number | undefined {
  if (isObject(expected)) {
    for (const key of ['name', 'code', 'type', 'url', 'system']) {
      const value = expected[key];
      if (typeof value === 'string' && !value.startsWith('$')) {
        const hit = free.find((j) => {
          const candidate = actual[j];
          return isObject(candidate) && candidate[key] === value;
        });
        if (hit !== undefined) return hit;
      }
    }
  }
  return free.includes(index) ? index : free[0];
}

/** Order never matters: every required expected entry matches its own actual entry, and no actual entry is left over. */
function compareArray(expected: Json[], actual: Json[], ctx: CompareContext, path: string, countOnly: boolean): string | null {
  const wanted = expected.filter((item) => !excluded(item, ctx));
  if (countOnly) return wanted.length === actual.length ? null : `${path}: expected ${wanted.length} entries, got ${actual.length}`;
  const required = wanted.filter((item) => !isOptional(item, ctx));
  // A pattern (partial) lets the server list more entries than it states.
  if ((actual.length > wanted.length && !ctx.partial) || actual.length < required.length) {
    return `${path}: expected ${required.length === wanted.length ? wanted.length : `${required.length}–${wanted.length}`} entries, got ${actual.length}`;
  }
  // Required entries first, so an optional one cannot take the actual entry a required one needs.
  const order = [...wanted.keys()].sort((a, b) => Number(isOptional(wanted[a], ctx)) - Number(isOptional(wanted[b], ctx)));
  const cache = new Map<string, boolean>();
  const fits = (e: number, a: number) => {
    const key = `${e}:${a}`;
    let hit = cache.get(key);
    if (hit === undefined) cache.set(key, (hit = compareNode(wanted[e], actual[a], ctx, path, false) === null));
    return hit;
  };
  const owner = new Array<number>(actual.length).fill(-1);
  // Bipartite matching (augmenting paths), trying the entry at the same index first: in the usual
  // case, answers in the expected order, that is one comparison per entry.
  const assign = (e: number, seen: Set<number>): boolean => {
    const candidates = [...actual.keys()].sort((x, y) => Number(y === e) - Number(x === e));
    for (const a of candidates) {
      if (seen.has(a) || !fits(e, a)) continue;
      seen.add(a);
      if (owner[a] === -1 || assign(owner[a], seen)) {
        owner[a] = e;
        return true;
      }
    }
    return false;
  };
  for (const e of order) {
    if (assign(e, new Set())) continue;
    if (isOptional(wanted[e], ctx)) continue;
    const free = [...actual.keys()].filter((a) => owner[a] === -1);
    const near = closest(wanted[e], actual, free.length ? free : [...actual.keys()], e);
    const why = near === undefined ? 'no entry left' : compareNode(wanted[e], actual[near], ctx, `${path}[${near}]`, false);
    return `${path}: no entry matches expected ${label(wanted[e])} (${why})`;
  }
  const extra = owner.findIndex((e) => e === -1);
  return extra === -1 || ctx.partial ? null : `${path}[${extra}]: unexpected entry ${label(actual[extra])}`;
}
