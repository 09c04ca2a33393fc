/**
 * The `issues` OperationOutcome of a $validate-code answer, shaped as HL7's terminology tests expect:
 * an R4 issue type, the finer tx-issue-type in details.coding, and where in the request it lies.
 */
export interface TxIssue {
  severity: 'error' | 'warning' | 'information';
  code: 'not-found' | 'code-invalid' | 'invalid' | 'business-rule' | 'not-supported' | 'processing';
  txCode: 'not-found' | 'not-in-vs' | 'invalid-code' | 'invalid-display' | 'code-comment' | 'vs-invalid' | 'cannot-infer';
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
