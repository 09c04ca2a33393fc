import { EventEmitter } from 'node:events';
import { setImmediate as nextMacrotask } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Interactive requests go before import batches (no request waits behind an import).
 * Each import batch first waits until no HTTP request is in flight (`whenIdle`), for at most a
 * bounded time, so a request's queries run back to back instead of each queueing behind another
 * batch: on the embedded database (one connection) a signed-in search is three statements, and
 * on a 2-core machine PostgreSQL's insert competes with it for the CPU. The bound keeps a steady
 * stream of requests from stopping an import.
 */
export class RequestActivity {
  #inFlight = 0;
  /** When a request was last seen starting or ending (performance.now()). */
  #lastSeen = -Infinity;
  readonly #idle = new EventEmitter();

  get inFlight(): number {
    return this.#inFlight;
  }

  /** How long no request has been in flight: 0 while one is, milliseconds since the last one ended otherwise. */
  quietForMs(): number {
    return this.#inFlight > 0 ? 0 : performance.now() - this.#lastSeen;
  }

  /** Counts a request until its response is sent or its connection closes ('close' covers both). */
  track(req: FastifyRequest, reply: FastifyReply): void {
    this.#inFlight++;
    this.#lastSeen = performance.now();
    let counted = true;
    // `ended`: the request ended (it was last seen now); a release is not an end (see release).
    const done = (ended: boolean) => {
      if (!counted) return;
      counted = false;
      if (ended) this.#lastSeen = performance.now();
      if (--this.#inFlight === 0) this.#idle.emit('idle');
    };
    (req as { releaseActivity?: () => void }).releaseActivity = () => done(false);
    reply.raw.once('close', () => done(true));
  }

  /**
   * Stops counting a request that starts long work itself and waits for it (the SNOMED import
   * answers when its job ends): otherwise the job would always see a request in flight. The
   * request was last seen when it started: waiting for its own job is not activity that the
   * job's quiet-time choices (db/turns.ts) should wait out.
   */
  release(req: FastifyRequest): void {
    (req as { releaseActivity?: () => void }).releaseActivity?.();
  }

  /**
   * Resolves once no request is in flight, or after `maxWaitMs` at the latest.
   *
   * Requests whose bytes arrived while the thread was held (an embedded-database statement) are
   * not counted until the event loop has polled its sockets: asked at once after the statement,
   * the count said idle, the next batch started, and a search whose first query had not been
   * issued yet waited for that whole batch (bench/results/import-notes.md, 2026-11-25). So the
   * count is read only after two turns of the event loop — a poll phase lies between two check
   * phases — and read again the same way after each idle moment.
   */
  async whenIdle(maxWaitMs: number): Promise<void> {
    const deadline = Date.now() + maxWaitMs;
    for (;;) {
      await nextMacrotask();
      await nextMacrotask();
      const left = deadline - Date.now();
      if (this.#inFlight === 0 || left <= 0) return;
      await new Promise<void>((resolve) => {
        const finish = () => {
          clearTimeout(timer);
          this.#idle.off('idle', finish);
          resolve();
        };
        const timer = setTimeout(finish, left);
        this.#idle.once('idle', finish);
      });
    }
  }
}

declare module 'fastify' {
  interface FastifyInstance {
    requestActivity: RequestActivity;
  }
}

export const requestActivityPlugin = fp(async (app: FastifyInstance) => {
  const activity = new RequestActivity();
  app.decorate('requestActivity', activity);
  app.addHook('onRequest', async (req, reply) => {
    activity.track(req, reply);
  });
});
