/**
 * Relation import from a file: the routes (template, upload, error report), the file reader, the
 * importer with its insert SQL, and its job kind, which the app hands to the platform's job engine.
 */
export { relationImportRoutes } from './routes';
export { relationImportJob, runRelationImport } from './importer';
export { INSERT_RELATIONS_SQL, RELATION_IMPORT_LOCK_SQL } from './insert';
