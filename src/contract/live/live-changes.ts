/**
 * Live changes: when a node, relation or type is created, changed or deleted, every
 * signed-in socket whose user may read it receives a compact message on `SOCKET_EVENTS.changes`,
 * from whichever server instance made the change. Built from the audit event after commit
 * (server/live/). It names what changed, never a value: the screens reload what they show, through
 * the API, with the reader's own permissions. Zod-free, so widgets can import it.
 */

/** The records whose changes are sent live. */
export const LIVE_RECORD_TYPES = ['node', 'relation', 'node_type', 'relation_type'] as const;
/**
 * …and the comments of a node's or relation's discussion (`on` names the record; never the text),
 * and review mode's proposals (sent only to their proposer and to reviewers, `proposerId` says whose).
 */
export const LIVE_ENTITY_TYPES = [...LIVE_RECORD_TYPES, 'comment', 'proposal'] as const;
export type LiveEntityType = (typeof LIVE_ENTITY_TYPES)[number];

export interface ChangeMessage {
  entityType: LiveEntityType;
  /** The record's id; null for a bulk change (`count` says how many). */
  id: string | null;
  /** create, update, delete, restore, …; `bulk` when one transaction changed more than LIVE_BULK_AFTER records of a type. */
  action: string;
  /** Names of the changed fields as the API names them (those this reader may see). */
  fields: string[];
  /** Who made the change (null: the system). */
  actor: { id: string; username: string } | null;
  /** When the change was committed (ISO). */
  at: string;
  /** A bulk message: how many records changed. */
  count?: number;
  /** A comment's message: the node, relation or proposal whose discussion it is in. */
  on?: { type: 'node' | 'relation' | 'proposal'; id: string };
  /** A proposal's message, or a comment's on a proposal: whose proposal it is (only they and reviewers receive it). */
  proposerId?: string | null;
}

/** The payload of one `kg.changes` event: the changes of one committed transaction. */
export interface ChangesPayload {
  changes: ChangeMessage[];
}

/** One transaction's changes to more records of one type than this travel as one `bulk` message. */
export const LIVE_BULK_AFTER = 50;