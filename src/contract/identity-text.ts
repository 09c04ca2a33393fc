import { defineTexts } from './texts';
/**
 * Rules for the text of identities (usernames, email addresses) so that one account cannot pass
 * for another on screen. Zod-free, so forms can use the texts; the schemas in users.ts apply them.
 *
 * - Compatibility forms are folded (NFKC): a full-width "ａｄｍｉｎ" is stored as "admin", so
 *   the case-insensitive uniqueness of usernames and emails sees it.
 * - Characters that do not show are refused: controls (Cc), format characters (Cf: zero-width
 *   space and joiners, soft hyphen), every default-ignorable code point, and the bidirectional
 *   controls (right-to-left override, isolates, marks), which reorder what is shown.
 * - Usernames also refuse accent marks that hide (Unicode TS #39 §5.4): a mark with no letter
 *   before it, the same mark twice on one letter, more than four marks on one letter, and a dot
 *   above on a letter that already has a dot (i, j and the like).
 * Look-alikes across scripts (Cyrillic "а" for Latin "a") are a server check against existing
 * names (the confusable skeleton, modules/users/skeleton.ts): they are valid text on their own.
 */
export const IDENTITY_MESSAGES = defineTexts('identity', {
  usernameInvisible: 'Username cannot contain invisible or text-direction characters',
  usernameHiddenMarks: 'Username cannot contain hidden or stacked accent marks',
  emailInvisible: 'Email cannot contain invisible or text-direction characters',
});

/** Controls, format characters, default-ignorables and bidirectional controls. */
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Default_Ignorable_Code_Point}\p{Bidi_Control}]/u;

/** Bidirectional controls only: what a stored file name loses (names may keep other characters). */
export const BIDI_CONTROLS = /\p{Bidi_Control}/gu;

export const normaliseIdentity = (value: string): string => value.normalize('NFKC');

export const hasInvisibleCharacters = (value: string): boolean => INVISIBLE.test(value);

const LEADING_MARK = /^\p{M}/u;
const REPEATED_MARK = /(\p{Mn})\p{Mn}*\1/u;
const TOO_MANY_MARKS = /\p{Mn}{5,}/u;
const DOT_ON_DOTTED = /[\p{Soft_Dotted}\u0131\u0237]\p{Mn}*\u0307/u;

/** Whether a name carries accent marks a reader cannot see (checked on the decomposed form). */
export function hasHiddenMarks(value: string): boolean {
  const decomposed = value.normalize('NFD');
  return [LEADING_MARK, REPEATED_MARK, TOO_MANY_MARKS, DOT_ON_DOTTED].some((rule) => rule.test(decomposed));
}
