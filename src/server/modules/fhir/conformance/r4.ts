/**
 * The test cases are written in R5; an R4 server gets them converted, as the reference runner does
 * (r4.md beside the tests): elements R4 lacks travel as the cross-version extensions
 * `http://hl7.org/fhir/5.0/StructureDefinition/extension-{path}`, ConceptMap's R5 relationship becomes
 * R4's equivalence, and answers come back the other way before they are compared.
 */

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };

const XV = 'http://hl7.org/fhir/5.0/StructureDefinition/extension-';
const EXPANSION_PROPERTY = `${XV}ValueSet.expansion.property`;
const CONTAINS_PROPERTY = `${XV}ValueSet.expansion.contains.property`;

const isObject = (v: unknown): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const clone = <T>(v: T): T => structuredClone(v);

function addExtension(target: JsonObject, extension: JsonObject) {
  target.extension = [...((target.extension as Json[] | undefined) ?? []), extension];
}

/** Canonical-resource elements new in R5, with the value[x] type each is carried as in R4. */
const R5_ONLY: Record<string, string> = {
  versionAlgorithmString: 'valueString',
  versionAlgorithmCoding: 'valueCoding',
  copyrightLabel: 'valueString',
  approvalDate: 'valueDate',
  lastReviewDate: 'valueDate',
  effectivePeriod: 'valuePeriod',
};

function moveR5Elements(resource: JsonObject, type: string) {
  for (const [element, valueType] of Object.entries(R5_ONLY)) {
    if (!(element in resource)) continue;
    const name = element.startsWith('versionAlgorithm') ? 'versionAlgorithm' : element;
    addExtension(resource, { url: `${XV}${type}.${name}`, [valueType]: resource[element] });
    delete resource[element];
  }
  // Lists of contributors and topics have no R4 element; the tests do not depend on them.
  for (const element of ['topic', 'author', 'editor', 'reviewer', 'endorser', 'relatedArtifact']) delete resource[element];
}

/** R5 filter operators R4's FilterOperator lacks. */
const R5_FILTER_OPS = new Set(['child-of', 'descendent-leaf']);

function valueSetToR4(vs: JsonObject) {
  const compose = vs.compose;
  if (isObject(compose)) {
    for (const part of ['include', 'exclude']) {
      for (const include of (compose[part] as JsonObject[] | undefined) ?? []) {
        if ('copyright' in include) {
          addExtension(include, { url: `${XV}ValueSet.compose.include.copyright`, valueString: include.copyright });
          delete include.copyright;
        }
        for (const filter of (include.filter as JsonObject[] | undefined) ?? []) {
          if (typeof filter.op === 'string' && R5_FILTER_OPS.has(filter.op)) {
            filter._op = { extension: [{ url: `${XV}ValueSet.compose.include.filter.op`, valueCode: filter.op }] };
            delete filter.op;
          }
        }
      }
    }
  }
  const expansion = vs.expansion;
  if (isObject(expansion)) {
    for (const property of (expansion.property as JsonObject[] | undefined) ?? []) {
      addExtension(expansion, {
        url: EXPANSION_PROPERTY,
        extension: [...(property.code !== undefined ? [{ url: 'code', valueCode: property.code }] : []), ...(property.uri !== undefined ? [{ url: 'uri', valueUri: property.uri }] : [])],
      });
    }
    delete expansion.property;
    const walk = (contains: JsonObject[]) => {
      for (const entry of contains) {
        for (const property of (entry.property as JsonObject[] | undefined) ?? []) {
          const value = Object.entries(property).filter(([k]) => k.startsWith('value'));
          addExtension(entry, { url: CONTAINS_PROPERTY, extension: [{ url: 'code', valueCode: property.code }, ...value.map(([k, v]) => ({ url: 'value', [k]: v }))] });
        }
        delete entry.property;
        walk((entry.contains as JsonObject[] | undefined) ?? []);
      }
    };
    walk((expansion.contains as JsonObject[] | undefined) ?? []);
  }
}

/** R5 ConceptMapRelationship → R4 ConceptMapEquivalence (how the target relates to the source). */
const EQUIVALENCE: Record<string, string> = {
  'related-to': 'relatedto',
  equivalent: 'equivalent',
  'source-is-narrower-than-target': 'wider',
  'source-is-broader-than-target': 'narrower',
  'not-related-to': 'disjoint',
};
const UNMAPPED_MODE: Record<string, string> = { 'use-source-code': 'provided', fixed: 'fixed', 'other-map': 'other-map' };

function dependsOnToR4(entry: JsonObject): JsonObject {
  const value = Object.entries(entry).find(([k]) => k.startsWith('value'))?.[1];
  const coding = isObject(value) ? value : undefined;
  return {
    property: entry.attribute ?? entry.property ?? null,
    ...(coding?.system !== undefined ? { system: coding.system } : {}),
    value: (coding ? coding.code : value) ?? null,
    ...(coding?.display !== undefined ? { display: coding.display } : {}),
  };
}

function conceptMapToR4(cm: JsonObject) {
  for (const [r5, r4] of [
    ['sourceScopeUri', 'sourceUri'],
    ['sourceScopeCanonical', 'sourceCanonical'],
    ['targetScopeUri', 'targetUri'],
    ['targetScopeCanonical', 'targetCanonical'],
  ]) {
    if (r5 in cm) {
      cm[r4] = cm[r5];
      delete cm[r5];
    }
  }
  delete cm.property;
  delete cm.additionalAttribute;
  for (const group of (cm.group as JsonObject[] | undefined) ?? []) {
    for (const element of (group.element as JsonObject[] | undefined) ?? []) {
      delete element.valueSet;
      for (const target of (element.target as JsonObject[] | undefined) ?? []) {
        if (typeof target.relationship === 'string') target.equivalence = EQUIVALENCE[target.relationship] ?? 'relatedto';
        delete target.relationship;
        delete target.valueSet;
        delete target.property;
        for (const key of ['dependsOn', 'product']) if (Array.isArray(target[key])) target[key] = (target[key] as JsonObject[]).map(dependsOnToR4);
      }
    }
    const unmapped = group.unmapped;
    if (isObject(unmapped)) {
      if (typeof unmapped.mode === 'string') unmapped.mode = UNMAPPED_MODE[unmapped.mode] ?? unmapped.mode;
      delete unmapped.relationship;
      delete unmapped.valueSet;
      if (typeof unmapped.otherMap === 'string') unmapped.url = unmapped.otherMap;
      delete unmapped.otherMap;
    }
  }
}

/**
 * Some test files carry JSON keys no FHIR element has (`title:en`); a FHIR parser drops them, and so
 * the reference runner never sends them.
 */
function withoutForeignKeys(value: Json): Json {
  if (Array.isArray(value)) return value.map(withoutForeignKeys);
  if (!isObject(value)) return value;
  return Object.fromEntries(Object.entries(value).filter(([k]) => !k.includes(':')).map(([k, v]) => [k, withoutForeignKeys(v)]));
}

/** An R5 resource as an R4 server is sent it. Does not change its argument. */
export function resourceToR4<T>(resource: T): T {
  const r = withoutForeignKeys(clone(resource) as Json) as JsonObject;
  const type = r.resourceType;
  if (type === 'CodeSystem' || type === 'ValueSet' || type === 'ConceptMap') moveR5Elements(r, type);
  if (type === 'ValueSet') valueSetToR4(r);
  if (type === 'ConceptMap') conceptMapToR4(r);
  if (type === 'Parameters') {
    const walk = (parameters: JsonObject[]) => {
      for (const p of parameters) {
        if (isObject(p.resource)) p.resource = resourceToR4(p.resource);
        walk((p.part as JsonObject[] | undefined) ?? []);
      }
    };
    walk((r.parameter as JsonObject[] | undefined) ?? []);
  }
  return r as T;
}

/** Takes the extensions with one url out of an element, dropping `extension` when none is left. */
function takeExtensions(target: JsonObject, url: string): JsonObject[] {
  const all = (target.extension as JsonObject[] | undefined) ?? [];
  const taken = all.filter((e) => e.url === url);
  if (taken.length === 0) return [];
  const rest = all.filter((e) => e.url !== url);
  if (rest.length) target.extension = rest;
  else delete target.extension;
  return taken;
}

const part = (extension: JsonObject, url: string) => ((extension.extension as JsonObject[] | undefined) ?? []).find((e) => e.url === url);

function valueSetToR5(vs: JsonObject) {
  const expansion = vs.expansion;
  if (!isObject(expansion)) return;
  const properties = takeExtensions(expansion, EXPANSION_PROPERTY).map((e) => ({
    ...(part(e, 'code') ? { code: part(e, 'code')!.valueCode } : {}),
    ...(part(e, 'uri') ? { uri: part(e, 'uri')!.valueUri } : {}),
  }));
  if (properties.length) expansion.property = properties;
  const walk = (contains: JsonObject[]) => {
    for (const entry of contains) {
      const props = takeExtensions(entry, CONTAINS_PROPERTY).map((e) => {
        const value = Object.entries(part(e, 'value') ?? {}).filter(([k]) => k.startsWith('value'));
        return { code: part(e, 'code')?.valueCode ?? null, ...Object.fromEntries(value) };
      });
      if (props.length) entry.property = props;
      walk((entry.contains as JsonObject[] | undefined) ?? []);
    }
  };
  walk((expansion.contains as JsonObject[] | undefined) ?? []);
}

/** An R4 answer as the R5 the expected responses are written in. Does not change its argument. */
export function resourceToR5<T>(resource: T): T {
  if (!isObject(resource)) return resource;
  const r = clone(resource) as JsonObject;
  if (r.resourceType === 'ValueSet') valueSetToR5(r);
  if (r.resourceType === 'Parameters') {
    const walk = (parameters: JsonObject[]) => {
      for (const p of parameters) {
        if (isObject(p.resource)) p.resource = resourceToR5(p.resource);
        walk((p.part as JsonObject[] | undefined) ?? []);
      }
    };
    walk((r.parameter as JsonObject[] | undefined) ?? []);
  }
  if (r.resourceType === 'Bundle') {
    for (const entry of (r.entry as JsonObject[] | undefined) ?? []) if (isObject(entry.resource)) entry.resource = resourceToR5(entry.resource);
  }
  return r as T;
}
