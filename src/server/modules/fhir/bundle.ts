import { randomUUID } from 'node:crypto';
import type { Db, Queryable } from '../../db/db';
import { FhirError, invalid, notFound, outcome, type OperationOutcome } from './outcome';
import { isVirtualId, readOnly } from './graph';
import { deleteResource, readResource, storeResource, type StoredResource } from './repository';
import { ID, checkResource, isTerminologyType, type TerminologyType } from './resource-check';

/**
 * `POST /fhir` with a Bundle of type `batch` or `transaction` (R4 §3.1.0.11) of CodeSystem, ValueSet
 * and ConceptMap entries: create (POST), update or create under an id (PUT, with `ifMatch`) and
 * delete. Every entry gets the same structural check as a single write. A transaction is all or
 * nothing: every entry is checked before anything is written and all are written in one database
 * transaction, so a refusal anywhere (the element's path in the OperationOutcome) stores nothing.
 * A batch runs each entry on its own and answers each with its status, or its OperationOutcome.
 */
export const MAX_BUNDLE_ENTRIES = 1000;

type Method = 'POST' | 'PUT' | 'DELETE';
interface Planned {
  method: Method;
  type: TerminologyType;
  id: string;
  resource?: Record<string, unknown>;
  ifMatch?: string;
}
interface EntryResponse {
  status: string;
  location?: string;
  etag?: string;
  lastModified?: string;
  outcome?: OperationOutcome;
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const REASONS: Record<number, string> = { 200: 'OK', 201: 'Created', 204: 'No Content', 400: 'Bad Request', 403: 'Forbidden', 404: 'Not Found', 409: 'Conflict', 412: 'Precondition Failed', 500: 'Internal Server Error' };
const statusLine = (status: number) => `${status} ${REASONS[status] ?? ''}`.trim();

/** An entry's check refusal, its path turned from the resource's (`CodeSystem.concept[1]`) into the Bundle's. */
function inEntry(err: unknown, at: string, type: string): unknown {
  if (!(err instanceof FhirError)) return err;
  const move = (s: string) => (s.startsWith(type) ? `${at}.resource${s.slice(type.length)}` : s);
  return new FhirError(err.statusCode, err.issueCode, move(err.message), err.expression ? move(err.expression) : `${at}.resource`);
}

/** `CodeSystem`, `CodeSystem/abc` (or the same after a FHIR base url): the entry's target. */
function parseUrl(raw: unknown, at: string): { type: TerminologyType; id?: string } {
  if (typeof raw !== 'string' || raw.trim() === '') throw invalid(`${at}.request.url: is required`, `${at}.request.url`);
  if (raw.includes('?')) throw new FhirError(400, 'not-supported', `${at}.request.url: conditional interactions are not supported`, `${at}.request.url`);
  const path = raw.includes('://') ? raw.replace(/^.*?\/fhir\//, '') : raw.replace(/^\//, '');
  const [type, id, ...rest] = path.split('/');
  if (!isTerminologyType(type) || rest.length > 0) throw invalid(`${at}.request.url: must be CodeSystem, ValueSet or ConceptMap, optionally with /{id}`, `${at}.request.url`);
  if (id !== undefined && !ID.test(id)) throw invalid(`${at}.request.url: '${id}' is not a FHIR id`, `${at}.request.url`);
  return { type, id };
}

/** What an entry asks for, checked; without `request` a resource with an id is a PUT, one without a POST. */
function plan(entry: unknown, index: number): Planned {
  const at = `Bundle.entry[${index}]`;
  if (!isObject(entry)) throw invalid(`${at}: must be an object`, at);
  const request = entry.request;
  const resource = entry.resource;
  if (request !== undefined && !isObject(request)) throw invalid(`${at}.request: must be an object`, `${at}.request`);
  const method = request ? request.method : isObject(resource) && typeof resource.id === 'string' ? 'PUT' : 'POST';
  if (method !== 'POST' && method !== 'PUT' && method !== 'DELETE') throw new FhirError(400, 'not-supported', `${at}.request.method: only POST, PUT and DELETE are supported in a Bundle`, `${at}.request.method`);
  const target = request
    ? parseUrl(request.url, at)
    : { type: isObject(resource) && typeof resource.resourceType === 'string' && isTerminologyType(resource.resourceType) ? resource.resourceType : undefined, id: isObject(resource) ? (resource.id as string | undefined) : undefined };
  if (!target.type) throw invalid(`${at}.resource.resourceType: must be CodeSystem, ValueSet or ConceptMap`, `${at}.resource.resourceType`);
  const type = target.type;
  const ifMatch = request && typeof request.ifMatch === 'string' ? request.ifMatch : undefined;
  if (method === 'DELETE') {
    if (!target.id) throw invalid(`${at}.request.url: a DELETE names the resource (${type}/{id})`, `${at}.request.url`);
    return { method, type, id: target.id };
  }
  let checked: Record<string, unknown>;
  try {
    checked = checkResource(type, resource);
  } catch (err) {
    throw inEntry(err, at, type);
  }
  if (method === 'POST') return { method, type, id: randomUUID(), resource: checked };
  const id = target.id ?? (checked.id as string | undefined);
  if (!id) throw invalid(`${at}.request.url: a PUT names the resource (${type}/{id})`, `${at}.request.url`);
  if (checked.id !== undefined && checked.id !== id) throw invalid(`${at}.resource.id: ${JSON.stringify(checked.id)} is not the id of the url (${id})`, `${at}.resource.id`);
  return { method, type, id, resource: { ...checked, id }, ifMatch };
}

const etagOf = (row: StoredResource) => `W/"${row.version_id}"`;

/** Runs one planned entry with `tx`; refusals are FhirErrors naming the entry. */
async function execute(tx: Queryable, p: Planned, index: number): Promise<EntryResponse> {
  const at = `Bundle.entry[${index}]`;
  if (isVirtualId(p.type, p.id)) throw readOnly(p.type, p.id);
  if (p.method === 'DELETE') {
    if (!(await deleteResource(tx, p.type, p.id))) throw notFound(`${at}: ${p.type}/${p.id} is not known`);
    return { status: statusLine(204) };
  }
  if (p.ifMatch !== undefined) {
    const wanted = /^(?:W\/)?"(\d+)"$/.exec(p.ifMatch.trim())?.[1];
    if (!wanted) throw invalid(`${at}.request.ifMatch: must be an ETag such as W/"1"`, `${at}.request.ifMatch`);
    const current = await readResource(tx, p.type, p.id);
    if (!current || String(current.version_id) !== wanted) throw new FhirError(412, 'conflict', `${at}: ${p.type}/${p.id} is at version ${current ? current.version_id : 'none'}, not ${wanted}`, `${at}.request.ifMatch`);
  }
  const { row, created } = await storeResource(tx, p.type, p.id, p.resource!);
  return {
    status: statusLine(created ? 201 : 200),
    location: `${p.type}/${row.id}/_history/${row.version_id}`,
    etag: etagOf(row),
    lastModified: row.last_updated,
  };
}

/** The Bundle's type and entries, or the refusal (400 with the element's path; 413 for too many entries). */
function entriesOf(body: unknown): { kind: 'batch' | 'transaction'; entries: unknown[] } {
  if (!isObject(body) || body.resourceType !== 'Bundle') throw invalid('POST /fhir takes a Bundle of type batch or transaction', 'Bundle.resourceType');
  if (body.type !== 'batch' && body.type !== 'transaction') throw new FhirError(400, 'not-supported', `Bundle.type: only batch and transaction are processed, not ${JSON.stringify(body.type)}`, 'Bundle.type');
  const entries = body.entry ?? [];
  if (!Array.isArray(entries)) throw invalid('Bundle.entry: must be an array', 'Bundle.entry');
  if (entries.length > MAX_BUNDLE_ENTRIES) throw new FhirError(413, 'too-costly', `Bundle.entry: at most ${MAX_BUNDLE_ENTRIES} entries per Bundle`, 'Bundle.entry');
  return { kind: body.type, entries };
}

export async function processBundle(db: Db, body: unknown): Promise<Record<string, unknown>> {
  const { kind, entries } = entriesOf(body);
  const answer = (responses: EntryResponse[]) => ({
    resourceType: 'Bundle',
    id: randomUUID(),
    type: `${kind}-response`,
    ...(responses.length ? { entry: responses.map((response) => ({ response })) } : {}),
  });
  if (kind === 'transaction') {
    // Everything checked first: a malformed entry is refused before any statement runs.
    const planned = entries.map((e, i) => plan(e, i));
    const seen = new Map<string, number>();
    planned.forEach((p, i) => {
      const key = `${p.type}/${p.id}`;
      if (seen.has(key)) throw invalid(`Bundle.entry[${i}]: ${key} is also the target of entry ${seen.get(key)}`, `Bundle.entry[${i}].request.url`);
      seen.set(key, i);
    });
    return answer(await db.transaction(async (tx) => {
      const out: EntryResponse[] = [];
      for (const [i, p] of planned.entries()) out.push(await execute(tx, p, i));
      return out;
    }));
  }
  const out: EntryResponse[] = [];
  for (const [i, entry] of entries.entries()) {
    try {
      const p = plan(entry, i);
      out.push(await db.transaction((tx) => execute(tx, p, i)));
    } catch (err) {
      if (!(err instanceof FhirError)) throw err;
      out.push({ status: statusLine(err.statusCode), outcome: outcome(err.issueCode, err.message, undefined, err.expression) });
    }
  }
  return answer(out);
}
