// Zod-free on purpose: browser bundles read this at run time (no-zod.test.ts beside it says why).

/** The FHIR resources the Terminology page accepts in an upload. */
export const TERMINOLOGY_RESOURCE_TYPES = ['CodeSystem', 'ValueSet', 'ConceptMap'] as const;
export type TerminologyResourceType = (typeof TERMINOLOGY_RESOURCE_TYPES)[number];

/** The largest FHIR JSON file the page uploads (the server's body limit under /fhir). */
export const TERMINOLOGY_UPLOAD_MAX_BYTES = 1024 * 1024;
