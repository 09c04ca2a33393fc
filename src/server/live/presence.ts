import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Socket } from 'socket.io';
import { z } from 'zod';
import { PRESENCE_EVENTS, PRESENCE_KINDS, PRESENCE_LIMITS, PRESENCE_READ_PERMISSION, type PresenceKind, type PresenceMode, type PresencePerson, type PresenceUpdate } from '../../contract';
import { checkSocket, sessionOf } from './socket-sessions';

/**
 * Presence (contract/presence.ts): who has a record open. Each instance keeps the entries of its own
 * sockets (with when the browser last said it is still there) and tells the other instances its
 * whole table through the PostgreSQL adapter's server-side emit: at once on a change and every
 * CLUSTER_BEAT_MS as a heartbeat. What it hears it keeps per instance and forgets PRESENCE_LIMITS.ttlMs
 * after that instance's last word, so the people of an instance that died go with it. Each instance
 * sends `presence:update` to its own sockets in a record's room whenever the people there change.
 *
 * Only a socket whose user may read that kind of record joins its room (checked against the
 * database on each join, with the socket's current sign-in); a socket that loses the permission is
 * disconnected by the session sweep (socket-sessions.ts), and its entries go with the disconnect.
 */

const idPattern = /^[A-Za-z0-9_-]+$/;
const recordSchema = z.object({
  kind: z.enum(PRESENCE_KINDS),
  id: z.string().min(1).max(PRESENCE_LIMITS.idMax).regex(idPattern),
});
const joinSchema = recordSchema.extend({ mode: z.enum(['viewing', 'editing']) }).strict();
const leaveSchema = recordSchema.strict();

/** The server-to-server event that carries one instance's presence table. */
const CLUSTER_EVENT = 'kg:presence';
/** How often an instance repeats its table to the others (they forget it after ttlMs). */
const CLUSTER_BEAT_MS = 2000;
/** How often expired entries are looked for. */
const SWEEP_MS = 1000;

type Key = `${PresenceKind}:${string}`;
interface Entry {
  userId: string;
  username: string;
  mode: PresenceMode;
  seenAt: number;
}
interface ClusterTable {
  instance: string;
  records: Record<string, PresencePerson[]>;
}

export type PresenceAck = { ok: true } | { ok: false; code: 'invalid' | 'forbidden' | 'too_many' | 'unauthorized' };

const keyOf = (kind: PresenceKind, id: string): Key => `${kind}:${id}`;
const roomOf = (key: Key) => `presence:${key}`;
const recordOf = (key: Key): { kind: PresenceKind; id: string } => {
  const at = key.indexOf(':');
  return { kind: key.slice(0, at) as PresenceKind, id: key.slice(at + 1) };
};

/** Everyone on one record, once per user (editing wins over viewing), by username. */
export function mergePeople(lists: Iterable<readonly PresencePerson[]>): PresencePerson[] {
  const byUser = new Map<string, PresencePerson>();
  for (const list of lists) {
    for (const p of list) {
      const known = byUser.get(p.userId);
      if (!known || (known.mode === 'viewing' && p.mode === 'editing')) byUser.set(p.userId, { userId: p.userId, username: p.username, mode: p.mode });
    }
  }
  return [...byUser.values()].sort((a, b) => a.username.localeCompare(b.username) || a.userId.localeCompare(b.userId));
}

export const presencePlugin = fp(async (app: FastifyInstance) => {
  const instance = randomUUID();
  /** This instance's sockets: socket id → record → entry. */
  const local = new Map<string, Map<Key, Entry>>();
  /** The other instances' tables, with when each was last heard. */
  const remote = new Map<string, { at: number; records: Record<string, PresencePerson[]> }>();
  /** What each room was last told (only rooms with sockets here). */
  const told = new Map<Key, string>();
  const sockets = () => app.io.of('/').sockets;

  const localPeople = (key: Key): PresencePerson[] => {
    const out: PresencePerson[] = [];
    for (const entries of local.values()) {
      const e = entries.get(key);
      if (e) out.push({ userId: e.userId, username: e.username, mode: e.mode });
    }
    return out;
  };
  const peopleOn = (key: Key): PresencePerson[] => mergePeople([localPeople(key), ...[...remote.values()].map((t) => t.records[key] ?? [])]);
  const updateOf = (key: Key): PresenceUpdate => ({ ...recordOf(key), people: peopleOn(key) });

  /** Tells each of these rooms' sockets here who is there, when that changed. */
  const publish = (keys: Iterable<Key>): Set<Key> => {
    const sent = new Set<Key>();
    for (const key of new Set(keys)) {
      const room = roomOf(key);
      if (!app.io.of('/').adapter.rooms.get(room)?.size) {
        told.delete(key);
        continue;
      }
      const update = updateOf(key);
      const signature = JSON.stringify(update.people);
      if (told.get(key) === signature) continue;
      told.set(key, signature);
      app.io.local.to(room).emit(PRESENCE_EVENTS.update, update);
      sent.add(key);
    }
    return sent;
  };

  const table = (): ClusterTable => {
    const records: Record<string, PresencePerson[]> = {};
    for (const entries of local.values()) {
      for (const [key, e] of entries) (records[key] ??= []).push({ userId: e.userId, username: e.username, mode: e.mode });
    }
    return { instance, records };
  };
  const tellCluster = () => {
    if (app.socketCluster) app.io.serverSideEmit(CLUSTER_EVENT, table());
  };

  const remove = (socket: Socket | undefined, socketId: string, keys: Iterable<Key>): Key[] => {
    const entries = local.get(socketId);
    const gone: Key[] = [];
    if (!entries) return gone;
    for (const key of keys) {
      if (!entries.delete(key)) continue;
      gone.push(key);
      void socket?.leave(roomOf(key));
    }
    if (entries.size === 0) local.delete(socketId);
    return gone;
  };

  app.io.on('connection', (socket: Socket) => {
    const ack = (fn: unknown, answer: PresenceAck) => {
      if (typeof fn === 'function') (fn as (a: PresenceAck) => void)(answer);
    };

    socket.on(PRESENCE_EVENTS.join, async (raw: unknown, fn?: unknown) => {
      const parsed = joinSchema.safeParse(raw);
      if (!parsed.success) return ack(fn, { ok: false, code: 'invalid' });
      const { kind, id, mode } = parsed.data;
      const key = keyOf(kind, id);
      const known = local.get(socket.id)?.get(key);
      // A heartbeat: the same join again. The session sweep keeps the socket's rights current.
      if (known && known.mode === mode) {
        known.seenAt = Date.now();
        return ack(fn, { ok: true });
      }
      if (!known && (local.get(socket.id)?.size ?? 0) >= PRESENCE_LIMITS.recordsPerSocket) return ack(fn, { ok: false, code: 'too_many' });
      const permissions = await checkSocket(app.db, socket).catch(() => null);
      const session = sessionOf(socket);
      if (!permissions || !session || !socket.connected) return ack(fn, { ok: false, code: 'unauthorized' });
      if (!permissions.includes(PRESENCE_READ_PERMISSION[kind])) return ack(fn, { ok: false, code: 'forbidden' });
      const username = (socket.data as { username?: string }).username ?? '';
      const entries = local.get(socket.id) ?? new Map<Key, Entry>();
      local.set(socket.id, entries);
      entries.set(key, { userId: session.userId, username, mode, seenAt: Date.now() });
      await socket.join(roomOf(key));
      ack(fn, { ok: true });
      // A socket that joined a room whose people did not change (a second tab) still learns who is there.
      if (!publish([key]).has(key)) socket.emit(PRESENCE_EVENTS.update, updateOf(key));
      tellCluster();
    });

    socket.on(PRESENCE_EVENTS.leave, (raw: unknown, fn?: unknown) => {
      const parsed = leaveSchema.safeParse(raw);
      if (!parsed.success) return ack(fn, { ok: false, code: 'invalid' });
      const gone = remove(socket, socket.id, [keyOf(parsed.data.kind, parsed.data.id)]);
      ack(fn, { ok: true });
      if (gone.length === 0) return;
      publish(gone);
      tellCluster();
    });

    socket.on('disconnect', () => {
      const keys = [...(local.get(socket.id)?.keys() ?? [])];
      local.delete(socket.id);
      if (keys.length === 0) return;
      publish(keys);
      tellCluster();
    });
  });

  if (app.socketCluster) {
    app.io.of('/').on(CLUSTER_EVENT, (raw: unknown) => {
      const t = raw as Partial<ClusterTable> | null;
      if (!t || typeof t.instance !== 'string' || t.instance === instance || !t.records || typeof t.records !== 'object') return;
      const before = remote.get(t.instance)?.records ?? {};
      remote.set(t.instance, { at: Date.now(), records: t.records });
      publish([...Object.keys(before), ...Object.keys(t.records)] as Key[]);
    });
  }

  // Entries whose browser stopped saying it is there (a dropped connection the socket has not
  // noticed yet), and instances that stopped sending their table (one that died), are forgotten.
  const sweep = setInterval(() => {
    const now = Date.now();
    const changed: Key[] = [];
    for (const [socketId, entries] of local) {
      const stale = [...entries].filter(([, e]) => now - e.seenAt > PRESENCE_LIMITS.ttlMs).map(([k]) => k);
      if (stale.length > 0) changed.push(...remove(sockets().get(socketId), socketId, stale));
    }
    for (const [id, t] of remote) {
      if (now - t.at <= PRESENCE_LIMITS.ttlMs) continue;
      remote.delete(id);
      changed.push(...(Object.keys(t.records) as Key[]));
    }
    if (changed.length > 0) {
      publish(changed);
      tellCluster();
    }
  }, SWEEP_MS);
  sweep.unref();
  const beat = app.socketCluster ? setInterval(tellCluster, CLUSTER_BEAT_MS) : null;
  beat?.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    if (beat) clearInterval(beat);
  });
});
