/**
 * Bytes on the wire as served: one request per scenario with each Accept-Encoding a client may
 * send (none, gzip, br, and what a browser sends), counting the raw body bytes received (node's
 * fetch would decode them) and the Content-Encoding the server chose.
 */
import http from 'node:http';

export interface WireSize {
  acceptEncoding: string;
  contentEncoding: string | null;
  bodyBytes: number;
}

export const ENCODINGS = ['identity', 'gzip', 'br', 'gzip, deflate, br'] as const;

function rawGet(url: string, token: string, acceptEncoding: string): Promise<WireSize> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { headers: { authorization: `Bearer ${token}`, 'accept-encoding': acceptEncoding } }, (res) => {
      let bodyBytes = 0;
      res.on('data', (chunk: Buffer) => (bodyBytes += chunk.length));
      res.on('end', () => {
        if ((res.statusCode ?? 0) >= 300) reject(new Error(`${url}: ${res.statusCode}`));
        else resolve({ acceptEncoding, contentEncoding: (res.headers['content-encoding']) ?? null, bodyBytes });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}

/** The sizes of one answer under each Accept-Encoding. */
export async function wireSizes(base: string, path: string, token: string): Promise<WireSize[]> {
  const out: WireSize[] = [];
  for (const enc of ENCODINGS) out.push(await rawGet(`${base}${path}`, token, enc));
  return out;
}
