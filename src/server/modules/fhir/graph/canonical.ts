import type { FastifyInstance, FastifyRequest } from 'fastify';
import { FHIR_PREFIX } from '../http';

/**
 * Where the graph's canonical urls start: KG_FHIR_CANONICAL_BASE when set, else the public origin
 * (KG_PUBLIC_URL, else the request's) + /fhir. The graph's CodeSystem is `{base}/CodeSystem/knowledge-graph`,
 * a node type's ValueSet `{base}/ValueSet/kg-type-{id}`, a relation type's ConceptMap `{base}/ConceptMap/kg-relation-{id}`.
 */
export function canonicalBase(app: FastifyInstance, request: FastifyRequest): string {
  return app.config.fhirCanonicalBase ?? `${app.config.publicUrl ?? `${request.protocol}://${request.host}`}${FHIR_PREFIX}`;
}

export const GRAPH_CODE_SYSTEM_ID = 'knowledge-graph';
export const TYPE_VALUE_SET_PREFIX = 'kg-type-';
export const RELATION_MAP_PREFIX = 'kg-relation-';
export const SNOMED_MAP_ID = 'kg-snomed';
export const SNOMED_SYSTEM = 'http://snomed.info/sct';

export interface GraphUrls {
  base: string;
  codeSystem: string;
  valueSet: (nodeTypeId: string) => string;
  conceptMap: (relationTypeId: string) => string;
  snomedMap: string;
}

export const graphUrls = (base: string): GraphUrls => ({
  base,
  codeSystem: `${base}/CodeSystem/${GRAPH_CODE_SYSTEM_ID}`,
  valueSet: (id) => `${base}/ValueSet/${TYPE_VALUE_SET_PREFIX}${id}`,
  conceptMap: (id) => `${base}/ConceptMap/${RELATION_MAP_PREFIX}${id}`,
  snomedMap: `${base}/ConceptMap/${SNOMED_MAP_ID}`,
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (v: string) => UUID.test(v);
