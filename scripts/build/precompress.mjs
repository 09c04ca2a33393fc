#!/usr/bin/env node
// After `vite build`: writes <file>.br (brotli, quality 11) and <file>.gz (gzip -9) beside every
// built text asset of at least 1 KB, so the server sends them as they are (@fastify/static
// preCompressed) instead of compressing on every request, and at the best ratio. A variant that
// would not be smaller is not written. Usage: node scripts/build/precompress.mjs [dir…] (default dist).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

const root = path.resolve(import.meta.dirname, '../..');
// Source maps are left out: only developer tools fetch them, and they are most of the bytes.
const TEXT = /\.(js|mjs|css|html|svg|json|txt|d\.ts|webmanifest|xml)$/;
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (TEXT.test(entry.name)) yield full;
  }
}

export function precompress(dir) {
  let written = 0;
  let raw = 0;
  let br = 0;
  for (const file of files(dir)) {
    const body = fs.readFileSync(file);
    // Stale variants of an earlier build must never be served for a new file.
    for (const ext of ['.br', '.gz']) fs.rmSync(file + ext, { force: true });
    if (body.length < MIN_BYTES) continue;
    const variants = {
      '.br': zlib.brotliCompressSync(body, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 11,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
        },
      }),
      '.gz': zlib.gzipSync(body, { level: 9 }),
    };
    for (const [ext, data] of Object.entries(variants)) {
      if (data.length >= body.length) continue;
      fs.writeFileSync(file + ext, data);
      written++;
    }
    raw += body.length;
    br += Math.min(body.length, variants['.br'].length);
  }
  return { written, raw, br };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const dirs = process.argv.slice(2);
  for (const dir of dirs.length ? dirs : ['dist']) {
    const full = path.resolve(root, dir);
    if (!fs.existsSync(full)) continue;
    const t0 = Date.now();
    const r = precompress(full);
    console.log(`precompress ${path.relative(root, full)}: ${r.written} files written, ${(r.raw / 1024).toFixed(0)} KB → ${(r.br / 1024).toFixed(0)} KB brotli, ${Date.now() - t0} ms`);
  }
}
