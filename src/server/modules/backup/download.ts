import archiver from 'archiver';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { BackupManifest } from '../../../contract';
import { actorOf, audited } from '../../audit/audited';
import { uploadDir } from '../../platform/jobs/uploads/upload-dir';
import { encryptArchive } from './archive-crypto';
import { writeBackup, type ExportOptions } from './export';

const archiveName = (encrypted: boolean) => `kg-backup-${new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15)}.zip${encrypted ? '.age' : ''}`;

/**
 * Sends the whole knowledge base as one archive, plain or encrypted with a passphrase
 * (archive-crypto.ts), and records every download in the audit log: who (the event's actor), when,
 * how many bytes, whether encrypted. A backup holds what few permissions read (relation notes,
 * e-mail addresses, the audit log): the event is written before the last bytes leave, so no
 * download completes unrecorded; a download that breaks off is recorded too, as incomplete.
 */
export async function sendBackup(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, passphrase: string | null) {
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
  const encrypted = passphrase !== null;
  let recorded = false;
  const record = async (bytes: number, completed: boolean) => {
    if (recorded) return;
    recorded = true;
    const manifest: BackupManifest | null = completed ? await exported : null;
    await audited(app, actor, ({ record: write }) =>
      write({
        action: 'download',
        entityType: 'backup',
        entityId: null,
        detail: { bytes, encrypted, completed, ...(manifest ? { counts: manifest.counts, migration: manifest.migration } : {}) },
      }),
    );
  };
  const output = encrypted ? await encryptArchive(archive, passphrase) : archive;
  const counted = countingStream((bytes) => record(bytes, true));
  const fail = (err: unknown) => {
    req.log.error({ err }, 'backup failed');
    archive.destroy(err as Error);
    counted.destroy(err as Error);
  };
  exported.catch(fail);
  output.on('error', fail);
  output.pipe(counted);
  counted.on('close', () => {
    if (!recorded) record(counted.bytes, false).catch((err: unknown) => req.log.error({ err }, 'backup download not recorded'));
  });
  void reply
    .header('content-type', encrypted ? 'application/octet-stream' : 'application/zip')
    .header('content-disposition', `attachment; filename="${archiveName(encrypted)}"`);
  if (app.db.kind === 'postgres') return reply.send(counted);
  // The embedded database is one connection: its snapshot (the transaction) must not last as
  // long as a slow download. The archive is written to a temp file first, then sent from there.
  return sendViaTempFile(reply, counted, exported);
}

/** Passes bytes through, counting them; at the end, waits for `onEnd` before ending (its failure fails the stream). */
function countingStream(onEnd: (bytes: number) => Promise<void>): Transform & { bytes: number } {
  const stream = new Transform({
    transform(chunk: Buffer, _enc, done) {
      stream.bytes += chunk.length;
      done(null, chunk);
    },
    flush(done) {
      onEnd(stream.bytes).then(() => done(), done);
    },
  }) as Transform & { bytes: number };
  stream.bytes = 0;
  return stream;
}

async function sendViaTempFile(reply: FastifyReply, output: Readable, done: Promise<unknown>) {
  const file = path.join(await uploadDir(), `backup-${randomUUID()}.zip`);
  const remove = () => fs.promises.rm(file, { force: true });
  try {
    await Promise.all([pipeline(output, fs.createWriteStream(file, { flags: 'wx', mode: 0o600 })), done]);
  } catch (err) {
    await remove();
    throw err;
  }
  const stream = fs.createReadStream(file);
  stream.on('close', () => void remove());
  return reply.send(stream);
}
