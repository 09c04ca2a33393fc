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
