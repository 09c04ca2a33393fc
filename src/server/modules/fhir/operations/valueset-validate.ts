import { invalid } from '../outcome';
import { UnknownSystem, UnknownValueSet, canonicalOf, contains } from './compose';
import type { OperationContext, Resource } from './context';
import { valueSetOf } from './expand';
import type { OperationInput } from './input';
import { displayInLanguage, displays, inactiveIssue, issuesParameter, statusOf, txIssue, type TxIssue } from './issues';

interface CodingInput {
  system?: string;
  version?: string;
  code?: string;
  display?: string;
}

/** The coding to check and where it sits in the request (for the issues' expression). */
function codingOf(input: OperationInput): { coding: CodingInput; at: string } {
  const cc = input.object<{ coding?: CodingInput[] }>('codeableConcept', 'CodeableConcept');
  if (cc) {
    if (!cc.coding?.length) throw invalid('The codeableConcept has no coding', 'codeableConcept');
    return { coding: cc.coding[0], at: 'CodeableConcept.coding[0]' };
  }
  const coding = input.object<CodingInput>('coding', 'Coding');
  if (coding) return { coding, at: 'Coding' };
  const code = input.string('code');
  if (!code) throw invalid('The parameter code (or coding, or codeableConcept) is required', 'code');
  return { coding: { code, system: input.string('system'), version: input.string('systemVersion', 'version'), display: input.string('display') }, at: '' };
}

/** The systems of a value set's includes that have the code (inferSystem). */
async function systemsWith(ctx: OperationContext, vs: Resource, code: string): Promise<string[]> {
  const systems = new Set<string>();
  for (const inc of ((vs.compose as { include?: { system?: string }[] } | undefined)?.include ?? [])) {
    if (inc.system && !systems.has(inc.system)) {
      try {
        if (await contains(ctx, vs, inc.system, code)) systems.add(inc.system);
      } catch (err) {
        if (!(err instanceof UnknownSystem)) throw err;
      }
    }
  }
  return [...systems];
}

function cannotInfer(code: string, vsLabel: string, candidates: string[], at: string) {
  const issues: TxIssue[] = [];
  if (candidates.length > 1) {
    issues.push(txIssue('error', 'not-found', 'cannot-infer', `The System URI could not be determined for the code '${code}' in the ValueSet '${vsLabel}': value set expansion has multiple matches: [${candidates.join(', ')}]`, at));
  }
  issues.push(txIssue('error', 'code-invalid', 'not-in-vs', `The provided code '#${code}' was not found in the value set '${vsLabel}'`, at));
  return {
    resourceType: 'Parameters',
    parameter: [{ name: 'result', valueBoolean: false }, { name: 'code', valueCode: code }, { name: 'message', valueString: issues.map((i) => i.text).join('; ') }, issuesParameter(issues)],
  };
}

/** ValueSet $validate-code: is the code in the value set, with its display and the issues why not. */
export async function validateInValueSet(ctx: OperationContext, input: OperationInput, instanceId?: string) {
  const vs = await valueSetOf(ctx, input, instanceId);
  const { coding, at } = codingOf(input);
  const where = (element: string) => (at ? `${at}.${element}` : element);
  const code = coding.code;
  if (!code) throw invalid('The coding has no code', where('code'));
  const vsLabel = canonicalOf(vs);
  if (!coding.system) {
    if (input.boolean('inferSystem') !== true) throw invalid('The coding has no system', where('system'));
    const candidates = await systemsWith(ctx, vs, code);
    if (candidates.length !== 1) return cannotInfer(code, vsLabel, candidates, where('code'));
    coding.system = candidates[0];
  }
  const system = coding.system;
  const issues: TxIssue[] = [];
  const extra: Record<string, unknown>[] = [];
  const answer = (result: boolean) => ({
    resourceType: 'Parameters',
    parameter: [
      { name: 'result', valueBoolean: result },
      { name: 'code', valueCode: code },
      { name: 'system', valueUri: system },
      ...extra,
      ...(issues.length ? [{ name: 'message', valueString: issues.filter((i) => i.severity !== 'information').map((i) => i.text).join('; ') }, issuesParameter(issues)] : []),
    ],
  });
  const notInValueSet = () => txIssue('error', 'code-invalid', 'not-in-vs', `The provided code '${system}#${code}' was not found in the value set '${vsLabel}'`, where('code'));

  const source = await ctx.codeSystem(system, coding.version);
  let member: boolean;
  try {
    member = await contains(ctx, vs, system, code);
  } catch (err) {
    if (err instanceof UnknownSystem) {
      issues.push(txIssue('error', 'not-found', 'not-found', `A definition for CodeSystem '${err.canonical}' could not be found, so the code cannot be validated`, where('system')));
      extra.push({ name: 'x-caused-by-unknown-system', valueCanonical: err.canonical });
      return answer(false);
    }
    if (err instanceof UnknownValueSet) {
      issues.push(txIssue('error', 'not-found', 'not-found', err.message, where('code')));
      return answer(false);
    }
    throw err;
  }
  if (!source) {
    const canonical = coding.version ? `${system}|${coding.version}` : system;
    issues.push(txIssue('error', 'not-found', 'not-found', `A definition for CodeSystem ${canonical} could not be found, so the code cannot be validated`, where('system')), notInValueSet());
    extra.push({ name: 'x-unknown-system', valueCanonical: canonical });
    return answer(false);
  }
  if (source.version) extra.push({ name: 'version', valueString: source.version });
  const concept = await source.lookup(code);
  if (!concept) {
    issues.push(txIssue('error', 'code-invalid', 'invalid-code', `Unknown code '${code}' in the CodeSystem '${source.version ? `${source.url}|${source.version}` : source.url}'`, where('code')));
    if (!member) issues.push(notInValueSet());
    return answer(false);
  }
  extra.push({ name: 'display', valueString: displayInLanguage(concept, input.string('displayLanguage')) ?? concept.code });
  if (concept.inactive) {
    extra.push({ name: 'inactive', valueBoolean: true });
    const status = statusOf(concept);
    if (status) extra.push({ name: 'status', valueCode: status });
    // A value set of active codes only: the code is known but not allowed, an error of its own.
    if (!member && (vs.compose as { inactive?: boolean } | undefined)?.inactive === false) {
      issues.push(txIssue('error', 'business-rule', 'code-rule', `The concept '${code}' is valid but is not active`, where('code')));
    }
    issues.push(inactiveIssue(concept, at || 'code'));
  }
  if (!member) {
    issues.push(notInValueSet());
    return answer(false);
  }
  if (coding.display !== undefined) {
    const valid = displays(concept);
    if (valid.length && !valid.some((d) => d.toLowerCase() === coding.display!.toLowerCase())) {
      issues.push(txIssue('error', 'invalid', 'invalid-display', `Wrong Display Name '${coding.display}' for ${system}#${code}. Valid display is ${valid.map((d) => `'${d}'`).join(' or ')}`, where('display')));
      return answer(false);
    }
  }
  return answer(true);
}
