import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { TaskScheduler } from './scheduler';

declare module 'fastify' {
  interface FastifyInstance {
    /** Periodic background tasks: register one with `app.tasks.register(task)`. */
    tasks: TaskScheduler;
  }
}

/**
 * The scheduler of periodic tasks: they start once the app is ready and stop before it closes
 * (preClose: a run under way finishes or stops at its next safe point while the database is open).
 */
export const tasksPlugin = fp(async (app: FastifyInstance) => {
  const scheduler = new TaskScheduler(app.log);
  app.decorate('tasks', scheduler);
  app.addHook('onReady', async () => scheduler.start());
  app.addHook('preClose', () => scheduler.stop());
});
