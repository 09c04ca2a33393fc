import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CHANGE_PERMISSION,
  IdParamsSchema,
  ProposalApproveSchema,
  ProposalCountSchema,
  ProposalCreateSchema,
  ProposalListQuerySchema,
  ProposalPageSchema,
  ProposalRejectSchema,
  ProposalSchema,
  ProposalUpdateSchema,
  PROPOSAL_LIMITS,
  ProposerListQuerySchema,
  ProposerListSchema,
  REVIEW_MESSAGES,
  REVIEW_PERMISSION,
  ReviewSettingsSchema,
  type ProposedChange,
} from '../../../contract';
import { forbidden, notFound } from '../../plugins/errors';
import { proposalFileRoutes } from './files/routes';
import { approveProposal, createProposal, editProposal, rejectProposal, submitProposal, withdrawProposal } from './lifecycle';
import { prepareChanges } from './prepare';
import { countProposals, getProposal, listProposals, listProposers } from './repository';
import { getReviewSettings, putReviewSettings } from './settings';
import { proposalsFor } from './view';

const tags = ['review'];

/**
 * Review mode (contract/knowledge/review.ts): the settings, and the proposals' list, detail, badge
 * count and life steps. Who sees a proposal: its proposer, and whoever holds changes.review; the
 * others get an empty list and 403 for one.
 */
export async function reviewRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const permissionsOf = (req: FastifyRequest) => req.auth?.permissions ?? [];
  const isReviewer = (req: FastifyRequest) => permissionsOf(req).includes(REVIEW_PERMISSION);
  /** A proposal's changes need the permissions of the writes they are (nodes.create for a node create…). */
  const mayPropose = (req: FastifyRequest, changes: readonly ProposedChange[]) => {
    if (changes.some((c) => !permissionsOf(req).includes(CHANGE_PERMISSION[c.kind][c.action]))) throw forbidden();
  };
  const one = async (req: FastifyRequest, id: string) => {
    const row = await getProposal(app.db, id);
    if (!row) throw notFound(REVIEW_MESSAGES.notFound);
    if (row.proposer_id !== req.auth!.user.id && !isReviewer(req)) throw forbidden();
    return (await proposalsFor(app.db, [row], permissionsOf(req)))[0];
  };

  r.get('/review/settings', { schema: { tags, summary: 'Review mode: on, and for which node and relation types (both empty: all)', response: { 200: ReviewSettingsSchema } } }, () =>
    getReviewSettings(app.db),
  );
  r.put(
    '/review/settings',
    { schema: { tags, summary: 'Switch review mode and choose its types', body: ReviewSettingsSchema, response: { 200: ReviewSettingsSchema } } },
    (req) => putReviewSettings(app, req.auth!.user, req.body),
  );

  r.get(
    '/proposals',
    { schema: { tags, summary: "Proposals, newest first (reviewers: all; others: their own; mine=1: one's own)", querystring: ProposalListQuerySchema, response: { 200: ProposalPageSchema } } },
    async (req) => {
      const q = req.query;
      const own = q.mine === '1' || !isReviewer(req);
      if (own && q.proposer && q.proposer !== req.auth!.user.id) return { data: [], pagination: { total: 0, limit: q.limit, skip: q.skip } };
      const { rows, total } = await listProposals(app.db, { ...q, proposer: own ? req.auth!.user.id : q.proposer });
      return { data: await proposalsFor(app.db, rows, permissionsOf(req)), pagination: { total, limit: q.limit, skip: q.skip } };
    },
  );
  r.get('/proposals/count', { schema: { tags, summary: 'The badge: submitted proposals waiting for this reviewer, and open proposals of ones own', response: { 200: ProposalCountSchema } } }, (req) =>
    countProposals(app.db, req.auth!.user.id, isReviewer(req)),
  );
  r.get(
    '/proposals/proposers',
    { schema: { tags, summary: 'Everyone with proposals in a state, by name (the review queue’s proposer filter; reviewers only)', querystring: ProposerListQuerySchema, response: { 200: ProposerListSchema } } },
    (req) => listProposers(app.db, req.query.state, PROPOSAL_LIMITS.proposersMax),
  );
  r.get('/proposals/:id', { schema: { tags, summary: 'One proposal with its changes', params: IdParamsSchema, response: { 200: ProposalSchema } } }, (req) => one(req, req.params.id));

  r.post(
    '/proposals',
    { schema: { tags, summary: 'Propose a bundle of changes (a node and its relations: ref:… names a node created in it)', body: ProposalCreateSchema, response: { 201: ProposalSchema } } },
    async (req, reply) => {
      mayPropose(req, req.body.changes);
      const changes = await prepareChanges(app.db, req.body.changes, permissionsOf(req));
      const row = await createProposal(app, req.auth!.user, req.body.state, changes);
      return reply.status(201).send(await one(req, row.id));
    },
  );
  r.put(
    '/proposals/:id',
    { schema: { tags, summary: "Edit one's open proposal (also: bring an outdated one up to date)", params: IdParamsSchema, body: ProposalUpdateSchema, response: { 200: ProposalSchema } } },
    async (req) => {
      mayPropose(req, req.body.changes);
      const changes = await prepareChanges(app.db, req.body.changes, permissionsOf(req));
      await editProposal(app, req.auth!.user, req.params.id, changes);
      return one(req, req.params.id);
    },
  );
  r.post('/proposals/:id/submit', { schema: { tags, summary: "Submit one's draft for review", params: IdParamsSchema, response: { 200: ProposalSchema } } }, async (req) => {
    await submitProposal(app, req.auth!.user, req.params.id);
    return one(req, req.params.id);
  });
  r.post('/proposals/:id/withdraw', { schema: { tags, summary: "Withdraw one's open proposal", params: IdParamsSchema, response: { 200: ProposalSchema } } }, async (req) => {
    await withdrawProposal(app, req.auth!.user, req.params.id);
    return one(req, req.params.id);
  });
  r.post(
    '/proposals/:id/approve',
    {
      schema: {
        tags,
        summary: "Approve someone else's proposal, optionally with edited changes, applying them in one transaction (409 proposal_outdated when a record changed since)",
        params: IdParamsSchema,
        body: ProposalApproveSchema,
        response: { 200: ProposalSchema },
      },
    },
    async (req) => {
      const edits = req.body?.changes;
      const edited = edits ? await prepareChanges(app.db, edits, permissionsOf(req)) : null;
      await approveProposal(app, req.auth!.user, req.params.id, permissionsOf(req), edited);
      return one(req, req.params.id);
    },
  );
  r.post(
    '/proposals/:id/reject',
    { schema: { tags, summary: "Reject someone else's proposal with a reason (kept with it)", params: IdParamsSchema, body: ProposalRejectSchema, response: { 200: ProposalSchema } } },
    async (req) => {
      await rejectProposal(app, req.auth!.user, req.params.id, req.body.reason);
      return one(req, req.params.id);
    },
  );

  await proposalFileRoutes(app);
}
