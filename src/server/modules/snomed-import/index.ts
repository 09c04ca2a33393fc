/**
 * SNOMED CT import (spec §2 SNOMED CT Management): the routes (template, import, error file), the
 * RF2 row checks, the importer and its job kind, which the app hands to the platform's job engine.
 */
export { snomedImportRoutes } from './routes';
export { snomedImportJob, runSnomedImport } from './importer';
