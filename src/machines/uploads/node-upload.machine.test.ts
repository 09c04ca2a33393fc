import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { NodeUploadResponse } from '../../contract/knowledge/imports';
import type { NodeUploadProgress } from '../../api/live/socket';
import { ApiError } from '../../api/client';
import { nodeUploadMachine, type NodeUploadEmitted, type NodeUploadEvent, type NodeUploadInput } from './node-upload.machine';

const file = (name: string) => new File(['nodename\nAsthma\n'], name);
const summary = { total: 3, created: 2, skipped: 1, errors: 0 };
const unused: NodeUploadInput = {
  upload: () => Promise.reject(new Error('replaced in tests')),
  watch: () => () => undefined,
};

function start(answer: (f: File, dryRun: boolean) => Promise<NodeUploadResponse>) {
  const watched: string[] = [];
  let push: ((e: NodeUploadProgress) => void) | null = null;
  let stopped = 0;
  const machine = nodeUploadMachine.provide({
    actors: {
      upload: fromPromise<NodeUploadResponse, { upload: NodeUploadInput['upload']; file: File; dryRun: boolean }>(({ input }) => answer(input.file, input.dryRun)),
      progress: fromCallback<NodeUploadEvent, { watch: NodeUploadInput['watch']; processId: string }>(({ input, sendBack }) => {
        watched.push(input.processId);
        push = (event) => sendBack({ type: 'upload.progress', event });
        return () => {
          stopped += 1;
        };
      }),
    },
  });
  const closed: NodeUploadEmitted[] = [];
  const actor = createActor(machine, { input: unused }).start();
  actor.on('upload.closed', (e) => closed.push(e));
  actor.send({ type: 'dialog.open' });
  return { actor, closed, watched, push: (e: NodeUploadProgress) => push!(e), stopped: () => stopped, s: () => actor.getSnapshot() };
}

describe('node upload machine', () => {
  it('checks the file by extension and asks for one before uploading', () => {
    const { actor, s } = start(() => Promise.reject(new Error('not called')));
    actor.send({ type: 'upload.start' });
    expect(s().matches('idle')).toBe(true);
    expect(s().context.fileError).toBe('Please select a file first.');
    actor.send({ type: 'file.select', file: file('nodes.pdf') });
    expect(s().context).toMatchObject({ file: null, fileError: 'Please select a valid Excel (.xlsx, .xls) or CSV file.' });
    for (const name of ['a.xlsx', 'B.XLS', 'c.csv']) {
      actor.send({ type: 'file.select', file: file(name) });
      expect(s().context.file?.name).toBe(name);
      expect(s().context.fileError).toBeNull();
    }
  });

  it('completes straight from an answer that carries the summary; closing then asks for a refresh', async () => {
    const { actor, closed, watched, s } = start(async () => ({ success: true, processId: 'p1', status: 'completed', message: 'Upload completed', summary, downloadUrl: '/api/nodes/download-errors/p1' }));
    actor.send({ type: 'file.select', file: file('n.xlsx') });
    actor.send({ type: 'upload.start' });
    expect(s().matches('uploading')).toBe(true);
    expect(s().context.progress).toBe(5);
    actor.send({ type: 'dialog.close' });
    expect(s().matches('uploading')).toBe(true); // closing is blocked while uploading
    await waitFor(actor, (x) => x.matches('completed'));
    expect(s().context).toMatchObject({ progress: 100, summary, downloadUrl: '/api/nodes/download-errors/p1' });
    expect(watched).toEqual([]);
    actor.send({ type: 'dialog.close' });
    expect(s().matches('closed')).toBe(true);
    expect(closed).toEqual([{ type: 'upload.closed', refresh: true }]);
  });

  it('follows progress events until completed, then Upload Another File starts over', async () => {
    const { actor, closed, watched, push, stopped, s } = start(async () => ({ success: true, processId: 'p2', status: 'processing', message: 'Upload received' }));
    actor.send({ type: 'file.select', file: file('n.csv') });
    actor.send({ type: 'upload.start' });
    await waitFor(actor, (x) => x.matches('processing'));
    expect(watched).toEqual(['p2']);
    push({ progress: 40, message: 'Inserting rows', status: 'inserting' });
    expect(s().context).toMatchObject({ progress: 40, message: 'Inserting rows' });
    push({ progress: 30, message: 'late', status: 'inserting' }); // never goes back
    expect(s().context.progress).toBe(40);
    actor.send({ type: 'dialog.close' });
    expect(s().matches('processing')).toBe(true);
    push({ progress: 100, message: 'done', status: 'completed', summary: { ...summary, created: 0 } });
    expect(s().matches('completed')).toBe(true);
    expect(s().context.progress).toBe(100);
    expect(stopped()).toBe(1);
    actor.send({ type: 'upload.reset' });
    expect(s().matches('idle')).toBe(true);
    expect(s().context).toMatchObject({ file: null, summary: null, progress: 0 });
    actor.send({ type: 'dialog.close' });
    expect(closed).toEqual([{ type: 'upload.closed', refresh: false }]);
  });

  it('ends with the message of a progress event whose status is error; a new file returns to idle', async () => {
    const { actor, push, s } = start(async () => ({ success: true, processId: 'p3', status: 'processing', message: '' }));
    actor.send({ type: 'file.select', file: file('n.xlsx') });
    actor.send({ type: 'upload.start' });
    await waitFor(actor, (x) => x.matches('processing'));
    push({ progress: 20, message: 'The file has no name column', status: 'error' });
    expect(s().matches('error')).toBe(true);
    expect(s().context.error).toBe('The file has no name column');
    actor.send({ type: 'file.select', file: file('other.xls') });
    expect(s().matches('idle')).toBe(true);
    expect(s().context.error).toBeNull();
  });

  it("shows 'Upload failed' for success false and the server's text for a refused upload", async () => {
    const refused = start(async () => ({ success: false, processId: 'p4', status: 'error', message: '' }));
    refused.actor.send({ type: 'file.select', file: file('n.xlsx') });
    refused.actor.send({ type: 'upload.start' });
    await waitFor(refused.actor, (x) => x.matches('error'));
    expect(refused.s().context.error).toBe('Upload failed');

    const tooBig = start(() => Promise.reject(new ApiError(413, 'file_too_large', 'The file is larger than 20 MB, the maximum for a bulk upload.')));
    tooBig.actor.send({ type: 'file.select', file: file('n.xlsx') });
    tooBig.actor.send({ type: 'upload.start' });
    await waitFor(tooBig.actor, (x) => x.matches('error'));
    expect(tooBig.s().context.error).toBe('The file is larger than 20 MB, the maximum for a bulk upload.');

    const offline = start(() => Promise.reject(new ApiError(0, 'network_error', 'offline')));
    offline.actor.send({ type: 'file.select', file: file('n.xlsx') });
    offline.actor.send({ type: 'upload.start' });
    await waitFor(offline.actor, (x) => x.matches('error'));
    expect(offline.s().context.error).toBe('Failed to upload file');
    offline.actor.send({ type: 'upload.start' }); // retry with the same file
    expect(offline.s().matches('uploading')).toBe(true);
  });

  describe('Check file (dry run)', () => {
    const checkSummary = { total: 4, created: 2, skipped: 1, errors: 1 };

    it('checks with dryRun, shows what would happen in checked, then Import sends the same file for real', async () => {
      const calls: [string, boolean][] = [];
      const { actor, closed, s } = start(async (f, dryRun) => {
        calls.push([f.name, dryRun]);
        return dryRun
          ? { success: true, processId: 'c1', status: 'completed', dryRun: true, message: 'Check completed', summary: checkSummary, downloadUrl: '/api/nodes/download-errors/c1' }
          : { success: true, processId: 'u1', status: 'completed', message: 'Upload completed', summary };
      });
      const chosen = file('n.csv');
      actor.send({ type: 'file.select', file: chosen });
      actor.send({ type: 'check.start' });
      expect(s().matches('uploading')).toBe(true);
      expect(s().context).toMatchObject({ dryRun: true, message: 'Checking the file...' });
      await waitFor(actor, (x) => x.matches('checked'));
      expect(s().context).toMatchObject({ dryRun: true, processId: 'c1', summary: checkSummary, downloadUrl: '/api/nodes/download-errors/c1', file: chosen });

      actor.send({ type: 'upload.start' });
      expect(s().matches('uploading')).toBe(true);
      expect(s().context).toMatchObject({ dryRun: false, summary: null, downloadUrl: null, message: 'Uploading file...' });
      await waitFor(actor, (x) => x.matches('completed'));
      expect(calls).toEqual([['n.csv', true], ['n.csv', false]]);
      expect(s().context).toMatchObject({ processId: 'u1', summary, downloadUrl: null });
      actor.send({ type: 'dialog.close' });
      expect(closed).toEqual([{ type: 'upload.closed', refresh: true }]);
    });

    it('follows a long check over progress events; closing after a check asks for no refresh', async () => {
      const { actor, closed, watched, push, s } = start(async () => ({ success: true, processId: 'c2', status: 'processing', dryRun: true, message: 'Upload received, checking the file…' }));
      actor.send({ type: 'file.select', file: file('n.xlsx') });
      actor.send({ type: 'check.start' });
      await waitFor(actor, (x) => x.matches('processing'));
      expect(watched).toEqual(['c2']);
      push({ processId: 'c2', progress: 50, message: 'Checked 500 of 1,000 rows', status: 'inserting', dryRun: true });
      expect(s().context).toMatchObject({ progress: 50, message: 'Checked 500 of 1,000 rows' });
      push({ processId: 'c2', progress: 100, message: 'Check completed', status: 'completed', dryRun: true, summary: checkSummary });
      expect(s().matches('checked')).toBe(true);
      actor.send({ type: 'dialog.close' });
      expect(closed).toEqual([{ type: 'upload.closed', refresh: false }]);
    });

    it('a failed check can be checked again or imported; another file goes back to idle', async () => {
      let fail = true;
      const { actor, s } = start(async () => {
        if (fail) throw new ApiError(400, 'empty_file', 'The file is empty.');
        return { success: true, processId: 'c3', status: 'completed', dryRun: true, message: 'ok', summary: checkSummary };
      });
      actor.send({ type: 'file.select', file: file('n.csv') });
      actor.send({ type: 'check.start' });
      await waitFor(actor, (x) => x.matches('error'));
      expect(s().context.error).toBe('The file is empty.');
      fail = false;
      actor.send({ type: 'check.start' });
      await waitFor(actor, (x) => x.matches('checked'));
      actor.send({ type: 'file.select', file: file('other.csv') });
      expect(s().matches('idle')).toBe(true);
      expect(s().context).toMatchObject({ summary: null, dryRun: false, file: { name: 'other.csv' } });
    });

    it('asks for a file before checking', () => {
      const { actor, s } = start(() => Promise.reject(new Error('not called')));
      actor.send({ type: 'check.start' });
      expect(s().matches('idle')).toBe(true);
      expect(s().context.fileError).toBe('Please select a file first.');
    });
  });
});
