import { describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError, EditConflictError } from '../api/client';
import { MESSAGES, type ProfileUpdateRequest, type User } from '../contract';
import { profileMachine, type ProfileAuth } from './profile.machine';

const user: User = {
  id: 'u1',
  username: 'alice',
  email: 'alice@example.org',
  mobileNo: null,
  role: 'editor',
  roleId: 'r1',
  permissions: ['nodes.read'],
  isActive: true,
  lastLogin: null,
  createdAt: '2024-01-01T00:00:00.000Z',
  updatedAt: '2024-01-01T00:00:00.000Z',
};

/** The real actors call these; each test replaces the actors it cares about with .provide(). */
const unusedAuth: ProfileAuth = {
  verifyPassword: () => Promise.reject(new Error('not expected')),
  checkUsername: () => Promise.reject(new Error('not expected')),
  updateProfile: () => Promise.reject(new Error('not expected')),
};

interface Fakes {
  verify?: (password: string) => Promise<void>;
  available?: (username: string) => Promise<boolean>;
  update?: (body: ProfileUpdateRequest) => Promise<User>;
}

function start(fakes: Fakes = {}) {
  const sent: ProfileUpdateRequest[] = [];
  const machine = profileMachine.provide({
    actors: {
      verifyPassword: fromPromise<string, { auth: ProfileAuth; email: string; password: string }>(async ({ input }) => {
        await (fakes.verify ?? (async () => undefined))(input.password);
        return input.password;
      }),
      checkUsername: fromPromise<boolean, { auth: ProfileAuth; username: string }>(({ input }) => (fakes.available ?? (async () => true))(input.username)),
      updateProfile: fromPromise<User, { auth: ProfileAuth; body: ProfileUpdateRequest }>(async ({ input }) => {
        sent.push(input.body);
        return (fakes.update ?? (async (b) => ({ ...user, ...b, mobileNo: b.mobileNo ?? user.mobileNo })))(input.body);
      }),
    },
  });
  const actor = createActor(machine, { input: { user, auth: unusedAuth } }).start();
  const change = (field: 'username' | 'email' | 'mobileNo' | 'newPassword' | 'confirmPassword', value: string) =>
    actor.send({ type: 'profile.change', field, value });
  return { actor, sent, change, ctx: () => actor.getSnapshot().context };
}

describe('profile machine', () => {
  it('starts in view mode with the user values; Cancel restores the originals', () => {
    const { actor, change, ctx } = start();
    expect(actor.getSnapshot().matches('view')).toBe(true);
    actor.send({ type: 'profile.edit' });
    change('username', 'bob');
    change('mobileNo', '+1 555');
    expect(ctx().values.username).toBe('bob');
    actor.send({ type: 'profile.cancel' });
    expect(actor.getSnapshot().matches('view')).toBe(true);
    expect(ctx().values).toMatchObject({ username: 'alice', email: 'alice@example.org', mobileNo: '' });
  });

  it('keeps the new password fields locked until the current password is verified', async () => {
    const verified: string[] = [];
    const { actor, change, ctx } = start({ verify: async (p) => void verified.push(p) });
    actor.send({ type: 'profile.edit' });
    change('newPassword', 'secret1');
    expect(ctx().values.newPassword).toBe('');

    actor.send({ type: 'profile.verify.open' });
    actor.send({ type: 'profile.verify.submit', password: '' });
    expect(ctx().verifyError).toBe(MESSAGES.profile.currentPasswordRequired);
    expect(actor.getSnapshot().matches({ editing: { password: 'prompting' } })).toBe(true);

    actor.send({ type: 'profile.verify.submit', password: 'old-pass' });
    await waitFor(actor, (s) => s.matches({ editing: { password: 'verified' } }));
    expect(verified).toEqual(['old-pass']);
    change('newPassword', 'secret1');
    change('confirmPassword', 'secret1');
    expect(ctx().values).toMatchObject({ newPassword: 'secret1', confirmPassword: 'secret1' });
  });

  it('shows the server error when verification fails, else the fallback, and stays locked', async () => {
    const { actor, change, ctx } = start({ verify: async () => Promise.reject(new ApiError(400, 'incorrect_password', 'The password is incorrect')) });
    actor.send({ type: 'profile.edit' });
    actor.send({ type: 'profile.verify.open' });
    actor.send({ type: 'profile.verify.submit', password: 'wrong' });
    await waitFor(actor, (s) => s.context.verifyError !== null);
    expect(ctx().verifyError).toBe('The password is incorrect');
    expect(actor.getSnapshot().matches({ editing: { password: 'prompting' } })).toBe(true);
    change('newPassword', 'secret1');
    expect(ctx().values.newPassword).toBe('');

    const other = start({ verify: async () => Promise.reject(new Error('')) });
    other.actor.send({ type: 'profile.edit' });
    other.actor.send({ type: 'profile.verify.open' });
    other.actor.send({ type: 'profile.verify.submit', password: 'x' });
    await waitFor(other.actor, (s) => s.context.verifyError !== null);
    expect(other.ctx().verifyError).toBe(MESSAGES.auth.passwordVerificationFailed);
  });

  it('validates with the spec messages and does not call the server', () => {
    const { actor, change, ctx, sent } = start();
    actor.send({ type: 'profile.edit' });
    change('username', ' ');
    change('email', 'not-an-email');
    change('mobileNo', '12ab');
    actor.send({ type: 'profile.save' });
    expect(ctx().errors).toEqual({
      username: MESSAGES.profile.usernameRequired,
      email: MESSAGES.profile.emailInvalid,
      mobileNo: MESSAGES.profile.mobileInvalid,
    });
    change('email', '');
    actor.send({ type: 'profile.save' });
    expect(ctx().errors.email).toBe(MESSAGES.profile.emailRequired);
    // Editing a field clears its error.
    change('username', 'alice');
    expect(ctx().errors.username).toBeUndefined();
    expect(sent).toEqual([]);
    expect(actor.getSnapshot().matches({ editing: { form: 'idle' } })).toBe(true);
  });

  it('checks the new password length and confirmation once verified', async () => {
    const { actor, change, ctx, sent } = start();
    actor.send({ type: 'profile.edit' });
    actor.send({ type: 'profile.verify.open' });
    actor.send({ type: 'profile.verify.submit', password: 'old-pass' });
    await waitFor(actor, (s) => s.matches({ editing: { password: 'verified' } }));
    change('newPassword', '12345');
    change('confirmPassword', '12346');
    actor.send({ type: 'profile.save' });
    expect(ctx().errors).toEqual({ newPassword: MESSAGES.profile.passwordTooShort, confirmPassword: MESSAGES.profile.passwordsDoNotMatch });
    expect(sent).toEqual([]);
  });

  it('sends only the changed fields, and the verified password with a new one', async () => {
    const { actor, change, ctx, sent } = start();
    const updated = vi.fn();
    actor.on('profile.updated', updated);
    actor.send({ type: 'profile.edit' });
    change('mobileNo', ' +44 (0) 20-7946 ');
    actor.send({ type: 'profile.verify.open' });
    actor.send({ type: 'profile.verify.submit', password: 'old-pass' });
    await waitFor(actor, (s) => s.matches({ editing: { password: 'verified' } }));
    change('newPassword', 'new-pass');
    change('confirmPassword', 'new-pass');
    actor.send({ type: 'profile.save' });
    await waitFor(actor, (s) => s.matches('view'));
    expect(sent).toEqual([{ mobileNo: '+44 (0) 20-7946', password: 'new-pass', currentPassword: 'old-pass' }]);
    expect(ctx().success).toBe(MESSAGES.profile.updated);
    expect(ctx().currentPassword).toBeNull();
    expect(ctx().user.mobileNo).toBe('+44 (0) 20-7946');
    expect(updated).toHaveBeenCalledWith(expect.objectContaining({ type: 'profile.updated', user: expect.objectContaining({ mobileNo: '+44 (0) 20-7946' }) }));
  });

  it('makes no call when nothing changed', () => {
    const { actor, sent } = start();
    actor.send({ type: 'profile.edit' });
    actor.send({ type: 'profile.save' });
    expect(actor.getSnapshot().matches('view')).toBe(true);
    expect(sent).toEqual([]);
  });

  it('checks a changed username: taken, check failure, then available', async () => {
    let answer: () => Promise<boolean> = async () => false;
    const { actor, change, ctx, sent } = start({ available: () => answer() });
    actor.send({ type: 'profile.edit' });
    change('username', 'bob');
    actor.send({ type: 'profile.save' });
    await waitFor(actor, (s) => s.matches({ editing: { form: 'idle' } }));
    expect(ctx().errors.username).toBe(MESSAGES.profile.usernameTaken);

    answer = () => Promise.reject(new Error('offline'));
    actor.send({ type: 'profile.save' });
    await waitFor(actor, (s) => s.matches({ editing: { form: 'idle' } }) && s.context.errors.username === MESSAGES.profile.usernameCheckFailed);

    answer = async () => true;
    actor.send({ type: 'profile.save' });
    await waitFor(actor, (s) => s.matches('view'));
    expect(sent).toEqual([{ username: 'bob' }]);
  });

  it('says a username is taken as it is typed (after a pause, only for the last value), before any Save', async () => {
    vi.useFakeTimers();
    try {
      const asked: string[] = [];
      const { actor, change, ctx } = start({ available: async (name) => (asked.push(name), name !== 'bobby') });
      actor.send({ type: 'profile.edit' });
      change('username', 'bob');
      await vi.advanceTimersByTimeAsync(100);
      change('username', 'bobby');
      await vi.advanceTimersByTimeAsync(299);
      expect(asked).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(asked).toEqual(['bobby']);
      expect(ctx().errors.username).toBe(MESSAGES.profile.usernameTaken);
      expect(actor.getSnapshot().matches({ editing: { form: 'idle' } })).toBe(true);

      // A free name clears it; the user's own name and an invalid one are not sent.
      change('username', 'bobbie');
      expect(ctx().errors.username).toBeUndefined();
      await vi.advanceTimersByTimeAsync(300);
      change('username', 'alice');
      await vi.advanceTimersByTimeAsync(300);
      change('username', 'a b');
      await vi.advanceTimersByTimeAsync(300);
      expect(asked).toEqual(['bobby', 'bobbie']);
      expect(ctx().errors.username).toBeUndefined();
    } finally {
      vi.useRealTimers();
    }
  });

  it("shows the server's error on a failed save, else 'Failed to update profile', and stays editing", async () => {
    let failure: Error = new ApiError(409, 'email_taken', 'An account with this email already exists');
    const { actor, change, ctx } = start({ update: () => Promise.reject(failure) });
    actor.send({ type: 'profile.edit' });
    change('email', 'taken@example.org');
    actor.send({ type: 'profile.save' });
    await waitFor(actor, (s) => s.context.formError !== null);
    expect(ctx().formError).toBe('An account with this email already exists');
    expect(actor.getSnapshot().matches({ editing: { form: 'idle' } })).toBe(true);
    expect(ctx().values.email).toBe('taken@example.org');

    failure = new Error('');
    actor.send({ type: 'profile.save' });
    await waitFor(actor, (s) => s.matches({ editing: { form: 'idle' } }) && s.context.formError === MESSAGES.profile.updateFailed);
  });
});

describe('profile machine actors', () => {
  it('verify and save go through the auth API with the account email and the verified password', async () => {
    const verifyPassword = vi.fn(async () => ({ valid: true as const }));
    const updateProfile = vi.fn(async (b: ProfileUpdateRequest) => ({ ...user, ...b }));
    const auth: ProfileAuth = { ...unusedAuth, verifyPassword, updateProfile };
    const actor = createActor(profileMachine, { input: { user, auth } }).start();
    actor.send({ type: 'profile.edit' });
    actor.send({ type: 'profile.verify.open' });
    actor.send({ type: 'profile.verify.submit', password: 'old-pass' });
    await waitFor(actor, (s) => s.matches({ editing: { password: 'verified' } }));
    expect(verifyPassword).toHaveBeenCalledWith('alice@example.org', 'old-pass');
    actor.send({ type: 'profile.change', field: 'newPassword', value: 'new-pass' });
    actor.send({ type: 'profile.change', field: 'confirmPassword', value: 'new-pass' });
    actor.send({ type: 'profile.save' });
    await waitFor(actor, (s) => s.matches('view'));
    // The fixture carries no version: the save goes unconditional.
    expect(updateProfile).toHaveBeenCalledWith({ password: 'new-pass', currentPassword: 'old-pass' }, undefined);
  });
});

describe('profile machine: edit conflicts', () => {
  /** A server whose profile carol changed to version 2 (e-mail) after the form loaded version 1. */
  function server() {
    const theirs: User = { ...user, email: 'carol-set@example.org', version: 2 };
    const calls: { body: ProfileUpdateRequest; version?: number }[] = [];
    const auth: ProfileAuth = {
      ...unusedAuth,
      updateProfile: async (body, version) => {
        calls.push({ body, version });
        if (version === 1) throw new EditConflictError('stale', theirs, { id: 'c', username: 'carol' }, '2026-12-05T01:02:03.000Z');
        return { ...theirs, ...body, version: 3 };
      },
    };
    const actor = createActor(profileMachine, { input: { user: { ...user, version: 1 }, auth } }).start();
    const updated: User[] = [];
    actor.on('profile.updated', (e) => updated.push(e.user));
    actor.send({ type: 'profile.edit' });
    actor.send({ type: 'profile.change', field: 'mobileNo', value: '+491701234567' });
    actor.send({ type: 'profile.save' });
    return { actor, calls, updated, ctx: () => actor.getSnapshot().context };
  }

  it('a stale save keeps what was typed and holds the conflict; keep mine saves all of it over the new version', async () => {
    const { actor, calls, ctx } = server();
    await waitFor(actor, (s) => s.context.conflict !== null);
    expect(ctx().values.mobileNo).toBe('+491701234567');
    expect(calls[0]).toEqual({ body: { mobileNo: '+491701234567' }, version: 1 });
    actor.send({ type: 'profile.conflict.keep' });
    await waitFor(actor, (s) => s.matches('view'));
    // Mine: the e-mail as the form had it (theirs undone) and the mobile number, over version 2.
    expect(calls[1]).toEqual({ body: { email: 'alice@example.org', mobileNo: '+491701234567' }, version: 2 });
    expect(ctx().user.version).toBe(3);
  });

  it('take theirs shows the profile as it now is and saves nothing; per field saves the merge', async () => {
    const a = server();
    await waitFor(a.actor, (s) => s.context.conflict !== null);
    a.actor.send({ type: 'profile.conflict.theirs' });
    expect(a.ctx().values).toMatchObject({ email: 'carol-set@example.org', mobileNo: '' });
    expect(a.ctx().conflict).toBeNull();
    expect(a.calls).toHaveLength(1);
    expect(a.updated.at(-1)?.version).toBe(2);

    const b = server();
    await waitFor(b.actor, (s) => s.context.conflict !== null);
    b.actor.send({ type: 'profile.conflict.choose', choices: { username: 'yours', email: 'theirs', mobileNo: 'yours' } });
    await waitFor(b.actor, (s) => s.matches('view'));
    expect(b.calls[1]).toEqual({ body: { mobileNo: '+491701234567' }, version: 2 });
    expect(b.ctx().user).toMatchObject({ email: 'carol-set@example.org', mobileNo: '+491701234567' });
  });
});
