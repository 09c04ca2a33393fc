/**
 * Bulk node upload (spec §2 Bulk Upload Nodes, §7): the routes (template, upload, error report),
 * the importer and its job kind, which the app hands to the platform's job engine.
 */
export { nodeImportRoutes } from './routes';
export { nodeImportJob, runNodeImport } from './importer';
