import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SERVER_BUNDLE } from '../../../scripts/build/server-bundle.mjs';

export interface TestServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '../../..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

export { freePort };

/**
 * Where tests/e2e/global-setup.ts left the data directories of a server that has started once:
 * `empty/` (KG_SAMPLE_DATA=0) and `sample/` (KG_SAMPLE_DATA=1).
 */
export const TEMPLATES_ENV = 'KG_E2E_TEMPLATES';
type Template = 'empty' | 'sample';

/**
 * Fills a new data directory with a copy of the run's template, so the server that opens it
 * skips creating the embedded database (initdb) and migrating: ~70 % of a server's start, about
 * 14 of 20 CPU seconds, paid once per run instead of once per spec. The copy is what that first
 * start leaves, and holds nothing instance-specific (the template server ran with a configured
 * token secret, so each copy makes its own on its first start). Returns false without templates
 * (startServer outside a Playwright run): the server then creates its database itself.
 */
export function seedDataDir(dataDir: string, template: Template): boolean {
  const templates = process.env[TEMPLATES_ENV];
  if (!templates) return false;
  // Rows of the template are dated when it was built; specs check that the sample's nodes were
  // created today. Past midnight a copy would say yesterday: the server then creates its own.
  if (fs.readFileSync(path.join(templates, 'day'), 'utf8') !== new Date().toDateString()) return false;
  // The lock belongs to the process that held it (none now): never copy it.
  fs.cpSync(path.join(templates, template), dataDir, { recursive: true, filter: (src) => !path.basename(src).startsWith('server.lock') });
  return true;
}

const defaultEnv = (port: number, dataDir: string) => ({
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  KG_SAMPLE_DATA: '0',
  LOG_LEVEL: 'warn',
  KG_EXAMPLES: '1',
  KG_PUBLIC_RATE_LIMIT: '100000',
  KG_AUTH_RATE_LIMIT: '10000',
  KG_AUTH_ACCOUNT_RATE_LIMIT: '10000',
});

interface SpawnOptions {
  keepDataDir?: boolean;
  minStartMs?: number;
  /** A spare (see startServer): started at a lower priority unless taken already; told its process id at once. */
  spare?: { niced(): boolean; started(pid: number): void };
}

async function spawnServer(env: Record<string, string>, dataDir: string, { keepDataDir = false, minStartMs = 0, spare }: SpawnOptions = {}): Promise<TestServer> {
  // A fixed PORT in `env` lets a test know the server's origin before it starts (KG_CORS_ORIGINS).
  const port = Number(env.PORT) || (await freePort());
  const started = Date.now();
  // The bundle global-setup.ts builds (scripts/build/server-bundle.mjs): ~2.7 CPU seconds less per start than tsx.
  const args = fs.existsSync(SERVER_BUNDLE) ? ['--enable-source-maps', SERVER_BUNDLE] : ['--import', 'tsx', 'src/server/main.ts'];
  // A spare starts under `nice`, so all its threads yield to the spec running meanwhile.
  const child: ChildProcess = spare?.niced()
    ? spawn('nice', ['-n', String(SPARE_NICENESS), process.execPath, ...args], { cwd: root, env: { ...process.env, ...defaultEnv(port, dataDir), ...env }, stdio: ['ignore', 'inherit', 'inherit'] })
    : spawn(process.execPath, args, { cwd: root, env: { ...process.env, ...defaultEnv(port, dataDir), ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
  if (spare && child.pid) spare.started(child.pid);
  const url = `http://127.0.0.1:${port}`;
  // A busy machine (shared CI cores) may need longer: KG_E2E_SERVER_START_MS.
  const startMs = Math.max(minStartMs, Number(process.env.KG_E2E_SERVER_START_MS) || 120_000);
  const deadline = Date.now() + startMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM');
      throw new Error(`server did not start within ${startMs / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  // KG_E2E_TIMINGS=1: one line per server start, to see where a browser run's time goes.
  if (process.env.KG_E2E_TIMINGS) console.log(`[e2e] server ${url} ready in ${Date.now() - started} ms`);
  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        // A data directory about to be deleted needs no orderly close (draining, the database's
        // checkpoint): about a second of every spec's end. A kept one (a template) does.
        child.kill(keepDataDir ? 'SIGTERM' : 'SIGKILL');
        await exited;
      }
      if (!keepDataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts the real server (built app + API) on a free port with a fresh embedded database (a
 * copy of the run's template: seedDataDir). `env` adds settings (KG_SAMPLE_DATA=1 for the sample
 * graph, KG_CORS_ORIGINS, ...). The examples are served (KG_EXAMPLES=1): several specs drive the
 * widgets through them.
 */
export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  if (!startsAhead(env)) return startFresh(env);
  const key = settingsKey(env);
  const spare = spares.get(key);
  spares.delete(key);
  const asked = Date.now();
  let server: TestServer | null = null;
  if (spare) {
    spare.take();
    server = await spare.ready.catch(() => null);
    if (server && process.env.KG_E2E_TIMINGS) console.log(`[e2e] spare server ${server.url} taken, waited ${Date.now() - asked} ms`);
  }
  server ??= await startFresh(env);
  startSpare(key, env);
  return server;
}

function startFresh(env: Record<string, string>): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kg-e2e-'));
  seedDataDir(dataDir, env.KG_SAMPLE_DATA === '1' ? 'sample' : 'empty');
  return spawnServer(env, dataDir);
}

/*
 * Spares. A server's start is mostly loading the server's modules (~4 of its ~7 CPU seconds) and
 * takes several seconds of the run's wall time, once per spec. Most specs ask for the same settings
 * (none, or the sample data): when one does, the next server with those settings starts at once,
 * at a lower priority, while the spec runs, and the next spec asking for them takes it, ready or
 * nearly so, and puts it back to normal priority. A spare is an ordinary server on its own fresh
 * copy of the template, used by one spec only, as before. At most one waits per setting; the
 * worker kills its spares when it exits, and global-setup's teardown kills any a crashed worker
 * left (their process ids are in the templates' `spares/` folder). KG_E2E_SPARES=0 turns this off.
 */
const SPARE_NICENESS = 10;

interface Spare {
  ready: Promise<TestServer>;
  /** Normal priority again, the spec's to stop. */
  take(): void;
  kill(): void;
}

/** The spares not taken yet, by settings; the worker kills them as it exits. */
const spares = new Map<string, Spare>();
let killsSparesAtExit = false;

/** Only inside a Playwright run (templates set), for settings that name no port (two specs' ports would clash). */
function startsAhead(env: Record<string, string>): boolean {
  return !!process.env[TEMPLATES_ENV] && process.env.KG_E2E_SPARES !== '0' && !env.PORT && canRaisePriority();
}

/** Putting a spare back to normal priority needs root (CAP_SYS_NICE); without it, no spares. */
function canRaisePriority(): boolean {
  return process.platform === 'linux' && process.getuid?.() === 0;
}

const settingsKey = (env: Record<string, string>) => JSON.stringify(Object.entries(env).sort(([a], [b]) => a.localeCompare(b)));

const sparesDir = () => path.join(process.env[TEMPLATES_ENV]!, 'spares');

function startSpare(key: string, env: Record<string, string>): void {
  // Two servers asked for at once: one spare is enough.
  if (spares.has(key)) return;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kg-e2e-'));
  seedDataDir(dataDir, env.KG_SAMPLE_DATA === '1' ? 'sample' : 'empty');
  let pid = 0;
  let taken = false;
  const record = () => path.join(sparesDir(), String(pid));
  const ready = spawnServer(env, dataDir, {
    // Niced on a busy machine, it may take longer than a spec's own start would.
    minStartMs: 300_000,
    spare: {
      // Taken before it was even spawned (a spec asking twice in a row): no reason to nice it.
      niced: () => !taken,
      started: (p) => {
        pid = p;
        fs.mkdirSync(sparesDir(), { recursive: true });
        fs.writeFileSync(record(), dataDir);
        if (taken) fs.rmSync(record(), { force: true });
      },
    },
  });
  // Not awaited until taken: a spare that fails to start is replaced by a fresh start then.
  ready.catch(() => {
    // Failed (or gave up waiting): its process id is nobody's to kill later.
    if (pid) fs.rmSync(record(), { force: true });
    const failed = pid;
    pid = 0;
    if (failed) killSpare(failed, dataDir);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  });
  spares.set(key, {
    ready,
    take() {
      taken = true;
      if (!pid) return;
      fs.rmSync(record(), { force: true });
      // Every thread: those made while it was niced inherited the lower priority.
      for (const tid of threadsOf(pid)) {
        try {
          os.setPriority(tid, 0);
        } catch {
          /* ended meanwhile */
        }
      }
    },
    kill: () => pid && killSpare(pid, dataDir),
  });
  if (!killsSparesAtExit) {
    killsSparesAtExit = true;
    process.once('exit', () => {
      for (const spare of spares.values()) spare.kill();
    });
  }
}

function threadsOf(pid: number): number[] {
  try {
    return fs.readdirSync(`/proc/${pid}/task`).map(Number);
  } catch {
    return [pid];
  }
}

function killSpare(pid: number, dataDir: string): void {
  try {
    process.kill(pid, 'SIGKILL');
  } catch {
    /* gone already */
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** global-setup's teardown: the spares a worker that did not exit normally left running. */
export function killLeftSpares(templatesDir: string): void {
  const dir = path.join(templatesDir, 'spares');
  if (!fs.existsSync(dir)) return;
  for (const pid of fs.readdirSync(dir)) {
    const dataDir = fs.readFileSync(path.join(dir, pid), 'utf8');
    // Only that server: a process id freed since may belong to another process now.
    let environ = '';
    try {
      environ = fs.readFileSync(`/proc/${pid}/environ`, 'utf8');
    } catch {
      /* gone */
    }
    if (environ.split('\0').includes(`DATA_DIR=${dataDir}`)) killSpare(Number(pid), dataDir);
    else fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Builds the templates seedDataDir copies: each is the data directory of a server that started
 * once on a new embedded database and stopped. Both start at once (they are independent).
 */
export async function buildTemplates(): Promise<{ dir: string; remove(): void }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kg-e2e-templates-'));
  const build = async (template: Template) => {
    const dataDir = path.join(dir, template);
    fs.mkdirSync(dataDir);
    // A configured token secret is not stored: every copy makes its own on its first start.
    // A first start creates the database (initdb): slower than the starts from a copy.
    const server = await spawnServer({ KG_SAMPLE_DATA: template === 'sample' ? '1' : '0', KG_TOKEN_SECRET: 'e2e-template-only-0123456789abcdef' }, dataDir, { keepDataDir: true, minStartMs: 300_000 });
    await server.stop();
  };
  const day = new Date().toDateString();
  const built = await Promise.allSettled([build('empty'), build('sample')]);
  fs.writeFileSync(path.join(dir, 'day'), day);
  const failed = built.find((r) => r.status === 'rejected');
  if (failed) {
    fs.rmSync(dir, { recursive: true, force: true });
    throw failed.reason;
  }
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
