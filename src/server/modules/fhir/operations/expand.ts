import { randomUUID } from 'node:crypto';
import { FhirError, invalid, notFound } from '../outcome';
import { readResource, served } from '../repository';
import { checkResource } from '../resource-check';
import { expandPage, multiVersionSystems, versionRules, type Entry } from './compose';
import type { OperationContext, Resource } from './context';
import type { OperationInput } from './input';
import type { ConceptProperty } from './source';
import { displayInLanguage } from './issues';

/** The most concepts one $expand answers; a larger value set is paged with count and offset. */
export const MAX_COUNT = 10_000;

/** The value set an operation names: the instance, `url` (+`valueSetVersion`), or `valueSet` inline. */
export async function valueSetOf(ctx: OperationContext, input: OperationInput, instanceId?: string): Promise<Resource> {
  if (instanceId) {
    const generated = await ctx.generated('ValueSet', instanceId);
    if (generated) return generated;
    const row = await readResource(ctx.db, 'ValueSet', instanceId);
    if (!row) throw notFound(`ValueSet/${instanceId} is not known`);
    return served(row);
  }
  const inline = input.object<Resource>('valueSet', 'ValueSet');
  if (inline) return checkResource('ValueSet', inline);
  const url = input.string('url', 'context');
  if (!url) throw invalid('The parameter url (or valueSet) is required', 'url');
  const version = input.string('valueSetVersion');
  const vs = await ctx.valueSet(url, version);
  if (!vs) throw new FhirError(404, 'not-found', `A definition for the value Set '${version ? `${url}|${version}` : url}' could not be found`, undefined, 'not-found');
  return vs;
}

/**
 * A concept's status (its `status` property, else `inactive` for an inactive one), stated in the
 * expansion as R5's contains.property — in R4 the cross-version extension, as HL7's tests expect.
 */
const XV = 'http://hl7.org/fhir/5.0/StructureDefinition/extension-ValueSet.expansion';
function statusOf(e: Entry): string | undefined {
  const stated = e.concept.properties.find((p) => p.code === 'status' && typeof p.valueCode === 'string');
  return stated ? (stated.valueCode as string) : e.concept.inactive ? 'inactive' : undefined;
}
const containsStatus = (status: string) => ({ url: `${XV}.contains.property`, extension: [{ url: 'code', valueCode: 'status' }, { url: 'value', valueCode: status }] });
/** A property's value[x] as the cross-version extension's `value` part carries it. */
const containsProperty = (p: ConceptProperty) => {
  const key = Object.keys(p).find((k) => k.startsWith('value'));
  return key ? { url: `${XV}.contains.property`, extension: [{ url: 'code', valueCode: p.code }, { url: 'value', [key]: p[key] }] } : null;
};
/** The properties of FHIR's own concept-properties code system, by code (the others' uri is their code system's business). */
const KNOWN_PROPERTY_URI: Record<string, string> = { definition: 'http://hl7.org/fhir/concept-properties#definition', status: 'http://hl7.org/fhir/concept-properties#status' };
const declared = (code: string) => ({ url: `${XV}.property`, extension: [{ url: 'code', valueCode: code }, ...(KNOWN_PROPERTY_URI[code] ? [{ url: 'uri', valueUri: KNOWN_PROPERTY_URI[code] }] : [])] });

const displayIn = (e: Entry, language: string | undefined) => displayInLanguage(e.concept, language);

type Item = Record<string, unknown> & { contains?: Item[] };

/**
 * The page as a hierarchy (excludeNested=false): a concept sits under its first parent that is in
 * the page too; the others stay at the top. Only the page is nested, so paging stays at the source.
 */
function nest(entries: Entry[], item: (e: Entry) => Item): Item[] {
  const byKey = new Map(entries.map((e) => [`${e.source.url}|${e.concept.code}`, item(e)]));
  const top: Item[] = [];
  for (const e of entries) {
    const own = byKey.get(`${e.source.url}|${e.concept.code}`)!;
    const parent = e.concept.parents.map((p) => byKey.get(`${e.source.url}|${p}`)).find((p) => p && p !== own);
    if (parent) (parent.contains ??= []).push(own);
    else top.push(own);
  }
  return top;
}

/** ValueSet $expand: the value set with an expansion (total, offset, the parameters used, one page of contains). */
export async function expand(ctx: OperationContext, input: OperationInput, instanceId?: string) {
  const vs = await valueSetOf(ctx, input, instanceId);
  const text = input.string('filter');
  const activeOnly = input.boolean('activeOnly');
  const includeDesignations = input.boolean('includeDesignations');
  const excludeNested = input.boolean('excludeNested');
  const displayLanguage = input.string('displayLanguage');
  // includeDefinition: the answer keeps the value set's definition (its compose) beside the expansion.
  const includeDefinition = input.boolean('includeDefinition');
  // property: the named concept properties in each entry (`definition` is the concept's definition).
  const properties = input.all('property').filter((p): p is string => typeof p === 'string' && p !== 'status');
  const count = input.integer('count', MAX_COUNT);
  const offset = input.integer('offset', Number.MAX_SAFE_INTEGER) ?? 0;
  const usedValueSets = new Set<string>();
  const versions = versionRules({ force: input.all('force-system-version'), fallback: input.all('system-version'), check: input.all('check-system-version') });
  const { total, entries, used } = await expandPage(ctx, vs, { text, activeOnly, usedValueSets, versions }, { offset, count: count ?? MAX_COUNT });
  if (count === undefined && total > MAX_COUNT) throw invalid(`The value set has ${total} concepts, more than ${MAX_COUNT}: ask for a page with count and offset, or narrow it with filter`, 'count');
  const echo = [
    ...(text !== undefined ? [{ name: 'filter', valueString: text }] : []),
    ...(count !== undefined ? [{ name: 'count', valueInteger: count }] : []),
    ...(input.has('offset') ? [{ name: 'offset', valueInteger: offset }] : []),
    ...(activeOnly !== undefined ? [{ name: 'activeOnly', valueBoolean: activeOnly }] : []),
    ...(includeDesignations !== undefined ? [{ name: 'includeDesignations', valueBoolean: includeDesignations }] : []),
    ...(excludeNested !== undefined ? [{ name: 'excludeNested', valueBoolean: excludeNested }] : []),
    ...(displayLanguage !== undefined ? [{ name: 'displayLanguage', valueCode: displayLanguage }] : []),
    // The version parameters that chose a version (R4's expansion parameters have no canonical: valueUri).
    ...[...versions.applied].map(([name, canonical]) => ({ name, valueUri: canonical })),
    ...used.map((s) => ({ name: 'used-codesystem', valueUri: s.version ? `${s.url}|${s.version}` : s.url })),
    ...[...usedValueSets].map((canonical) => ({ name: 'used-valueset', valueUri: canonical })),
  ];
  // A system the value set includes in several versions: each entry says which version it is from.
  const versioned = multiVersionSystems(vs);
  const declaredProps = new Set<string>();
  const extensionsOf = (e: Entry) => {
    const out: Record<string, unknown>[] = [];
    if (properties.includes('definition') && e.concept.definition) {
      out.push(containsProperty({ code: 'definition', valueString: e.concept.definition })!);
      declaredProps.add('definition');
    }
    for (const p of e.concept.properties.filter((q) => properties.includes(q.code))) {
      const ext = containsProperty(p);
      if (!ext) continue;
      out.push(ext);
      declaredProps.add(p.code);
    }
    const status = statusOf(e);
    if (status) {
      out.push(containsStatus(status));
      declaredProps.add('status');
    }
    return out;
  };
  const item = (e: Entry) => {
    const extension = extensionsOf(e);
    return {
    ...(extension.length ? { extension } : {}),
    system: e.source.url,
    ...(versioned.has(e.source.url) && e.source.version ? { version: e.source.version } : {}),
    ...(e.concept.abstract ? { abstract: true } : {}),
    ...(e.concept.inactive ? { inactive: true } : {}),
    code: e.concept.code,
    ...(displayIn(e, displayLanguage) ? { display: displayIn(e, displayLanguage) } : {}),
    ...(includeDesignations && e.concept.designations.length ? { designation: e.concept.designations.map((d) => ({ ...(d.language ? { language: d.language } : {}), ...(d.use ? { use: d.use } : {}), value: d.value })) } : {}),
    };
  };
  // Enumerated concepts are listed as the value set lists them, never nested.
  const enumerated = ((vs.compose as { include?: { concept?: unknown }[] } | undefined)?.include ?? []).some((inc) => inc.concept);
  const contains = excludeNested === false && !enumerated ? nest(entries, item) : entries.map(item);
  // The definition is answered without its compose (and the contained value sets it used): the expansion is the answer.
  // Its descriptive metadata (publisher, description) is left out too, as HL7's expected answers do; it stays on the ValueSet.
  const { meta: _meta, expansion: _old, compose: _compose, contained: _contained, publisher: _publisher, description: _description, ...definition } = vs as Resource & {
    meta?: unknown;
    expansion?: unknown;
    compose?: unknown;
    contained?: unknown;
    publisher?: unknown;
    description?: unknown;
  };
  return {
    ...definition,
    ...(includeDefinition && _compose ? { compose: _compose } : {}),
    expansion: {
      identifier: `urn:uuid:${randomUUID()}`,
      timestamp: new Date().toISOString(),
      total,
      // Stated only when asked for: the answers HL7's tests expect leave an unrequested offset out.
      ...(input.has('offset') ? { offset } : {}),
      ...(declaredProps.size ? { extension: [...declaredProps].map(declared) } : {}),
      ...(echo.length ? { parameter: echo } : {}),
      ...(contains.length ? { contains } : {}),
    },
  };
}
