import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AddToGraphResponseSchema,
  AddToGraphSchema,
  CodeSystemExportQuerySchema,
  CodeSystemParamsSchema,
  GraphHierarchySchema,
  GraphHierarchyUpdateSchema,
  TypeExportParamsSchema,
  ConceptListQuerySchema,
  TERMINOLOGY_MESSAGES as M,
  TerminologyConceptPageSchema,
  TerminologyJobParamsSchema,
  TerminologyJobSchema,
  TerminologyListQuerySchema,
  TerminologyResourcePageSchema,
  type AddToGraphSummary,
} from '../../../contract';
import { badRequest, forbidden, notFound } from '../../plugins/errors';
import { getJob } from '../../platform/jobs/repository';
import { AppError } from '../../app-error';
import { RELATION_MAP_PREFIX, SNOMED_MAP_ID, canonicalBase, exportCodeSystem, exportConceptMap, exportValueSet, graphUrls, hierarchyRelationType, setHierarchyRelationType, type ExportResult } from '../fhir';
import { runAddToGraph } from './add-to-graph';
import { codeSystem, listConcepts, listResources } from './repository';

const tags = ['terminology'];

/**
 * The admin Terminology page's API (contract/knowledge/terminology.ts): the stored FHIR resources,
 * a code system's concepts a page at a time, and adding a code system to the graph as a job.
 * Permissions: contract/access/access.ts; the job also needs relations.create (checked here).
 */
export async function terminologyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/terminology/hierarchy', { schema: { tags, summary: "The relation type that is the graph's hierarchy (is-a) in FHIR, or null", response: { 200: GraphHierarchySchema } } }, async () => ({
    relationType: await hierarchyRelationType(app.db),
  }));

  r.put(
    '/terminology/hierarchy',
    { schema: { tags, summary: "Marks a relation type as the graph's hierarchy (is-a) for FHIR's parents, children and $subsumes; null clears it", body: GraphHierarchyUpdateSchema, response: { 200: GraphHierarchySchema } } },
    async (req) => {
      if (!(await setHierarchyRelationType(app.db, req.body.relationTypeId))) throw notFound(M.relationTypeNotFound);
      return { relationType: await hierarchyRelationType(app.db) };
    },
  );

  /** An export as a FHIR JSON download, or the refusal: 404 unknown, 413 too large. */
  const download = (reply: FastifyReply, result: ExportResult, notKnown: string, filename: string) => {
    if ('unknown' in result) throw notFound(notKnown);
    if ('tooLarge' in result) throw new AppError(413, 'export_too_large', M.exportTooLarge);
    return reply
      .type('application/fhir+json; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${filename}"`)
      .send(JSON.stringify(result.resource, null, 2));
  };
  const urlsOf = (req: FastifyRequest) => graphUrls(canonicalBase(app, req));
  const exportTags = { tags, produces: ['application/fhir+json'] };

  r.get(
    '/terminology/exports/code-system',
    { schema: { ...exportTags, summary: "The graph's nodes (all, or one node type's) as a FHIR CodeSystem with their concepts (JSON download, bounded)", querystring: CodeSystemExportQuerySchema } },
    async (req, reply) => download(reply, await exportCodeSystem(app.db, urlsOf(req), req.query.nodeTypeId), M.nodeTypeNotFound, 'knowledge-graph.CodeSystem.json'),
  );
  r.get(
    '/terminology/exports/value-set/:id',
    { schema: { ...exportTags, summary: "A node type as a FHIR ValueSet: its compose and its expansion (JSON download, bounded)", params: TypeExportParamsSchema } },
    async (req, reply) => download(reply, await exportValueSet(app.db, urlsOf(req), req.params.id), M.nodeTypeNotFound, `kg-type-${req.params.id}.ValueSet.json`),
  );
  r.get(
    '/terminology/exports/concept-map/:id',
    { schema: { ...exportTags, summary: "A relation type as a FHIR ConceptMap: source node to target node (JSON download, bounded)", params: TypeExportParamsSchema } },
    async (req, reply) => download(reply, await exportConceptMap(app.db, urlsOf(req), `${RELATION_MAP_PREFIX}${req.params.id}`), M.relationTypeNotFound, `kg-relation-${req.params.id}.ConceptMap.json`),
  );
  r.get(
    '/terminology/exports/snomed-map',
    { schema: { ...exportTags, summary: "The nodes' SNOMED CT codes as a FHIR ConceptMap (JSON download, bounded)" } },
    async (req, reply) => download(reply, await exportConceptMap(app.db, urlsOf(req), SNOMED_MAP_ID), M.relationTypeNotFound, 'kg-snomed.ConceptMap.json'),
  );

  r.get(
    '/terminology/resources',
    { schema: { tags, summary: 'The stored CodeSystems, ValueSets and ConceptMaps (search columns and concept counts), server-paged', querystring: TerminologyListQuerySchema, response: { 200: TerminologyResourcePageSchema } } },
    async (req) => {
      const { type, page, limit } = req.query;
      const { rows, total } = await listResources(app.db, type, limit, (page - 1) * limit);
      return { data: rows, pagination: { total, limit, page } };
    },
  );

  r.get(
    '/terminology/code-systems/:id/concepts',
    {
      schema: {
        tags,
        summary: "A CodeSystem's concepts in the resource's order with their parent codes, server-paged; search matches part of a code or display",
        params: CodeSystemParamsSchema,
        querystring: ConceptListQuerySchema,
        response: { 200: TerminologyConceptPageSchema },
      },
    },
    async (req) => {
      const cs = await codeSystem(app.db, req.params.id);
      if (!cs) throw notFound(M.codeSystemNotFound);
      const { page, limit, search } = req.query;
      const { rows, total } = await listConcepts(app.db, cs.id, search, limit, (page - 1) * limit);
      return { codeSystem: cs, data: rows, pagination: { total, limit, page } };
    },
  );

  r.post(
    '/terminology/code-systems/:id/graph',
    {
      schema: {
        tags,
        summary: 'Add a CodeSystem to the graph: nodes of a type and is-a relations of a type, as a background job (progress on upload-progress-{processId}); concepts added before are skipped',
        params: CodeSystemParamsSchema,
        body: AddToGraphSchema,
        response: { 202: AddToGraphResponseSchema },
      },
    },
    async (req, reply) => {
      const auth = req.auth!;
      if (!auth.permissions.includes('relations.create')) throw forbidden(M.relationsForbidden);
      const cs = await codeSystem(app.db, req.params.id);
      if (!cs) throw notFound(M.codeSystemNotFound);
      const [types] = await app.db.query<{ node: boolean; relation: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM node_types WHERE id = $1) AS node, EXISTS (SELECT 1 FROM relation_types WHERE id = $2) AS relation`,
        [req.body.nodeTypeId, req.body.relationTypeId],
      );
      if (!types.node) throw badRequest(M.nodeTypeNotFound, 'unknown_node_type');
      if (!types.relation) throw badRequest(M.relationTypeNotFound, 'unknown_relation_type');
      const input = { codeSystemId: cs.id, system: cs.url ?? `urn:fhir:CodeSystem:${cs.id}`, nodeTypeId: req.body.nodeTypeId, relationTypeId: req.body.relationTypeId, userId: auth.user.id };
      const job = await app.jobs.create('terminology', cs.title ?? cs.name ?? cs.id, auth.user.id);
      const running = app.jobs.run(job, (ctx) => runAddToGraph(app, input, ctx));
      // Nobody awaits the job here: the client follows it on socket.io or GET /terminology/jobs/:id.
      running.done.catch(() => undefined);
      return reply.status(202).send({ processId: job.id });
    },
  );

  r.get(
    '/terminology/jobs/:id',
    { schema: { tags, summary: 'An "Add to the graph" job: status, progress and, once done, its summary (its starter or an admin)', params: TerminologyJobParamsSchema, response: { 200: TerminologyJobSchema } } },
    async (req) => {
      const auth = req.auth!;
      const row = await getJob(app.db, req.params.id);
      if (!row || row.kind !== 'terminology' || (row.created_by !== auth.user.id && auth.user.role_name !== 'admin')) throw notFound(M.jobNotFound);
      const live = app.jobs.current(row.id)?.state;
      const state = live ?? { status: row.status, progress: row.progress, message: row.message, summary: row.summary };
      return { processId: row.id, status: state.status, progress: state.progress, message: state.message, summary: (state.summary as AddToGraphSummary | null | undefined) ?? null };
    },
  );
}
