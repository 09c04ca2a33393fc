import { describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiError } from '../../../api/client';
import { RELATION_MESSAGES as M, RELATION_TEXTS as T } from '../../../contract/texts/relations';
import type { Relation } from '../../../contract/knowledge/relations';
import { EMPTY_DRAFT, type RelationDraft } from './relation-form';
import { relationFormInput, relationFormMachine, saveFailureText } from './use-relation-form';

const a = { id: 'a', name: 'Asthma', nodeType: 'Disease', snomedCode: null };
const b = { id: 'b', name: 'Cough', nodeType: 'Symptom', snomedCode: null };
const full: RelationDraft = { ...EMPTY_DRAFT, source: a, target: b, relationType: 'symptom of', relationName: 'cough in asthma' };

function start(save: (d: RelationDraft) => Promise<Relation>, initial = EMPTY_DRAFT) {
  const actor = createActor(relationFormMachine, { input: relationFormInput(initial, save, () => 'create') });
  const emitted: string[] = [];
  actor.on('*', (e) => emitted.push(e.type));
  return { actor: actor.start(), emitted };
}

describe('relation form on the form-dialog machine', () => {
  it('an empty submit makes no call and lists the errors in the spec order', () => {
    const save = vi.fn();
    const { actor, emitted } = start(save);
    actor.send({ type: 'form.submit' });
    expect(save).not.toHaveBeenCalled();
    expect(Object.entries(actor.getSnapshot().context.fieldErrors)).toEqual([
      ['relationName', M.nameRequired],
      ['source', M.sourceRequired],
      ['target', M.targetRequired],
      ['relationType', M.typeRequired],
    ]);
    expect(emitted).toContain('form.invalid');
    // Editing a field clears its error only.
    actor.send({ type: 'form.change', values: { source: a } });
    expect(Object.keys(actor.getSnapshot().context.fieldErrors)).toEqual(['relationName', 'target', 'relationType']);
  });

  it("keeps the server's refusal while fields are edited, until the next submit", async () => {
    const save = vi.fn<(d: RelationDraft) => Promise<Relation>>().mockRejectedValueOnce(new ApiError(409, 'conflict', 'This relation already exists'));
    const { actor, emitted } = start(save, full);
    actor.send({ type: 'form.submit' });
    await waitFor(actor, (s) => s.matches('editing') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('This relation already exists');
    actor.send({ type: 'form.change', values: { relationName: 'other' } });
    expect(actor.getSnapshot().context.error).toBe('This relation already exists');
    save.mockResolvedValueOnce({ id: 'r1' } as Relation);
    actor.send({ type: 'form.submit' });
    expect(actor.getSnapshot().context.error).toBeNull();
    await waitFor(actor, (s) => s.matches('saved'));
    expect(emitted).toContain('form.saved');
    expect(save).toHaveBeenLastCalledWith({ ...full, relationName: 'other' });
  });

  it('words save failures as before: sign-in redirect, bare status line, server text', () => {
    expect(saveFailureText(new ApiError(302, 'http_error', 'Found'), 'edit')).toBe(T.authIssue);
    expect(saveFailureText(new ApiError(500, 'http_error', 'Internal Server Error'), 'edit')).toBe(T.editFailed);
    expect(saveFailureText(new Error('offline'), 'create')).toBe(T.createFailed);
    expect(saveFailureText(new ApiError(400, 'validation', 'Weight out of range'), 'create')).toBe('Weight out of range');
  });
});
