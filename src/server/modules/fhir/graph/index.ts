/**
 * The knowledge graph as FHIR content (docs/FHIR.md "The graph as FHIR content"): its CodeSystem
 * source for the operations, the generated ValueSets and ConceptMaps, the hierarchy setting and the exports.
 */
export { canonicalBase, graphUrls, RELATION_MAP_PREFIX, SNOMED_MAP_ID, type GraphUrls } from './canonical';
export { GraphCodeSystemSource } from './graph-source';
export { HIERARCHY_SETTING, hierarchyRelationType, setHierarchyRelationType } from './hierarchy';
export { EXPORT_MAX, exportCodeSystem, exportConceptMap, exportValueSet, type ExportResult } from './exports';
export { isVirtualId, readOnly, searchVirtual, virtualById, virtualIdOf, virtualMapsFor } from './virtual';
