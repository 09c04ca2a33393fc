#!/usr/bin/env node
// npm run dev: the API server (reloading on change, port 3000) and the Vite dev server
// for the host app (http://localhost:5173, proxying /api and /socket.io to the API).
import { spawn } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// The embedding examples (/examples/) are served only when asked for: on while developing.
const apiEnv = { ...process.env, KG_EXAMPLES: process.env.KG_EXAMPLES ?? '1' };
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], { cwd: root, stdio: 'inherit', env: apiEnv }),
  spawn('npx', ['vite'], { cwd: root, stdio: 'inherit' }),
];
const stop = (signal) => children.forEach((c) => c.kill(signal));
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
for (const c of children) c.on('exit', (code) => { stop('SIGTERM'); process.exit(code ?? 0); });
