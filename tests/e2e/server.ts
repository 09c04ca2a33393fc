import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

export interface TestServer {
  url: string;
  dataDir: string;
  stop(): Promise<void>;
}

const root = path.resolve(import.meta.dirname, '../..');

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

/**
 * Starts the real server (built app + API) on a free port with a fresh embedded database.
 * `env` adds settings (KG_SAMPLE_DATA=1 for the sample graph, KG_CORS_ORIGINS, ...). The examples
 * are served (KG_EXAMPLES=1): several specs drive the widgets through them.
 */
export { freePort };

export async function startServer(env: Record<string, string> = {}): Promise<TestServer> {
  // A fixed PORT in `env` lets a test know the server's origin before it starts (KG_CORS_ORIGINS).
  const port = Number(env.PORT) || (await freePort());
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kg-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, KG_SAMPLE_DATA: '0', LOG_LEVEL: 'warn', KG_EXAMPLES: '1', KG_PUBLIC_RATE_LIMIT: '100000', KG_AUTH_RATE_LIMIT: '10000', KG_AUTH_ACCOUNT_RATE_LIMIT: '10000', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  // A busy machine (shared CI cores) may need longer: KG_E2E_SERVER_START_MS.
  const startMs = Number(process.env.KG_E2E_SERVER_START_MS) || 120_000;
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
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    dataDir,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
