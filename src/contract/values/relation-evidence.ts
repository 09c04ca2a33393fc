// Zod-free on purpose: browser bundles read this at run time (no-zod.test.ts beside it says why).

import { EVIDENCE_MESSAGES } from '../texts/relations';

/** The grades a source may carry, strongest first (GRADE's four levels of certainty). */
export const EVIDENCE_GRADES = ['high', 'moderate', 'low', 'very low'] as const;
export type EvidenceGrade = (typeof EVIDENCE_GRADES)[number];

/** Bounds of a relation's evidence: sources per relation, a source's and a quote's length. */
export const EVIDENCE_LIMITS = { items: 20, sourceMax: 500, quoteMax: 1000 } as const;

export type EvidenceKind = 'pmid' | 'doi' | 'url' | 'text';

const PMID = /^PMID:\d{1,9}$/;
/** A DOI: the directory indicator 10, a registrant code of digits (dot-separated), a slash and a suffix without spaces. */
const DOI = /^DOI:10\.\d{4,9}(\.\d+)*\/\S+$/;

/**
 * What a source is, by its prefix: `PMID:` and `DOI:` (any case) claim an identifier and must then
 * be one; `http://` or `https://` claims a web address; anything else is a citation in words.
 */
export function evidenceSourceKind(source: string): EvidenceKind {
  const s = source.trim();
  if (/^pmid:/i.test(s)) return 'pmid';
  if (/^doi:/i.test(s)) return 'doi';
  if (/^https?:/i.test(s)) return 'url';
  return 'text';
}

/** Why a source is refused (its kind's format not met), or null. Zod-free: the import judges cells with it. */
export function evidenceSourceProblem(source: string): string | null {
  const s = source.trim();
  switch (evidenceSourceKind(s)) {
    case 'pmid':
      return PMID.test(s) ? null : EVIDENCE_MESSAGES.invalidPmid;
    case 'doi':
      return DOI.test(s) ? null : EVIDENCE_MESSAGES.invalidDoi;
    case 'url': {
      try {
        const url = new URL(s);
        return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.') ? null : EVIDENCE_MESSAGES.invalidUrl;
      } catch {
        return EVIDENCE_MESSAGES.invalidUrl;
      }
    }
    default:
      return null;
  }
}

/** Where a source can be read: PubMed for a PMID, the DOI resolver for a DOI, the address itself; null for words. */
export function evidenceLink(source: string): string | null {
  const s = source.trim();
  if (evidenceSourceProblem(s)) return null;
  switch (evidenceSourceKind(s)) {
    case 'pmid':
      return `https://pubmed.ncbi.nlm.nih.gov/${s.slice(5)}/`;
    case 'doi':
      return `https://doi.org/${s.slice(4)}`;
    case 'url':
      return s;
    default:
      return null;
  }
}

/** The weakest grade among sources (what a compact summary shows), or null when none is graded. */
export function weakestGrade(evidence: readonly { grade?: EvidenceGrade | null }[]): EvidenceGrade | null {
  let weakest = -1;
  for (const e of evidence) if (e.grade) weakest = Math.max(weakest, EVIDENCE_GRADES.indexOf(e.grade));
  return weakest < 0 ? null : EVIDENCE_GRADES[weakest];
}

/** A grade as the screens say it, in the reader's language. */
export const gradeLabel = (grade: EvidenceGrade, labels: { high: string; moderate: string; low: string; veryLow: string }): string =>
  grade === 'very low' ? labels.veryLow : labels[grade];
