import { invalid } from './outcome';

/**
 * The structure of the terminology resources this server stores (FHIR R4 4.0.1), checked element by
 * element before anything is written: a malformed resource is refused whole, naming the element's
 * path (`CodeSystem.concept[2].code`). Elements outside a terminology resource's own (meta, text,
 * contact, useContext, extension…) are checked for their JSON kind only; unknown elements are refused.
 */
type Primitive = 'string' | 'code' | 'uri' | 'boolean' | 'unsignedInt' | 'dateTime' | 'any-object';
interface Shape {
  fields: Record<string, Field>;
  required?: readonly string[];
  /** value[x] elements: exactly one of these must be present. */
  oneOf?: readonly string[];
}
type Field = Primitive | { list: Primitive | Shape } | { shape: Shape } | { enumOf: readonly string[] } | { recurse: 'concept' };

const CODE = /^[^\s]+( [^\s]+)*$/;
const DATE_TIME = /^\d{4}(-\d{2}(-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?)?)?$/;
export const ID = /^[A-Za-z0-9.-]{1,64}$/;
const MAX_TEXT = 1_000_000;

const coding: Shape = { fields: { id: 'string', extension: { list: 'any-object' }, system: 'uri', version: 'string', code: 'code', display: 'string', userSelected: 'boolean' } };
const designation: Shape = { fields: { id: 'string', extension: { list: 'any-object' }, language: 'code', use: { shape: coding }, value: 'string' }, required: ['value'] };
const VALUE_TYPES = ['valueCode', 'valueCoding', 'valueString', 'valueInteger', 'valueBoolean', 'valueDateTime', 'valueDecimal'] as const;
const conceptProperty: Shape = {
  fields: { id: 'string', extension: { list: 'any-object' }, code: 'code', valueCode: 'code', valueCoding: { shape: coding }, valueString: 'string', valueInteger: 'any-object', valueBoolean: 'boolean', valueDateTime: 'dateTime', valueDecimal: 'any-object' },
  required: ['code'],
  oneOf: VALUE_TYPES,
};
const concept: Shape = {
  fields: { id: 'string', extension: { list: 'any-object' }, modifierExtension: { list: 'any-object' }, code: 'code', display: 'string', definition: 'string', designation: { list: designation }, property: { list: conceptProperty }, concept: { recurse: 'concept' } },
  required: ['code'],
};

/** What every canonical terminology resource has (DomainResource and the metadata elements). */
const COMMON: Record<string, Field> = {
  resourceType: 'string',
  id: 'string',
  meta: 'any-object',
  implicitRules: 'uri',
  language: 'code',
  text: 'any-object',
  contained: { list: 'any-object' },
  extension: { list: 'any-object' },
  modifierExtension: { list: 'any-object' },
  url: 'uri',
  identifier: { list: 'any-object' },
  version: 'string',
  name: 'string',
  title: 'string',
  status: { enumOf: ['draft', 'active', 'retired', 'unknown'] },
  experimental: 'boolean',
  date: 'dateTime',
  publisher: 'string',
  contact: { list: 'any-object' },
  description: 'string',
  useContext: { list: 'any-object' },
  jurisdiction: { list: 'any-object' },
  purpose: 'string',
  copyright: 'string',
};

const include: Shape = {
  fields: {
    id: 'string',
    extension: { list: 'any-object' },
    system: 'uri',
    version: 'string',
    concept: { list: { fields: { id: 'string', extension: { list: 'any-object' }, code: 'code', display: 'string', designation: { list: designation } }, required: ['code'] } },
    filter: { list: { fields: { id: 'string', extension: { list: 'any-object' }, property: 'code', op: { enumOf: ['=', 'is-a', 'descendent-of', 'is-not-a', 'regex', 'in', 'not-in', 'generalizes', 'exists'] }, value: 'string' }, required: ['property'] } },
    valueSet: { list: 'uri' },
  },
};

export const SHAPES: Record<TerminologyType, Shape> = {
  CodeSystem: {
    fields: {
      ...COMMON,
      caseSensitive: 'boolean',
      valueSet: 'uri',
      hierarchyMeaning: { enumOf: ['grouped-by', 'is-a', 'part-of', 'classified-with'] },
      compositional: 'boolean',
      versionNeeded: 'boolean',
      content: { enumOf: ['not-present', 'example', 'fragment', 'complete', 'supplement'] },
      supplements: 'uri',
      count: 'unsignedInt',
      filter: { list: { fields: { id: 'string', extension: { list: 'any-object' }, code: 'code', description: 'string', operator: { list: 'code' }, value: 'string' }, required: ['code', 'operator', 'value'] } },
      property: {
        list: {
          fields: { id: 'string', extension: { list: 'any-object' }, code: 'code', uri: 'uri', description: 'string', type: { enumOf: ['code', 'Coding', 'string', 'integer', 'boolean', 'dateTime', 'decimal'] } },
          required: ['code', 'type'],
        },
      },
      concept: { recurse: 'concept' },
    },
    required: ['status', 'content'],
  },
  ValueSet: {
    fields: {
      ...COMMON,
      immutable: 'boolean',
      compose: { shape: { fields: { id: 'string', extension: { list: 'any-object' }, lockedDate: 'dateTime', inactive: 'boolean', include: { list: include }, exclude: { list: include } }, required: ['include'] } },
      expansion: 'any-object',
    },
    required: ['status'],
  },
  ConceptMap: {
    fields: {
      ...COMMON,
      sourceUri: 'uri',
      sourceCanonical: 'uri',
      targetUri: 'uri',
      targetCanonical: 'uri',
      group: {
        list: {
          fields: {
            id: 'string',
            extension: { list: 'any-object' },
            source: 'uri',
            sourceVersion: 'string',
            target: 'uri',
            targetVersion: 'string',
            element: {
              list: {
                fields: {
                  id: 'string',
                  extension: { list: 'any-object' },
                  code: 'code',
                  display: 'string',
                  target: {
                    list: {
                      fields: {
                        id: 'string',
                        extension: { list: 'any-object' },
                        code: 'code',
                        display: 'string',
                        equivalence: { enumOf: ['relatedto', 'equivalent', 'equal', 'wider', 'subsumes', 'narrower', 'specializes', 'inexact', 'unmatched', 'disjoint'] },
                        comment: 'string',
                        dependsOn: { list: 'any-object' },
                        product: { list: 'any-object' },
                      },
                      required: ['equivalence'],
                    },
                  },
                },
              },
            },
            unmapped: 'any-object',
          },
          required: ['element'],
        },
      },
    },
    required: ['status'],
  },
};

export const TERMINOLOGY_TYPES = ['CodeSystem', 'ValueSet', 'ConceptMap'] as const;
export type TerminologyType = (typeof TERMINOLOGY_TYPES)[number];
export const isTerminologyType = (t: string): t is TerminologyType => (TERMINOLOGY_TYPES as readonly string[]).includes(t);

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function checkPrimitive(kind: Primitive, value: unknown, path: string): void {
  const fail = (what: string) => {
    throw invalid(`${path}: ${what}`, path);
  };
  switch (kind) {
    case 'any-object':
      if (kind === 'any-object' && !isObject(value) && typeof value !== 'number') fail('must be an object');
      return;
    case 'boolean':
      if (typeof value !== 'boolean') fail('must be true or false');
      return;
    case 'unsignedInt':
      if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) fail('must be a whole number ≥ 0');
      return;
    default:
      if (typeof value !== 'string') fail('must be a string');
      if ((value as string).length > MAX_TEXT) fail('is too long');
      if ((value as string).trim() === '') fail('must not be empty');
      if (kind === 'code' && !CODE.test(value as string)) fail('is not a valid code (no leading, trailing or double spaces)');
      if (kind === 'uri' && /\s/.test(value as string)) fail('is not a valid uri (it holds whitespace)');
      if (kind === 'dateTime' && !DATE_TIME.test(value as string)) fail('is not a valid dateTime');
  }
}

function checkField(field: Field, value: unknown, path: string): void {
  if (typeof field === 'string') return checkPrimitive(field, value, path);
  if ('enumOf' in field) {
    if (typeof value !== 'string' || !field.enumOf.includes(value)) throw invalid(`${path}: must be one of ${field.enumOf.join(', ')}`, path);
    return;
  }
  if ('shape' in field) return checkShape(field.shape, value, path);
  const item = 'recurse' in field ? concept : field.list;
  if (!Array.isArray(value)) throw invalid(`${path}: must be an array`, path);
  if (value.length === 0) throw invalid(`${path}: an array must not be empty`, path);
  value.forEach((v, i) => (typeof item === 'string' ? checkPrimitive(item, v, `${path}[${i}]`) : checkShape(item, v, `${path}[${i}]`)));
}

function checkShape(shape: Shape, value: unknown, path: string): void {
  if (!isObject(value)) throw invalid(`${path}: must be an object`, path);
  for (const [key, v] of Object.entries(value)) {
    // `_element`: a primitive's id and extensions (JSON form of FHIR primitives).
    if (key.startsWith('_') && key.slice(1) in shape.fields) continue;
    const field = shape.fields[key];
    if (!field) throw invalid(`${path}.${key}: unknown element`, `${path}.${key}`);
    if (v === null) throw invalid(`${path}.${key}: null is not a FHIR value`, `${path}.${key}`);
    checkField(field, v, `${path}.${key}`);
  }
  for (const key of shape.required ?? []) if (!(key in value)) throw invalid(`${path}.${key}: is required`, `${path}.${key}`);
  if (shape.oneOf) {
    const present = shape.oneOf.filter((k) => k in value);
    if (present.length !== 1) throw invalid(`${path}: needs exactly one value[x]`, `${path}.value[x]`);
  }
}

/** Refuses (400, the element's path) a resource that is not a well-formed `type`; returns it typed. */
export function checkResource(type: TerminologyType, body: unknown): Record<string, unknown> {
  if (!isObject(body)) throw invalid('The body must be a FHIR resource (a JSON object)');
  if (body.resourceType !== type) throw invalid(`resourceType must be ${type}`, `${type}.resourceType`);
  if (body.id !== undefined && (typeof body.id !== 'string' || !ID.test(body.id))) throw invalid(`${type}.id: 1–64 letters, digits, '-' or '.'`, `${type}.id`);
  checkShape(SHAPES[type], body, type);
  if (type === 'CodeSystem') checkUniqueCodes(body);
  return body;
}

/** Codes are unique within a code system (R4 csd-1-like rule the operations rely on). */
function checkUniqueCodes(cs: Record<string, unknown>): void {
  const seen = new Set<string>();
  const walk = (list: unknown, path: string) => {
    if (!Array.isArray(list)) return;
    list.forEach((c: { code: string; concept?: unknown }, i) => {
      if (seen.has(c.code)) throw invalid(`${path}[${i}].code: the code ${c.code} appears twice`, `${path}[${i}].code`);
      seen.add(c.code);
      walk(c.concept, `${path}[${i}].concept`);
    });
  };
  walk(cs.concept, 'CodeSystem.concept');
}
