import { TERMINOLOGY_TYPES } from './resource-check';

/** When this statement's content last changed (what the server can do, not when it started). */
const STATEMENT_DATE = '2026-12-05';
const SOFTWARE = { name: 'Medical knowledge graph terminology server', version: '0.1.0' };
export const FHIR_VERSION = '4.0.1';

const SEARCH_PARAMS = [
  { name: 'url', type: 'uri', definition: 'http://hl7.org/fhir/SearchParameter/conformance-url' },
  { name: 'version', type: 'token', definition: 'http://hl7.org/fhir/SearchParameter/conformance-version' },
  { name: 'name', type: 'string', definition: 'http://hl7.org/fhir/SearchParameter/conformance-name' },
  { name: 'title', type: 'string', definition: 'http://hl7.org/fhir/SearchParameter/conformance-title' },
  { name: 'status', type: 'token', definition: 'http://hl7.org/fhir/SearchParameter/conformance-status' },
  { name: '_id', type: 'token', definition: 'http://hl7.org/fhir/SearchParameter/Resource-id' },
];

/** The operations actually served, by resource type (only what answers; nothing announced ahead). */
const OPERATIONS: Record<string, { name: string; definition: string }[]> = {
  CodeSystem: [
    { name: 'lookup', definition: 'http://hl7.org/fhir/OperationDefinition/CodeSystem-lookup' },
    { name: 'validate-code', definition: 'http://hl7.org/fhir/OperationDefinition/CodeSystem-validate-code' },
    { name: 'subsumes', definition: 'http://hl7.org/fhir/OperationDefinition/CodeSystem-subsumes' },
  ],
  ValueSet: [
    { name: 'expand', definition: 'http://hl7.org/fhir/OperationDefinition/ValueSet-expand' },
    { name: 'validate-code', definition: 'http://hl7.org/fhir/OperationDefinition/ValueSet-validate-code' },
  ],
  ConceptMap: [{ name: 'translate', definition: 'http://hl7.org/fhir/OperationDefinition/ConceptMap-translate' }],
};

/** The application-feature extension the HL7 terminology tests read a server's declarations from. */
const FEATURE = 'http://hl7.org/fhir/uv/application-feature/StructureDefinition/feature';
const feature = (definition: string, value: Record<string, unknown>) => ({ url: FEATURE, extension: [{ url: 'definition', valueCanonical: definition }, { url: 'value', ...value }] });
/** The release of the HL7 terminology ecosystem test cases this server is measured against (docs/FHIR.md, Conformance). */
export const TX_TESTS_VERSION = '1.9.0';

/** GET /fhir/metadata: what this server does, as the terminology-server statement it instantiates. */
export function capabilityStatement(base: string) {
  return {
    resourceType: 'CapabilityStatement',
    extension: [
      feature('http://hl7.org/fhir/uv/tx-tests/FeatureDefinition/test-version', { valueCode: TX_TESTS_VERSION }),
      // Code systems passed as tx-resource parameters to operations (rather than stored first): not served.
      feature('http://hl7.org/fhir/uv/tx-ecosystem/FeatureDefinition/CodeSystemAsParameter', { valueBoolean: false }),
    ],
    url: `${base}/metadata`,
    version: SOFTWARE.version,
    name: 'KnowledgeGraphTerminologyServer',
    title: 'Medical knowledge graph: FHIR terminology server',
    status: 'active',
    date: STATEMENT_DATE,
    kind: 'instance',
    instantiates: ['http://hl7.org/fhir/CapabilityStatement/terminology-server'],
    software: { ...SOFTWARE, releaseDate: STATEMENT_DATE },
    implementation: { description: 'FHIR R4 terminology services of the medical knowledge graph', url: base },
    fhirVersion: FHIR_VERSION,
    format: ['application/fhir+json', 'json'],
    rest: [
      {
        mode: 'server',
        security: {
          cors: true,
          description: 'OAuth-style bearer tokens of the app (Authorization: Bearer …): reads need nodes.read, writes system.config.',
        },
        resource: TERMINOLOGY_TYPES.map((type) => ({
          type,
          profile: `http://hl7.org/fhir/StructureDefinition/${type}`,
          interaction: ['read', 'search-type', 'create', 'update', 'delete'].map((code) => ({ code })),
          versioning: 'versioned-update',
          readHistory: false,
          updateCreate: true,
          conditionalCreate: false,
          conditionalUpdate: false,
          conditionalDelete: 'not-supported',
          searchParam: SEARCH_PARAMS,
          ...(OPERATIONS[type] ? { operation: OPERATIONS[type] } : {}),
        })),
        operation: [{ name: 'versions', definition: 'http://hl7.org/fhir/OperationDefinition/CapabilityStatement-versions' }],
      },
    ],
  };
}

/** The $expand parameters this server acts on (TerminologyCapabilities.expansion.parameter). */
const EXPAND_PARAMETERS = ['activeOnly', 'check-system-version', 'count', 'displayLanguage', 'excludeNested', 'filter', 'force-system-version', 'includeDefinition', 'includeDesignations', 'offset', 'property', 'system-version', 'tx-resource'];

export interface ServedCodeSystem {
  url: string;
  versions: string[];
}

/**
 * Every code system the operations answer for, once each: the graph's CodeSystem (always served, no
 * version), SNOMED CT when its catalogue is loaded (then it answers for its url, not a stored CodeSystem
 * of that url), and the stored ones. A stored CodeSystem under the graph's url adds its versions.
 */
export function servedCodeSystems(graph: string, snomed: ServedCodeSystem | null, stored: ServedCodeSystem[]): ServedCodeSystem[] {
  const byUrl = new Map<string, ServedCodeSystem>([[graph, { url: graph, versions: [] }]]);
  if (snomed) byUrl.set(snomed.url, snomed);
  for (const cs of stored) {
    if (snomed && cs.url === snomed.url) continue;
    const known = byUrl.get(cs.url);
    byUrl.set(cs.url, known ? { url: cs.url, versions: [...known.versions, ...cs.versions] } : cs);
  }
  return [...byUrl.values()];
}

/** GET /fhir/metadata?mode=terminology. */
export function terminologyCapabilities(base: string, codeSystems: ServedCodeSystem[]) {
  return {
    resourceType: 'TerminologyCapabilities',
    url: `${base}/metadata?mode=terminology`,
    version: SOFTWARE.version,
    name: 'KnowledgeGraphTerminologyCapabilities',
    title: 'Medical knowledge graph: terminology capabilities',
    status: 'active',
    date: STATEMENT_DATE,
    kind: 'instance',
    software: SOFTWARE,
    implementation: { description: 'FHIR R4 terminology services of the medical knowledge graph', url: base },
    // Every code system served (servedCodeSystems), each with its versions.
    codeSystem: codeSystems.map((cs) => ({ uri: cs.url, ...(cs.versions.length ? { version: cs.versions.map((code) => ({ code })) } : {}) })),
    expansion: { hierarchical: false, paging: true, parameter: EXPAND_PARAMETERS.map((name) => ({ name })), textFilter: 'Each word of filter must start a word of the display.' },
    validateCode: { translations: false },
    translation: { needsMap: false },
    codeSearch: 'explicit',
  };
}

/** GET /fhir/$versions: the FHIR versions served (R4 only), as a client negotiating a version asks. */
export function versionsParameters() {
  const r4 = FHIR_VERSION.split('.').slice(0, 2).join('.');
  return { resourceType: 'Parameters', parameter: [{ name: 'version', valueCode: r4 }, { name: 'default', valueCode: r4 }] };
}
