import { SNOMED_IDS, type SnomedDialect } from '../../../../contract';
import type { Queryable } from '../../../db/db';
import {
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
} from '../../snomed';
import { invalid } from '../outcome';
import { LOOKUP_RELATIVES, type CodeSystemSource, type Concept, type ConceptCriteria, type ConceptDetails, type ConceptFilter, type ConceptQuery, type Subsumption } from '../operations/source';

/**
 * The SNOMED CT catalogue (modules/snomed) as the code system http://snomed.info/sct: every
 * question goes to the catalogue's own indexed queries (the is-a closure, the word index), so a
 * lookup is one statement and an expansion reads one page. Served only while the catalogue holds
 * descriptions; a CodeSystem stored under the same url answers when it does not.
 */
export const SNOMED_URL = 'http://snomed.info/sct';
const INTERNATIONAL = '900000000000207008';

const USE_DISPLAY: Record<string, string> = {
  [SNOMED_IDS.fsn]: 'Fully specified name',
  [SNOMED_IDS.synonym]: 'Synonym',
  [SNOMED_IDS.definition]: 'Definition',
};

/** "20240131" → "2024-01-31" (an RF2 effective time as a FHIR date). */
const isoDate = (t: string) => (/^\d{8}$/.test(t) ? `${t.slice(0, 4)}-${t.slice(4, 6)}-${t.slice(6)}` : null);

function toConcept(c: CatalogueConcept): Concept {
  const active = c.descriptions.filter((d) => d.active);
  const shown = active.length ? active : c.descriptions;
  const definition = shown.find((d) => d.typeId === SNOMED_IDS.definition)?.term ?? null;
  const effective = c.effectiveTime ? isoDate(c.effectiveTime) : null;
  return {
    code: c.id,
    display: c.preferredTerm ?? shown[0]?.term ?? null,
    definition,
    designations: shown.map((d) => ({
      language: d.languageCode,
      ...(d.typeId ? { use: { system: SNOMED_URL, code: d.typeId, ...(USE_DISPLAY[d.typeId] ? { display: USE_DISPLAY[d.typeId] } : {}) } } : {}),
      value: d.term,
    })),
    properties: [
      ...(effective ? [{ code: 'effectiveTime', valueDateTime: effective }] : []),
      ...(c.moduleId ? [{ code: 'moduleId', valueCode: c.moduleId }] : []),
      ...(c.definitionStatusId ? [{ code: 'sufficientlyDefined', valueBoolean: c.definitionStatusId === SNOMED_IDS.defined }] : []),
    ],
    parents: c.parentTerms.map((p) => p.id),
    inactive: !c.active,
    abstract: false,
  };
}

const badFilter = (f: ConceptFilter) => invalid(`The filter ${f.property} ${f.op} ${f.value} is not supported on ${SNOMED_URL}`, 'ValueSet.compose.include.filter');
const list = (v: string) => v.split(',').map((x) => x.trim()).filter(Boolean);

/** One filter as a condition, or (for is-not-a / not-in) as a condition that must not hold. */
function condition(f: ConceptFilter): { must?: ConceptCondition; mustNot?: ConceptCondition } {
  const { property, op, value } = f;
  if (property === 'concept' || property === 'code') {
    switch (op) {
      case 'is-a':
        return { must: { kind: 'is-a', id: value } };
      case 'descendent-of':
        return { must: { kind: 'descendant-of', id: value } };
      case 'child-of':
        return { must: { kind: 'child-of', id: value } };
      case 'generalizes':
        return { must: { kind: 'generalizes', id: value } };
      case '=':
        return { must: { kind: 'in', ids: [value] } };
      case 'in':
        return { must: { kind: 'in', ids: list(value) } };
      case 'is-not-a':
        return { mustNot: { kind: 'is-a', id: value } };
      case 'not-in':
        return { mustNot: { kind: 'in', ids: list(value) } };
      default:
        throw badFilter(f);
    }
  }
  if (property === 'parent' && op === '=') return { must: { kind: 'child-of', id: value } };
  throw badFilter(f);
}

function catalogueQuery(q: ConceptQuery): CatalogueQuery {
  const out: CatalogueQuery = { all: [], none: [], text: q.text, activeOnly: q.activeOnly };
  const add = (c: ConceptCriteria) => {
    if (c.codes) out.all.push({ kind: 'in', ids: c.codes });
    for (const f of c.filters ?? []) {
      const { must, mustNot } = condition(f);
      if (must) out.all.push(must);
      if (mustNot) out.none.push([mustNot]);
    }
  };
  add(q.include);
  for (const ex of q.exclude ?? []) {
    const group: ConceptCondition[] = ex.codes ? [{ kind: 'in', ids: ex.codes }] : [];
    for (const f of ex.filters ?? []) {
      const { must } = condition(f);
      if (!must) throw badFilter(f);
      group.push(must);
    }
    out.none.push(group);
  }
  if (q.only) out.all.push({ kind: 'in', ids: q.only });
  return out;
}

export class SnomedSource implements CodeSystemSource {
  readonly url = SNOMED_URL;
  readonly name = 'SNOMED CT';
  readonly caseSensitive = true;
  /**
   * Concepts a lookup has named beside its own (its parents, with their preferred terms): a source
   * lives for one request, so the lookup's "parent" displays and a subsumption's second code are
   * answered from here instead of a statement each.
   */
  private readonly named = new Map<string, Concept>();
  /** The word search a find started, by query: the count that runs beside it takes its total. */
  private readonly searches = new WeakMap<ConceptQuery, Promise<{ ids: string[]; total?: number }>>();
  constructor(
    private readonly db: Queryable,
    private readonly dialect: SnomedDialect,
    readonly version: string | undefined,
  ) {}

  private async concepts(ids: string[]): Promise<Concept[]> {
    return (await catalogueConcepts(this.db, ids, this.dialect, { parentTerms: false })).map(toConcept);
  }

  /** The concept read from the catalogue; its parents (with their preferred terms) are remembered as named. */
  private async read(code: string, childLimit = 0): Promise<CatalogueConcept | null> {
    const [found] = await catalogueConcepts(this.db, [code], this.dialect, { childLimit });
    if (!found) return null;
    for (const p of found.parentTerms) {
      this.named.set(p.id, { code: p.id, display: p.term, definition: null, designations: [], properties: [], parents: [], inactive: false, abstract: false });
    }
    return found;
  }

  async lookup(code: string): Promise<Concept | null> {
    if (!isSctid(code)) return null;
    const known = this.named.get(code);
    if (known) return known;
    const found = await this.read(code);
    return found && toConcept(found);
  }

  /** One statement: the concept with its descriptions, its parents' and its first children's preferred terms. */
  async details(code: string, limit: number): Promise<ConceptDetails | null> {
    if (!isSctid(code)) return null;
    const found = await this.read(code, limit);
    if (!found) return null;
    const concept = toConcept(found);
    const parents = concept.parents.slice(0, LOOKUP_RELATIVES);
    return {
      concept,
      parentDisplays: new Map(parents.map((p) => [p, this.named.get(p)?.display ?? null])),
      children: (found.childTerms ?? []).map((c) => ({ code: c.id, display: c.term })),
    };
  }

  async find(query: ConceptQuery, page: { offset: number; count: number }): Promise<Concept[]> {
    const search = catalogueIds(this.db, catalogueQuery(query), page.offset, page.count);
    this.searches.set(query, search);
    return this.concepts((await search).ids);
  }

  async count(query: ConceptQuery): Promise<number> {
    // An expansion asks for the count and the page together: a find started in the same turn has
    // registered its search by now, and a word search answers the count with its page.
    await Promise.resolve();
    const started = this.searches.get(query);
    const total = started ? (await started).total : undefined;
    return total ?? catalogueCount(this.db, catalogueQuery(query));
  }

  async subsumes(codeA: string, codeB: string): Promise<Subsumption> {
    return subsumption(this.db, codeA, codeB);
  }
}

/**
 * The edition loaded, per database. Reading it scans the catalogue (0.8 s at 1.6M descriptions), so
 * it is remembered, and after a minute read again in the background while the remembered one still
 * answers: no request waits for that scan but the first. Requests that come while a read is under
 * way share it (at start, every first request would otherwise scan).
 */
const EDITION_TTL_MS = 60_000;
interface Edition {
  modules: string[];
  effectiveTime: string | null;
}
const editions = new WeakMap<Queryable, { at: number; edition: Edition }>();
const reading = new WeakMap<Queryable, Promise<Edition | null>>();

function readEdition(db: Queryable): Promise<Edition | null> {
  const underWay = reading.get(db);
  if (underWay) return underWay;
  const read = (async () => {
    // An empty catalogue is not remembered: the first import serves at once.
    if (!(await catalogueLoaded(db))) {
      editions.delete(db);
      return null;
    }
    const edition = await catalogueEdition(db);
    editions.set(db, { at: Date.now(), edition });
    return edition;
  })().finally(() => reading.delete(db));
  reading.set(db, read);
  return read;
}

async function editionOf(db: Queryable): Promise<Edition | null> {
  const cached = editions.get(db);
  if (!cached) return readEdition(db);
  // A failed read in the background keeps the remembered edition; the next request tries again.
  if (Date.now() - cached.at >= EDITION_TTL_MS) readEdition(db).catch(() => {});
  return cached.edition;
}

/**
 * The catalogue as a source of http://snomed.info/sct, or null: not that url, no catalogue, or a
 * version naming another edition or release. A version is an edition URI
 * (http://snomed.info/sct/{module}) or a release of it (…/version/{yyyymmdd}) of the one loaded.
 */
export const snomedSources =
  (db: Queryable, dialect: SnomedDialect) =>
  async (system: string, version?: string): Promise<CodeSystemSource | null> => {
    if (system !== SNOMED_URL) return null;
    const edition = await editionOf(db);
    if (!edition) return null;
    const date = edition.effectiveTime;
    const module = edition.modules[0] ?? INTERNATIONAL;
    const release = (m: string) => (date ? `${SNOMED_URL}/${m}/version/${date}` : `${SNOMED_URL}/${m}`);
    if (version === undefined) return new SnomedSource(db, dialect, release(module));
    const m = /^http:\/\/snomed\.info\/sct\/(\d+)(?:\/version\/(\d{8}))?$/.exec(version);
    if (!m || !edition.modules.includes(m[1]) || (m[2] !== undefined && m[2] !== date)) return null;
    return new SnomedSource(db, dialect, release(m[1]));
  };

/**
 * The implicit value sets of SNOMED CT (FHIR R4, "Using SNOMED CT with FHIR"): `?fhir_vs` (every
 * concept) and `?fhir_vs=isa/{sctid}` (the concept and all under it), also after an edition or
 * release URI. Null for any other url (reference sets and ECL are not served).
 */
export function snomedImplicitValueSet(url: string): Record<string, unknown> | null {
  const m = /^http:\/\/snomed\.info\/sct(\/\d+(?:\/version\/\d{8})?)?\?fhir_vs(?:=isa\/(\d{6,18}))?$/.exec(url);
  if (!m) return null;
  const version = m[1] ? `${SNOMED_URL}${m[1]}` : undefined;
  const isa = m[2];
  return {
    resourceType: 'ValueSet',
    url,
    name: isa ? `SNOMED_CT_isa_${isa}` : 'SNOMED_CT_all',
    title: isa ? `SNOMED CT concept ${isa} and its descendants` : 'All SNOMED CT concepts',
    status: 'active',
    compose: {
      include: [
        {
          system: SNOMED_URL,
          ...(version ? { version } : {}),
          ...(isa ? { filter: [{ property: 'concept', op: 'is-a', value: isa }] } : {}),
        },
      ],
    },
  };
}
