import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  HistoryPageSchema,
  HistoryQuerySchema,
  IdParamsSchema,
  NODE_MESSAGES,
  NodeSchema,
  RELATION_MESSAGES,
  RESTORE_MESSAGES,
  RelationSchema,
  RestoreBodySchema,
  RestorePreviewQuerySchema,
  RestorePreviewSchema,
  relationChangesFor,
  type RestorePreview,
  type HistoryEntry,
  type Permission,
} from '../../../contract';
import { actorOf } from '../../audit/audited';
import type { AuditEvent } from '../../audit/events';
import { entityEvent, entityHistory, hasHistory } from '../../audit/history';
import { forbidden, notFound } from '../../plugins/errors';
import { NODE_RECORD, getNode, toNode } from '../nodes';
import { getRelation, relationRecord, toRelation } from '../relations';
import { expectedVersion } from '../../plugins/versions';
import { restoreNode } from './node-restore';
import { restoreRelation } from './relation-restore';

/**
 * A node's and a relation's history and restore. The history is read from
 * the audit trail by id, so a deleted record's stays readable (how an admin finds one to bring
 * back). Restore needs update rights (API_ACCESS) and, to bring back a deleted record, create rights;
 * each further effect is checked against the caller's rights by the restore itself (node-restore.ts).
 * `…/restore-preview` answers every change the same restore would make, without making it.
 */
const RESTORABLE = new Set(['create', 'update', 'restore', 'delete', 'attachment_add', 'attachment_remove']);

const toEntry = (e: AuditEvent, changes = e.changes): HistoryEntry => ({
  id: e.id,
  at: e.at,
  actor: e.actor && { id: e.actor.id || null, username: e.actor.username },
  action: e.action,
  changes,
  restorable: RESTORABLE.has(e.action),
});

const KINDS = {
  node: { path: '/nodes', entityType: 'node', create: 'nodes.create', notFound: NODE_MESSAGES.notFound, tags: ['nodes'] },
  relation: { path: '/relations', entityType: 'relation', create: 'relations.create', notFound: RELATION_MESSAGES.notFound, tags: ['relations'] },
} as const satisfies Record<string, { path: string; entityType: 'node' | 'relation'; create: Permission; notFound: string; tags: string[] }>;

export async function historyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const viewer = (req: FastifyRequest) => req.auth?.permissions ?? [];

  for (const kind of ['node', 'relation'] as const) {
    const k = KINDS[kind];
    r.get(
      `${k.path}/:id/history`,
      { schema: { tags: k.tags, summary: `A ${kind}'s changes, newest first (also of a deleted ${kind})`, params: IdParamsSchema, querystring: HistoryQuerySchema, response: { 200: HistoryPageSchema } } },
      async (req) => {
        const { events, total } = await entityHistory(app.db, k.entityType, req.params.id, req.query);
        // A record from before the audit trail (the seeds) has an empty history; an unknown id has none.
        const exists = total > 0 || (kind === 'node' ? await getNode(app.db, req.params.id) : await getRelation(app.db, req.params.id));
        if (!exists) throw notFound(k.notFound);
        // A relation's history follows the record's redaction: no note change for who may not see notes.
        const data = events.map((e) => (kind === 'relation' ? toEntry(e, relationChangesFor(e.changes, viewer(req))) : toEntry(e)));
        return { data, pagination: { total, limit: req.query.limit, skip: req.query.skip } };
      },
    );
  }

  /** The event to go back to, checked against the record and the caller's rights. */
  const eventToRestore = async (kind: 'node' | 'relation', id: string, eventId: string, req: FastifyRequest): Promise<AuditEvent> => {
    const k = KINDS[kind];
    const event = await entityEvent(app.db, k.entityType, id, eventId);
    if (!event) throw notFound((await hasHistory(app.db, k.entityType, id)) ? RESTORE_MESSAGES.eventNotFound : k.notFound);
    if (!RESTORABLE.has(event.action)) throw forbidden(RESTORE_MESSAGES.notRestorable, 'not_restorable');
    if (event.action === 'delete' && !viewer(req).includes(k.create)) throw forbidden(RESTORE_MESSAGES.createRightNeeded);
    return event;
  };

  /** The restore's answer: the record as it now is, with what the restore changed and left out. */
  const withOutcome = <T extends object>(record: T, outcome: RestorePreview) => ({ ...record, restore: outcome });
  /** A relation's changes as the caller may read them (the route's rights include the notes today; this keeps it so if they change). */
  const relationPreview = (p: RestorePreview, req: FastifyRequest): RestorePreview => ({ ...p, changes: relationChangesFor(p.changes, viewer(req)) });

  r.get(
    '/nodes/:id/restore-preview',
    { schema: { tags: KINDS.node.tags, summary: 'What restoring a history entry would change (fields, attachments, relations), without changing it', params: IdParamsSchema, querystring: RestorePreviewQuerySchema, response: { 200: RestorePreviewSchema } } },
    async (req) => {
      const event = await eventToRestore('node', req.params.id, req.query.eventId, req);
      const versioned = { spec: NODE_RECORD, id: req.params.id, expected: undefined };
      return restoreNode(app, actorOf(req.auth!.user), req.params.id, event, { dryRun: true, attachments: req.query.attachments, permissions: viewer(req), versioned });
    },
  );

  r.post(
    '/nodes/:id/restore',
    { schema: { tags: KINDS.node.tags, summary: 'Restore a node to its state right after a history entry (before it, for its delete)', params: IdParamsSchema, body: RestoreBodySchema, response: { 200: NodeSchema.extend({ restore: RestorePreviewSchema }) } } },
    async (req) => {
      const event = await eventToRestore('node', req.params.id, req.body.eventId, req);
      const versioned = { spec: NODE_RECORD, id: req.params.id, expected: expectedVersion(req) };
      const outcome = await restoreNode(app, actorOf(req.auth!.user), req.params.id, event, { dryRun: false, attachments: req.body.attachments, basis: req.body.basis, permissions: viewer(req), versioned });
      return withOutcome(toNode((await getNode(app.db, req.params.id))!), outcome);
    },
  );

  r.get(
    '/relations/:id/restore-preview',
    { schema: { tags: KINDS.relation.tags, summary: 'What restoring a history entry would change, without changing it', params: IdParamsSchema, querystring: RestorePreviewQuerySchema, response: { 200: RestorePreviewSchema } } },
    async (req) => {
      const event = await eventToRestore('relation', req.params.id, req.query.eventId, req);
      const versioned = { spec: relationRecord(viewer(req)), id: req.params.id, expected: undefined };
      return relationPreview(await restoreRelation(app, actorOf(req.auth!.user), req.params.id, event, { dryRun: true, versioned }), req);
    },
  );

  r.post(
    '/relations/:id/restore',
    { schema: { tags: KINDS.relation.tags, summary: 'Restore a relation to its state right after a history entry (before it, for its delete)', params: IdParamsSchema, body: RestoreBodySchema, response: { 200: RelationSchema.extend({ restore: RestorePreviewSchema }) } } },
    async (req) => {
      const event = await eventToRestore('relation', req.params.id, req.body.eventId, req);
      const versioned = { spec: relationRecord(viewer(req)), id: req.params.id, expected: expectedVersion(req) };
      const outcome = await restoreRelation(app, actorOf(req.auth!.user), req.params.id, event, { dryRun: false, basis: req.body.basis, versioned });
      return withOutcome(toRelation((await getRelation(app.db, req.params.id))!, viewer(req)), relationPreview(outcome, req));
    },
  );
}
