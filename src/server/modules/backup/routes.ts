import type { FastifyInstance } from 'fastify';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BACKUP_MAX_UPLOAD_BYTES, BACKUP_MESSAGES, BACKUP_PARTS, BACKUP_PASSPHRASE_LIMITS } from '../../../contract';
import { receiveUpload } from '../../platform/jobs/uploads/intake';
import { uploadDir } from '../../platform/jobs/uploads/upload-dir';
import { badRequest, forbidden } from '../../plugins/errors';
import { decryptArchive, isEncryptedArchive } from './archive-crypto';
import { openBackupArchive } from './archive-reader';
import { sendBackup } from './download';
import { refuseIfNotEmpty, restoreBackup } from './restore';

const tags = ['backup'];
const Counts = z.object(Object.fromEntries(BACKUP_PARTS.map((p) => [p, z.number().int()])) as Record<(typeof BACKUP_PARTS)[number], z.ZodNumber>);
const RestoreResultSchema = z.object({ processId: z.string(), counts: Counts, inactiveUsers: z.number().int() });
const BackupPassphraseSchema = z
  .string({ error: BACKUP_MESSAGES.passphraseRequired })
  .min(BACKUP_PASSPHRASE_LIMITS.min, BACKUP_MESSAGES.passphraseTooShort)
  .max(BACKUP_PASSPHRASE_LIMITS.max, BACKUP_MESSAGES.passphraseTooLong);
const BackupDownloadSchema = z.object({ passphrase: BackupPassphraseSchema });

/** Backups: GET /backup streams the archive, POST /backup the same encrypted; POST /backup/restore reads one into an empty installation. */
export async function backupRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/backup',
    {
      schema: {
        tags,
        summary:
          'The whole knowledge base as one zip of NDJSON files plus manifest.json (formatVersion, migration, counts); users without password hashes. Every download is audited',
        produces: ['application/zip'],
      },
    },
    (req, reply) => sendBackup(app, req, reply, null),
  );

  r.post(
    '/backup',
    {
      schema: {
        tags,
        summary: 'The same archive encrypted with a passphrase in the age format (.zip.age; `age -d` opens it). Every download is audited',
        body: BackupDownloadSchema,
        produces: ['application/octet-stream'],
      },
    },
    (req, reply) => sendBackup(app, req, reply, req.body.passphrase),
  );

  r.post(
    '/backup/restore',
    {
      schema: {
        tags,
        summary:
          'Restore a backup (multipart field "file") into an installation that holds nothing but its first account; admins only. Progress on backup-restore-progress',
        consumes: ['multipart/form-data'],
        response: { 200: RestoreResultSchema },
      },
    },
    async (req) => {
      const { user } = req.auth!;
      if (user.role_name !== 'admin') throw forbidden(BACKUP_MESSAGES.adminOnly, 'admin_only');
      // Before the upload: an installation with data is refused without receiving gigabytes.
      await refuseIfNotEmpty(app.db, user.id);
      const upload = await receiveUpload(req, {
        maxBytes: BACKUP_MAX_UPLOAD_BYTES,
        extensions: ['.zip', '.age'],
        wrongType: BACKUP_MESSAGES.wrongType,
        tooLarge: BACKUP_MESSAGES.tooLarge,
      });
      const decrypted = path.join(await uploadDir(), `backup-${randomUUID()}.zip`);
      try {
        // Whether it is encrypted is read from the file, not its name; the passphrase field comes before the file.
        let file = upload.path;
        if (await isEncryptedArchive(upload.path)) {
          const parsed = BackupPassphraseSchema.safeParse(upload.fields.passphrase);
          if (!parsed.success) throw badRequest(upload.fields.passphrase ? parsed.error.issues[0].message : BACKUP_MESSAGES.passphraseRequired, 'backup_passphrase_required');
          await decryptArchive(upload.path, parsed.data, decrypted);
          file = decrypted;
        }
        const archive = await openBackupArchive(file);
        return await restoreBackup(app, archive, { id: user.id, username: user.username, email: user.email });
      } finally {
        await upload.remove();
        await fs.promises.rm(decrypted, { force: true });
      }
    },
  );
}
