import { z } from 'zod';

/** Every error the API answers has this shape (DESIGN §4). */
export const ApiErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
  details: z.array(z.string()).optional(),
  /**
   * 412 `edit_conflict` only (docs/architecture/versions.md): the record as GET answers it now
   * (with its `version`), who made the change the writer had not seen, and when.
   */
  current: z.unknown().optional(),
  changedBy: z.object({ id: z.string(), username: z.string() }).nullable().optional(),
  changedAt: z.string().nullable().optional(),
});
export type ApiErrorBody = z.infer<typeof ApiErrorSchema>;

export { EDIT_CONFLICT, type EditConflictBody } from './values/edit-conflict';

/** The version a record carries: an integer moved on by every accepted write; also its ETag `"<n>"`. */
export const VersionSchema = z.number().int().positive();
/** What a write body may carry instead of If-Match (multipart, clients that cannot set headers). */
export const VersionField = { version: z.coerce.number().int().positive().optional() };
