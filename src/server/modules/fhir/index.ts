/** FHIR R4 terminology services under /fhir (docs/FHIR.md). */
export { fhirRoutes } from './routes';
export { FHIR_PREFIX } from './http';
export { canonicalBase, graphUrls, RELATION_MAP_PREFIX, SNOMED_MAP_ID, HIERARCHY_SETTING, hierarchyRelationType, setHierarchyRelationType, EXPORT_MAX, exportCodeSystem, exportConceptMap, exportValueSet, type ExportResult } from './graph';
