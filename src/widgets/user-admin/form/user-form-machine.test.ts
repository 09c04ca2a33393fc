import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../../api/client';
import { formDialogMachine } from '../../../machines/form-dialog.machine';
import { emptyUserForm, userFormInput, type UserFormValues } from './user-form';
import { USER_TEXTS } from '../../../contract/texts/admin/users';

/** Create/Edit User on the form-dialog machine, with the save call replaced (`answer`). */
function start(answer: (values: UserFormValues) => Promise<void>) {
  const calls: UserFormValues[] = [];
  const machine = formDialogMachine<UserFormValues>().provide({
    actors: {
      submit: fromPromise<unknown, { submit: (values: object) => Promise<unknown>; values: object }>(({ input }) => {
        calls.push(input.values as UserFormValues);
        return answer(input.values as UserFormValues);
      }),
    },
  });
  const notCalled = () => Promise.reject(new Error('the real call is replaced in tests'));
  const actor = createActor(machine, { input: userFormInput('create', emptyUserForm('r-viewer'), notCalled) }).start();
  const fill = () =>
    actor.send({ type: 'form.change', values: { username: 'bob', email: 'bob@example.org', password: 'secret123', confirmPassword: 'secret123' } });
  return { actor, calls, fill, s: () => actor.getSnapshot() };
}

describe('user form dialog (form-dialog machine)', () => {
  it('refuses an incomplete form without a call, then saves the filled one', async () => {
    const { actor, calls, fill, s } = start(async () => undefined);
    actor.send({ type: 'form.submit' });
    expect(s().matches('editing')).toBe(true);
    expect(Object.keys(s().context.fieldErrors).sort()).toEqual(['confirmPassword', 'email', 'password', 'username']);
    expect(calls).toEqual([]);
    fill();
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snap) => snap.status === 'done');
    expect(s().value).toBe('saved');
    expect(calls).toEqual([{ ...emptyUserForm('r-viewer'), username: 'bob', email: 'bob@example.org', password: 'secret123', confirmPassword: 'secret123' }]);
  });

  it("shows the server's message (kept while editing), loses nothing, and can try again", async () => {
    let fail = true;
    const { actor, calls, fill, s } = start(() => (fail ? Promise.reject(new ApiError(409, 'conflict', 'Email already in use')) : Promise.resolve()));
    fill();
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snap) => snap.matches('editing'));
    expect(s().context.error).toBe('Email already in use');
    expect(s().context.values.username).toBe('bob');
    actor.send({ type: 'form.change', values: { email: 'robert@example.org' } });
    expect(s().context.error).toBe('Email already in use');

    fail = false;
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snap) => snap.status === 'done');
    expect(calls.map((c) => c.email)).toEqual(['bob@example.org', 'robert@example.org']);
  });

  it('a failure without a message shows the fallback', async () => {
    const { actor, fill, s } = start(() => Promise.reject(new Error('')));
    fill();
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (snap) => snap.matches('editing'));
    expect(s().context.error).toBe(USER_TEXTS.saveFallback);
  });

  it('cannot be cancelled while saving', async () => {
    let finish!: () => void;
    const { actor, fill, s } = start(() => new Promise<void>((resolve) => (finish = resolve)));
    fill();
    actor.send({ type: 'form.submit' });
    actor.send({ type: 'form.cancel' });
    expect(s().matches('submitting')).toBe(true);
    finish();
    await waitFor(actor, (snap) => snap.status === 'done');
    expect(s().value).toBe('saved');
  });
});
