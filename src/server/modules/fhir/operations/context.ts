import type { Queryable } from '../../../db/db';
import { invalid } from '../outcome';
import { allConceptMaps, resourceByUrl } from '../repository';
import { checkResource, isTerminologyType } from '../resource-check';
import { GraphCodeSystemSource, virtualById, virtualIdOf, virtualMapsFor, type GraphUrls } from '../graph';
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
  /** `about`: the code $translate asks for (the graph's generated maps are built for it alone). */
  conceptMaps(url?: string, version?: string, about?: { code: string; reverse: boolean }): Promise<Resource[]>;
  /** A resource the graph generates, by type and id (/{type}/{id}/$op on one); null when the id is not one. */
  generated(type: 'CodeSystem' | 'ValueSet' | 'ConceptMap', id: string): Promise<Resource | null>;
  /** The graph's CodeSystem url when `id` is its id (/CodeSystem/{id}/$op), without building the resource; else null. */
  graphCodeSystemUrl(id: string): string | null;
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
  /** The canonical urls of the graph's generated resources (none: the graph is not served). */
  graph?: GraphUrls;
}

export function operationContext(db: Queryable, input: OperationInput, options: ContextOptions = {}): OperationContext {
  const { graph } = options;
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
      if (graph && url === graph.codeSystem && v === undefined) return new GraphCodeSystemSource(db, url);
      return (await snomed(url, v)) ?? stored(url, v);
    },
    valueSet: async (canonical, version) => {
      const [url, v] = splitCanonical(canonical, version);
      const own = newest(inlineOf('ValueSet', url, v)) ?? snomedImplicitValueSet(url);
      if (own) return own;
      const generated = graph && v === undefined ? virtualIdOf(graph, 'ValueSet', url) : null;
      if (generated) return virtualById(db, graph!, 'ValueSet', generated);
      return resourceByUrl(db, 'ValueSet', url, v);
    },
    conceptMaps: async (canonical, version, about) => {
      if (canonical === undefined) {
        const generated = graph && about ? await virtualMapsFor(db, graph, about) : [];
        return [...inline.filter((r) => r.resourceType === 'ConceptMap'), ...generated, ...(await allConceptMaps(db))];
      }
      const [url, v] = splitCanonical(canonical, version);
      const inlined = newest(inlineOf('ConceptMap', url, v));
      if (inlined) return [inlined];
      const id = graph && v === undefined ? virtualIdOf(graph, 'ConceptMap', url) : null;
      if (id) return about ? virtualMapsFor(db, graph!, about, url) : [await virtualById(db, graph!, 'ConceptMap', id)].filter((m): m is Resource => m !== null);
      const own = await resourceByUrl(db, 'ConceptMap', url, v);
      return own ? [own] : [];
    },
    generated: async (type, id) => (graph ? virtualById(db, graph, type, id) : null),
    graphCodeSystemUrl: (id) => (graph && virtualIdOf(graph, 'CodeSystem', graph.codeSystem) === id ? graph.codeSystem : null),
  };
}
