import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { IDENTITY_MESSAGES, MESSAGES, type AuthResponse, type User } from '../../../contract';
import { testApp, type TestApp } from '../../test/harness';
import { usernameSkeleton } from './skeleton';

let t: TestApp;
let admin: AuthResponse;
let member: AuthResponse;

beforeAll(async () => {
  t = await testApp();
  admin = await t.register('admin');
  member = await t.register('member');
  // A precomposed accent, for the decomposed spelling below.
  await t.register('adél');
});
afterAll(() => t?.close());

/**
 * Each class of look-alike: the name, and whether it is refused as invalid text (400, with the
 * message) or as another user's name (409).
 */
const LOOK_ALIKES: { kind: string; username: string; invalid?: string }[] = [
  { kind: 'full-width', username: 'ａｄｍｉｎ' },
  { kind: 'Cyrillic confusable', username: '\u0430dmin' },
  { kind: 'mixed-case Cyrillic confusable', username: 'АDMIN' },
  { kind: '"rn" for "m"', username: 'adrnin' },
  { kind: 'decomposed accent (combining mark)', username: 'ade\u0301l' },
  { kind: 'zero-width space', username: 'admin\u200b', invalid: IDENTITY_MESSAGES.usernameInvisible },
  { kind: 'zero-width joiner', username: 'ad\u200dmin', invalid: IDENTITY_MESSAGES.usernameInvisible },
  { kind: 'soft hyphen', username: 'ad\u00admin', invalid: IDENTITY_MESSAGES.usernameInvisible },
  { kind: 'right-to-left override', username: '\u202enimda', invalid: IDENTITY_MESSAGES.usernameInvisible },
  { kind: 'right-to-left isolate', username: 'admin\u2067x\u2069', invalid: IDENTITY_MESSAGES.usernameInvisible },
  { kind: 'left-to-right mark', username: 'admin\u200e', invalid: IDENTITY_MESSAGES.usernameInvisible },
  { kind: 'dot above on a dotted letter (combining mark)', username: 'admi\u0307n', invalid: IDENTITY_MESSAGES.usernameHiddenMarks },
  { kind: 'dotless i with a dot above (combining mark)', username: 'adm\u0131\u0307n', invalid: IDENTITY_MESSAGES.usernameHiddenMarks },
  { kind: 'repeated combining mark', username: 'ade\u0301\u0301l', invalid: IDENTITY_MESSAGES.usernameHiddenMarks },
  { kind: 'stacked combining marks', username: 'a\u0300\u0301\u0302\u0303\u0304dmin', invalid: IDENTITY_MESSAGES.usernameHiddenMarks },
  { kind: 'leading combining mark', username: '\u0301admin', invalid: IDENTITY_MESSAGES.usernameHiddenMarks },
];

let serial = 0;
const freshEmail = () => `look-${++serial}@example.org`;

describe.each(LOOK_ALIKES)('a username with a $kind', ({ username, invalid }) => {
  const expectRefused = (res: { statusCode: number; json: () => { error: string; code: string } }, takenCode: string, takenMessage: string) => {
    if (invalid) {
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ error: invalid, code: 'validation_error' });
    } else {
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: takenMessage, code: takenCode });
    }
  };

  it('is refused on registration', async () => {
    const res = await t.call({ method: 'POST', url: '/api/auth/register', payload: { username, email: freshEmail(), password: 'look-alike-pw' } });
    expectRefused(res, 'account_taken', MESSAGES.auth.accountTaken);
  });

  it('is refused when an administrator creates a user', async () => {
    const res = await t.call({ method: 'POST', url: '/api/users', token: admin.accessToken, payload: { username, email: freshEmail(), password: 'look-alike-pw', role: 'viewer' } });
    expectRefused(res, 'username_taken', MESSAGES.auth.usernameTaken);
  });

  it('is refused when an administrator renames a user', async () => {
    const res = await t.call({ method: 'PUT', url: `/api/users/${member.user.id}`, token: admin.accessToken, payload: { username } });
    expectRefused(res, 'username_taken', MESSAGES.auth.usernameTaken);
  });

  it('is refused when users rename themselves, and the availability check says taken', async () => {
    const res = await t.call({ method: 'PUT', url: '/api/auth/profile', token: member.accessToken, payload: { username } });
    expectRefused(res, 'username_taken', MESSAGES.auth.usernameTaken);
    if (!invalid) {
      const check = await t.call({ method: 'POST', url: '/api/auth/check-username', token: member.accessToken, payload: { username } });
      expect(check.json()).toEqual({ available: false });
    }
  });
});

describe('identity text', () => {
  it('stores usernames and emails in their NFKC form', async () => {
    const res = await t.call({ method: 'POST', url: '/api/auth/register', payload: { username: 'ｗｉｄｅ', email: 'ｗｉｄｅ@example.org', password: 'wide-pw-12' } });
    expect(res.statusCode).toBe(201);
    expect(res.json<AuthResponse>().user).toMatchObject({ username: 'wide', email: 'wide@example.org' });
  });

  it('refuses invisible and bidirectional characters in emails', async () => {
    for (const email of ['eve\u200b@example.org', 'eve@exa\u202emple.org', '\u2066eve@example.org']) {
      const res = await t.call({ method: 'POST', url: '/api/auth/register', payload: { username: `eve${++serial}`, email, password: 'eve-pw-123' } });
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe(IDENTITY_MESSAGES.emailInvisible);
    }
    const profile = await t.call({ method: 'PUT', url: '/api/auth/profile', token: member.accessToken, payload: { email: 'member\u200b@example.org' } });
    expect(profile.json().error).toBe(IDENTITY_MESSAGES.emailInvisible);
  });

  it('keeps accents that show: names differing by a visible accent are different names', async () => {
    const res = await t.call({ method: 'POST', url: '/api/auth/register', payload: { username: 'adel', email: freshEmail(), password: 'adel-pw-123' } });
    expect(res.statusCode).toBe(201);
  });

  it('lets users keep their own name and change its case', async () => {
    const s = await t.register('casey');
    const put = (payload: object) => t.call({ method: 'PUT', url: '/api/auth/profile', token: s.accessToken, payload });
    expect((await put({ username: 'casey' })).statusCode).toBe(200);
    expect((await put({ username: 'Casey' })).json<User>().username).toBe('Casey');
    const check = await t.call({ method: 'POST', url: '/api/auth/check-username', token: s.accessToken, payload: { username: 'ｃａｓｅｙ' } });
    expect(check.json()).toEqual({ available: true });
  });
});

describe('existing accounts', () => {
  it('gets the skeleton of accounts written without one (older rows, restored backups) before comparing', async () => {
    // As a restore writes users: straight into the table, without the derived column.
    await t.db.query(`INSERT INTO users (username, email, password_hash) VALUES ('boss', 'boss@example.org', '!restored')`);
    const res = await t.call({ method: 'POST', url: '/api/auth/register', payload: { username: 'b\u043ess', email: freshEmail(), password: 'boss-pw-123' } });
    expect(res.statusCode).toBe(409);
    // The refused registration's transaction rolled back; the next one that commits keeps the skeleton.
    await t.register('someone');
    const [row] = await t.db.query<{ username_skeleton: string }>(`SELECT username_skeleton FROM users WHERE username = 'boss'`);
    expect(row.username_skeleton).toBe(usernameSkeleton('boss'));
  });

  it('forgets a stale skeleton when a username is changed without it', async () => {
    await t.db.query(`UPDATE users SET username = 'chief' WHERE username = 'boss'`);
    const [row] = await t.db.query<{ username_skeleton: string | null }>(`SELECT username_skeleton FROM users WHERE username = 'chief'`);
    expect(row.username_skeleton).toBeNull();
    const free = await t.call({ method: 'POST', url: '/api/auth/register', payload: { username: 'b\u043ess', email: freshEmail(), password: 'boss-pw-123' } });
    expect(free.statusCode).toBe(201);
    const taken = await t.call({ method: 'POST', url: '/api/auth/register', payload: { username: 'c\u04bbief', email: freshEmail(), password: 'chief-pw-12' } });
    expect(taken.statusCode).toBe(409);
  });

  it('leaves look-alike pairs from before the check alone: both can still be saved unchanged', async () => {
    await t.db.query(`INSERT INTO users (username, email, password_hash, role_id)
       VALUES ('\u0430dmin', 'legacy@example.org', '!restored', (SELECT id FROM roles WHERE name = 'viewer'))`);
    const [legacy] = await t.db.query<{ id: string }>(`SELECT id FROM users WHERE email = 'legacy@example.org'`);
    const res = await t.call({ method: 'PUT', url: `/api/users/${legacy.id}`, token: admin.accessToken, payload: { username: '\u0430dmin', mobileNo: '+1 555 0101' } });
    expect(res.json()).toMatchObject({ username: '\u0430dmin', mobileNo: '+1 555 0101' });
  });
});
