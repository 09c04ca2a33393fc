import { describe, expect, it } from 'vitest';
import { createActor, fromCallback, fromPromise, waitFor } from 'xstate';
import type { SnomedImportResult, SnomedProgressEvent } from '../../contract/knowledge/imports';
import { ApiError } from '../../api/client';
import { snomedImportMachine, type SnomedImportEmitted, type SnomedImportEvent, type SnomedImportInput } from './snomed-import.machine';

const file = (name: string) => new File(['x'], name);
const result: SnomedImportResult = {
  message: 'Imported 3 rows',
  processId: 'j1',
  summary: { totalRows: 3, created: 2, errors: 1, updated: 0, unchanged: 0 },
  errorFileUrl: '/api/snomed/download-errors/snomed_import_errors_j1.xlsx',
};
const unused: SnomedImportInput = { importFile: () => Promise.reject(new Error('replaced')), watch: () => () => undefined };

function start(answer: (dryRun: boolean) => Promise<SnomedImportResult>) {
  let push: ((e: SnomedProgressEvent) => void) | null = null;
  let listening = 0;
  const machine = snomedImportMachine.provide({
    actors: {
      importFile: fromPromise<SnomedImportResult, { importFile: SnomedImportInput['importFile']; file: File; dryRun: boolean }>(({ input }) => answer(input.dryRun)),
      progress: fromCallback<SnomedImportEvent, { watch: SnomedImportInput['watch'] }>(({ sendBack }) => {
        listening += 1;
        push = (event) => sendBack({ type: 'import.progress', event });
        return () => {
          listening -= 1;
        };
      }),
    },
  });
  const done: SnomedImportEmitted[] = [];
  const actor = createActor(machine, { input: unused }).start();
  actor.on('import.done', (e) => done.push(e));
  actor.send({ type: 'dialog.open' });
  return { actor, done, push: (e: SnomedProgressEvent) => push!(e), listening: () => listening, s: () => actor.getSnapshot() };
}

describe('SNOMED import machine', () => {
  it('accepts .xlsx, .xls and RF2 .txt only; the button needs a file', () => {
    const { actor, s } = start(() => Promise.reject(new Error('not called')));
    actor.send({ type: 'import.start' });
    expect(s().matches('idle')).toBe(true);
    actor.send({ type: 'file.select', file: file('concepts.csv') });
    expect(s().context.fileError).toMatch(/^Please select an Excel file \(\.xlsx or \.xls\)/);
    for (const name of ['a.xlsx', 'b.xls', 'sct2_Description_Snapshot-en_INT_20240101.txt']) {
      actor.send({ type: 'file.select', file: file(name) });
      expect(s().context).toMatchObject({ fileError: null, file: { name } });
    }
  });

  it('shows live progress from its own import, cannot be closed while uploading, then the summary', async () => {
    let finish!: (r: SnomedImportResult) => void;
    const { actor, done, push, listening, s } = start(() => new Promise((r) => (finish = r)));
    actor.send({ type: 'file.select', file: file('a.xlsx') });
    actor.send({ type: 'import.start' });
    expect(s().matches('uploading')).toBe(true);
    expect(s().context).toMatchObject({ progress: 0, message: 'Starting upload...' });
    expect(listening()).toBe(1);
    push({ processId: 'j1', progress: 42.4, message: 'Imported 1 of 3 rows', status: 'inserting' });
    expect(s().context).toMatchObject({ progress: 42, message: 'Imported 1 of 3 rows', processId: 'j1' });
    push({ processId: 'other', progress: 90, message: 'someone else', status: 'inserting' });
    expect(s().context.progress).toBe(42);
    push({ processId: 'j1', progress: 60, message: '', status: 'inserting' });
    expect(s().context.message).toBe('Processing SNOMED data...');
    actor.send({ type: 'dialog.close' });
    expect(s().matches('uploading')).toBe(true);
    finish(result);
    await waitFor(actor, (x) => x.matches('summary'));
    expect(s().context).toMatchObject({ progress: 100, result });
    expect(listening()).toBe(0);
    expect(done).toEqual([{ type: 'import.done', result }]);
    actor.send({ type: 'dialog.close' });
    expect(s().matches('closed')).toBe(true);
  });

  it('stays open with the server message, or the fallback, on failure', async () => {
    const refused = start(() => Promise.reject(new ApiError(400, 'bad_file', 'The file is empty.')));
    refused.actor.send({ type: 'file.select', file: file('a.xlsx') });
    refused.actor.send({ type: 'import.start' });
    await waitFor(refused.actor, (x) => x.matches('idle'));
    expect(refused.s().context.error).toBe('The file is empty.');
    expect(refused.s().context.file?.name).toBe('a.xlsx');

    const broken = start(() => Promise.reject(new Error('boom')));
    broken.actor.send({ type: 'file.select', file: file('a.xls') });
    broken.actor.send({ type: 'import.start' });
    await waitFor(broken.actor, (x) => x.matches('idle') && !!x.context.error);
    expect(broken.s().context.error).toBe('Failed to import SNOMED concepts');
    expect(broken.done).toEqual([]);
  });

  describe('Check file (dry run)', () => {
    const checked: SnomedImportResult = { ...result, processId: 'c1', message: 'Checked (nothing was written) 3 rows', dryRun: true };

    it('checks with dryRun and stays open in checked without import.done; Import then sends the same file for real', async () => {
      const runs: boolean[] = [];
      const { actor, done, push, s } = start(async (dryRun) => {
        runs.push(dryRun);
        await new Promise((r) => setTimeout(r, 10));
        return dryRun ? checked : result;
      });
      const chosen = file('a.xlsx');
      actor.send({ type: 'file.select', file: chosen });
      actor.send({ type: 'check.start' });
      expect(s().matches('uploading')).toBe(true);
      expect(s().context.dryRun).toBe(true);
      push({ processId: 'c1', progress: 40, message: 'Checked 1 of 3 rows', status: 'inserting', dryRun: true });
      expect(s().context).toMatchObject({ progress: 40, message: 'Checked 1 of 3 rows' });
      await waitFor(actor, (x) => x.matches('checked'));
      expect(s().context).toMatchObject({ result: checked, file: chosen });
      expect(done).toEqual([]);

      actor.send({ type: 'import.start' });
      expect(s().matches('uploading')).toBe(true);
      expect(s().context).toMatchObject({ dryRun: false, result: null, progress: 0 });
      await waitFor(actor, (x) => x.matches('summary'));
      expect(runs).toEqual([true, false]);
      expect(done).toEqual([{ type: 'import.done', result }]);
    });

    it('a failed check returns to idle with the error; another file leaves checked; a check needs a file', async () => {
      let fail = true;
      const { actor, s } = start(async () => {
        if (fail) throw new ApiError(400, 'missing_columns', 'The file has no id column.');
        return checked;
      });
      actor.send({ type: 'check.start' });
      expect(s().matches('idle')).toBe(true);
      actor.send({ type: 'file.select', file: file('a.xlsx') });
      actor.send({ type: 'check.start' });
      await waitFor(actor, (x) => x.matches('idle') && !!x.context.error);
      expect(s().context.error).toBe('The file has no id column.');
      fail = false;
      actor.send({ type: 'check.start' });
      await waitFor(actor, (x) => x.matches('checked'));
      actor.send({ type: 'file.select', file: file('b.xls') });
      expect(s().matches('idle')).toBe(true);
      expect(s().context).toMatchObject({ result: null, dryRun: false, file: { name: 'b.xls' } });
      actor.send({ type: 'check.start' });
      await waitFor(actor, (x) => x.matches('checked'));
      actor.send({ type: 'dialog.close' });
      expect(s().matches('closed')).toBe(true);
    });
  });
});
