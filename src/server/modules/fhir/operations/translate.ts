import { invalid } from '../outcome';
import { readResource, served } from '../repository';
import type { OperationContext, Resource } from './context';
import type { OperationInput } from './input';

interface Group {
  source?: string;
  sourceVersion?: string;
  target?: string;
  targetVersion?: string;
  element?: { code?: string; display?: string; target?: { code?: string; display?: string; equivalence?: string; relationship?: string; comment?: string }[] }[];
}

interface CodingInput {
  system?: string;
  code?: string;
}

/** R5's relationship, for a map written in R5 terms, as R4's equivalence. */
const EQUIVALENCE: Record<string, string> = {
  equivalent: 'equivalent',
  'related-to': 'relatedto',
  'source-is-narrower-than-target': 'narrower',
  'source-is-broader-than-target': 'wider',
  'not-related-to': 'unmatched',
};

const canonical = (cm: Resource) => `${String(cm.url)}${typeof cm.version === 'string' ? `|${cm.version}` : ''}`;

/**
 * ConceptMap $translate: the targets a code maps to (or, with `reverse`, the sources that map to it)
 * in the named map or, without one, in every map. Accepts R4's parameter names and R5's
 * (sourceCode, sourceSystem, targetCode, sourceCoding), as HL7's tests send R5 names.
 */
export async function translate(ctx: OperationContext, input: OperationInput, instanceId?: string) {
  const coding = input.object<CodingInput>('coding', 'Coding') ?? input.object<CodingInput>('sourceCoding', 'Coding') ?? input.object<CodingInput>('targetCoding', 'Coding');
  let reverse = input.boolean('reverse') ?? false;
  if (input.has('targetCode') || input.has('targetCoding')) reverse = true;
  const code = input.string('code', 'sourceCode', 'targetCode') ?? coding?.code;
  if (!code) throw invalid('The parameter code (or coding) is required', 'code');
  const system = input.string('system') ?? (reverse ? input.string('targetSystem', 'targetsystem') : input.string('sourceSystem')) ?? coding?.system;
  const other = reverse ? input.string('sourceSystem') : input.string('targetsystem', 'targetSystem', 'target');
  const url = input.string('url', 'conceptMap');
  let maps: Resource[];
  if (instanceId) {
    const generated = await ctx.generated('ConceptMap', instanceId);
    const row = generated ? null : await readResource(ctx.db, 'ConceptMap', instanceId);
    if (generated) maps = await ctx.conceptMaps(String(generated.url), undefined, { code, reverse });
    else if (row) maps = [served(row)];
    else throw invalid(`ConceptMap/${instanceId} is not known`);
  } else {
    maps = await ctx.conceptMaps(url, input.string('conceptMapVersion'), { code, reverse });
    if (url && !maps.length) throw invalid(`A definition for the ConceptMap '${url}' could not be found`, 'url');
  }
  const matches: { name: string; part: Record<string, unknown>[] }[] = [];
  for (const cm of maps) {
    for (const group of (cm.group ?? []) as Group[]) {
      const [from, to] = reverse ? [group.target, group.source] : [group.source, group.target];
      if (system && from && from !== system) continue;
      if (other && to && to !== other) continue;
      for (const element of group.element ?? []) {
        for (const target of element.target ?? []) {
          const [mine, theirs] = reverse ? [target.code, element.code] : [element.code, target.code];
          if (mine !== code) continue;
          const equivalence = target.equivalence ?? EQUIVALENCE[target.relationship ?? ''] ?? 'relatedto';
          // Reverse: the concept is the code asked about and `source` the code that maps to it (as HL7's tests expect).
          const concept = reverse ? { system: group.target, code } : theirs ? { system: group.target, code: theirs, ...(target.display ? { display: target.display } : {}) } : undefined;
          matches.push({
            name: 'match',
            part: [
              { name: 'equivalence', valueCode: equivalence },
              ...(concept ? [{ name: 'concept', valueCoding: concept }] : []),
              { name: 'originMap', valueCanonical: canonical(cm) },
              ...(reverse && theirs ? [{ name: 'source', valueCoding: { system: group.source, code: theirs, ...(element.display ? { display: element.display } : {}) } }] : []),
            ],
          });
        }
      }
    }
  }
  const found = matches.some((m) => m.part.some((p) => p.name === 'equivalence' && !['unmatched', 'disjoint'].includes(String(p.valueCode))));
  return {
    resourceType: 'Parameters',
    parameter: [
      { name: 'result', valueBoolean: found },
      ...(found ? [] : [{ name: 'message', valueString: `No mapping found for ${system ? `${system}#` : ''}${code}` }]),
      ...matches,
    ],
  };
}
