// Zod-free on purpose: browser bundles read this at run time (no-zod.test.ts beside it says why).

/** The 412 a stale write answers: it wrote nothing; `current` is what to compare with. */
export const EDIT_CONFLICT = 'edit_conflict';
export interface EditConflictBody<T = unknown> {
  error: string;
  code: typeof EDIT_CONFLICT;
  current: T;
  changedBy: { id: string; username: string } | null;
  changedAt: string | null;
}
