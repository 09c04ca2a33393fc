import type { SnomedDriftKind } from './snomed';
import { defineTexts } from './texts';
// Zod-free (snomed.ts imports zod; only its types are used here): the node screens import it.

/** What the node screens say about drift (spec wording where it has some). */
export const SNOMED_DRIFT_TEXTS = defineTexts('snomedDrift', {
  badge: 'SNOMED review',
  kinds: {
    missing: 'The SNOMED code is no longer in the catalogue',
    inactive: 'The SNOMED concept is inactive',
    term_changed: 'The SNOMED term changed',
  } satisfies Record<SnomedDriftKind, string>,
  was: 'Was',
  now: 'Now',
  detected: 'Detected',
  acceptFailed: 'The change could not be accepted',
  pickAnother: 'Pick another code',
  accept: 'Accept',
  accepted: 'SNOMED change accepted',
  filter: 'Needs SNOMED review',
});
