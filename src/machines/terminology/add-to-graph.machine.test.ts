import { describe, expect, it } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { ApiError } from '../../api/client';
import type { TerminologyJob } from '../../contract/knowledge/terminology';
import { addToGraphMachine } from './add-to-graph.machine';

const summary = { concepts: 3, nodesCreated: 3, nodesLinked: 0, skipped: 0, relationsCreated: 2 };

describe('addToGraphMachine', () => {
  it('starts once both types are chosen and follows the job to its summary', async () => {
    const jobs: TerminologyJob[] = [
      { processId: 'p', status: 'inserting', progress: 40, message: '', summary: null },
      { processId: 'p', status: 'completed', progress: 100, message: '', summary },
    ];
    const started: unknown[] = [];
    const actor = createActor(addToGraphMachine, {
      input: {
        start: async (id, input) => {
          started.push({ id, ...input });
          return { processId: 'p' };
        },
        job: async () => jobs.shift()!,
        pollMs: 1,
      },
    }).start();
    const done: unknown[] = [];
    actor.on('graph.done', (e) => done.push(e));
    actor.send({ type: 'open', codeSystem: { id: 'cs', name: 'Codes' } });
    actor.send({ type: 'start' });
    expect(actor.getSnapshot().value).toBe('choosing');
    actor.send({ type: 'choose', nodeTypeId: 'n' });
    actor.send({ type: 'choose', relationTypeId: 'r' });
    actor.send({ type: 'start' });
    await waitFor(actor, (s) => s.matches('done'));
    expect(started).toEqual([{ id: 'cs', nodeTypeId: 'n', relationTypeId: 'r' }]);
    expect(actor.getSnapshot().context).toMatchObject({ progress: 100, summary, error: null });
    expect(done).toEqual([{ type: 'graph.done', summary }]);
  });

  it('a refused start returns to the choice with the server message', async () => {
    const actor = createActor(addToGraphMachine, {
      input: {
        start: async () => {
          throw new ApiError(403, 'forbidden', 'Adding to the graph also creates relations: your role lacks relations.create');
        },
        job: async () => ({ processId: 'p', status: 'completed', progress: 100, message: '', summary }),
      },
    }).start();
    actor.send({ type: 'open', codeSystem: { id: 'cs', name: 'Codes' } });
    actor.send({ type: 'choose', nodeTypeId: 'n', relationTypeId: 'r' });
    actor.send({ type: 'start' });
    await waitFor(actor, (s) => s.matches('choosing') && s.context.error !== null);
    expect(actor.getSnapshot().context.error).toBe('Adding to the graph also creates relations: your role lacks relations.create');
  });
});
