import { z } from 'zod';
import { LIMITS } from '../limits';
import { REVIEW_MESSAGES } from '../texts/knowledge/review';
import { AttachmentSchema, NodeSaveSchema } from './nodes';
import { RelationSaveSchema } from './relations';
import { CHANGE_ACTIONS, CHANGE_KINDS, PROPOSAL_LIMITS, PROPOSAL_STATES } from '../values/review';

export * from '../values/review';

/**
 * Review mode: while it applies to a record's type, a create, update or delete of a node or
 * relation — by anyone, admins included — becomes a proposal that a second person with
 * `changes.review` approves (possibly with edits) or rejects with a reason. Reading the settings
 * is for every signed-in user (the forms say a save will be a proposal); writing them needs
 * system.config. Proposals are seen by their proposer and by reviewers only.
 */

/** `{ enabled, nodeTypes, relationTypes }`: both lists empty with enabled = everything under review. */
export const ReviewSettingsSchema = z.object({
  enabled: z.boolean(),
  nodeTypes: z.array(z.string().trim().min(1).max(LIMITS.nameMaxLength)).max(PROPOSAL_LIMITS.typesMax),
  relationTypes: z.array(z.string().trim().min(1).max(LIMITS.nameMaxLength)).max(PROPOSAL_LIMITS.typesMax),
});
export type ReviewSettings = z.infer<typeof ReviewSettingsSchema>;

/**
 * A local name for a node created in the same bundle: relations of the bundle use it as their
 * sourceNodeId / targetNodeId, and the approval puts the new node's id in its place.
 */
const LocalRef = z.string().regex(/^ref:[A-Za-z0-9_-]{1,36}$/, REVIEW_MESSAGES.badRef);

/** One change as a client proposes it (POST/PUT /proposals, approve with edits). */
export const ProposedChangeSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('node'),
    action: z.enum(CHANGE_ACTIONS),
    targetId: z.uuid().optional(),
    ref: LocalRef.optional(),
    baseVersion: z.number().int().positive().optional(),
    after: NodeSaveSchema.optional(),
  }),
  z.object({
    kind: z.literal('relation'),
    action: z.enum(CHANGE_ACTIONS),
    targetId: z.uuid().optional(),
    baseVersion: z.number().int().positive().optional(),
    after: RelationSaveSchema.optional(),
  }),
]);
export type ProposedChange = z.output<typeof ProposedChangeSchema>;

export const ProposalCreateSchema = z.object({
  changes: z.array(ProposedChangeSchema).min(1, REVIEW_MESSAGES.noChanges).max(PROPOSAL_LIMITS.changes),
  /** draft: the proposer goes on editing it; submitted (default): it goes to the reviewers. */
  state: z.enum(['draft', 'submitted']).default('submitted'),
});
export const ProposalUpdateSchema = z.object({ changes: ProposalCreateSchema.shape.changes });
export const ProposalApproveSchema = z.object({ changes: ProposalCreateSchema.shape.changes.optional() }).optional();
export const ProposalRejectSchema = z.object({
  reason: z.string({ error: REVIEW_MESSAGES.reasonRequired }).trim().min(1, REVIEW_MESSAGES.reasonRequired).max(PROPOSAL_LIMITS.reasonMax),
});

export const ProposalListQuerySchema = z.object({
  state: z.enum(PROPOSAL_STATES).optional(),
  proposer: z.uuid().optional(),
  /** A node type or relation type name: proposals with a change of a record of that type. */
  type: z.string().trim().min(1).max(LIMITS.nameMaxLength).optional(),
  mine: z.enum(['0', '1']).optional(),
  /** Proposals with a change of this node or relation (the node detail's pending proposals). */
  recordId: z.uuid().optional(),
  /** Proposals made more than this many days ago (the queue's age filter). */
  olderThanDays: z.coerce.number().int().min(1).max(PROPOSAL_LIMITS.olderThanDaysMax).optional(),
  limit: z.coerce.number().int().min(1).max(PROPOSAL_LIMITS.pageMax).default(50),
  skip: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

const Person = z.object({ id: z.string().nullable(), name: z.string() });

/** The queue's proposer filter: everyone with proposals in this state (absent: in any state). */
export const ProposerListQuerySchema = z.object({ state: z.enum(PROPOSAL_STATES).optional() });
/**
 * By name, at most `PROPOSAL_LIMITS.proposersMax` of them (`truncated` says there are more); the
 * name is the one of their newest proposal in that state.
 */
export const ProposerListSchema = z.object({
  data: z.array(z.object({ id: z.string(), name: z.string() })),
  truncated: z.boolean(),
});
export type ProposerList = z.infer<typeof ProposerListSchema>;

export const ProposalChangeSchema = z.object({
  kind: z.enum(CHANGE_KINDS),
  action: z.enum(CHANGE_ACTIONS),
  targetId: z.string().nullable(),
  ref: z.string().nullable(),
  /** The node type or relation type the change is about (the queue's type filter). */
  recordType: z.string().nullable(),
  baseVersion: z.number().nullable(),
  /** The record as it was when proposed (null for a create); relation notes only for who may see them. */
  before: z.record(z.string(), z.unknown()).nullable(),
  /** What the proposer asks for (null for a delete). */
  after: z.record(z.string(), z.unknown()).nullable(),
  /** The record changed since baseVersion (or is gone): approving answers 409 until brought up to date. */
  outdated: z.boolean(),
  /** The record's version now (null: created by the proposal, or deleted since). */
  currentVersion: z.number().nullable(),
});

export const ProposalSchema = z.object({
  id: z.string(),
  state: z.enum(PROPOSAL_STATES),
  proposer: Person,
  reviewer: Person.nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  decidedAt: z.string().nullable(),
  /** Any change is outdated. */
  outdated: z.boolean(),
  changes: z.array(ProposalChangeSchema),
  /**
   * Files the proposer chose for the node the proposal creates, kept with it until it is decided:
   * an approval adds them to the new node, a rejection or withdrawal discards them.
   */
  attachments: z.array(AttachmentSchema),
});
export type Proposal = z.infer<typeof ProposalSchema>;
export type ProposalChange = z.infer<typeof ProposalChangeSchema>;

export const ProposalPageSchema = z.object({
  data: z.array(ProposalSchema),
  pagination: z.object({ total: z.number(), limit: z.number(), skip: z.number() }),
});
export const ProposalCountSchema = z.object({ submitted: z.number(), mine: z.number() });

/** What a write through the ordinary routes answers (202) when it became a proposal. */
export const ProposalRefSchema = z.object({ proposal: z.object({ id: z.string(), state: z.enum(PROPOSAL_STATES) }) });
export type ProposalRef = z.infer<typeof ProposalRefSchema>;
