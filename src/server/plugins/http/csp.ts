import type { IncomingMessage } from 'node:http';

/**
 * The origins an operator listed (KG_CORS_ORIGINS) that are origins indeed: `http(s)://host[:port]`
 * exactly as a browser writes them. Anything else (a path, a wildcard, `*`, a scheme alone) would
 * widen a policy it is copied into, so it is dropped.
 */
export function allowedOrigins(listed: readonly string[]): string[] {
  return listed.filter((o) => {
    try {
      const url = new URL(o);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.origin === o;
    } catch {
      return false;
    }
  });
}

/** A Host header that is a host name or address with an optional port, nothing else. */
const HOST = /^(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,62})(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,62}))*|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * This server's own WebSocket origins for a page's `connect-src` (socket.io): `ws://` and
 * `wss://` of the host the page was loaded from, both, since a TLS proxy in front may or may not
 * say so. Listed by name rather than as the `ws:`/`wss:` schemes, which allow every host.
 * A Host header that is not a plain host adds nothing (a browser always sends a plain one).
 */
export function ownSocketOrigins(host: string | undefined): string[] {
  return host && HOST.test(host) ? [`ws://${host}`, `wss://${host}`] : [];
}

/** The app's `connect-src`: itself and its own sockets (helmet calls this for each answer). */
export const appConnectSrc = (req: IncomingMessage) => ["'self'", ...ownSocketOrigins(req.headers.host)].join(' ');
