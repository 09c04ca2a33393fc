import { describe, expect, it } from 'vitest';
import { batchesWhileReading } from './batches-while-reading';

/** A write that stays pending until released, recording the batches it was given. */
function recorder() {
  const calls: [number, number][] = [];
  const pending: (() => void)[] = [];
  const fail: ((err: unknown) => void)[] = [];
  const write = (from: number, to: number) =>
    new Promise<void>((resolve, reject) => {
      calls.push([from, to]);
      pending.push(resolve);
      fail.push(reject);
    });
  const release = async () => {
    pending.shift()!();
    fail.shift();
    await new Promise((r) => setImmediate(r));
  };
  return { calls, write, release, fail };
}

describe('batchesWhileReading', () => {
  it('writes full batches in file order, one at a time, as rows arrive', async () => {
    const r = recorder();
    const batches = batchesWhileReading(3, r.write);
    batches.rowsRead(2);
    expect(r.calls).toEqual([]);
    batches.rowsRead(3);
    expect(r.calls).toEqual([[0, 3]]);
    // Rows read while a batch is written wait for it.
    batches.rowsRead(8);
    expect(r.calls).toEqual([[0, 3]]);
    await r.release();
    expect(r.calls).toEqual([[0, 3], [3, 6]]);
    await r.release();
    // 8 rows: the last two are not a full batch, and stay for the batches after the read.
    expect(r.calls).toEqual([[0, 3], [3, 6]]);
    expect(await batches.settle()).toBe(6);
  });

  it('settle waits for the batch being written and starts no other', async () => {
    const r = recorder();
    const batches = batchesWhileReading(2, r.write);
    batches.rowsRead(10);
    const settled = batches.settle();
    await r.release();
    expect(await settled).toBe(2);
    expect(r.calls).toEqual([[0, 2]]);
    batches.rowsRead(12);
    expect(r.calls).toEqual([[0, 2]]);
  });

  it('a failed batch fails the next row read and settle, and nothing more is written', async () => {
    const r = recorder();
    const batches = batchesWhileReading(2, r.write);
    batches.rowsRead(4);
    r.fail[0](new Error('connection lost'));
    await new Promise((res) => setImmediate(res));
    expect(() => batches.rowsRead(6)).toThrow('connection lost');
    await expect(batches.settle()).rejects.toThrow('connection lost');
    expect(r.calls).toEqual([[0, 2]]);
  });
});
