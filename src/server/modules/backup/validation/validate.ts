import { AUDIT_ACTIONS, BACKUP_READABLE_VERSIONS, BACKUP_MESSAGES, BACKUP_PARTS, LIMITS, type BackupManifest, type BackupPart } from '../../../../contract';
import { badRequest } from '../../../plugins/errors';
import { checkAttachment, extensionOf, safeFilename } from '../../attachments';
import { apiRefusal } from './api-rules';
import { damaged, type BackupArchive } from '../archive-reader';
import { MAX_JSON_DEPTH, nestsWithin } from './json-depth';
import { ARCHIVED_SETTINGS, BACKUP_TABLES, MANIFEST_FILE, attachmentEntry, inArchive, type BackupTable } from '../tables';

/**
 * Reads the whole archive once before anything is written: the manifest (known format version,
 * not from a newer schema), every row against its table's schema, every reference to a row the
 * archive holds, every attachment's contents and size, and each file's count against the
 * manifest. Each row's values pass the API's own rules (api-rules.ts), and attachments the upload's
 * (allowed name and type, contents that match it, the size limit). The first problem refuses the
 * archive with a 400 that names the file and line.
 */
export async function validateArchive(
  archive: BackupArchive,
  serverMigration: number,
  onProgress: (rowsRead: number, rowsTotal: number) => void,
  rules: { attachmentMaxBytes: number },
): Promise<{ manifest: BackupManifest; highestEventId: bigint }> {
  const manifest = await readManifest(archive, serverMigration);
  const rowsTotal = Math.max(1, Object.values(manifest.counts).reduce((a, b) => a + b, 0));
  let rowsRead = 0;
  const onRows = (rows: number) => {
    rowsRead += rows;
    onProgress(rowsRead, rowsTotal);
  };
  const ids: Partial<Record<BackupPart, Set<string>>> = {};
  const known = (part: BackupPart) => (ids[part] ??= new Set());
  // Which columns must name a row of which part (users: any column listed as a user column, except the
  // actors of audit events, the tables whose keys move: an actor may have been deleted since, which
  // the events themselves must show; see `actors` below).
  const referencesOf = (table: BackupTable): [string, BackupPart][] => {
    const out: [string, BackupPart][] = table.newKeys ? [] : table.userColumns.map((c) => [c, 'users']);
    if (table.part === 'users') out.push(['role_id', 'roles']);
    if (table.part === 'userIdentities') out.push(['user_id', 'users']);
    if (table.part === 'nodes') out.push(['node_type_id', 'nodeTypes']);
    if (table.part === 'relationTypeSourceNodeTypes' || table.part === 'relationTypeTargetNodeTypes') out.push(['relation_type_id', 'relationTypes'], ['node_type_id', 'nodeTypes']);
    if (table.part === 'relations') out.push(['source_node_id', 'nodes'], ['target_node_id', 'nodes'], ['relation_type_id', 'relationTypes']);
    if (table.part === 'attachments' || table.part === 'snomedDrift' || table.part === 'comments') out.push(['node_id', 'nodes']);
    // A comment's relation is checked by the restore's foreign key (relations keep no keys here).
    return out;
  };
  // Keys kept for the references above; the big leaf tables (relations, SNOMED, audit) keep none,
  // their duplicates are caught by the restore's primary keys (and roll everything back), and
  // evidence naming a relation the archive lacks by its foreign key (likewise).
  let highestEventId = 0n;
  const keepKeys = new Set<BackupPart>(['roles', 'users', 'nodeTypes', 'relationTypes', 'nodes', 'attachments']);
  // An event's actor is nobody (a failed sign-in), a user of the archive, or a user whose deletion
  // the archive's log records (deleting a user keeps their events; their deletion comes later in
  // the log, and the retention purge removes the oldest events first). Anything else would
  // attribute made-up events to someone: the first event of each other actor, to name it.
  const strangers = new Map<string, { file: string; n: number }>();
  const deletedUsers = new Set<string>();

  for (const table of BACKUP_TABLES) {
    if (!inArchive(table, manifest)) continue;
    const references = referencesOf(table);
    const keep = keepKeys.has(table.part) ? known(table.part) : null;
    let count = 0;
    for await (const { line, n } of archive.lines(table.file)) {
      const bad = (why: string) => badRequest(BACKUP_MESSAGES.badRow(table.file, n, why), 'backup_bad_row');
      if (!nestsWithin(line)) throw bad(`it nests deeper than ${MAX_JSON_DEPTH} levels`);
      let value: unknown;
      try {
        value = JSON.parse(line);
      } catch {
        throw bad('not valid JSON');
      }
      const parsed = table.row.safeParse(value);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw bad(`${issue.path.join('.') || 'row'}: ${issue.message}`);
      }
      const row = parsed.data;
      const refusal = apiRefusal(table.part, row);
      if (refusal) throw bad(refusal);
      for (const [column, part] of references) {
        const id = row[column] as string | null;
        if (id !== null && !ids[part]?.has(id)) throw bad(`${column} names a row that is not in the backup`);
      }
      // A setting's value names a row of the part ARCHIVED_SETTINGS gives for its key.
      if (table.part === 'serverSettings' && !ids[ARCHIVED_SETTINGS[row.key as string]]?.has(row.value as string)) throw bad(`value names a row that is not in the backup`);
      if (keep) {
        const key = String(row[table.key]);
        if (keep.has(key)) throw bad(`${table.key} ${key} appears twice`);
        keep.add(key);
      }
      // The restore moves event ids past the installation's own by one offset: it needs the highest.
      if (table.newKeys && BigInt(row[table.key] as string | number) > highestEventId) highestEventId = BigInt(row[table.key] as string | number);
      if (table.newKeys) {
        const actor = row.actor_id as string | null;
        if (actor !== null && !ids.users?.has(actor) && !strangers.has(actor)) {
          if (strangers.size >= MAX_STRANGERS) throw bad(`more than ${MAX_STRANGERS} event actors are not users of the backup`);
          strangers.set(actor, { file: table.file, n });
        }
        if (row.action === AUDIT_ACTIONS.delete && row.entity_type === 'user' && typeof row.entity_id === 'string') deletedUsers.add(row.entity_id);
      }
      if (table.part === 'attachments') await checkAttachmentRow(archive, row, rules.attachmentMaxBytes, bad);
      count++;
      if (count % 1000 === 0) onRows(1000);
    }
    onRows(count % 1000);
    if (count !== manifest.counts[table.part]) throw badRequest(BACKUP_MESSAGES.countMismatch(table.file, manifest.counts[table.part], count), 'backup_incomplete');
  }
  for (const [actor, at] of strangers) {
    if (!deletedUsers.has(actor)) {
      throw badRequest(BACKUP_MESSAGES.badRow(at.file, at.n, `actor_id ${actor} is neither a user of the backup nor a user its audit log shows deleted`), 'backup_bad_row');
    }
  }
  return { manifest, highestEventId };
}

/** More distinct actors outside the archive's users than any installation deletes: refused, so the set stays bounded. */
const MAX_STRANGERS = 100_000;

/**
 * An attachment as the upload route would have stored it: a safe name with an allowed extension,
 * at most the upload limit, contents that match the extension (checkAttachment) and the content
 * type that check gives, and exactly as many bytes as the row and the directory say. A row
 * cannot bring in an HTML page or an SVG image under a path-like name the browser would render.
 */
async function checkAttachmentRow(archive: BackupArchive, row: Record<string, unknown>, maxBytes: number, bad: (why: string) => Error): Promise<void> {
  const name = attachmentEntry(String(row.id));
  const filename = String(row.filename);
  if (safeFilename(filename) !== filename) throw bad(`filename "${filename}" is not a plain file name`);
  if (!(LIMITS.attachmentExtensions as readonly string[]).includes(extensionOf(filename))) throw bad(`filename "${filename}": files of type .${extensionOf(filename) || '?'} are not allowed`);
  if (!archive.has(name)) throw bad(`the contents (${name}) are missing`);
  const size = row.size as number;
  if (archive.size(name) !== size) throw bad(`the contents (${name}) are not ${size} bytes`);
  if (size > maxBytes) throw bad(`the contents (${name}) are larger than the ${maxBytes} bytes an upload may have`);
  // Read whole (at most the upload limit): the size as inflated, the checksum, and the bytes the content check needs.
  const data = await archive.bytes(name, maxBytes);
  if (data.length !== size) throw bad(`the contents (${name}) are not ${size} bytes`);
  const checked = checkAttachment(filename, data);
  if (!checked) throw bad(`the contents (${name}) do not match a .${extensionOf(filename)} file`);
  if (checked.contentType !== row.content_type) throw bad(`content_type "${String(row.content_type)}" is not ${checked.contentType}, the type of a .${extensionOf(filename)} file`);
}

async function readManifest(archive: BackupArchive, serverMigration: number): Promise<BackupManifest> {
  if (!archive.has(MANIFEST_FILE)) throw damaged(`${MANIFEST_FILE} is missing`);
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse((await archive.bytes(MANIFEST_FILE, 1024 * 1024)).toString('utf8')) as Partial<BackupManifest>;
  } catch (err) {
    if ((err as { statusCode?: number }).statusCode) throw err;
    throw damaged(`${MANIFEST_FILE} is not valid JSON`);
  }
  if (manifest === null || typeof manifest !== 'object') throw damaged(`${MANIFEST_FILE} is not an object`);
  if (!BACKUP_READABLE_VERSIONS.includes(manifest.formatVersion as number)) throw badRequest(BACKUP_MESSAGES.unknownVersion(manifest.formatVersion), 'backup_unknown_version');
  if (typeof manifest.migration !== 'number' || !Number.isInteger(manifest.migration)) throw damaged(`${MANIFEST_FILE} has no migration number`);
  if (manifest.migration > serverMigration) throw badRequest(BACKUP_MESSAGES.newerSchema(manifest.migration, serverMigration), 'backup_newer_schema');
  const counts = manifest.counts as Record<string, unknown> | undefined;
  // A table added after the archive's migration is not in it: restored empty.
  for (const table of BACKUP_TABLES) if (counts && !inArchive(table, manifest as BackupManifest)) counts[table.part] ??= 0;
  for (const part of BACKUP_PARTS) {
    const c = counts?.[part];
    if (typeof c !== 'number' || !Number.isInteger(c) || c < 0) throw damaged(`${MANIFEST_FILE} has no count of ${part}`);
  }
  return manifest as BackupManifest;
}
