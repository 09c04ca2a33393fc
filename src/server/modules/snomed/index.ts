/**
 * The SNOMED CT catalogue: its descriptions and the RF2 concept model (concepts, the is-a
 * hierarchy, language and association reference sets), the drift of terms used by nodes, and the
 * routes. The SNOMED import evaluates drift and rebuilds the hierarchy through here.
 */
export { acceptDrift, countDriftNodes, evaluateDrift, listDrift, snapshotUsedTerms, type DriftPassDeps } from './drift';
export { rebuildClosure, rebuildHierarchy, underConceptSql, type CycleEdge } from './hierarchy';
export { SNOMED_COUNT_CAP, listConcepts, type SnomedListQuery } from './repository';
export { snomedRoutes } from './routes';
export {
  catalogueConcepts,
  catalogueCount,
  catalogueEdition,
  catalogueIds,
  catalogueLoaded,
  isSctid,
  subsumption,
  type CatalogueConcept,
  type CatalogueQuery,
  type ConceptCondition,
} from './terminology';
