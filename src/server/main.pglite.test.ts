import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kg-main-'));
const children: ReturnType<typeof spawn>[] = [];

afterAll(async () => {
  for (const c of children) if (c.exitCode === null) c.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const srv = net.createServer().listen(0, '127.0.0.1');
  await new Promise((r) => srv.once('listening', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise((r) => srv.close(r));
  return port;
}

function start(port: number) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, KG_SAMPLE_DATA: '0', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  let output = '';
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  return { child, output: () => output };
}

async function waitHealthy(url: string) {
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not start');
}

describe('the server process on an embedded database', () => {
  it('keeps data across restarts, refuses a second process on the same data dir, and shuts down cleanly', async () => {
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    const first = start(port);
    await waitHealthy(url);
    const reg = await fetch(`${url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'first', email: 'first@example.org', password: 'secret-1' }),
    });
    expect(reg.status).toBe(201);

    const second = start(await freePort());
    const code = await new Promise((r) => second.child.once('exit', r));
    expect(code).toBe(1);
    expect(second.output()).toContain('is already in use by another server');
    // The first server is unharmed.
    expect((await fetch(`${url}/api/health`)).status).toBe(200);

    first.child.kill('SIGTERM');
    expect(await new Promise((r) => first.child.once('exit', r))).toBe(0);
    expect(fs.existsSync(path.join(dataDir, 'server.lock'))).toBe(false);

    // Restart on the same data: the account is still there and still admin.
    const again = start(port);
    await waitHealthy(url);
    const login = await fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ login: 'first', password: 'secret-1' }),
    });
    expect(login.status).toBe(200);
    expect((await login.json()).user.role).toBe('admin');
    again.child.kill('SIGTERM');
    await new Promise((r) => again.child.once('exit', r));
  }, 90_000);
});
