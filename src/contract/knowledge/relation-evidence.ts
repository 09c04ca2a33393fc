import { z } from 'zod';
import { EVIDENCE_MESSAGES } from '../texts/relations';
import { EVIDENCE_GRADES, EVIDENCE_LIMITS, evidenceSourceProblem } from '../values/relation-evidence';

export { EVIDENCE_MESSAGES };
export * from '../values/relation-evidence';

/** One source as a relation's body gives it. */
export const EvidenceInputSchema = z.object({
  source: z
    .string({ error: EVIDENCE_MESSAGES.sourceRequired })
    .trim()
    .min(1, EVIDENCE_MESSAGES.sourceRequired)
    .max(EVIDENCE_LIMITS.sourceMax, EVIDENCE_MESSAGES.sourceTooLong)
    .superRefine((s, ctx) => {
      const problem = evidenceSourceProblem(s);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  quote: z
    .string({ error: EVIDENCE_MESSAGES.quoteTooLong })
    .max(EVIDENCE_LIMITS.quoteMax, EVIDENCE_MESSAGES.quoteTooLong)
    .nullish()
    .transform((v) => (v == null || v.trim() === '' ? undefined : v.trim())),
  grade: z
    .enum(EVIDENCE_GRADES, { error: EVIDENCE_MESSAGES.invalidGrade })
    .nullish()
    .transform((v) => v ?? undefined),
});
export type EvidenceInput = z.input<typeof EvidenceInputSchema>;

/**
 * A relation body's `evidence`: the whole list, replacing the stored one. Left out of a PUT, the
 * stored evidence stays (clients that know nothing of it keep it).
 */
export const EvidenceListSchema = z.array(EvidenceInputSchema, { error: EVIDENCE_MESSAGES.notAList }).max(EVIDENCE_LIMITS.items, EVIDENCE_MESSAGES.tooMany);

/** One source as answers carry it (quote and grade only when given). */
export const EvidenceSchema = z.object({
  source: z.string(),
  quote: z.string().optional(),
  grade: z.enum(EVIDENCE_GRADES).optional(),
});
export type Evidence = z.infer<typeof EvidenceSchema>;
