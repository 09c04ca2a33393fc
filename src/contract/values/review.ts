// Zod-free on purpose: browser bundles read this at run time (no-zod.test.ts beside it says why).

/** Who may decide proposals (approve, reject). */
export const REVIEW_PERMISSION = 'changes.review' as const;

export const PROPOSAL_STATES = ['draft', 'submitted', 'approved', 'rejected', 'withdrawn'] as const;
export type ProposalState = (typeof PROPOSAL_STATES)[number];
/** States in which the proposer may still edit, and a reviewer (submitted only) decide. */
export const OPEN_PROPOSAL_STATES: readonly ProposalState[] = ['draft', 'submitted'];

export const PROPOSAL_LIMITS = { changes: 50, attachments: 20, reasonMax: 2000, typesMax: 200, refMax: 40, pageMax: 200, olderThanDaysMax: 3650, proposersMax: 500 } as const;

export const CHANGE_KINDS = ['node', 'relation'] as const;
export const CHANGE_ACTIONS = ['create', 'update', 'delete'] as const;
/** Proposing a change needs the permission of the write it is. */
export const CHANGE_PERMISSION = {
  node: { create: 'nodes.create', update: 'nodes.update', delete: 'nodes.delete' },
  relation: { create: 'relations.create', update: 'relations.update', delete: 'relations.delete' },
} as const;
