/**
 * Where operations find concepts. Every code system an operation can use — a stored CodeSystem, one
 * supplied inline (tx-resource), later the knowledge graph and SNOMED — answers through this one
 * interface, so $lookup, $validate-code, $subsumes and $expand never know where the concepts live.
 * A source must page and count by itself: an expansion of a million-concept system reads one page.
 */

/** The filter operators of ValueSet.compose.include.filter this server evaluates. */
export const FILTER_OPS = ['=', 'is-a', 'descendent-of', 'is-not-a', 'regex', 'in', 'not-in', 'exists', 'child-of', 'generalizes'] as const;
export type FilterOp = (typeof FILTER_OPS)[number];

export interface ConceptFilter {
  /** `concept` or `code` (the hierarchy / the code itself), `display`, or a property's code. */
  property: string;
  op: FilterOp;
  value: string;
}

/** One include (or exclude) of a compose: a concept list, or filters that must all hold; neither = all concepts. */
export interface ConceptCriteria {
  codes?: string[];
  filters?: ConceptFilter[];
}

/** What to list: an include, minus excludes of the same system, narrowed by the request's text filter and activeOnly. */
export interface ConceptQuery {
  include: ConceptCriteria;
  exclude?: ConceptCriteria[];
  /** Expansion `filter`: every word must start a word of the display. */
  text?: string;
  activeOnly?: boolean;
  /** Only these codes (membership tests). */
  only?: string[];
}

export interface Designation {
  language?: string;
  use?: { system?: string; code?: string; display?: string };
  value: string;
}

export interface ConceptProperty {
  code: string;
  /** Its value[x]: valueCode, valueString, valueBoolean, valueCoding… */
  [value: string]: unknown;
}

export interface Concept {
  code: string;
  display: string | null;
  definition: string | null;
  designations: Designation[];
  properties: ConceptProperty[];
  parents: string[];
  inactive: boolean;
  /** notSelectable: a grouping concept, listed but not to be chosen. */
  abstract: boolean;
}

export type Subsumption = 'equivalent' | 'subsumes' | 'subsumed-by' | 'not-subsumed';

/** The most parents whose displays, and children, $lookup names. */
export const LOOKUP_RELATIVES = 100;

/** A concept with what $lookup says beside it: its parents' displays and its direct children. */
export interface ConceptDetails {
  concept: Concept;
  /** The displays of its first LOOKUP_RELATIVES parents, by code (a parent the system lacks: absent). */
  parentDisplays: Map<string, string | null>;
  /** Its first `limit` direct children, in the code system's order. */
  children: { code: string; display: string | null }[];
}

export interface CodeSystemSource {
  readonly url: string;
  readonly version?: string;
  readonly name: string;
  /** The language of its displays (CodeSystem.language), when it states one. */
  readonly language?: string;
  /** Whether codes compare case-sensitively (CodeSystem.caseSensitive; FHIR's default is true). */
  readonly caseSensitive: boolean;
  lookup(code: string): Promise<Concept | null>;
  /**
   * $lookup's answer: the concept, its parents' displays and its first `limit` children, in a fixed
   * number of statements whatever their number (one for the stored and the graph's code systems).
   */
  details(code: string, limit: number): Promise<ConceptDetails | null>;
  /** One page of the concepts a query selects, in the code system's own order. */
  find(query: ConceptQuery, page: { offset: number; count: number }): Promise<Concept[]>;
  count(query: ConceptQuery): Promise<number>;
  subsumes(codeA: string, codeB: string): Promise<Subsumption>;
}

/** Finds the source of a system (+version; without one, the newest). Null: not known here. */
export type SourceResolver = (system: string, version?: string) => Promise<CodeSystemSource | null>;
