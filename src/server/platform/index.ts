/**
 * The platform layer: what the server's modules build on, and which knows none of them.
 *
 * - jobs/     the background job engine: runner, checkpoints, resume and takeover, batch pipeline,
 *             upload store and intake, job events; modules hand it their job kinds (kinds.ts)
 * - tasks/    the scheduler of periodic tasks (modules define them, app.ts registers them)
 * - locks.ts  every PostgreSQL advisory lock key of the server
 * - files/    xlsx text workbooks and downloads, safe file names
 * - parsers/  the file readers: CSV, XLSX, XLS, RF2, zip, cell text, text encodings, worker threads
 *
 * The platform imports src/contract, the database layer, plugins and audit helpers, never a module
 * (src/server/modules/**).
 */
export { jobsPlugin, type JobsPluginOptions } from './jobs/plugin';
export type { JobKindHandler } from './jobs/kinds';
export { tasksPlugin } from './tasks/plugin';
export type { PeriodicTask, TaskRun } from './tasks/scheduler';
