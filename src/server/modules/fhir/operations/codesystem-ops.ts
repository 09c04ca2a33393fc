import { invalid, notFound } from '../outcome';
import { readResource } from '../repository';
import type { OperationContext } from './context';
import type { OperationInput } from './input';
import { displayLanguages, inactiveIssue, issuesParameter, txIssue, wrongDisplay, type TxIssue } from './issues';
import { LOOKUP_RELATIVES, type CodeSystemSource, type ConceptDetails } from './source';
import { StoredCodeSystemSource } from './stored-source';

interface CodingInput {
  system?: string;
  version?: string;
  code?: string;
  display?: string;
}

/** A code system as the messages name it: `'url' version 'v'`, quoted as HL7's tests expect. */
const label = (s: CodeSystemSource) => (s.version ? `${s.url}' version '${s.version}` : s.url);

/** The code system an operation names: the instance (/CodeSystem/{id}/$op), or system/url (+version). */
async function sourceOf(ctx: OperationContext, instanceId: string | undefined, system: string | undefined, version: string | undefined): Promise<CodeSystemSource | { unknown: string }> {
  if (instanceId) {
    const graph = ctx.graphCodeSystemUrl(instanceId);
    if (graph) return (await ctx.codeSystem(graph)) ?? { unknown: graph };
    const row = await readResource(ctx.db, 'CodeSystem', instanceId);
    if (!row) throw notFound(`CodeSystem/${instanceId} is not known`);
    return new StoredCodeSystemSource(ctx.db, row);
  }
  if (!system) throw invalid('The parameter system (or coding.system) is required', 'system');
  return (await ctx.codeSystem(system, version)) ?? { unknown: version ? `${system}|${version}` : system };
}

/** The concept's properties as $lookup parts: parents, children, inactive, then its own. */
function propertyParts({ concept, children, parentDisplays }: ConceptDetails) {
  const part = (code: string, value: Record<string, unknown>, description?: string | null) => ({
    name: 'property',
    part: [{ name: 'code', valueCode: code }, { name: 'value', ...value }, ...(description ? [{ name: 'description', valueString: description }] : [])],
  });
  const own = concept.properties
    .filter((p) => p.code !== 'parent')
    .map((p) => {
      const key = Object.keys(p).find((k) => k.startsWith('value'));
      return key ? part(p.code, { [key]: p[key] }) : null;
    })
    .filter((p) => p !== null);
  return [
    ...concept.parents.map((code) => part('parent', { valueCode: code }, parentDisplays.get(code))),
    ...children.map((c) => part('child', { valueCode: c.code }, c.display)),
    ...(concept.properties.some((p) => p.code === 'inactive') ? [] : [part('inactive', { valueBoolean: concept.inactive })]),
    ...own,
  ];
}

/** CodeSystem $lookup: display, definition, designations, and properties (parents and children among them). */
export async function lookup(ctx: OperationContext, input: OperationInput, instanceId?: string) {
  const coding = input.object<CodingInput>('coding', 'Coding');
  const code = input.string('code') ?? coding?.code;
  if (!code) throw invalid('The parameter code (or coding) is required', 'code');
  const source = await sourceOf(ctx, instanceId, input.string('system') ?? coding?.system, input.string('version') ?? coding?.version);
  if ('unknown' in source) throw notFound(`A definition for CodeSystem '${source.unknown}' could not be found, so the code cannot be looked up`);
  const details = await source.details(code, LOOKUP_RELATIVES);
  if (!details) throw notFound(`Unknown code '${code}' in the CodeSystem '${label(source)}'`);
  const { concept } = details;
  return {
    resourceType: 'Parameters',
    parameter: [
      { name: 'name', valueString: source.name },
      ...(source.version ? [{ name: 'version', valueString: source.version }] : []),
      { name: 'system', valueUri: source.url },
      { name: 'code', valueCode: concept.code },
      { name: 'display', valueString: concept.display ?? concept.code },
      ...(concept.definition ? [{ name: 'definition', valueString: concept.definition }] : []),
      { name: 'abstract', valueBoolean: concept.abstract },
      ...concept.designations.map((d) => ({
        name: 'designation',
        part: [...(d.language ? [{ name: 'language', valueCode: d.language }] : []), ...(d.use ? [{ name: 'use', valueCoding: d.use }] : []), { name: 'value', valueString: d.value }],
      })),
      ...propertyParts(details),
    ],
  };
}

/** CodeSystem $validate-code: result, and why not (unknown system or code, a display that is not the concept's). */
export async function validateCode(ctx: OperationContext, input: OperationInput, instanceId?: string) {
  const coding = input.object<CodingInput>('coding', 'Coding');
  const code = input.string('code') ?? coding?.code;
  if (!code) throw invalid('The parameter code (or coding) is required', 'code');
  const display = input.string('display') ?? coding?.display;
  const system = input.string('url', 'system') ?? coding?.system;
  const source = await sourceOf(ctx, instanceId, system, input.string('version') ?? coding?.version);
  const at = coding ? 'Coding.code' : 'code';
  const answer = (result: boolean, issues: TxIssue[], extra: Record<string, unknown>[] = []) => ({
    resourceType: 'Parameters',
    parameter: [
      { name: 'result', valueBoolean: result },
      { name: 'code', valueCode: code },
      ...(system || !('unknown' in source) ? [{ name: 'system', valueUri: 'unknown' in source ? system : source.url }] : []),
      ...extra,
      ...(issues.length ? [{ name: 'message', valueString: issues.map((i) => i.text).join('; ') }, issuesParameter(issues)] : []),
    ],
  });
  if ('unknown' in source) {
    return answer(false, [txIssue('error', 'not-found', 'not-found', `A definition for CodeSystem '${source.unknown}' could not be found, so the code cannot be validated`, coding ? 'Coding.system' : 'system')], [{ name: 'x-caused-by-unknown-system', valueCanonical: source.unknown }]);
  }
  const version = source.version ? [{ name: 'version', valueString: source.version }] : [];
  const concept = await source.lookup(code);
  if (!concept) return answer(false, [txIssue('error', 'code-invalid', 'invalid-code', `Unknown code '${code}' in the CodeSystem '${label(source)}'`, at)], version);
  const found = [...version, { name: 'display', valueString: concept.display ?? concept.code }, ...(concept.inactive ? [{ name: 'inactive', valueBoolean: true }] : [])];
  const issues: TxIssue[] = [];
  if (concept.inactive) issues.push(inactiveIssue(concept, coding ? 'Coding' : 'code'));
  if (display !== undefined) {
    const lenient = input.boolean('lenient-display-validation') === true;
    const wrong = wrongDisplay(source, concept, display, displayLanguages(input.string('displayLanguage')), coding ? 'Coding.display' : 'display', lenient);
    if (wrong) {
      issues.push(wrong);
      if (!lenient) return answer(false, issues, found);
    }
  }
  return answer(true, issues, found);
}

/** CodeSystem $subsumes: how codeA relates to codeB in the code system's hierarchy. */
export async function subsumes(ctx: OperationContext, input: OperationInput, instanceId?: string) {
  const a = input.object<CodingInput>('codingA', 'Coding');
  const b = input.object<CodingInput>('codingB', 'Coding');
  const codeA = input.string('codeA') ?? a?.code;
  const codeB = input.string('codeB') ?? b?.code;
  if (!codeA || !codeB) throw invalid('The parameters codeA and codeB (or codingA and codingB) are required', codeA ? 'codeB' : 'codeA');
  const system = input.string('system') ?? a?.system ?? b?.system;
  if (a?.system && b?.system && a.system !== b.system) throw invalid('codingA and codingB must be of the same code system', 'codingB');
  const source = await sourceOf(ctx, instanceId, system, input.string('version') ?? a?.version ?? b?.version);
  if ('unknown' in source) throw notFound(`A definition for CodeSystem '${source.unknown}' could not be found, so the subsumption cannot be tested`);
  for (const [code, name] of [[codeA, 'codeA'], [codeB, 'codeB']] as const) {
    if (!(await source.lookup(code))) throw notFound(`Unknown code '${code}' in the CodeSystem '${label(source)}' (${name})`);
  }
  return { resourceType: 'Parameters', parameter: [{ name: 'outcome', valueCode: await source.subsumes(codeA, codeB) }] };
}
