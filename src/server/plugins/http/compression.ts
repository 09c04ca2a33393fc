import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import zlib from 'node:zlib';

/**
 * What is worth compressing: JSON answers, text, scripts, styles, HTML and SVG. Everything else —
 * spreadsheets (xlsx is a zip), zip files, images, PDFs, attachments of other types — is already
 * compressed or not worth it, and is sent as it is.
 */
export const COMPRESSIBLE = /^(application\/(json|javascript|xml|[\w.+-]+\+(json|xml))|text\/[\w.+-]+|image\/svg\+xml)(;|$)/i;

/**
 * Compresses answers of at least 1 KB (brotli when the client takes it, else gzip): a 25-node page
 * is ~11 KB of JSON, a capped graph view megabytes. Built assets are not compressed here: the build
 * writes .br and .gz beside them (scripts/build/precompress.mjs) and the static plugin serves those; a
 * reply that already has a Content-Encoding is left alone, so nothing is compressed twice.
 * socket.io answers on the raw HTTP server before Fastify and is not touched.
 */
export const compressionPlugin = fp(async function compression(app: FastifyInstance) {
  await app.register(compress, {
    globalCompression: true,
    // Request bodies stay as sent: no client sends compressed bodies, and inflating them would
    // open uploads to compression bombs ahead of the upload limits.
    globalDecompression: false,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    customTypes: COMPRESSIBLE,
    // Quality 4 (the plugin's default): about gzip's speed with brotli's size; 11 is for build time.
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT, [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
});
