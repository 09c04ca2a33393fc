import type { TextRef } from '../texts/define';
/**
 * Backups: the archive's version, the restore's progress event and every text
 * the Backup section and the server say. Kept free of zod so the browser bundles can use it.
 */

/**
 * The archive format this server writes and reads. A change to a file's columns or meaning
 * needs a new number, and a reader of the older numbers (restore refuses numbers it does not know).
 * Encryption (an age file around the zip, recognised by its header) leaves the format as it is.
 */
export const BACKUP_FORMAT_VERSION = 6;
/**
 * Every format a restore reads. 2 added the SNOMED concept model's files (concepts, relationships,
 * language and association reference sets); a version-1 archive has none of them and restores
 * with an empty concept model (the descriptions as before). 3 added the accounts' links to the
 * identity provider (user_identities); an older archive restores with none (an admin links again).
 * 4 added the FHIR terminology resources and their indexed concepts (fhir_resources, fhir_concepts),
 * the relations' evidence (relation_evidence) and the discussions (comments); an older archive
 * restores with none of them. 5 added review mode's proposals and their changes (proposals,
 * proposal_changes) and which node a code system's concept became (terminology_graph_nodes); an
 * older archive restores with none of them. 6 added the server settings that describe the data
 * (server_settings, only the keys of ARCHIVED_SETTINGS: which relation type is the FHIR hierarchy);
 * an older archive restores with none set.
 */
export const BACKUP_READABLE_VERSIONS: readonly number[] = [1, 2, 3, 4, 5, 6];

/** Largest archive a restore accepts (it waits in a temp file, never in memory). */
export const BACKUP_MAX_UPLOAD_BYTES = 4 * 1024 * 1024 * 1024;

/** A backup passphrase's length: long enough to resist guessing offline (scrypt slows each guess), short enough to type. */
export const BACKUP_PASSPHRASE_LIMITS = { min: 12, max: 1024 } as const;

/** socket.io event of a restore's progress, sent to the restoring user's own room. */
export const BACKUP_RESTORE_EVENT = 'backup-restore-progress';

export type BackupRestoreStatus = 'processing' | 'inserting' | 'completed' | 'error';

/** The same shape as an import's progress event (contract/socket.ts ProgressEvent), plus the process id. */
export interface BackupRestoreProgress {
  processId: string;
  status: BackupRestoreStatus;
  /** 0–100. */
  progress: number;
  message: string;
  /** `message` as declared texts (ids + values): the client words it in its language. */
  text?: TextRef[];
}

/** What each archive file holds, in restore order: the keys of the manifest's counts. */
export const BACKUP_PARTS = ['roles', 'users', 'userIdentities', 'nodeTypes', 'relationTypes', 'relationTypeSourceNodeTypes', 'relationTypeTargetNodeTypes', 'serverSettings', 'nodes', 'relations', 'relationEvidence', 'comments', 'proposals', 'proposalChanges', 'attachments', 'snomedConcepts', 'snomedRf2Concepts', 'snomedRelationships', 'snomedLanguageRefset', 'snomedAssociations', 'snomedDrift', 'fhirResources', 'fhirConcepts', 'terminologyGraphNodes', 'auditLog', 'auditBatches'] as const;
export type BackupPart = (typeof BACKUP_PARTS)[number];

/** manifest.json of an archive. */
export interface BackupManifest {
  formatVersion: number;
  /** The newest database migration of the server that wrote it, e.g. 11 for 0011_audit_trail. */
  migration: number;
  createdAt: string;
  createdBy: { id: string; username: string } | null;
  counts: Record<BackupPart, number>;
}

/** POST /backup/restore answer. */
export interface BackupRestoreResult {
  processId: string;
  counts: Record<BackupPart, number>;
  /** Restored accounts (other than the restoring admin): inactive until an admin sets a password. */
  inactiveUsers: number;
}

/** "1 node", "2,000 nodes". */
export const countOf = (n: number, noun: string) => `${n.toLocaleString('en')} ${noun}${n === 1 ? '' : 's'}`;