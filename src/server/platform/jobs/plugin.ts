import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Socket } from 'socket.io';
import { SOCKET_EVENTS, type JobJoinAck } from '../../../contract';
import { checkSocket } from '../../live/socket-sessions';
import { jobEventName, jobPayload, jobRoom, userRoom } from './events';
import { removeStaleUploads } from './uploads/intake';
import { jobKindRegistry, type JobKindHandler } from './kinds';
import { getJob, stateOfRow, unfinishedUploads, type JobRow } from './repository';
import { parserBundle } from '../parsers/threads/parser-bundle';
import { recoverJobs } from './resume';
import { JobRunner } from './runner';
import { databaseUploadStore, localUploadStore, type UploadStore } from './uploads/upload-store';

declare module 'fastify' {
  interface FastifyInstance {
    jobs: JobRunner;
    /** Where accepted uploads are kept for a resume (the database on PostgreSQL). */
    uploads: UploadStore;
    /** Resumes or gives up orphaned jobs now (what the start and the PostgreSQL sweep do). */
    recoverJobs(): Promise<{ resumed: number; failed: number }>;
  }
}

/** Who may see a job besides its owner. */
export const JOB_ADMIN_PERMISSION = 'system.config';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A stored upload that no job references is being written for this long at most. */
const UNCLAIMED_UPLOAD_GRACE_SECONDS = 60 * 60;

export function canSeeJob(row: Pick<JobRow, 'created_by'>, userId: string, permissions: readonly string[]): boolean {
  return row.created_by === userId || permissions.includes(JOB_ADMIN_PERMISSION);
}

/**
 * Import jobs: the runner, interrupted-job recovery (resume from the checkpoint, or fail saying
 * what was kept; resume.ts) at start and periodically on PostgreSQL, where other instances may
 * die, and the socket side: every socket joins its user's room, and `job.join` puts it in a
 * job's room after sending the job's current state.
 */
export interface JobsPluginOptions {
  /** The kinds of job the app runs, from the modules that own them (the engine imports none). */
  kinds: readonly JobKindHandler[];
}

export const jobsPlugin = fp(async (app: FastifyInstance, options: JobsPluginOptions) => {
  const kinds = jobKindRegistry(options.kinds);
  // On PostgreSQL a job whose heartbeat (1 s) is older than this belongs to a server that died;
  // with the sweep's period it bounds how long a takeover waits (15 + 5 s by default).
  const { jobStaleSeconds, jobSweepSeconds } = app.config;
  app.decorate('uploads', app.db.kind === 'postgres' ? databaseUploadStore(app.db) : localUploadStore);
  const runner = new JobRunner(app);
  app.decorate('jobs', runner);

  const recover = async (staleSeconds: number) => {
    const { resumed, failed } = await recoverJobs(app, runner, kinds, staleSeconds);
    if (resumed > 0) app.log.warn(`${resumed} interrupted import job(s) resume from their checkpoint`);
    if (failed > 0) app.log.warn(`${failed} interrupted import job(s) could not resume and are marked as failed`);
    return { resumed, failed };
  };
  app.decorate('recoverJobs', () => recover(jobStaleSeconds));
  // Once every plugin is there (a resumed job needs the blob store and socket.io). At start the
  // embedded database is locked to this process: whatever was running then is dead.
  app.addHook('onReady', async () => {
    await recover(app.db.kind === 'pglite' ? 0 : jobStaleSeconds);
    // The parser threads' code, built now rather than when the first upload waits for it.
    void parserBundle().catch((err) => app.log.warn({ err }, 'could not build the parser threads; the first import will try again'));
    // Then the temp files no unfinished job needs (after the recovery: it decides which stay).
    void unfinishedUploads(app.db)
      .then((keep) => removeStaleUploads({ keep }))
      .catch((err) => app.log.warn({ err }, 'could not clean old upload files'));
  });
  if (app.db.kind === 'postgres') {
    const sweepOnce = async () => {
      if (runner.stopping || app.draining) return;
      await recover(jobStaleSeconds);
      const removed = await app.uploads.sweep(UNCLAIMED_UPLOAD_GRACE_SECONDS);
      if (removed > 0) app.log.info(`removed ${removed} stored upload(s) of import jobs that ended abnormally`);
    };
    // One sweep at a time: a slow one (a stored upload being written out) must not overlap the next.
    let sweeping = false;
    const sweep = setInterval(() => {
      if (sweeping) return;
      sweeping = true;
      sweepOnce()
        .catch((err) => app.log.warn({ err }, 'job sweep failed'))
        .finally(() => (sweeping = false));
    }, jobSweepSeconds * 1000);
    sweep.unref();
    app.addHook('onClose', async () => clearInterval(sweep));
  }
  app.addHook('preClose', () => runner.stopAll());

  app.io.on('connection', (socket: Socket) => {
    const userId = socket.data.userId as string;
    void socket.join(userRoom(userId));
    socket.on(SOCKET_EVENTS.joinJob, (payload: unknown, ack?: unknown) => {
      const reply = (answer: JobJoinAck) => {
        if (typeof ack === 'function') ack(answer);
      };
      const id = typeof payload === 'string' ? payload : (payload as { processId?: unknown } | null)?.processId;
      if (typeof id !== 'string' || !UUID.test(id)) return reply({ ok: false, error: 'Unknown import' });
      void (async () => {
        // The rights of now, not of the handshake: a revoked sign-in is disconnected here.
        const permissions = await checkSocket(app.db, socket);
        if (!permissions) return reply({ ok: false, error: 'Unknown import' });
        const row = runner.current(id)?.row ?? (await getJob(app.db, id));
        if (!row || !canSeeJob(row, userId, permissions)) return reply({ ok: false, error: 'Unknown import' });
        // Join first, then send the state: whatever happens after this snapshot reaches the room.
        await socket.join(jobRoom(id));
        const live = runner.current(id);
        const state = live ? live.state : stateOfRow((await getJob(app.db, id)) ?? row);
        socket.emit(jobEventName(row.kind, id), jobPayload(row.kind, id, state));
        reply({ ok: true });
      })().catch((err) => {
        app.log.warn({ err }, 'job.join failed');
        reply({ ok: false, error: 'Unknown import' });
      });
    });
  });
});
