import { FhirError, invalid } from '../outcome';
import type { OperationContext, Resource } from './context';
import { FILTER_OPS, type CodeSystemSource, type Concept, type ConceptCriteria, type ConceptFilter, type ConceptQuery, type FilterOp } from './source';

/**
 * A ValueSet's compose, evaluated against the sources. An include of one code system (with its
 * concept list or filters, minus the excludes of that system) becomes one ConceptQuery that the
 * source pages and counts by itself; only value set references and exclusions by value set make
 * the server gather concepts, and then at most MAX_GATHERED of them.
 */
export const MAX_GATHERED = 10_000;

export interface ComposeInclude {
  system?: string;
  version?: string;
  concept?: { code: string; display?: string; designation?: Concept['designations'] }[];
  filter?: { property: string; op?: string; _op?: { extension?: { url: string; valueCode?: string }[] }; value?: string }[];
  valueSet?: string[];
}

export interface Entry {
  source: CodeSystemSource;
  concept: Concept;
}

export interface Narrowing {
  text?: string;
  activeOnly?: boolean;
  /** The request's system-version, force-system-version and check-system-version. */
  versions?: VersionRules;
  /** Collects the canonicals of the value sets an expansion drew on (used-valueset). */
  usedValueSets?: Set<string>;
}

/** The parts of an expansion: each a source and its query, narrowed to the value sets it references (or only those, without a source). */
export type Part = { source: CodeSystemSource | null; query: ConceptQuery; valueSets?: string[] };

export class UnknownSystem extends FhirError {
  /** The system's canonical (with the version asked for), for x-caused-by-unknown-system. */
  readonly canonical: string;
  constructor(
    readonly system: string,
    readonly version?: string,
    /** The versions that are known, when the system is but not in this version. */
    readonly known: string[] = [],
  ) {
    super(404, 'not-found', `${UnknownSystem.describe(system, version)} could not be found, so the value set cannot be expanded${UnknownSystem.validVersions(known)}`, undefined, 'not-found');
    this.canonical = version ? `${system}|${version}` : system;
  }
  static describe(system: string, version?: string) {
    return `A definition for CodeSystem '${system}'${version ? ` version '${version}'` : ''}`;
  }
  static validVersions(known: string[]) {
    if (!known.length) return '';
    known = [...known].sort((a, b) => a.localeCompare(b, undefined, { numeric: true }));
    return `. Valid versions: ${known.length === 1 ? known[0] : `${known.slice(0, -1).join(', ')} or ${known[known.length - 1]}`}`;
  }
  /** The same refusal for an operation other than $expand (`so the code cannot be validated`). */
  textFor(purpose: string) {
    return `${UnknownSystem.describe(this.system, this.version)} could not be found, so ${purpose}${UnknownSystem.validVersions(this.known)}`;
  }
}

/**
 * The request's version parameters ($expand and $validate-code), each a canonical `system|version`
 * whose version may hold wildcards (`1.0.x`): force-system-version overrides any version, a value
 * set's own included version comes next, then system-version (a default for unversioned includes and
 * codings); check-system-version refuses any other version, and stands in as the default when
 * nothing else names one. `applied` collects the parameters that chose a version (they are echoed).
 */
export interface VersionRules {
  force: Map<string, string>;
  fallback: Map<string, string>;
  check: Map<string, string>;
  applied: Map<string, string>;
  /** $validate-code: the coding's own version, chosen for an unversioned include or one whose pattern it matches. */
  prefer?: Map<string, string>;
  /** The source each system was last resolved to (the version a code was checked in). */
  resolved?: Map<string, CodeSystemSource>;
  /** $validate-code: check-system-version refusals collected here (they are issues) rather than thrown. */
  violations?: string[];
}

export function versionRules(canonicals: { force: unknown[]; fallback: unknown[]; check: unknown[] }): VersionRules {
  const byName = (list: unknown[], name: string) => {
    const out = new Map<string, string>();
    for (const c of list) {
      if (typeof c !== 'string' || !c.includes('|')) throw invalid(`The parameter ${name} must be a canonical system|version`, name);
      const i = c.indexOf('|');
      out.set(c.slice(0, i), c.slice(i + 1));
    }
    return out;
  };
  return { force: byName(canonicals.force, 'force-system-version'), fallback: byName(canonicals.fallback, 'system-version'), check: byName(canonicals.check, 'check-system-version'), applied: new Map() };
}

/** Whether a version matches a version pattern: the same, or the same segments where `x` or `*` stands for any one. */
export function versionMatches(pattern: string, version: string): boolean {
  if (pattern === version) return true;
  const p = pattern.split('.');
  const v = version.split('.');
  return p.length === v.length && p.every((seg, i) => seg === 'x' || seg === 'X' || seg === '*' || seg === v[i]);
}
const isPattern = (version: string) => version.split('.').some((seg) => seg === 'x' || seg === 'X' || seg === '*');
const byVersion = (a: string, b: string) => b.localeCompare(a, undefined, { numeric: true });

/** The stored versions of a code system, newest first. */
export async function knownVersions(ctx: OperationContext, system: string): Promise<string[]> {
  const rows = await ctx.db.query<{ version: string | null }>(`SELECT DISTINCT version FROM fhir_resources WHERE resource_type = 'CodeSystem' AND url = $1 AND version IS NOT NULL`, [system]);
  const versions = rows.map((r) => r.version).filter((v): v is string => !!v);
  // A code system supplied with the request (tx-resource) counts too.
  const own = (await ctx.codeSystem(system))?.version;
  if (own && !versions.includes(own)) versions.push(own);
  return versions.sort(byVersion);
}

/**
 * The source of an include's (or a coding's) system in the version the rules choose, wildcards
 * resolved to the newest matching version. Throws UnknownSystem when there is none, and a
 * version-error when check-system-version forbids the version chosen.
 */
export async function sourceFor(ctx: OperationContext, system: string, ownVersion: string | undefined, rules?: VersionRules): Promise<CodeSystemSource> {
  let wanted = rules?.force.get(system);
  let by = wanted !== undefined ? 'force-system-version' : undefined;
  const preferred = rules?.prefer?.get(system);
  // The coding's own version, where it exists (one that does not is the coding's error, reported by $validate-code).
  if (wanted === undefined && preferred !== undefined && (ownVersion === undefined || (isPattern(ownVersion) && versionMatches(ownVersion, preferred))) && (await ctx.codeSystem(system, preferred))) wanted = preferred;
  if (wanted === undefined) wanted = ownVersion;
  if (wanted === undefined && rules?.fallback.has(system)) [wanted, by] = [rules.fallback.get(system), 'system-version'];
  if (wanted === undefined && rules?.check.has(system)) [wanted, by] = [rules.check.get(system), 'check-system-version'];
  let source: CodeSystemSource | null;
  if (wanted !== undefined && isPattern(wanted)) {
    const version = (await knownVersions(ctx, system)).find((v) => versionMatches(wanted, v));
    source = version ? await ctx.codeSystem(system, version) : null;
  } else {
    source = await ctx.codeSystem(system, wanted);
  }
  if (!source) throw new UnknownSystem(system, wanted, wanted !== undefined ? await knownVersions(ctx, system) : []);
  if (by && rules) rules.applied.set(by, `${system}|${wanted}`);
  rules?.resolved?.set(system, source);
  const check = rules?.check.get(system);
  if (check !== undefined && !(source.version && versionMatches(check, source.version))) {
    const text = `The version '${source.version ?? ''}' is not allowed for system '${system}': required to be '${check}' by a version-check parameter`;
    if (rules?.violations) {
      if (!rules.violations.includes(text)) rules.violations.push(text);
      return source;
    }
    throw new FhirError(400, 'exception', `The version '${source.version ?? ''}' is not allowed for system '${system}': required to be '${check}' by a version-check parameter`, undefined, 'version-error');
  }
  return source;
}

/** The systems a compose includes in more than one version (their expansion entries state the version). */
export function multiVersionSystems(vs: Resource): Set<string> {
  const versions = new Map<string, Set<string>>();
  for (const inc of (vs.compose as { include?: ComposeInclude[] } | undefined)?.include ?? []) {
    if (inc.system && inc.version) versions.set(inc.system, (versions.get(inc.system) ?? new Set()).add(inc.version));
  }
  return new Set([...versions].filter(([, v]) => v.size > 1).map(([system]) => system));
}

export class UnknownValueSet extends FhirError {
  constructor(readonly canonical: string) {
    super(404, 'not-found', `A definition for the value Set '${canonical}' could not be found`, undefined, 'not-found');
  }
}

const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
const canonicalOf = (vs: Resource) => `${text(vs.url) ?? `ValueSet/${text(vs.id) ?? ''}`}${text(vs.version) ? `|${text(vs.version)}` : ''}`;
export { canonicalOf };

const R5_OP = 'http://hl7.org/fhir/5.0/StructureDefinition/extension-ValueSet.compose.include.filter.op';

function criteria(inc: ComposeInclude, where: string): ConceptCriteria {
  const filters: ConceptFilter[] = (inc.filter ?? []).map((f0, i) => {
    // A stored filter may lack its op or value (HL7's tests store such value sets); using it is refused here.
    // An R5 operator R4 lacks (child-of) travels as the cross-version extension on `_op`.
    const f = { ...f0, op: f0.op ?? f0._op?.extension?.find((e) => e.url === R5_OP)?.valueCode };
    if (f.op === undefined) throw new FhirError(400, 'invalid', `The system ${inc.system ?? ''} filter with property = ${f.property} has no op`, `${where}.filter[${i}]`, 'vs-invalid');
    if (f.value === undefined) throw new FhirError(400, 'invalid', `The system ${inc.system ?? ''} filter with property = ${f.property}, op = ${f.op} has no value`, `${where}.filter[${i}]`, 'vs-invalid');
    if (!(FILTER_OPS as readonly string[]).includes(f.op)) throw invalid(`The filter operator ${f.op} is not supported`, `${where}.filter[${i}].op`);
    if (typeof f.value !== 'string' || typeof f.property !== 'string') throw invalid(`A filter needs a property and a value`, `${where}.filter[${i}]`);
    return { property: f.property, op: f.op as FilterOp, value: f.value };
  });
  return { ...(inc.concept ? { codes: inc.concept.map((c) => c.code) } : {}), ...(filters.length ? { filters } : {}) };
}

const composeOf = (vs: Resource) => {
  const compose = vs.compose as { include?: ComposeInclude[]; exclude?: ComposeInclude[]; inactive?: boolean } | undefined;
  if (!compose?.include) throw new FhirError(400, 'not-supported', `The value set '${canonicalOf(vs)}' has no compose to expand`);
  return compose as { include: ComposeInclude[]; exclude?: ComposeInclude[]; inactive?: boolean };
};

/** The parts of a value set's compose (value set references resolved to their canonicals, checked for cycles later). */
export async function partsOf(ctx: OperationContext, vs: Resource, narrowing: Narrowing): Promise<Part[]> {
  const compose = composeOf(vs);
  const parts: Part[] = [];
  // A value set that leaves inactive codes out keeps them out whatever the request says.
  const activeOnly = narrowing.activeOnly === true || compose.inactive === false ? true : undefined;
  for (const [i, inc] of compose.include.entries()) {
    if (!inc.system) {
      if (!inc.valueSet?.length) throw invalid('An include needs a system or a valueSet', `ValueSet.compose.include[${i}]`);
      parts.push({ source: null, query: { include: {} }, valueSets: inc.valueSet });
      continue;
    }
    const source = await sourceFor(ctx, inc.system, inc.version, narrowing.versions);
    const exclude = (compose.exclude ?? []).filter((ex) => ex.system === inc.system && !ex.valueSet?.length && (!ex.version || ex.version === source.version)).map((ex, j) => criteria(ex, `ValueSet.compose.exclude[${j}]`));
    parts.push({ source, query: { include: criteria(inc, `ValueSet.compose.include[${i}]`), exclude, text: narrowing.text, activeOnly }, valueSets: inc.valueSet });
  }
  return parts;
}

/** A value set a compose refers to: `#id` is one contained in the referring value set, anything else a canonical. */
async function referenced(ctx: OperationContext, from: Resource, url: string): Promise<Resource> {
  const found = url.startsWith('#') ? ((from.contained ?? []) as Resource[]).find((r) => r.resourceType === 'ValueSet' && r.id === url.slice(1)) : await ctx.valueSet(url);
  if (!found) throw new UnknownValueSet(url);
  return found;
}

/** Whether a value set has excludes the sources cannot apply themselves (by value set). */
const hasValueSetExcludes = (vs: Resource) => (composeOf(vs).exclude ?? []).some((ex) => ex.valueSet?.length);

/** Every concept of a value set, gathered (bounded): for nested value sets and compositions that cannot be paged at the source. */
export async function gather(ctx: OperationContext, vs: Resource, narrowing: Narrowing, seen: string[] = []): Promise<Entry[]> {
  const canonical = canonicalOf(vs);
  if (seen.includes(canonical)) throw invalid(`The value set ${canonical} includes itself (${[...seen, canonical].join(' → ')})`, 'ValueSet.compose.include.valueSet');
  const path = [...seen, canonical];
  const nested = async (url: string) => {
    const other = await referenced(ctx, vs, url);
    if (!url.startsWith('#')) narrowing.usedValueSets?.add(canonicalOf(other));
    return gather(ctx, other, narrowing, path);
  };
  const out = new Map<string, Entry>();
  const add = (e: Entry) => {
    if (out.size >= MAX_GATHERED) throw new FhirError(400, 'too-costly', `The value set ${canonical} has more than ${MAX_GATHERED} concepts in a composition that cannot be paged: expand it with a filter`);
    out.set(`${e.source.url}|${e.concept.code}`, e);
  };
  for (const part of await partsOf(ctx, vs, narrowing)) {
    const refs = await Promise.all((part.valueSets ?? []).map(nested));
    const inAll = (e: Entry) => refs.every((list) => list.some((r) => r.source.url === e.source.url && r.concept.code === e.concept.code));
    if (!part.source) {
      for (const e of refs[0] ?? []) if (inAll(e)) add(e);
      continue;
    }
    for (const concept of await part.source.find(part.query, { offset: 0, count: MAX_GATHERED + 1 })) {
      const e = { source: part.source, concept };
      if (inAll(e)) add(e);
    }
  }
  for (const [j, ex] of (composeOf(vs).exclude ?? []).entries()) {
    if (!ex.valueSet?.length) {
      // An exclude of a system also takes out what came in through value set references.
      const ofSystem = [...out.values()].filter((e) => e.source.url === ex.system);
      if (!ofSystem.length) continue;
      const codes = ofSystem.map((e) => e.concept.code);
      const hit = await ofSystem[0].source.find({ include: criteria(ex, `ValueSet.compose.exclude[${j}]`), only: codes }, { offset: 0, count: codes.length });
      for (const c of hit) out.delete(`${ex.system}|${c.code}`);
      continue;
    }
    const refs = await Promise.all(ex.valueSet.map(nested));
    for (const [key, e] of out) {
      const bySystem = !ex.system || ex.system === e.source.url;
      if (bySystem && refs.every((list) => list.some((r) => r.source.url === e.source.url && r.concept.code === e.concept.code))) out.delete(key);
    }
  }
  return [...out.values()];
}

/**
 * One page of a value set's expansion and its total. A value set of one code system (the common
 * and the large case) is paged and counted by the source; anything else is gathered first.
 */
export async function expandPage(ctx: OperationContext, vs: Resource, narrowing: Narrowing, page: { offset: number; count: number }): Promise<{ total: number; entries: Entry[]; used: CodeSystemSource[] }> {
  const parts = await partsOf(ctx, vs, narrowing);
  const sources = parts.map((p) => p.source).filter((s): s is CodeSystemSource => s !== null);
  const used = [...new Map(sources.map((s) => [`${s.url}|${s.version ?? ''}`, s])).values()];
  const [only] = parts;
  if (parts.length === 1 && only.source && !only.valueSets?.length && !hasValueSetExcludes(vs)) {
    const { source, query } = { source: only.source, query: only.query };
    const [total, concepts] = await Promise.all([source.count(query), page.count > 0 ? source.find(query, page) : Promise.resolve([])]);
    return { total, entries: concepts.map((concept) => ({ source, concept })), used };
  }
  const all = await gather(ctx, vs, narrowing);
  for (const e of all) if (!used.includes(e.source)) used.push(e.source);
  return { total: all.length, entries: all.slice(page.offset, page.offset + page.count), used: [...new Map(used.map((s) => [`${s.url}|${s.version ?? ''}`, s])).values()] };
}

/** Whether a code of a system is in a value set (membership, for $validate-code): each include asked for that one code. */
export async function contains(ctx: OperationContext, vs: Resource, system: string, code: string, seen: string[] = [], rules?: VersionRules): Promise<boolean> {
  const canonical = canonicalOf(vs);
  if (seen.includes(canonical)) throw invalid(`The value set ${canonical} includes itself`, 'ValueSet.compose.include.valueSet');
  const compose = composeOf(vs);
  const inRefs = async (refs: string[] | undefined) => {
    for (const url of refs ?? []) {
      if (!(await contains(ctx, await referenced(ctx, vs, url), system, code, [...seen, canonical], rules))) return false;
    }
    return true;
  };
  const matches = async (inc: ComposeInclude, where: string, activeOnly?: boolean) => {
    if (inc.system) {
      if (inc.system !== system) return false;
      const source = await sourceFor(ctx, inc.system, inc.version, rules);
      if ((await source.count({ include: criteria(inc, where), only: [code], activeOnly })) === 0) return false;
    }
    return inRefs(inc.valueSet);
  };
  const activeOnly = compose.inactive === false ? true : undefined;
  let found = false;
  for (const [i, inc] of compose.include.entries()) if (await matches(inc, `ValueSet.compose.include[${i}]`, activeOnly)) { found = true; break; }
  if (!found) return false;
  for (const [i, ex] of (compose.exclude ?? []).entries()) if (await matches(ex, `ValueSet.compose.exclude[${i}]`)) return false;
  return true;
}
