import archiver from 'archiver';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BACKUP_MAX_UPLOAD_BYTES, BACKUP_MESSAGES, BACKUP_PARTS } from '../../../contract';
import { actorOf, audited } from '../../audit/audited';
import { receiveUpload } from '../../jobs/intake';
import { uploadDir } from '../../jobs/upload-dir';
import { forbidden } from '../../plugins/errors';
import { openBackupArchive } from './archive-reader';
import { writeBackup, type ExportOptions } from './export';
import { refuseIfNotEmpty, restoreBackup } from './restore';

const tags = ['backup'];
const Counts = z.object(Object.fromEntries(BACKUP_PARTS.map((p) => [p, z.number().int()])) as Record<(typeof BACKUP_PARTS)[number], z.ZodNumber>);
const RestoreResultSchema = z.object({ processId: z.string(), counts: Counts, inactiveUsers: z.number().int() });

const archiveName = () => `kg-backup-${new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)}.zip`;

/** Backups (issue 16 item 6): GET /backup streams the archive; POST /backup/restore reads one into an empty installation. */
export async function backupRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/backup',
    {
      schema: {
        tags,
        summary:
          'The whole knowledge base as one zip of NDJSON files plus manifest.json (formatVersion, migration, counts); users without password hashes',
        produces: ['application/zip'],
      },
    },
    async (req, reply) => {
      const actor = actorOf(req.auth!.user);
      const options: ExportOptions = {
        blobs: app.blobs,
        createdBy: actor,
        warn: (message, attachmentId) => req.log.warn({ attachmentId }, message),
      };
      const archive = archiver('zip', { zlib: { level: 6 } });
      // One snapshot for the whole archive, so relations never name nodes it lacks.
      const exported = app.db.transaction(async (tx) => {
        if (app.db.kind === 'postgres') await tx.query('SET TRANSACTION ISOLATION LEVEL REPEATABLE READ, READ ONLY');
        return writeBackup(tx, archive, options);
      });
      const recorded = exported.then((manifest) =>
        audited(app, actor, ({ record }) => record({ action: 'download', entityType: 'backup', entityId: null, detail: { counts: manifest.counts, migration: manifest.migration } })),
      );
      recorded.catch((err: unknown) => {
        req.log.error({ err }, 'backup failed');
        archive.destroy(err as Error);
      });
      void reply.header('content-type', 'application/zip').header('content-disposition', `attachment; filename="${archiveName()}"`);
      if (app.db.kind === 'postgres') return reply.send(archive);
      // The embedded database is one connection: its snapshot (the transaction) must not last as
      // long as a slow download. The archive is written to a temp file first, then sent from there.
      return sendViaTempFile(reply, archive, recorded);
    },
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
        extensions: ['.zip'],
        wrongType: BACKUP_MESSAGES.wrongType,
        tooLarge: BACKUP_MESSAGES.tooLarge,
      });
      try {
        const archive = await openBackupArchive(upload.path);
        return await restoreBackup(app, archive, { id: user.id, username: user.username, email: user.email });
      } finally {
        await upload.remove();
      }
    },
  );
}

async function sendViaTempFile(reply: FastifyReply, archive: archiver.Archiver, done: Promise<unknown>) {
  const file = path.join(await uploadDir(), `backup-${randomUUID()}.zip`);
  const remove = () => fs.promises.rm(file, { force: true });
  try {
    await Promise.all([pipeline(archive, fs.createWriteStream(file, { flags: 'wx', mode: 0o600 })), done]);
  } catch (err) {
    await remove();
    throw err;
  }
  const stream = fs.createReadStream(file);
  stream.on('close', () => void remove());
  return reply.send(stream);
}
