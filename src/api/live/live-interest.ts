import type { ChangeMessage, LiveEntityType } from '../../contract/live/live-changes';

/**
 * Which live changes concern a screen (pure, so screens import it without the socket client).
 */
/** What a screen shows, as the records whose changes concern it. */
export interface LiveInterest {
  /** Any change of these types. */
  types?: readonly LiveEntityType[];
  /** Changes of these records only (a detail page): a bulk message (id null) of their type counts too. */
  records?: readonly { type: LiveEntityType; id: string }[];
  /** Comments in the discussion of this node, relation or proposal. */
  discussion?: { type: 'node' | 'relation' | 'proposal'; id: string };
}

export function concerns(change: ChangeMessage, interest: LiveInterest): boolean {
  if (change.entityType === 'comment' && interest.discussion) return change.on?.type === interest.discussion.type && change.on.id === interest.discussion.id;
  if (interest.types?.includes(change.entityType)) return true;
  return interest.records?.some((r) => r.type === change.entityType && (change.id === null || change.id === r.id)) ?? false;
}

/** The change that deleted this record, if one of `changes` did. */
export function deletionOf(changes: readonly ChangeMessage[], type: LiveEntityType, id: string): ChangeMessage | null {
  return changes.find((c) => c.entityType === type && c.id === id && c.action === 'delete') ?? null;
}
