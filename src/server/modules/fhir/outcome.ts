/** FHIR's OperationOutcome: the one shape of every error under /fhir (R4 §3.1.0.5). */

/** The issue codes this server answers with (R4 IssueType, http://hl7.org/fhir/issue-type). */
export type IssueCode = 'invalid' | 'structure' | 'required' | 'value' | 'not-found' | 'not-supported' | 'security' | 'forbidden' | 'login' | 'conflict' | 'duplicate' | 'too-costly' | 'exception' | 'processing' | 'transient';

export interface OperationOutcome {
  resourceType: 'OperationOutcome';
  issue: { severity: 'error' | 'warning' | 'information' | 'fatal'; code: IssueCode; details?: { coding?: { system: string; code: string }[]; text: string }; diagnostics?: string; expression?: string[] }[];
}

/** A refusal under /fhir: its HTTP status and the OperationOutcome's issue. */
export class FhirError extends Error {
  constructor(
    readonly statusCode: number,
    readonly issueCode: IssueCode,
    message: string,
    /** FHIRPath of the element at fault (a malformed resource). */
    readonly expression?: string,
    /** The finer tx-issue-type code (vs-invalid…) terminology clients read from details.coding. */
    readonly txCode?: string,
  ) {
    super(message);
  }
}

export const invalid = (message: string, expression?: string) => new FhirError(400, 'invalid', message, expression);
export const notFound = (message: string) => new FhirError(404, 'not-found', message);
export const notSupported = (message: string, status = 400) => new FhirError(status, 'not-supported', message);

/**
 * The outcome of one issue. `diagnostics` carries the server's own error code (too_deep, not_found,
 * forbidden…), so a client or test can tell refusals apart beyond FHIR's coarse issue types.
 */
export function outcome(code: IssueCode, text: string, diagnostics?: string, expression?: string, txCode?: string): OperationOutcome {
  const coding = txCode ? { coding: [{ system: 'http://hl7.org/fhir/tools/CodeSystem/tx-issue-type', code: txCode }] } : {};
  return {
    resourceType: 'OperationOutcome',
    issue: [{ severity: 'error', code, details: { ...coding, text }, ...(diagnostics ? { diagnostics } : {}), ...(expression ? { expression: [expression] } : {}) }],
  };
}

/** The issue type FHIR uses for an HTTP status the rest of the server answers with. */
export function issueCodeOfStatus(status: number): IssueCode {
  if (status === 401) return 'login';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not-found';
  if (status === 405 || status === 406 || status === 415) return 'not-supported';
  if (status === 409 || status === 412) return 'conflict';
  if (status === 413 || status === 429) return 'too-costly';
  if (status === 503) return 'transient';
  if (status >= 500) return 'exception';
  return 'invalid';
}
