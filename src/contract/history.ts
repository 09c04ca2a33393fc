import { z } from 'zod';
import { pageOf, queryInt } from './fields';

export * from './history-texts';

/**
 * A record's history (issue 16 items 2 and 4): `GET /nodes/{id}/history`, `GET /relations/{id}/history`,
 * newest first, paged like the node list; `POST …/restore` with the event to go back to. Field names
 * are the API's (camelCase). The server's audit events (src/server/audit/events.ts) are the source;
 * an entry is what one reader may see of one (a relation's note only with relations.update).
 */
export const HistoryChangeSchema = z.object({ field: z.string(), before: z.unknown(), after: z.unknown() });
export type HistoryChange = z.infer<typeof HistoryChangeSchema>;

export const HistoryEntrySchema = z.object({
  /** The audit event's id (a bigserial, sent as a string). */
  id: z.string(),
  at: z.string(),
  /** Who made the change, as named then; null for the system. */
  actor: z.object({ id: z.string().nullable(), username: z.string() }).nullable(),
  action: z.string(),
  changes: z.array(HistoryChangeSchema),
  /** Whether POST …/restore accepts this entry (a create, update, restore, attachment change or delete of this record). */
  restorable: z.boolean(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;

export const HistoryPageSchema = pageOf(HistoryEntrySchema);
export type HistoryPage = z.infer<typeof HistoryPageSchema>;

export const HistoryQuerySchema = z.object({
  limit: queryInt(1, 200, 20),
  skip: queryInt(0, 10_000_000, 0),
});

/**
 * An event id: "<n>" for most events, "<n>.<k>" for the k-th record (from 1) a bulk import's batch
 * created; one spelling each (no leading zeros). Groups: the event's number, then k.
 */
export const EVENT_ID = /^(0|[1-9]\d{0,17})(?:\.([1-9]\d{0,8}))?$/;
export const RestoreBodySchema = z.object({ eventId: z.string().regex(EVENT_ID, 'Invalid event id') });
export type RestoreBody = z.infer<typeof RestoreBodySchema>;
