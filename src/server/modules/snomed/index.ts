/**
 * The SNOMED CT catalogue: its concepts, the drift of terms used by nodes, and the routes. The
 * SNOMED import evaluates drift and analytics counts it through here.
 */
export { acceptDrift, countDriftNodes, evaluateDrift, listDrift, snapshotUsedTerms, type DriftPassDeps } from './drift';
export { SNOMED_COUNT_CAP, listConcepts, type SnomedListQuery } from './repository';
export { snomedRoutes } from './routes';
