import type { CodeSystemSource, Concept } from './source';

/**
 * The `issues` OperationOutcome of a $validate-code answer, shaped as HL7's terminology tests expect:
 * an R4 issue type, the finer tx-issue-type in details.coding, and where in the request it lies.
 */
export interface TxIssue {
  severity: 'error' | 'warning' | 'information';
  code: 'not-found' | 'code-invalid' | 'invalid' | 'business-rule' | 'not-supported' | 'processing' | 'exception';
  txCode: 'not-found' | 'not-in-vs' | 'invalid-code' | 'invalid-display' | 'code-comment' | 'code-rule' | 'vs-invalid' | 'cannot-infer' | 'version-error';
  text: string;
  at: string;
}

export const txIssue = (severity: TxIssue['severity'], code: TxIssue['code'], txCode: TxIssue['txCode'], text: string, at: string): TxIssue => ({ severity, code, txCode, text, at });

export function issuesParameter(issues: TxIssue[]) {
  return {
    name: 'issues',
    resource: {
      resourceType: 'OperationOutcome',
      issue: issues.map((i) => ({
        severity: i.severity,
        code: i.code,
        details: { coding: [{ system: 'http://hl7.org/fhir/tools/CodeSystem/tx-issue-type', code: i.txCode }], text: i.text },
        location: [i.at],
        expression: [i.at],
      })),
    },
  };
}

/** A display is right when it is the concept's display or one of its designations (case-insensitively for whitespace only). */
export const displays = (c: { display: string | null; designations: { value: string }[] }) => [c.display, ...c.designations.map((d) => d.value)].filter((d): d is string => !!d);

/** An inactive concept's own status (retired, deprecated…) when it says more than "inactive". */
export const statusOf = (c: Concept): string | undefined => {
  const status = c.properties.find((p) => p.code === 'status' && typeof p.valueCode === 'string' && p.valueCode !== 'inactive')?.valueCode;
  return typeof status === 'string' ? status : undefined;
};

/** The warning that a valid code is inactive (its use should be reviewed). */
export const inactiveIssue = (c: Concept, at: string) => {
  const status = statusOf(c);
  return txIssue('warning', 'business-rule', 'code-comment', `The concept '${c.code}' has a status of ${status ? `${status} and inactive` : 'inactive'} and its use should be reviewed`, at);
};

/** The display in the requested language (displayLanguage): a designation in it, else the concept's display. */
export function displayInLanguage(c: Concept, language: string | undefined): string | null {
  if (!language) return c.display;
  const wanted = language.toLowerCase();
  return c.designations.find((d) => d.language && (d.language.toLowerCase() === wanted || d.language.toLowerCase().startsWith(`${wanted}-`)))?.value ?? c.display;
}

const DISPLAY_USES = new Set(['display', '900000000000013009']);
const inLanguage = (tag: string | undefined, wanted: string) => !!tag && (tag.toLowerCase() === wanted.toLowerCase() || tag.toLowerCase().startsWith(`${wanted.toLowerCase()}-`));

/**
 * The issue of a display that is none of the concept's (null when it is one): its displays in the
 * requested languages (displayLanguage), else all of them, named with their language, in HL7's
 * wording. lenient-display-validation makes it a warning that leaves the code valid.
 */
export function wrongDisplay(source: CodeSystemSource, c: Concept, display: string, languages: string[], at: string, lenient: boolean): TxIssue | null {
  const valid = displays(c);
  if (!valid.length || valid.some((d) => d.toLowerCase() === display.toLowerCase())) return null;
  // The concept's display is in the code system's language; a designation counts when it is a display.
  const choices: { value: string; language?: string }[] = [];
  const add = (value: string, language?: string) => {
    if (!choices.some((x) => x.value === value && x.language === language)) choices.push({ value, language });
  };
  if (c.display) add(c.display, source.language);
  for (const d of c.designations) if (d.language && (!d.use?.code || DISPLAY_USES.has(d.use.code))) add(d.value, d.language);
  const wanted = languages.length ? choices.filter((x) => languages.some((l) => inLanguage(x.language, l) || (!x.language && x === choices[0]))) : choices;
  const head = `Wrong Display Name '${display}' for ${source.url}#${c.code}.`;
  const named = (x: { value: string; language?: string }) => `'${x.value}'${x.language ? ` (${x.language})` : ''}`;
  const text = !wanted.length
    ? `${head} There are no valid display names found for language(s) '${languages.join(', ')}'. Default display is '${c.display ?? c.code}'`
    : `${head} Valid display is ${wanted.length === 1 ? named(wanted[0]) : `one of ${wanted.length} choices: ${wanted.map(named).join(' or ')}`} (for the language(s) '${languages.join(', ') || '--'}')`;
  return txIssue(lenient ? 'warning' : 'error', 'invalid', 'invalid-display', text, at);
}

/** The languages a display is checked in: displayLanguage, as a list. */
export const displayLanguages = (displayLanguage: string | undefined) => (displayLanguage ? displayLanguage.split(',').map((l) => l.split(';')[0].trim()).filter((l) => l && l !== '*') : []);
