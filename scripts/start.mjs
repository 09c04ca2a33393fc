#!/usr/bin/env node
// npm start: build the front end when it is missing or older than its sources, bundle the server
// (a third of a second, every time: it is never stale), then serve the API, host app, widget bundle and
// examples on PORT (default 3000).
import { spawnSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { buildServerBundle, SERVER_BUNDLE } from './build/server-bundle.mjs';

const root = path.resolve(import.meta.dirname, '..');
const stamp = path.join(root, 'dist', '.build-stamp');
const sources = ['src', 'examples', 'index.html', 'vite.config.ts', 'vite.widgets.config.ts', 'package.json'];

function newest(p) {
  const full = path.join(root, p);
  if (!fs.existsSync(full)) return 0;
  const st = fs.statSync(full);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const entry of fs.readdirSync(full)) {
    if (p === 'src' && entry === 'server') continue; // bundled below on every start
    max = Math.max(max, newest(path.join(p, entry)));
  }
  return max;
}

const builtAt = fs.existsSync(stamp) ? fs.statSync(stamp).mtimeMs : 0;
if (builtAt < Math.max(...sources.map(newest))) {
  console.log('Building the web app and the widget bundle...');
  const res = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (res.status !== 0) process.exit(res.status ?? 1);
  fs.writeFileSync(stamp, new Date().toISOString());
}

await buildServerBundle();
const server = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
