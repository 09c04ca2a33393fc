import { flattenConcepts } from '../concepts';
import { invalid } from '../outcome';
import { LOOKUP_RELATIVES, type CodeSystemSource, type Concept, type ConceptCriteria, type ConceptDetails, type ConceptFilter, type ConceptQuery, type Subsumption } from './source';

/**
 * A CodeSystem supplied inline with a request (tx-resource): small by nature (it travels in the
 * request body, which is size-bounded), so it is evaluated in memory with the same semantics as the
 * stored source's SQL.
 */
const propValue = (p: Record<string, unknown>) => {
  const key = Object.keys(p).find((k) => k.startsWith('value'));
  const v = key ? p[key] : undefined;
  if (v && typeof v === 'object') {
    const code = (v as { code?: unknown }).code;
    return typeof code === 'string' ? code : '';
  }
  return typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined;
};

export class InlineCodeSystemSource implements CodeSystemSource {
  readonly url: string;
  readonly version?: string;
  readonly name: string;
  readonly caseSensitive: boolean;
  readonly language?: string;
  private readonly concepts: Concept[];
  private readonly byCode = new Map<string, Concept>();

  constructor(resource: Record<string, unknown>) {
    this.url = String(resource.url);
    this.version = typeof resource.version === 'string' ? resource.version : undefined;
    this.language = typeof resource.language === 'string' ? resource.language : undefined;
    this.name = [resource.name, resource.title, resource.id].find((v): v is string => typeof v === 'string') ?? this.url;
    this.caseSensitive = resource.caseSensitive !== false;
    this.concepts = flattenConcepts(resource.concept).map((r) => {
      const properties = r.properties as Concept['properties'];
      const has = (code: string, value: string) => properties.some((p) => p.code === code && propValue(p) === value);
      return {
        code: r.code,
        display: r.display,
        definition: r.definition,
        designations: r.designations as Concept['designations'],
        properties,
        parents: r.parentCodes,
        inactive: has('inactive', 'true') || has('status', 'retired') || has('status', 'inactive'),
        abstract: has('notSelectable', 'true'),
      };
    });
    for (const c of this.concepts) this.byCode.set(c.code, c);
  }

  private ancestors(code: string): Set<string> {
    const seen = new Set<string>();
    const stack = [...(this.byCode.get(code)?.parents ?? [])];
    while (stack.length) {
      const next = stack.pop()!;
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(this.byCode.get(next)?.parents ?? []));
    }
    return seen;
  }

  private test(c: Concept, f: ConceptFilter): boolean {
    const list = f.value.split(',').map((v) => v.trim());
    const regex = () => {
      try {
        return new RegExp(`^(?:${f.value})$`);
      } catch {
        throw invalid(`A regex filter is not a valid regular expression: ${f.value}`, 'ValueSet.compose.include.filter');
      }
    };
    if (f.property === 'concept' || f.property === 'code') {
      const above = () => this.ancestors(c.code);
      switch (f.op) {
        case 'is-a': return c.code === f.value || above().has(f.value);
        case 'descendent-of': return c.code !== f.value && above().has(f.value);
        case 'is-not-a': return !(c.code === f.value || above().has(f.value));
        case 'child-of': return c.parents.includes(f.value);
        case 'generalizes': return c.code === f.value || this.ancestors(f.value).has(c.code);
        case '=': return c.code === f.value;
        case 'in': return list.includes(c.code);
        case 'not-in': return !list.includes(c.code);
        case 'regex': return regex().test(c.code);
        default: break;
      }
    } else if (f.property === 'display') {
      if (f.op === '=') return c.display === f.value;
      if (f.op === 'regex') return regex().test(c.display ?? '');
      if (f.op === 'exists') return (c.display !== null) === (f.value !== 'false');
    } else {
      const values = c.properties.filter((p) => p.code === f.property).map(propValue);
      switch (f.op) {
        case '=': return values.includes(f.value);
        case 'in': return values.some((v) => v !== undefined && list.includes(v));
        case 'not-in': return !values.some((v) => v !== undefined && list.includes(v));
        case 'regex': return values.some((v) => regex().test(v ?? ''));
        case 'exists': return (values.length > 0) === (f.value === 'true');
        default: break;
      }
    }
    throw invalid(`The filter ${f.property} ${f.op} ${f.value} is not supported on this code system`, 'ValueSet.compose.include.filter');
  }

  private meets(c: Concept, criteria: ConceptCriteria): boolean {
    return (!criteria.codes || criteria.codes.includes(c.code)) && (criteria.filters ?? []).every((f) => this.test(c, f));
  }

  private select(q: ConceptQuery): Concept[] {
    const words = (q.text ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    return this.concepts.filter((c) => {
      if (!this.meets(c, q.include) || (q.exclude ?? []).some((ex) => this.meets(c, ex))) return false;
      if (q.only && !q.only.includes(c.code)) return false;
      if (q.activeOnly && c.inactive) return false;
      const display = (c.display ?? '').toLowerCase();
      return words.every((w) => display.startsWith(w) || display.includes(` ${w}`));
    });
  }

  async lookup(code: string) {
    return this.byCode.get(code) ?? (this.caseSensitive ? null : (this.concepts.find((c) => c.code.toLowerCase() === code.toLowerCase()) ?? null));
  }
  async details(code: string, limit: number): Promise<ConceptDetails | null> {
    const concept = await this.lookup(code);
    if (!concept) return null;
    const parents = concept.parents.slice(0, LOOKUP_RELATIVES).filter((p) => this.byCode.has(p));
    return {
      concept,
      parentDisplays: new Map(parents.map((p) => [p, this.byCode.get(p)!.display])),
      children: this.concepts.filter((c) => c.parents.includes(concept.code)).slice(0, limit),
    };
  }
  async find(q: ConceptQuery, page: { offset: number; count: number }) {
    return this.select(q).slice(page.offset, page.offset + page.count);
  }
  async count(q: ConceptQuery) {
    return this.select(q).length;
  }
  async subsumes(a: string, b: string): Promise<Subsumption> {
    if (a === b) return 'equivalent';
    if (this.ancestors(b).has(a)) return 'subsumes';
    if (this.ancestors(a).has(b)) return 'subsumed-by';
    return 'not-subsumed';
  }
}
