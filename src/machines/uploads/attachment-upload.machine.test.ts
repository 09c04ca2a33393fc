import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { ApiError } from '../../api/client';
import { attachmentUploadMachine, uploadProgress, type AttachmentUploadEmitted, type AttachmentUploadInput } from './attachment-upload.machine';

const file = (name: string) => new File(['x'], name);
const notCalled: AttachmentUploadInput['upload'] = () => Promise.reject(new Error('the real call is replaced in tests'));

/** The machine with its one call replaced: `answer` decides each file's fate. */
function start(answer: (file: File, signal: AbortSignal) => Promise<unknown>, failedDelayMs = 20) {
  const calls: string[] = [];
  const emitted: AttachmentUploadEmitted[] = [];
  const machine = attachmentUploadMachine.provide({
    actors: {
      uploadFile: fromPromise<unknown, { upload: AttachmentUploadInput['upload']; nodeId: string; file: File }>(({ input, signal }) => {
        calls.push(`${input.nodeId}:${input.file.name}`);
        return answer(input.file, signal);
      }),
    },
  });
  const actor = createActor(machine, { input: { upload: notCalled, failedDelayMs } }).start();
  for (const type of ['upload.done', 'upload.failed', 'upload.finished'] as const) actor.on(type, (e) => emitted.push(e));
  return { actor, calls, emitted, s: () => actor.getSnapshot() };
}

describe('attachment upload machine', () => {
  it('queues files while the form is edited, then sends each one after the node is saved', async () => {
    const answers: Array<() => void> = [];
    const { actor, calls, emitted, s } = start(() => new Promise<void>((resolve) => answers.push(resolve)));
    actor.send({ type: 'files.add', files: [file('a.pdf'), file('b.png')], error: 'x.exe: file type not allowed.' });
    actor.send({ type: 'files.add', files: [file('c.txt')], error: null });
    actor.send({ type: 'files.remove', index: 1 });
    expect(s().context.queue.map((f) => f.name)).toEqual(['a.pdf', 'c.txt']);
    expect(s().context.fileError).toBeNull();
    expect(calls).toEqual([]);

    actor.send({ type: 'upload.start', nodeId: 'n1' });
    expect(s().matches('uploading')).toBe(true);
    expect(uploadProgress(s().context)).toEqual({ done: 0, total: 2 });
    // One at a time: the second file goes when the first has its answer.
    expect(calls).toEqual(['n1:a.pdf']);
    answers[0]();
    await waitFor(actor, () => calls.length === 2);
    expect(uploadProgress(s().context)).toEqual({ done: 1, total: 2 });
    answers[1]();
    await waitFor(actor, (snap) => snap.status === 'done');
    expect(s().value).toBe('done');
    expect(calls).toEqual(['n1:a.pdf', 'n1:c.txt']);
    expect(emitted).toEqual([{ type: 'upload.done' }]);
  });

  it('finishes at once when nothing was queued', () => {
    const { actor, calls, emitted, s } = start(() => Promise.resolve());
    actor.send({ type: 'upload.start', nodeId: 'n1' });
    expect(s().value).toBe('done');
    expect(calls).toEqual([]);
    expect(emitted).toEqual([{ type: 'upload.done' }]);
  });

  it('a server error on one file does not stop the others; the partial failure shows for the delay, then it finishes', async () => {
    const { actor, calls, emitted, s } = start((f) => (f.name === 'b.png' ? Promise.reject(new ApiError(413, 'too_large', 'File too large')) : Promise.resolve()));
    actor.send({ type: 'files.add', files: [file('a.pdf'), file('b.png'), file('c.txt')], error: null });
    actor.send({ type: 'upload.start', nodeId: 'n1' });
    await waitFor(actor, (snap) => snap.matches('failed'));
    expect(calls).toEqual(['n1:a.pdf', 'n1:b.png', 'n1:c.txt']);
    expect(s().context.failed.map((f) => f.name)).toEqual(['b.png']);
    expect(emitted).toEqual([{ type: 'upload.failed', failed: 1, total: 3 }]);
    await waitFor(actor, (snap) => snap.status === 'done');
    expect(s().value).toBe('finished');
    expect(emitted.at(-1)).toEqual({ type: 'upload.finished' });
  });

  it('retry sends only the failed files again, and counts against the whole queue', async () => {
    let failing = true;
    const { actor, calls, emitted, s } = start((f) => (failing && f.name !== 'a.pdf' ? Promise.reject(new ApiError(0, 'network_error', '')) : Promise.resolve()), 60_000);
    actor.send({ type: 'files.add', files: [file('a.pdf'), file('b.png'), file('c.txt')], error: null });
    actor.send({ type: 'upload.start', nodeId: 'n1' });
    await waitFor(actor, (snap) => snap.matches('failed'));
    expect(emitted).toEqual([{ type: 'upload.failed', failed: 2, total: 3 }]);

    failing = false;
    actor.send({ type: 'upload.retry' });
    await waitFor(actor, (snap) => snap.status === 'done');
    expect(s().value).toBe('done');
    expect(calls).toEqual(['n1:a.pdf', 'n1:b.png', 'n1:c.txt', 'n1:b.png', 'n1:c.txt']);
  });

  it('closing the form while a file is on its way aborts it and sends no more', async () => {
    let aborted = false;
    const { actor, calls, emitted } = start(
      (_f, signal) =>
        new Promise<void>((_resolve, reject) => {
          signal.addEventListener('abort', () => {
            aborted = true;
            reject(new Error('aborted'));
          });
        }),
    );
    actor.send({ type: 'files.add', files: [file('a.pdf'), file('b.png')], error: null });
    actor.send({ type: 'upload.start', nodeId: 'n1' });
    actor.stop();
    await Promise.resolve();
    expect(aborted).toBe(true);
    expect(calls).toEqual(['n1:a.pdf']);
    expect(emitted).toEqual([]);
  });
});
