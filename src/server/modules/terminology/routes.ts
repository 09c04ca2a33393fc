import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  AddToGraphResponseSchema,
  AddToGraphSchema,
  CodeSystemParamsSchema,
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
