/** FHIR R4 terminology services under /fhir (docs/FHIR.md). */
export { fhirRoutes } from './routes';
export { FHIR_PREFIX } from './http';
