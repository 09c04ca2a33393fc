/** Analytics: totals, activity, quality findings and the likely-duplicates refresh. */
export { DUPLICATE_SIMILARITY, refreshLikelyDuplicates, duplicateRefreshTask, restartDuplicateRefresh, type DuplicateRefreshOptions, type DuplicateRefreshResult, type DuplicateSchedule } from './duplicates';
export { QUALITY_FINDINGS, qualityFindings, type FindingDefinition } from './findings';
export { analyticsRoutes } from './routes';
