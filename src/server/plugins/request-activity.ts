import { EventEmitter } from 'node:events';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Interactive requests go before import batches (issue 13: no request waits behind an import).
 * Each import batch first waits until no HTTP request is in flight (`whenIdle`), for at most a
 * bounded time, so a request's queries run back to back instead of each queueing behind another
 * batch: on the embedded database (one connection) a signed-in search is three statements, and
 * on a 2-core machine PostgreSQL's insert competes with it for the CPU. The bound keeps a steady
 * stream of requests from stopping an import.
 */
export class RequestActivity {
  #inFlight = 0;
  readonly #idle = new EventEmitter();

  get inFlight(): number {
    return this.#inFlight;
  }

  /** Counts a request until its response is sent or its connection closes ('close' covers both). */
  track(req: FastifyRequest, reply: FastifyReply): void {
    this.#inFlight++;
    let counted = true;
    const done = () => {
      if (!counted) return;
      counted = false;
      if (--this.#inFlight === 0) this.#idle.emit('idle');
    };
    (req as { releaseActivity?: () => void }).releaseActivity = done;
    reply.raw.once('close', done);
  }

  /**
   * Stops counting a request that starts long work itself and waits for it (the SNOMED import
   * answers when its job ends): otherwise the job would always see a request in flight.
   */
  release(req: FastifyRequest): void {
    (req as { releaseActivity?: () => void }).releaseActivity?.();
  }

  /** Resolves once no request is in flight, or after `maxWaitMs` at the latest. */
  whenIdle(maxWaitMs: number): Promise<void> {
    if (this.#inFlight === 0) return Promise.resolve();
    return new Promise((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.#idle.off('idle', finish);
        resolve();
      };
      const timer = setTimeout(finish, maxWaitMs);
      this.#idle.once('idle', finish);
    });
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
