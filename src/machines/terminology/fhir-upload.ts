import { TERMINOLOGY_RESOURCE_TYPES, TERMINOLOGY_UPLOAD_MAX_BYTES } from '../../contract/knowledge/terminology';
import { TERMINOLOGY_TEXTS as T } from '../../contract/texts/admin/terminology';
import type { FhirBundleResponse } from '../../api/admin/terminology';

/**
 * What the Terminology page does with a chosen FHIR JSON file: a Bundle (batch or transaction) goes
 * to POST /fhir as it is; a single CodeSystem, ValueSet or ConceptMap goes as a one-entry transaction
 * (stored under its id when it has one, else under a new one). The answer becomes one row per
 * resource: stored, or refused with the server's message and the element's path.
 */
export type UploadOutcome = 'created' | 'updated' | 'deleted' | 'refused' | 'notStored';

export interface UploadRow {
  label: string;
  resourceType: string;
  outcome: UploadOutcome;
  message?: string;
  /** The FHIRPath of the element at fault (`Bundle.entry[1].resource.concept[0].code`). */
  path?: string;
}

export interface UploadReport {
  kind: 'batch' | 'transaction';
  rows: UploadRow[];
  stored: number;
  /** A refused transaction: nothing was stored. */
  refusal: { message: string; path?: string } | null;
}

/** A refusal before anything is sent (not JSON, too large, not terminology): its text is shown as is. */
export class UploadProblem extends Error {}

interface Entry {
  resource?: { resourceType?: string; id?: string; title?: string; name?: string; url?: string };
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const isTerminology = (t: unknown) => (TERMINOLOGY_RESOURCE_TYPES as readonly unknown[]).includes(t);

export function labelOf(resource: Entry['resource']): string {
  return resource?.title ?? resource?.name ?? resource?.id ?? resource?.url ?? resource?.resourceType ?? '—';
}

/** The Bundle to send for a file's text; refuses what is not JSON or not terminology. */
export function bundleOf(text: string): { bundle: Record<string, unknown>; kind: 'batch' | 'transaction'; entries: Entry[] } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new UploadProblem(T.notJson);
  }
  if (!isObject(json)) throw new UploadProblem(T.notTerminology);
  if (json.resourceType === 'Bundle') {
    const entries = Array.isArray(json.entry) ? (json.entry as Entry[]) : [];
    if (json.type !== 'batch' && json.type !== 'transaction') throw new UploadProblem(T.notTerminology);
    return { bundle: json, kind: json.type, entries };
  }
  if (!isTerminology(json.resourceType)) throw new UploadProblem(T.notTerminology);
  const entries = [{ resource: json as Entry['resource'] }];
  return { bundle: { resourceType: 'Bundle', type: 'transaction', entry: entries }, kind: 'transaction', entries };
}

const outcomeOf = (status: string): UploadOutcome => (status.startsWith('201') ? 'created' : status.startsWith('204') ? 'deleted' : status.startsWith('2') ? 'updated' : 'refused');

/** One row per entry from the server's answer. */
export function reportOf(kind: 'batch' | 'transaction', entries: Entry[], answer: FhirBundleResponse): UploadReport {
  const rows = entries.map((e, i): UploadRow => {
    const response = answer.entry?.[i]?.response;
    const issue = response?.outcome?.issue?.[0];
    const outcome = response ? outcomeOf(response.status) : 'refused';
    return { label: labelOf(e.resource), resourceType: e.resource?.resourceType ?? '—', outcome, ...(issue?.details?.text ? { message: issue.details.text } : {}), ...(issue?.expression?.[0] ? { path: issue.expression[0] } : {}) };
  });
  return { kind, rows, stored: rows.filter((r) => r.outcome !== 'refused' && r.outcome !== 'notStored').length, refusal: null };
}

/** A refused transaction: the entry its path names is refused, the others not stored. */
export function refusedReport(entries: Entry[], message: string, path: string | undefined): UploadReport {
  const at = path ? /^Bundle\.entry\[(\d+)\]/.exec(path)?.[1] : entries.length === 1 ? '0' : undefined;
  const rows = entries.map((e, i): UploadRow => ({
    label: labelOf(e.resource),
    resourceType: e.resource?.resourceType ?? '—',
    outcome: String(i) === at ? 'refused' : 'notStored',
    ...(String(i) === at ? { message, ...(path ? { path } : {}) } : {}),
  }));
  return { kind: 'transaction', rows, stored: 0, refusal: { message, ...(path ? { path } : {}) } };
}

export async function readFileText(file: File): Promise<string> {
  if (file.size > TERMINOLOGY_UPLOAD_MAX_BYTES) throw new UploadProblem(T.tooLarge);
  return file.text();
}
