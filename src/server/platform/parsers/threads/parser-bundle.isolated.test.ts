import * as esbuild from 'esbuild';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readRowsOffThread, parserThreads } from './off-thread';
import { parserBundle } from './parser-bundle';
import type { ParseLimits } from '../types';

/**
 * The parser threads' bundle (parser-bundle.ts) when esbuild cannot build it: the read that needed
 * a thread fails with esbuild's error and leaves no thread behind, and the next read builds the
 * bundle again instead of keeping the failure. esbuild is mocked at its edge: only its first
 * build fails.
 */
vi.mock('esbuild', async (importOriginal) => {
  const real = await importOriginal<typeof import('esbuild')>();
  return { ...real, build: vi.fn(real.build) };
});

const limits: ParseLimits = {
  maxRows: 1000,
  maxColumns: 20,
  maxCellChars: 32_768,
  zip: { maxEntryBytes: 1024 * 1024, maxTotalBytes: 1024 * 1024, maxRatio: 250 },
};
let dir: string;
let csv: string;
beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kg-bundle-'));
  csv = path.join(dir, 'nodes.csv');
  fs.writeFileSync(csv, 'nodename,nodetype\r\nAsthma,Disease\r\nFever,Symptom\r\n');
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

async function cells(): Promise<string[][]> {
  const out: string[][] = [];
  for await (const batch of readRowsOffThread(csv, 'csv', limits)) for (const row of batch) out.push(row.cells.map(String));
  return out;
}

describe('the parser bundle', () => {
  it('a failed build fails the read that needed it, and the next read builds it again', async () => {
    vi.mocked(esbuild.build).mockRejectedValueOnce(new Error('esbuild: the service was stopped'));
    await expect(cells()).rejects.toThrow('esbuild: the service was stopped');
    expect(parserThreads().live).toEqual([]);

    expect(await cells()).toEqual([
      ['nodename', 'nodetype'],
      ['Asthma', 'Disease'],
      ['Fever', 'Symptom'],
    ]);
    expect(vi.mocked(esbuild.build)).toHaveBeenCalledTimes(2);
    // Built once it succeeded: the bundle is kept for every later thread.
    await parserBundle();
    expect(vi.mocked(esbuild.build)).toHaveBeenCalledTimes(2);
  });
});
