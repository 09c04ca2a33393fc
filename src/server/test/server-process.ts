import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/**
 * A real server process for the *.process.test.ts files (connection loss, several instances, live
 * changes across instances): one way to pick a port, start `tsx <entry>`, collect its output, wait
 * until it serves and stop it, so the three fault tests differ only in what they do to it.
 */
const root = path.resolve(import.meta.dirname, '../../..');

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export interface ServerProcess {
  base: string;
  proc: ChildProcess;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  /** SIGTERM, then waits for the exit; a no-op when it has already exited. */
  stop(): Promise<void>;
}

export interface ServerProcessOptions {
  /** Script run with tsx, relative to the project root. */
  entry?: string;
  databaseUrl: string;
  /** Extra environment, over the defaults (warn logging, lifted credential rate limit). */
  env?: Record<string, string>;
  /** Keep stdin open (instance-process.ts reads control lines from it). */
  stdin?: boolean;
}

export async function startServerProcess(options: ServerProcessOptions): Promise<ServerProcess> {
  const port = await freePort();
  let output = '';
  const proc = spawn(process.execPath, ['--import', 'tsx', options.entry ?? 'src/server/main.ts'], {
    cwd: root,
    env: {
      ...process.env,
      DATABASE_URL: options.databaseUrl,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      KG_AUTH_RATE_LIMIT: '10000',
      ...options.env,
    },
    stdio: [options.stdin ? 'pipe' : 'ignore', 'pipe', 'pipe'],
  });
  proc.stdout!.on('data', (b: Buffer) => (output += b.toString()));
  proc.stderr!.on('data', (b: Buffer) => (output += b.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    proc.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    base: `http://127.0.0.1:${port}`,
    proc,
    output: () => output,
    exited,
    async stop() {
      if (proc.exitCode !== null || proc.signalCode !== null) return;
      proc.kill('SIGTERM');
      await exited;
    },
  };
}

/** Waits until `url` answers `status` (a refused connection counts as not yet); fails fast if the process ends. */
export async function waitForStatus(server: ServerProcess, url: string, status: number, timeoutMs = 60_000): Promise<Response> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (server.proc.exitCode !== null) throw new Error(`server exited with ${server.proc.exitCode}: ${server.output()}`);
    const res = await fetch(`${server.base}${url}`).catch(() => null);
    if (res?.status === status) return res;
    if (Date.now() > deadline) throw new Error(`${url} did not answer ${status}: ${server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Waits until the process prints `text` on stdout or stderr. */
export async function waitForOutput(server: ServerProcess, text: string, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!server.output().includes(text)) {
    if (server.proc.exitCode !== null) throw new Error(`server exited with ${server.proc.exitCode}: ${server.output()}`);
    if (Date.now() > deadline) throw new Error(`server did not print "${text}": ${server.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
