import type { FastifyInstance } from 'fastify';
import type { Socket } from 'socket.io';
import type { Queryable } from '../db/db';
import { findSessions, type SessionState } from '../modules/users';
import type { AuthContext } from '../types';

/**
 * A socket lives for hours; the rights of its handshake must not. Each socket remembers its sign-in
 * (user, refresh-token family, token expiry) and is checked again:
 * - on every join (checkSocket), against the database;
 * - on every change delivery (live/plugin.ts: one query for all of the instance's sockets);
 * - every `socketSessionCheckMs` (2 s) by a sweep of this instance's sockets (one query for all of them), which
 *   disconnects a socket whose account was deactivated or deleted, whose sign-in was revoked (sign
 *   out, sign out everywhere, a password or role change) or which lost a permission (the rooms it
 *   joined with it go with it; the browser reconnects and joins again with what it holds now);
 * - and a timer ends it when its access token expires (the browser reconnects with a fresh one).
 * The state is in the database, so a revocation through any instance reaches every instance's sockets.
 */
/** Sessions per sweep query (the arrays are parameters; this bounds one statement's size). */
const SWEEP_CHUNK = 5000;

export interface SocketSession {
  userId: string;
  sessionId: string;
  /** The permissions the socket was last checked with. */
  permissions: string[];
  /** When its access token expires (ms since the epoch). */
  expiresAt: number;
}

export function sessionOf(socket: Socket): SocketSession | null {
  const data = socket.data as Partial<SocketSession>;
  if (!data.userId || !data.sessionId || !data.permissions || !data.expiresAt) return null;
  return data as SocketSession;
}

/** Stores the handshake's sign-in on the socket. */
export function rememberSession(socket: Socket, auth: AuthContext): void {
  const session: SocketSession = { userId: auth.user.id, sessionId: auth.sessionId, permissions: auth.permissions, expiresAt: auth.expiresAt };
  // The username is what others see of this socket's presence (live/presence.ts).
  Object.assign(socket.data as object, session, { username: auth.user.username });
}

const lostAny = (before: readonly string[], now: readonly string[]) => before.some((p) => !now.includes(p));

/**
 * Applies a fresh state to a socket: disconnects it when the sign-in is over, the token expired or
 * a permission was taken away; otherwise keeps the current permissions. Returns whether it stays.
 */
function apply(socket: Socket, session: SocketSession, state: SessionState): boolean {
  if (!state.live || Date.now() >= session.expiresAt || lostAny(session.permissions, state.permissions)) {
    socket.disconnect(true);
    return false;
  }
  session.permissions = state.permissions;
  return true;
}

/** Checks one socket against the database now (a join): its current permissions, or null when it was disconnected. */
export async function checkSocket(db: Queryable, socket: Socket): Promise<string[] | null> {
  const session = sessionOf(socket);
  if (!session) {
    socket.disconnect(true);
    return null;
  }
  const [state] = await findSessions(db, [session]);
  return apply(socket, session, state) ? session.permissions : null;
}

/**
 * The sockets grouped by sign-in with the state of each read now (one query per SWEEP_CHUNK
 * sign-ins). Sockets without a sign-in are disconnected.
 */
export async function currentSessions(db: Queryable, sockets: Iterable<Socket>): Promise<{ session: SocketSession; state: SessionState; sockets: Socket[] }[]> {
  const bySession = new Map<string, { session: SocketSession; sockets: Socket[] }>();
  for (const socket of sockets) {
    const session = sessionOf(socket);
    if (!session) {
      socket.disconnect(true);
      continue;
    }
    const key = `${session.userId} ${session.sessionId}`;
    const entry = bySession.get(key);
    if (entry) entry.sockets.push(socket);
    else bySession.set(key, { session, sockets: [socket] });
  }
  const entries = [...bySession.values()];
  const out: { session: SocketSession; state: SessionState; sockets: Socket[] }[] = [];
  for (let i = 0; i < entries.length; i += SWEEP_CHUNK) {
    const chunk = entries.slice(i, i + SWEEP_CHUNK);
    const states = await findSessions(db, chunk.map((e) => e.session));
    chunk.forEach((entry, k) => out.push({ ...entry, state: states[k] }));
  }
  return out;
}

/** Checks every socket of this instance once. */
export async function sweepSockets(db: Queryable, sockets: Iterable<Socket>): Promise<void> {
  for (const entry of await currentSessions(db, sockets)) {
    for (const socket of entry.sockets) apply(socket, sessionOf(socket) ?? entry.session, entry.state);
  }
}

/** Ends each socket when its token expires, and sweeps this instance's sockets every `socketSessionCheckMs`. */
export function watchSocketSessions(app: FastifyInstance): void {
  app.io.on('connection', (socket: Socket) => {
    const session = sessionOf(socket);
    if (!session) return void socket.disconnect(true);
    // setTimeout holds at most ~24.8 days; access tokens live minutes.
    const timer = setTimeout(() => socket.disconnect(true), Math.max(0, Math.min(session.expiresAt - Date.now(), 2 ** 31 - 1)));
    timer.unref();
    socket.once('disconnect', () => clearTimeout(timer));
  });
  let sweeping = false;
  const sweep = setInterval(() => {
    if (sweeping || app.io.of('/').sockets.size === 0) return;
    sweeping = true;
    sweepSockets(app.db, app.io.of('/').sockets.values())
      .catch((err: unknown) => app.log.warn({ err }, 'socket session check failed'))
      .finally(() => (sweeping = false));
  }, app.config.socketSessionCheckMs);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));
}
