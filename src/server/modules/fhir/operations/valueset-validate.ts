import { invalid } from '../outcome';
import { UnknownSystem, UnknownValueSet, canonicalOf, contains, knownVersions, sourceFor, versionMatches, versionRules, type ComposeInclude } from './compose';
import type { OperationContext, Resource } from './context';
import { valueSetOf } from './expand';
import type { OperationInput } from './input';
import { displayInLanguage, displayLanguages, inactiveIssue, wrongDisplay, issuesParameter, statusOf, txIssue, type TxIssue } from './issues';

interface CodingInput {
  system?: string;
  version?: string;
  code?: string;
  display?: string;
}

/** The coding to check and where it sits in the request (for the issues' expression). */
function codingOf(input: OperationInput): { coding: CodingInput; at: string; cc?: { coding?: CodingInput[] } } {
  const cc = input.object<{ coding?: CodingInput[] }>('codeableConcept', 'CodeableConcept');
  if (cc) {
    if (!cc.coding?.length) throw invalid('The codeableConcept has no coding', 'codeableConcept');
    // The concept is echoed as it came; its coding is checked on a copy.
    return { coding: { ...cc.coding[0] }, at: 'CodeableConcept.coding[0]', cc };
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

/** The message: the errors' texts, else the warnings' (alphabetically, joined as tx.fhir.org joins them). */
function messageOf(issues: TxIssue[]) {
  const errors = issues.filter((i) => i.severity === 'error');
  return (errors.length ? errors : issues.filter((i) => i.severity === 'warning'))
    .map((i) => i.text)
    .sort()
    .join('; ');
}

/** ValueSet $validate-code: is the code in the value set, with its display and the issues why not. */
export async function validateInValueSet(ctx: OperationContext, input: OperationInput, instanceId?: string) {
  const vs = await valueSetOf(ctx, input, instanceId);
  const { coding, at, cc } = codingOf(input);
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
      // R5's out parameter: the codeableConcept that was validated, as it was sent.
      ...(cc ? [{ name: 'codeableConcept', valueCodeableConcept: cc }] : []),
      ...extra,
      ...(issues.length ? [{ name: 'message', valueString: messageOf(issues) }, issuesParameter(issues)] : []),
    ],
  });
  const notInValueSet = () => txIssue('error', 'code-invalid', 'not-in-vs', `The provided code '${system}#${code}${coding.display !== undefined ? ` ('${coding.display}')` : ''}' was not found in the value set '${vsLabel}'`, where('code'));

  const rules = versionRules({ force: input.all('force-system-version'), fallback: input.all('system-version'), check: input.all('check-system-version') });
  rules.resolved = new Map();
  rules.violations = [];
  if (coding.version) rules.prefer = new Map([[system, coding.version]]);
  const include = ((vs.compose as { include?: ComposeInclude[] } | undefined)?.include ?? []).find((inc) => inc.system === system);
  // A coding of another version than the value set pins (a pattern it fits is no conflict).
  if (coding.version && include?.version && !versionMatches(include.version, coding.version) && !rules.force.has(system)) {
    issues.push(txIssue('error', 'invalid', 'vs-invalid', `The code system '${system}' version '${include.version}' in the ValueSet include is different to the one in the value ('${coding.version}')`, where('version')));
  }
  const unknown = (err: UnknownSystem) => {
    if (extra.some((p) => p.name === 'x-caused-by-unknown-system' && p.valueCanonical === err.canonical)) return;
    issues.push(txIssue('error', 'not-found', 'not-found', err.textFor('the code cannot be validated'), where('system')));
    extra.push({ name: 'x-caused-by-unknown-system', valueCanonical: err.canonical });
  };
  let member = false;
  let unresolved = false;
  try {
    member = await contains(ctx, vs, system, code, [], rules);
  } catch (err) {
    if (err instanceof UnknownSystem) {
      unknown(err);
      unresolved = true;
    } else if (err instanceof UnknownValueSet) {
      issues.push(txIssue('error', 'not-found', 'not-found', err.message, where('code')));
      return answer(false);
    } else throw err;
  }
  // The version the code is looked up in: the one the value set chose, else the coding's own (or the newest).
  let source = rules.resolved.get(system) ?? null;
  if (!source) {
    try {
      source = await sourceFor(ctx, system, coding.version, rules);
    } catch (err) {
      if (!(err instanceof UnknownSystem)) throw err;
      if (!coding.version || !(await ctx.codeSystem(system))) {
        const canonical = coding.version ? `${system}|${coding.version}` : system;
        if (!unresolved) {
          issues.push(txIssue('error', 'not-found', 'not-found', `A definition for CodeSystem ${canonical} could not be found, so the code cannot be validated`, where('system')), notInValueSet());
          extra.push({ name: 'x-unknown-system', valueCanonical: canonical });
        }
        return answer(false);
      }
      unknown(err);
      source = await ctx.codeSystem(system);
      if (!source) return answer(false);
    }
  }
  // The coding's own version must exist too, even where the value set chose another.
  if (coding.version && source.version !== coding.version && !(await ctx.codeSystem(system, coding.version))) {
    unknown(new UnknownSystem(system, coding.version, (await ctx.codeSystem(system)) ? await knownVersions(ctx, system) : []));
  }
  // A versionless include resolved to another version than the coding's (which does not exist): by a
  // version parameter an error, by taking the newest a warning.
  if (coding.version && include && !include.version && source.version && source.version !== coding.version) {
    const byParameter = [...rules.applied.values()].some((canonical) => canonical.startsWith(`${system}|`));
    issues.push(
      byParameter
        ? txIssue('error', 'invalid', 'vs-invalid', `The code system '${system}' version '${source.version}' resulting from the version '' in the ValueSet include is different to the one in the value ('${coding.version}')`, where('version'))
        : txIssue('warning', 'invalid', 'vs-invalid', `The code system '${system}' version '${source.version}' for the versionless include in the ValueSet include is different to the one in the value ('${coding.version}')`, where('version')),
    );
  }
  for (const text of rules.violations) issues.push(txIssue('error', 'exception', 'version-error', text, where('version')));
  if (source.version) extra.push({ name: 'version', valueString: source.version });
  const concept = await source.lookup(code);
  if (!concept) {
    issues.push(txIssue('error', 'code-invalid', 'invalid-code', `Unknown code '${code}' in the CodeSystem '${source.url}'${source.version ? ` version '${source.version}'` : ''}`, where('code')));
    if (!member && !unresolved) issues.push(notInValueSet());
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
    if (!unresolved) issues.push(notInValueSet());
    return answer(false);
  }
  if (issues.some((i) => i.severity === 'error')) return answer(false);
  if (coding.display !== undefined) {
    const lenient = input.boolean('lenient-display-validation') === true;
    const wrong = wrongDisplay(source, concept, coding.display, displayLanguages(input.string('displayLanguage')), where('display'), lenient);
    if (wrong) {
      issues.push(wrong);
      if (!lenient) return answer(false);
    }
  }
  return answer(true);
}
