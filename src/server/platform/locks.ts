/**
 * Every PostgreSQL advisory lock the server takes, in one place: two features that picked the same
 * number would wait on each other (or worse, think they hold a lock the other holds). The values
 * are the ones the server always used, so instances of different versions still agree during a
 * rolling update. A new lock gets the next free 815_204_xxx number here; locks.test.ts checks
 * that no two are equal.
 *
 * Keys (`pg_advisory_xact_lock(key)`) lock one thing; classes (`pg_advisory_xact_lock(class,
 * hashtext(value))`) lock one value of a kind. PostgreSQL keeps the two forms apart, but they are
 * kept distinct here all the same.
 */

/** Migrations run on one instance at a time (the others wait, then find nothing to do). */
export const MIGRATION_LOCK_KEY = 815_204_001;
/** The first account (who becomes admin) is decided once, however many sign up at the same moment. */
export const FIRST_ACCOUNT_LOCK_KEY = 815_204_002;
/** Changes that could leave no active admin are serialised. */
export const ADMIN_LOCK_KEY = 815_204_003;
/** Class: one username skeleton (look-alike names) at a time. */
export const USERNAME_LOCK_CLASS = 815_204_010;
/** Audit purges across instances never delete the same rows twice. */
export const AUDIT_PURGE_LOCK_KEY = 815_204_013;
/** A backup restore runs alone. */
export const RESTORE_LOCK_KEY = 815_204_016;
/** One batch of the likely-duplicates refresh (instances never probe at the same time). */
export const DUPLICATE_REFRESH_LOCK_KEY = 815_204_023;
/** Relation imports take turns writing (the node-degree counters they update). */
export const RELATION_IMPORT_LOCK_KEY = 815_204_030;
/** Class: one pair of relation ends of one type at a time (no duplicate relation). */
export const SAME_ENDS_LOCK_CLASS = 19;

/** All of them by name (for the uniqueness test and for reading pg_locks). */
export const ADVISORY_LOCKS = {
  MIGRATION_LOCK_KEY,
  FIRST_ACCOUNT_LOCK_KEY,
  ADMIN_LOCK_KEY,
  USERNAME_LOCK_CLASS,
  AUDIT_PURGE_LOCK_KEY,
  RESTORE_LOCK_KEY,
  DUPLICATE_REFRESH_LOCK_KEY,
  RELATION_IMPORT_LOCK_KEY,
  SAME_ENDS_LOCK_CLASS,
} as const;
