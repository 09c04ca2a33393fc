import type { Queryable } from '../../../db/db';
import { invalid } from '../outcome';
import { allConceptMaps, resourceByUrl } from '../repository';
import { checkResource, isTerminologyType } from '../resource-check';
import { snomedImplicitValueSet, snomedSources } from '../sct/source';
import type { SnomedDialect } from '../../../../contract';
import { InlineCodeSystemSource } from './inline-source';
import type { OperationInput } from './input';
import type { SourceResolver } from './source';
import { storedSources } from './stored-source';

export type Resource = Record<string, unknown>;

/**
 * What one operation call can see: the code systems (sources), value sets and concept maps by canonical
 * url — first those supplied inline with the request (tx-resource), then the stored ones. Sources of
 * other kinds (the knowledge graph, SNOMED) join here, before the stored ones.
 */
export interface OperationContext {
  db: Queryable;
  codeSystem: SourceResolver;
  valueSet(url: string, version?: string): Promise<Resource | null>;
  conceptMaps(url?: string, version?: string): Promise<Resource[]>;
}

const splitCanonical = (url: string, version?: string): [string, string | undefined] => {
  const i = url.indexOf('|');
  return i < 0 ? [url, version] : [url.slice(0, i), version ?? url.slice(i + 1)];
};

/** The newest of several versions of one canonical: the highest version string, as the stored lookup orders. */
const versionOf = (r: Resource) => (typeof r.version === 'string' ? r.version : '');
const newest = (list: Resource[]) => [...list].sort((a, b) => versionOf(b).localeCompare(versionOf(a), undefined, { numeric: true }))[0] ?? null;

export interface ContextOptions {
  /** The dialect whose preferred terms SNOMED CT concepts are displayed with. */
  snomedDialect?: SnomedDialect;
}

export function operationContext(db: Queryable, input: OperationInput, options: ContextOptions = {}): OperationContext {
  const inline: Resource[] = input.all('tx-resource').map((r, i) => {
    const type = (r as Resource)?.resourceType;
    if (typeof type !== 'string' || !isTerminologyType(type)) throw invalid(`tx-resource[${i}] must be a CodeSystem, ValueSet or ConceptMap`, 'tx-resource');
    return checkResource(type, r);
  });
  const inlineOf = (type: string, url: string, version?: string) => inline.filter((r) => r.resourceType === type && r.url === url && (version === undefined || r.version === version));
  const stored = storedSources(db);
  const snomed = snomedSources(db, options.snomedDialect ?? 'en-US');
  return {
    db,
    codeSystem: async (system, version) => {
      const [url, v] = splitCanonical(system, version);
      const own = newest(inlineOf('CodeSystem', url, v));
      if (own) return new InlineCodeSystemSource(own);
      return (await snomed(url, v)) ?? stored(url, v);
    },
    valueSet: async (canonical, version) => {
      const [url, v] = splitCanonical(canonical, version);
      return newest(inlineOf('ValueSet', url, v)) ?? snomedImplicitValueSet(url) ?? (await resourceByUrl(db, 'ValueSet', url, v));
    },
    conceptMaps: async (canonical, version) => {
      if (canonical === undefined) return [...inline.filter((r) => r.resourceType === 'ConceptMap'), ...(await allConceptMaps(db))];
      const [url, v] = splitCanonical(canonical, version);
      const own = newest(inlineOf('ConceptMap', url, v)) ?? (await resourceByUrl(db, 'ConceptMap', url, v));
      return own ? [own] : [];
    },
  };
}
