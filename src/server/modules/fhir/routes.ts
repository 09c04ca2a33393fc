import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { processBundle } from './bundle';
import { capabilityStatement, servedCodeSystems, terminologyCapabilities, versionsParameters } from './capabilities';
import { FHIR_JSON, acceptsJson, baseUrl, fhirJsonParser, guard, sendError } from './http';
import { canonicalBase, graphUrls, isVirtualId, readOnly, searchVirtual, virtualById } from './graph';
import { operationRoutes } from './operations/routes';
import { FhirError, invalid, notFound, notSupported, outcome } from './outcome';
import { codeSystemUrls, deleteResource, readResource, searchResources, served, writeResource, SEARCH_PARAMS, type Search, type StoredResource } from './repository';
import { ID, checkResource, isTerminologyType, type TerminologyType } from './resource-check';
import { SNOMED_URL, snomedSources } from './sct/source';

const MAX_COUNT = 1000;
const DEFAULT_COUNT = 100;
/** Parameters every search accepts besides the search parameters (FHIR's result and format controls). */
const CONTROL = new Set(['_count', '_offset', '_format', '_total']);

type Params = { type: string; id?: string };
type Query = Record<string, string | string[] | undefined>;

function terminologyType(type: string): TerminologyType {
  if (!isTerminologyType(type)) throw new FhirError(404, 'not-supported', `This server serves the resource types CodeSystem, ValueSet and ConceptMap, not ${type}`);
  return type;
}

function resourceId(id: string): string {
  if (!ID.test(id)) throw invalid(`'${id}' is not a FHIR id (1–64 letters, digits, '-' or '.')`);
  return id;
}

const etag = (row: StoredResource) => `W/"${row.version_id}"`;

function sendResource(reply: FastifyReply, row: StoredResource, status = 200) {
  return reply.status(status).type(FHIR_JSON).header('ETag', etag(row)).header('Last-Modified', new Date(row.last_updated).toUTCString()).send(served(row));
}

/** If-Match: W/"n" (or "n"): the version the client last read; another is a 412 (someone changed it since). */
function checkIfMatch(request: FastifyRequest, current: StoredResource | null) {
  const header = request.headers['if-match'];
  if (header === undefined) return;
  const wanted = /^(?:W\/)?"(\d+)"$/.exec(header.trim())?.[1];
  if (!wanted) throw invalid(`If-Match must be an ETag such as W/"1"`);
  if (!current || String(current.version_id) !== wanted) throw new FhirError(412, 'conflict', `The resource is at version ${current ? current.version_id : 'none'}, not ${wanted}: read it again`);
}

function parseSearch(query: Query): Search {
  const search: Search = { params: [], count: DEFAULT_COUNT, offset: 0 };
  for (const [key, raw] of Object.entries(query)) {
    const values = (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === 'string');
    if (CONTROL.has(key)) {
      const n = Number(values[0]);
      if (key === '_count' || key === '_offset') {
        if (!Number.isInteger(n) || n < 0) throw invalid(`${key} must be a whole number ≥ 0`, key);
        if (key === '_count') search.count = Math.min(n, MAX_COUNT);
        else search.offset = n;
      }
      continue;
    }
    const [param, modifier = ''] = key.split(':');
    if (!(param === '_id' || (SEARCH_PARAMS as readonly string[]).includes(param))) throw notSupported(`The search parameter ${key} is not supported (supported: ${[...SEARCH_PARAMS, '_id'].join(', ')})`);
    if (modifier && !((param === 'name' || param === 'title') && (modifier === 'exact' || modifier === 'contains'))) throw notSupported(`The modifier :${modifier} is not supported on ${param}`);
    for (const value of values) {
      const alternatives = value.split(',').filter((v) => v !== '');
      if (alternatives.length) search.params.push({ param: param as Search['params'][number]['param'], modifier: modifier as '' | 'exact' | 'contains', values: alternatives });
    }
  }
  return search;
}

/**
 * /fhir: FHIR R4 (4.0.1) terminology services in JSON. Encapsulated: its own body parser for
 * application/fhir+json, its own error and not-found answers (OperationOutcomes, never the app's
 * page), and the /api sign-in and permissions (http.ts guard) on every route.
 */
export async function fhirRoutes(app: FastifyInstance) {
  app.addContentTypeParser(['application/fhir+json', 'application/json+fhir'], { parseAs: 'string' }, fhirJsonParser(app));
  app.setErrorHandler((err, request, reply) => sendError(err, request, reply));
  const noInteraction = (request: FastifyRequest, reply: FastifyReply) =>
    reply.status(404).type(FHIR_JSON).send(outcome('not-found', `No FHIR interaction ${request.method} ${request.url.split('?')[0]}`, 'not_found'));
  app.setNotFoundHandler(noInteraction);
  // The base itself (but POST, a batch or transaction Bundle) and every other path below it: the static files'
  // catch-all GET /* (the app's page for client routes) would otherwise answer them, and a prefixed
  // not-found handler does not cover the base.
  app.route({ method: ['GET', 'PUT', 'DELETE'], url: '/', handler: noInteraction });
  app.route({ method: ['GET', 'POST', 'PUT', 'DELETE'], url: '/*', handler: noInteraction });
  app.addHook('onRequest', async (request) => {
    const format = (request.query as Query | undefined)?._format;
    if (!acceptsJson(request.headers.accept, typeof format === 'string' ? format : undefined)) {
      throw new FhirError(406, 'not-supported', 'This server answers in JSON only (application/fhir+json); XML is not supported');
    }
  });
  const read = { onRequest: guard(app, 'read') };
  const write = { onRequest: guard(app, 'write') };

  // A batch or transaction Bundle of terminology resources (bundle.ts): the writes' permission and checks.
  app.post('/', write, async (request, reply) => reply.type(FHIR_JSON).send(await processBundle(app.db, request.body)));

  app.get('/metadata', async (request, reply) => {
    const base = baseUrl(app, request);
    const mode = (request.query as Query).mode;
    if (mode !== undefined && mode !== 'full' && mode !== 'normative' && mode !== 'terminology') throw invalid(`mode must be full, normative or terminology`, 'mode');
    // The capability statement is public (clients read it before signing in); the code system list is not.
    if (mode === 'terminology') {
      await guard(app, 'read')(request);
      // The graph's CodeSystem, the SNOMED CT catalogue when loaded (with the release it holds), the stored ones.
      const snomed = await snomedSources(app.db, app.config.snomedDialect)(SNOMED_URL);
      const systems = servedCodeSystems(
        graphUrls(canonicalBase(app, request)).codeSystem,
        snomed ? { url: snomed.url, versions: snomed.version ? [snomed.version] : [] } : null,
        await codeSystemUrls(app.db),
      );
      return reply.type(FHIR_JSON).send(terminologyCapabilities(base, systems));
    }
    return reply.type(FHIR_JSON).send(capabilityStatement(base));
  });

  // Public like the capability statement: which FHIR versions this base speaks reveals nothing stored.
  app.get('/$versions', async (_request, reply) => reply.type(FHIR_JSON).send(versionsParameters()));

  operationRoutes(app, read);

  app.get('/:type', read, async (request, reply) => {
    const type = terminologyType((request.params as Params).type);
    const search = parseSearch(request.query as Query);
    // The graph's generated resources first, then the stored ones: one list, paged across both.
    const generated = await searchVirtual(app.db, graphUrls(canonicalBase(app, request)), type, search);
    const shown = generated.slice(search.offset, search.offset + search.count);
    const stored = await searchResources(app.db, type, { ...search, offset: Math.max(0, search.offset - generated.length), count: search.count - shown.length });
    const total = stored.total + generated.length;
    const rows = stored.rows;
    const base = baseUrl(app, request);
    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const page = (offset: number) => `${base}/${type}?${new URLSearchParams({ ...Object.fromEntries(new URLSearchParams(query)), _count: String(search.count), _offset: String(offset) }).toString()}`;
    return reply.type(FHIR_JSON).send({
      resourceType: 'Bundle',
      id: randomUUID(),
      meta: { lastUpdated: new Date().toISOString() },
      type: 'searchset',
      total,
      link: [{ relation: 'self', url: `${base}/${type}${query}` }, ...(search.offset + search.count < total && search.count > 0 ? [{ relation: 'next', url: page(search.offset + search.count) }] : [])],
      ...(rows.length || shown.length
        ? {
            entry: [
              ...shown.map((resource) => ({ fullUrl: `${base}/${type}/${String(resource.id)}`, resource, search: { mode: 'match' } })),
              ...rows.map((row) => ({ fullUrl: `${base}/${type}/${row.id}`, resource: served(row), search: { mode: 'match' } })),
            ],
          }
        : {}),
    });
  });

  app.get('/:type/:id', read, async (request, reply) => {
    const { type, id } = request.params as Required<Params>;
    const kind = terminologyType(type);
    if (isVirtualId(kind, resourceId(id))) {
      const generated = await virtualById(app.db, graphUrls(canonicalBase(app, request)), kind, id);
      if (!generated) throw notFound(`${type}/${id} is not known`);
      const meta = generated.meta as { lastUpdated?: string; versionId?: string };
      if (meta.versionId) void reply.header('ETag', `W/"${meta.versionId}"`);
      if (meta.lastUpdated) void reply.header('Last-Modified', new Date(meta.lastUpdated).toUTCString());
      return reply.type(FHIR_JSON).send(generated);
    }
    const row = await readResource(app.db, kind, id);
    if (!row) throw notFound(`${type}/${id} is not known`);
    return sendResource(reply, row);
  });

  const locate = (request: FastifyRequest, reply: FastifyReply, row: StoredResource) =>
    reply.header('Location', `${baseUrl(app, request)}/${row.resource_type}/${row.id}/_history/${row.version_id}`);

  app.post('/:type', write, async (request, reply) => {
    const type = terminologyType((request.params as Params).type);
    const resource = checkResource(type, request.body);
    // The server names a created resource (FHIR create: an id in the body is ignored).
    const { row } = await writeResource(app.db, type, randomUUID(), resource);
    locate(request, reply, row);
    return sendResource(reply, row, 201);
  });

  app.put('/:type/:id', write, async (request, reply) => {
    const { type: rawType, id: rawId } = request.params as Required<Params>;
    const type = terminologyType(rawType);
    const id = resourceId(rawId);
    if (isVirtualId(type, id)) throw readOnly(type, id);
    const resource = checkResource(type, request.body);
    if (resource.id === undefined) throw invalid(`${type}.id: is required in an update and must be ${id}`, `${type}.id`);
    if (resource.id !== id) throw invalid(`${type}.id: ${JSON.stringify(resource.id)} is not the id of the url (${id})`, `${type}.id`);
    checkIfMatch(request, await readResource(app.db, type, id));
    const { row, created } = await writeResource(app.db, type, id, resource);
    if (created) locate(request, reply, row);
    return sendResource(reply, row, created ? 201 : 200);
  });

  app.delete('/:type/:id', write, async (request, reply) => {
    const { type, id } = request.params as Required<Params>;
    if (isVirtualId(terminologyType(type), resourceId(id))) throw readOnly(type, id);
    if (!(await deleteResource(app.db, terminologyType(type), resourceId(id)))) throw notFound(`${type}/${id} is not known`);
    return reply.status(204).send();
  });
}
