import type { Queryable } from '../../db/db';
import { findConcept, type StoredConcept } from './concepts';
import { invalid, notFound } from './outcome';
import { codeSystemByUrl, readResource, type StoredResource } from './repository';

/** An operation's inputs: the query's parameters (GET) or a Parameters resource's (POST), by name. */
export type OperationInput = Map<string, unknown>;

const VALUE_KEYS = ['valueUri', 'valueCode', 'valueString', 'valueCanonical', 'valueCoding', 'valueBoolean', 'valueUrl'] as const;

/** The inputs of a GET (the query) or a POST (a Parameters resource); anything else is refused. */
export function operationInput(method: string, query: Record<string, unknown>, body: unknown): OperationInput {
  const input: OperationInput = new Map();
  if (method === 'GET') {
    for (const [name, value] of Object.entries(query)) if (name !== '_format') input.set(name, Array.isArray(value) ? value[0] : value);
    return input;
  }
  const params = body as { resourceType?: unknown; parameter?: unknown };
  if (params?.resourceType !== 'Parameters') throw invalid('POST an operation with a Parameters resource', 'Parameters');
  if (params.parameter !== undefined && !Array.isArray(params.parameter)) throw invalid('Parameters.parameter: must be an array', 'Parameters.parameter');
  ((params.parameter ?? []) as Record<string, unknown>[]).forEach((p, i) => {
    if (typeof p?.name !== 'string') throw invalid(`Parameters.parameter[${i}].name: is required`, `Parameters.parameter[${i}].name`);
    const key = VALUE_KEYS.find((k) => k in p);
    if (key) input.set(p.name, p[key]);
  });
  return input;
}

const stringInput = (input: OperationInput, name: string): string | undefined => {
  const v = input.get(name);
  if (v === undefined) return undefined;
  if (typeof v !== 'string' || v === '') throw invalid(`The parameter ${name} must be a non-empty string`, name);
  return v;
};

interface Target {
  cs: StoredResource;
  code: string;
  display?: string;
}

/** The code system and code an operation names: the instance (/CodeSystem/{id}/$op), or system/url (+version), or a coding. */
async function target(db: Queryable, input: OperationInput, instanceId: string | undefined, systemParam: 'system' | 'url'): Promise<Target | { unknownSystem: string; code: string }> {
  const coding = input.get('coding') as { system?: string; code?: string; version?: string; display?: string } | undefined;
  if (coding !== undefined && (typeof coding !== 'object' || coding === null)) throw invalid('The parameter coding must be a Coding', 'coding');
  const code = stringInput(input, 'code') ?? coding?.code;
  if (!code) throw invalid('The parameter code (or coding) is required', 'code');
  const display = stringInput(input, 'display') ?? coding?.display;
  const version = stringInput(input, 'version') ?? coding?.version;
  if (instanceId) {
    const cs = await readResource(db, 'CodeSystem', instanceId);
    if (!cs) throw notFound(`CodeSystem/${instanceId} is not known`);
    return { cs, code, display };
  }
  const system = stringInput(input, systemParam) ?? stringInput(input, 'system') ?? coding?.system;
  if (!system) throw invalid(`The parameter ${systemParam} (or coding.system) is required`, systemParam);
  const cs = await codeSystemByUrl(db, system, version);
  if (!cs) return { unknownSystem: version ? `${system}|${version}` : system, code };
  return { cs, code, display };
}

const str = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);
const csUrl = (cs: StoredResource) => str(cs.resource.url) ?? `CodeSystem/${cs.id}`;
const csLabel = (cs: StoredResource) => `${csUrl(cs)}${str(cs.resource.version) ? `|${str(cs.resource.version)}` : ''}`;

/** CodeSystem $lookup: the concept's display, definition, designations and properties (parents among them). */
export async function lookup(db: Queryable, input: OperationInput, instanceId?: string) {
  const t = await target(db, input, instanceId, 'system');
  if ('unknownSystem' in t) throw notFound(`A definition for CodeSystem '${t.unknownSystem}' could not be found, so the code cannot be looked up`);
  const concept = await findConcept(db, t.cs.id, t.code);
  if (!concept) throw notFound(`Unknown code '${t.code}' in the CodeSystem '${csLabel(t.cs)}'`);
  const cs = t.cs.resource;
  return {
    resourceType: 'Parameters',
    parameter: [
      { name: 'name', valueString: str(cs.name) ?? str(cs.title) ?? t.cs.id },
      ...(typeof cs.version === 'string' ? [{ name: 'version', valueString: cs.version }] : []),
      { name: 'display', valueString: concept.display ?? concept.code },
      ...(concept.definition ? [{ name: 'definition', valueString: concept.definition }] : []),
      ...concept.designations.map((d) => ({
        name: 'designation',
        part: [...(d.language ? [{ name: 'language', valueCode: d.language }] : []), ...(d.use ? [{ name: 'use', valueCoding: d.use }] : []), { name: 'value', valueString: d.value }],
      })),
      ...propertyParts(concept),
    ],
  };
}

function propertyParts(concept: StoredConcept) {
  const own = concept.properties.filter((p) => p.code !== 'parent');
  const parents = concept.parent_codes.map((code) => ({ code: 'parent', valueCode: code }));
  return [...parents, ...own].map(({ code, ...value }) => ({ name: 'property', part: [{ name: 'code', valueCode: code }, ...Object.entries(value).filter(([k]) => k.startsWith('value')).map(([k, v]) => ({ name: 'value', [k]: v }))] }));
}

/** CodeSystem $validate-code: result, and why not (unknown system or code, a display that is not the concept's). */
export async function validateCode(db: Queryable, input: OperationInput, instanceId?: string) {
  const t = await target(db, input, instanceId, 'url');
  const answer = (result: boolean, message?: string, display?: string | null) => ({
    resourceType: 'Parameters',
    parameter: [{ name: 'result', valueBoolean: result }, ...(message ? [{ name: 'message', valueString: message }] : []), ...(display ? [{ name: 'display', valueString: display }] : [])],
  });
  if ('unknownSystem' in t) return answer(false, `A definition for CodeSystem '${t.unknownSystem}' could not be found, so the code cannot be validated`);
  const concept = await findConcept(db, t.cs.id, t.code);
  if (!concept) return answer(false, `Unknown code '${t.code}' in the CodeSystem '${csLabel(t.cs)}'`);
  if (t.display !== undefined) {
    const valid = [concept.display, ...concept.designations.map((d) => d.value)].filter((d): d is string => !!d);
    if (valid.length && !valid.includes(t.display)) {
      return answer(false, `Wrong Display Name '${t.display}' for ${csUrl(t.cs)}#${t.code}. Valid display is ${valid.map((d) => `'${d}'`).join(' or ')}`, concept.display);
    }
  }
  return answer(true, undefined, concept.display);
}

