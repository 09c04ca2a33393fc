/**
 * Drives the real server: one fresh server per measurement (so its peak RSS is that
 * measurement's), the upload as a browser sends it (multipart field `file`, the file streamed
 * from disk), the node job followed over socket.io to its completed event, and the server's
 * resident memory sampled from /proc while it runs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { io } from 'socket.io-client';
import { startServer, type RunningServer } from '../api/server';

export interface Measured<T> {
  result: T;
  wallMs: number;
  /** Peak resident set of the server process (VmHWM) in MB. */
  peakRssMb: number | null;
  /** Resident set of the started, idle server just before the measurement, in MB. */
  idleRssMb: number | null;
  /**
   * CPU time the server process (all its threads) spent during the measurement, in ms: steadier
   * than the wall time on a shared machine, and what a change of the server's own work moves.
   */
  serverCpuMs: number | null;
}

/** utime + stime of a process (every thread), in ms; /proc counts clock ticks of 10 ms. */
function cpuMs(pid: number): number | null {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ').pop()!.split(' ');
    // After "pid (comm) ": state is field 3, utime 14 and stime 15 of stat(5).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

function kbField(pid: number, field: 'VmHWM' | 'VmRSS'): number | null {
  try {
    const m = new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

export async function withServer<T>(
  opts: { dataDir: string; databaseUrl?: string; logDir: string; name: string; env?: Record<string, string> },
  work: (server: RunningServer, token: string) => Promise<T>,
): Promise<T> {
  const server = await startServer({ dataDir: opts.dataDir, databaseUrl: opts.databaseUrl, logFile: path.join(opts.logDir, `${opts.name}.log`), env: opts.env });
  try {
    return await work(server, await adminToken(server.url));
  } finally {
    await server.stop();
  }
}

export async function adminToken(url: string): Promise<string> {
  const who = { username: 'bench', email: 'bench@example.org', password: 'bench-pass-1' };
  const reg = await fetch(`${url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(who) });
  if (reg.status !== 201 && reg.status !== 409) throw new Error(`register: ${reg.status} ${await reg.text()}`);
  const res = await fetch(`${url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: who.username, password: who.password }) });
  if (!res.ok) throw new Error(`login: ${res.status}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

export async function post(url: string, token: string, file: string): Promise<Response> {
  const form = new FormData();
  form.append('file', await fs.openAsBlob(file), path.basename(file));
  return fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
}

/** Measures `run` with the server's peak RSS. */
export async function measure<T>(server: RunningServer, run: () => Promise<T>): Promise<Measured<T>> {
  const idle = kbField(server.pid, 'VmRSS');
  const cpuBefore = cpuMs(server.pid);
  const start = performance.now();
  const result = await run();
  const wallMs = performance.now() - start;
  const hwm = kbField(server.pid, 'VmHWM');
  const cpuAfter = cpuMs(server.pid);
  return {
    result,
    wallMs,
    peakRssMb: hwm === null ? null : Math.round(hwm / 1024),
    idleRssMb: idle === null ? null : Math.round(idle / 1024),
    serverCpuMs: cpuBefore === null || cpuAfter === null ? null : cpuAfter - cpuBefore,
  };
}

export interface NodeUploadOutcome {
  status: string;
  message: string;
  summary: { total: number; created: number; skipped: number; errors: number };
  progressEvents: number;
}

/** POST /nodes/upload, then the job's progress events until completed (or error). */
export const uploadNodes = (server: RunningServer, token: string, file: string) => upload(server, token, file, '/api/nodes/upload');
/** POST /relations/upload: the same answer and progress events as a node upload. */
export const uploadRelations = (server: RunningServer, token: string, file: string) => upload(server, token, file, '/api/relations/upload');

async function upload(server: RunningServer, token: string, file: string, route: string): Promise<NodeUploadOutcome> {
  const socket = io(server.url, { path: '/socket.io', transports: ['websocket'], auth: { token } });
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', () => resolve());
    socket.once('connect_error', reject);
  });
  try {
    const res = await post(`${server.url}${route}`, token, file);
    const answer = (await res.json()) as { processId: string; status: string; message: string; summary?: NodeUploadOutcome['summary']; error?: string };
    if (!res.ok) throw new Error(`upload: ${res.status} ${answer.error}`);
    if (answer.status === 'completed' && answer.summary) return { status: answer.status, message: answer.message, summary: answer.summary, progressEvents: 0 };
    let events = 0;
    return await new Promise<NodeUploadOutcome>((resolve, reject) => {
      socket.on(`upload-progress-${answer.processId}`, (e: { status: string; message: string; summary?: NodeUploadOutcome['summary'] }) => {
        events++;
        if (e.status === 'completed') resolve({ status: e.status, message: e.message, summary: e.summary!, progressEvents: events });
        if (e.status === 'error') reject(new Error(`upload failed: ${e.message}`));
      });
      socket.emit('job.join', answer.processId);
    });
  } finally {
    socket.disconnect();
  }
}

export interface SnomedImportOutcome {
  message: string;
  summary: { totalRows: number; created: number; errors: number; updated: number; unchanged: number };
  progressEvents: number;
}

/** POST /snomed/import (answers when the import is over), counting snomed-upload-progress events. */
export async function importSnomed(server: RunningServer, token: string, file: string): Promise<SnomedImportOutcome> {
  const socket = io(server.url, { path: '/socket.io', transports: ['websocket'], auth: { token } });
  let events = 0;
  socket.on('snomed-upload-progress', () => events++);
  try {
    const res = await post(`${server.url}/api/snomed/import`, token, file);
    const body = (await res.json()) as SnomedImportOutcome & { error?: string };
    if (!res.ok) throw new Error(`import: ${res.status} ${body.error}`);
    return { message: body.message, summary: body.summary, progressEvents: events };
  } finally {
    socket.disconnect();
  }
}

/** Sequential catalogue searches (the SNOMED screen's call): latencies in ms. */
/** `extra`: more query parameters, e.g. `&by=concept` for the concept search. */
export async function searchLatencies(server: RunningServer, token: string, terms: string[], extra = ''): Promise<number[]> {
  const out: number[] = [];
  for (const term of terms) {
    const start = performance.now();
    const res = await fetch(`${server.url}/api/snomed/concepts?page=1&limit=10&search=${encodeURIComponent(term)}${extra}`, { headers: { authorization: `Bearer ${token}` } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`search ${term}: ${res.status}`);
    out.push(performance.now() - start);
  }
  return out;
}
