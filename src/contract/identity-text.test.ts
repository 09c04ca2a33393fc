import { describe, expect, it } from 'vitest';
import { emailField, usernameField } from './admin/users';
import { BIDI_CONTROLS, hasHiddenMarks, hasInvisibleCharacters } from './identity-text';
import { IDENTITY_MESSAGES } from './texts/auth';

describe('identity text rules', () => {
  it.each([
    ['zero-width space', '\u200b'],
    ['zero-width non-joiner', '\u200c'],
    ['zero-width joiner', '\u200d'],
    ['word joiner', '\u2060'],
    ['byte order mark', '\ufeff'],
    ['soft hyphen', '\u00ad'],
    ['combining grapheme joiner', '\u034f'],
    ['variation selector', '\ufe0f'],
    ['Hangul filler', '\u3164'],
    ['right-to-left override', '\u202e'],
    ['left-to-right embedding', '\u202a'],
    ['first-strong isolate', '\u2068'],
    ['right-to-left mark', '\u200f'],
    ['Arabic letter mark', '\u061c'],
    ['tag character', '\u{e0041}'],
    ['control character', '\u0007'],
  ])('finds a %s', (_, char) => {
    expect(hasInvisibleCharacters(`ad${char}min`)).toBe(true);
  });

  it('accepts ordinary names in any script', () => {
    for (const name of ['admin', 'José', 'Zoë', 'Дмитрий', '山田', 'أحمد', 'o\'brien']) expect(hasInvisibleCharacters(name), name).toBe(false);
  });

  it('finds accent marks that hide, and leaves visible ones', () => {
    expect(hasHiddenMarks('\u0301abc')).toBe(true);
    expect(hasHiddenMarks('e\u0301\u0301')).toBe(true);
    expect(hasHiddenMarks('e\u0301\u0323\u0301')).toBe(true);
    expect(hasHiddenMarks('a\u0300\u0301\u0302\u0303\u0304')).toBe(true);
    expect(hasHiddenMarks('i\u0307')).toBe(true);
    expect(hasHiddenMarks('\u0131\u0307')).toBe(true);
    expect(hasHiddenMarks('j\u0307')).toBe(true);
    expect(hasHiddenMarks('José')).toBe(false);
    expect(hasHiddenMarks('Ệ')).toBe(false);
    expect(hasHiddenMarks('ż')).toBe(false);
  });

  it('strips exactly the bidirectional controls from a file name', () => {
    expect('invoice\u202efdp.txt'.replace(BIDI_CONTROLS, '')).toBe('invoicefdp.txt');
    expect('a\u200db.txt'.replace(BIDI_CONTROLS, '')).toBe('a\u200db.txt');
  });
});

describe('username and email fields', () => {
  it('fold to NFKC before checking and keep the folded form', () => {
    expect(usernameField.parse(' ａｄｍｉｎ ')).toBe('admin');
    expect(usernameField.parse('ﬁle')).toBe('file');
    expect(emailField.parse('ｅｖｅ@example.org')).toBe('eve@example.org');
  });

  it('refuse invisible characters with their own message', () => {
    expect(usernameField.safeParse('admin\u200b').error?.issues[0].message).toBe(IDENTITY_MESSAGES.usernameInvisible);
    expect(usernameField.safeParse('a\u0301\u0301dmin').error?.issues[0].message).toBe(IDENTITY_MESSAGES.usernameHiddenMarks);
    expect(emailField.safeParse('eve\u202e@example.org').error?.issues[0].message).toBe(IDENTITY_MESSAGES.emailInvisible);
  });

  it('a compatibility space becomes a space, refused as before', () => {
    expect(usernameField.safeParse('ad\u3000min').success).toBe(false);
  });
});
