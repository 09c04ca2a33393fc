/**
 * One test case against a running server: the request built as the reference runner builds it
 * (R5 request converted for an R4 server, profile parameters added, the test's headers), sent over
 * HTTP, the HTTP status checked, the answer converted back to R5 and compared with the expected
 * template.
 */
import { compareJson, type CompareContext } from './compare';
import { send, type Answer, type Target } from './http-client';
import { resourceToR4, resourceToR5 } from './r4';
import { scrub } from './scrub';
import { readJson, requestFile, responseFile, type TestCase } from './suites';

export interface TestResult {
  name: string;
  operation: string;
  passed: boolean;
  /** Why it failed, one line. */
  reason?: string;
}

/** Where each operation of the suite is POSTed (type-level, Parameters body). */
const ENDPOINTS: Record<string, string> = {
  expand: '/ValueSet/$expand',
  'validate-code': '/ValueSet/$validate-code',
  'cs-validate-code': '/CodeSystem/$validate-code',
  lookup: '/CodeSystem/$lookup',
  subsumes: '/CodeSystem/$subsumes',
  translate: '/ConceptMap/$translate',
  'batch-validate': '/ValueSet/$batch-validate',
};

type Parameters = { resourceType: 'Parameters'; parameter?: Record<string, unknown>[] };

/** The request body: the test's Parameters, the profile's parameters, lenient-display as a parameter. */
function buildRequest(test: TestCase, modes: ReadonlySet<string>, r4: boolean): Parameters {
  const file = requestFile(test, modes);
  const request = file ? readJson<Parameters>(file) : { resourceType: 'Parameters' as const, parameter: [] };
  const parameter = [...(request.parameter ?? [])];
  if (test.profile) parameter.push(...(readJson<Parameters>(test.profile).parameter ?? []));
  if (test['lenient-display'] !== undefined) parameter.push({ name: 'lenient-display-validation', valueBoolean: test['lenient-display'] });
  const body: Parameters = { ...request, parameter };
  return r4 ? resourceToR4(body) : body;
}

function headersOf(test: TestCase, modes: ReadonlySet<string>): Record<string, string> {
  const headers: Record<string, string> = {};
  if (test['Accept-Language']) headers['accept-language'] = test['Accept-Language'];
  if (test.header && (!test.header.mode || modes.has(test.header.mode))) headers[test.header.name.toLowerCase()] = test.header.value;
  return headers;
}

/** `422`, or a class such as `4xx`. */
const statusMatches = (expected: string, status: number) => (/^\dxx$/i.test(expected) ? String(status)[0] === expected[0] : String(status) === expected);

/** The first issue's text of an OperationOutcome, for the one-line reason of an unexpected status. */
function issueText(body: unknown): string {
  const issue = (body as { issue?: { details?: { text?: string }; diagnostics?: string }[] } | undefined)?.issue?.[0];
  return issue?.details?.text ?? issue?.diagnostics ?? '';
}

export async function executeTest(target: Target, test: TestCase, ctx: CompareContext): Promise<TestResult> {
  const base = { name: test.name, operation: test.operation };
  const r4 = ctx.fhirVersion.startsWith('4.');
  let answer;
  if (test.operation === 'metadata' || test.operation === 'term-caps') {
    answer = await send(target, 'GET', test.operation === 'metadata' ? '/metadata' : '/metadata?mode=terminology');
  } else {
    const endpoint = ENDPOINTS[test.operation];
    if (!endpoint) return { ...base, passed: false, reason: `the runner does not send the operation ${test.operation}` };
    answer = await send(target, 'POST', endpoint, buildRequest(test, ctx.modes, r4), headersOf(test, ctx.modes));
  }
  // KG_FHIR_TX_DUMP={dir}: every answer written there as {test}.json, to read beside the expected one.
  if (process.env.KG_FHIR_TX_DUMP) {
    const fs = await import('node:fs');
    fs.mkdirSync(process.env.KG_FHIR_TX_DUMP, { recursive: true });
    fs.writeFileSync(`${process.env.KG_FHIR_TX_DUMP}/${test.name}.json`, JSON.stringify(answer.body ?? answer.text, null, 1));
  }
  const primary = judge(test, ctx, answer, responseFile(test, ctx.modes), test['http-code'] ?? '200');
  // `response2`: a second acceptable answer, an error where the first is a result (a regex too costly to run).
  if (primary && test.response2 && judge(test, ctx, answer, test.response2, answer.status >= 400 ? String(answer.status) : '4xx') === null) {
    return { ...base, passed: true };
  }
  return primary ? { ...base, passed: false, reason: primary.slice(0, 300) } : { ...base, passed: true };
}

/** Why the answer is not the expected one (its status, then its body), or null when it is. */
function judge(test: TestCase, ctx: CompareContext, answer: Answer, file: string, wanted: string): string | null {
  if (!statusMatches(wanted, answer.status)) {
    return `HTTP ${answer.status}, expected ${wanted}${issueText(answer.body) ? `: ${issueText(answer.body).slice(0, 160)}` : ''}`;
  }
  if (answer.body === undefined) return `the answer is not JSON: ${answer.text.slice(0, 80)}`;
  // The capability statements are patterns, compared as they are; operation answers are normalised first.
  const partial = test.operation === 'metadata' || test.operation === 'term-caps';
  const tight = ctx.modes.has('tx.fhir.org');
  const normalise = (r: unknown) => (partial ? r : scrub(r, tight));
  const r4 = ctx.fhirVersion.startsWith('4.');
  const actual = normalise(r4 ? resourceToR5(answer.body) : answer.body);
  const expected = normalise(readJson(file));
  try {
    return compareJson(expected, actual, { ...ctx, partial });
  } catch (err) {
    return (err as Error).message;
  }
}
