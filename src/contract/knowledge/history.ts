import { z } from 'zod';
import { pageOf, queryInt } from '../fields';

export * from '../texts/history';

/**
 * A record's history: `GET /nodes/{id}/history`, `GET /relations/{id}/history`,
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
const EventIdSchema = z.string().regex(EVENT_ID, 'Invalid event id');

/**
 * What a node restore does with attachments added since the version: `keep` (the default) leaves
 * them, so a restore never drops a file nobody asked it to; `match` removes them too, to get the
 * version exactly. Files the version had and that were removed since come back in both.
 */
export const RESTORE_ATTACHMENT_MODES = ['keep', 'match'] as const;
export type RestoreAttachmentMode = (typeof RESTORE_ATTACHMENT_MODES)[number];
const AttachmentModeSchema = z.enum(RESTORE_ATTACHMENT_MODES).default('keep');

export const RestoreBodySchema = z.object({
  eventId: EventIdSchema,
  attachments: AttachmentModeSchema,
  /** The preview's `basis`: refused (409 restore_outdated) if the restore would now do anything else. */
  basis: z.string().max(64).optional(),
  /** The preview's `version`, instead of If-Match: 412 edit_conflict when the record changed since. */
  version: z.number().int().positive().optional(),
});
export type RestoreBody = z.input<typeof RestoreBodySchema>;

/** `GET /{nodes|relations}/{id}/restore-preview`: the restore run and rolled back. */
export const RestorePreviewQuerySchema = z.object({ eventId: EventIdSchema, attachments: AttachmentModeSchema });

/** A file as a history line names it (never its blob key). */
export const AttachmentSummarySchema = z.object({ id: z.string(), filename: z.string(), size: z.number(), contentType: z.string() });
export type AttachmentSummary = z.infer<typeof AttachmentSummarySchema>;

/** An effect the restore leaves out: a relation the caller may not create or whose end is gone, a file whose content was purged. */
export const RestoreSkippedSchema = z.object({
  kind: z.enum(['attachment', 'relation']),
  id: z.string(),
  /** The file name, or the relation as "source — name — target". */
  label: z.string(),
  /** relation_create_right_needed | relation_ends_gone | relation_type_gone | attachment_content_gone */
  code: z.string(),
  reason: z.string(),
});
export type RestoreSkipped = z.infer<typeof RestoreSkippedSchema>;

export const RestorePreviewSchema = z.object({
  /** Every change, exactly as the restore's history entry will list it: fields, then `attachment` and `relation` lines. */
  changes: z.array(HistoryChangeSchema),
  skipped: z.array(RestoreSkippedSchema),
  /** Files added since the version: kept with `attachments=keep`, listed as removed with `match`. */
  attachmentsAddedSince: z.array(AttachmentSummarySchema),
  /** Send it with the restore so that it does exactly this. */
  basis: z.string(),
  /** The record's version the preview starts from (null: deleted); the restore sends it as If-Match. */
  version: z.number().int().nullable().optional(),
});
export type RestorePreview = z.infer<typeof RestorePreviewSchema>;
