import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiError } from '../../api/client';
import type { FhirBundleResponse } from '../../api/admin/terminology';
import { terminologyUploadMachine } from './terminology-upload.machine';

const fileOf = (content: unknown, name = 'cs.json') => new File([typeof content === 'string' ? content : JSON.stringify(content)], name, { type: 'application/json' });
const cs = { resourceType: 'CodeSystem', id: 'colours', title: 'Colours', status: 'active', content: 'complete' };

function run(postBundle: (bundle: Record<string, unknown>) => Promise<FhirBundleResponse>) {
  const sent: Record<string, unknown>[] = [];
  const actor = createActor(terminologyUploadMachine, {
    input: {
      postBundle: (b) => {
        sent.push(b);
        return postBundle(b);
      },
    },
  }).start();
  return { actor, sent };
}

describe('terminologyUploadMachine', () => {
  it('sends a single resource as a one-entry transaction and reports it stored', async () => {
    const { actor, sent } = run(async () => ({ resourceType: 'Bundle', type: 'transaction-response', entry: [{ response: { status: '201 Created', location: 'CodeSystem/colours/_history/1' } }] }));
    const done: unknown[] = [];
    actor.on('upload.done', (e) => done.push(e));
    actor.send({ type: 'file.select', file: fileOf(cs) });
    await waitFor(actor, (s) => s.matches('done'));
    expect(sent[0]).toEqual({ resourceType: 'Bundle', type: 'transaction', entry: [{ resource: cs }] });
    expect(actor.getSnapshot().context.report).toMatchObject({ kind: 'transaction', stored: 1, refusal: null, rows: [{ label: 'Colours', resourceType: 'CodeSystem', outcome: 'created' }] });
    expect(done).toHaveLength(1);
  });

  it('a batch reports each entry, a refused one with its message and path', async () => {
    const bundle = { resourceType: 'Bundle', type: 'batch', entry: [{ resource: cs }, { resource: { ...cs, id: 'bad', title: 'Bad' } }] };
    const { actor } = run(async () => ({
      resourceType: 'Bundle',
      type: 'batch-response',
      entry: [{ response: { status: '200 OK' } }, { response: { status: '400 Bad Request', outcome: { issue: [{ details: { text: 'is required' }, expression: ['Bundle.entry[1].resource.status'] }] } } }],
    }));
    actor.send({ type: 'file.select', file: fileOf(bundle) });
    await waitFor(actor, (s) => s.matches('done'));
    const report = actor.getSnapshot().context.report!;
    expect(report.stored).toBe(1);
    expect(report.rows.map((r) => r.outcome)).toEqual(['updated', 'refused']);
    expect(report.rows[1]).toMatchObject({ message: 'is required', path: 'Bundle.entry[1].resource.status' });
  });

  it('a refused transaction stores nothing: the entry at the path is refused, the others not stored', async () => {
    const bundle = { resourceType: 'Bundle', type: 'transaction', entry: [{ resource: cs }, { resource: { ...cs, id: 'bad', title: 'Bad' } }] };
    const { actor } = run(async () => {
      throw new ApiError(400, 'invalid', 'Bundle.entry[1].resource.concept[0].code: is required', ['Bundle.entry[1].resource.concept[0].code']);
    });
    actor.send({ type: 'file.select', file: fileOf(bundle) });
    await waitFor(actor, (s) => s.matches('done'));
    const report = actor.getSnapshot().context.report!;
    expect(report.refusal).toEqual({ message: 'Bundle.entry[1].resource.concept[0].code: is required', path: 'Bundle.entry[1].resource.concept[0].code' });
    expect(report.rows.map((r) => r.outcome)).toEqual(['notStored', 'refused']);
    expect(report.stored).toBe(0);
  });

  it('refuses a file that is not JSON or not terminology before sending anything', async () => {
    const { actor, sent } = run(async () => ({ resourceType: 'Bundle', type: 'batch-response' }));
    actor.send({ type: 'file.select', file: fileOf('{ not json') });
    await waitFor(actor, (s) => s.matches('idle') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('The file is not JSON.');
    actor.send({ type: 'file.select', file: fileOf({ resourceType: 'Patient' }) });
    await waitFor(actor, (s) => s.matches('idle') && s.context.error === 'The file holds neither a CodeSystem, ValueSet or ConceptMap nor a Bundle of them.');
    expect(sent).toEqual([]);
  });
});
