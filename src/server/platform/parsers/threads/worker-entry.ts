import { parentPort } from 'node:worker_threads';
import { oleKindInThread, readRowsInThread } from './in-thread';
import { serializeError, type Answer, type FromWorker, type ToWorker, type WorkerJob } from './worker-protocol';

/**
 * A parser worker thread (see off-thread.ts): runs the jobs the server's thread sends, one at
 * a time, and posts their results. Batches are sent only against credits the reader grants as
 * it consumes them, so a parse that is faster than the database never piles rows up in memory.
 */
const port = parentPort!;
let current = -1;
let credits = 0;
let wake: (() => void) | null = null;
const MAX_ROWS_PER_MESSAGE = 1000;

async function run(id: number, job: WorkerJob): Promise<void> {
  const post = (m: Answer) => port.postMessage({ id, ...m } satisfies FromWorker);
  try {
    if (job.op === 'oleKind') {
      post({ type: 'result', value: await oleKindInThread(job.file) });
      return;
    }
    const onProgress = (fraction: number) => post({ type: 'progress', fraction });
    const credit = async () => {
      while (credits === 0) await new Promise<void>((resolve) => (wake = resolve));
      credits--;
    };
    let first = true;
    for await (const batch of readRowsInThread(job.file, job.format, job.limits, job.progress ? onProgress : undefined)) {
      if (job.countOnly) {
        // A count needs the header and the numbers: copying a release's 7 million rows to the
        // server's thread, only to count them there, was most of the count's time.
        if (batch.length === 0) continue;
        await credit();
        if (first) post({ type: 'batch', rows: [batch[0]] });
        post({ type: 'counted', rows: batch.length - (first ? 1 : 0) });
        first = false;
        continue;
      }
      // A whole .xls comes as one batch: sent in slices, so the server's thread never spends
      // long on one message (it deserialises each) and the credits bound the memory.
      for (let start = 0; start < batch.length; start += MAX_ROWS_PER_MESSAGE) {
        await credit();
        post({ type: 'batch', rows: batch.length <= MAX_ROWS_PER_MESSAGE ? batch : batch.slice(start, start + MAX_ROWS_PER_MESSAGE) });
      }
    }
    post({ type: 'done' });
  } catch (err) {
    post({ type: 'error', error: serializeError(err) });
  }
}

port.on('message', (m: ToWorker) => {
  if (m.type === 'job') {
    current = m.id;
    credits = 0;
    void run(m.id, m.job);
  } else if (m.id === current) {
    credits += m.credits;
    wake?.();
    wake = null;
  }
});
