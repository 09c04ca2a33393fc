/**
 * Presence (co-curation): who else has a record open, viewing or editing it. A socket joins a
 * record with `presence:join`, leaves with `presence:leave` (or by closing), and every socket in
 * the record's room hears `presence:update` with everyone there. Only sockets whose user may read
 * that kind of record can join, so a record's viewers see only people who may see it too.
 * Zod-free, so widgets can import it (the server validates with its own schema).
 */
export const PRESENCE_KINDS = ['node', 'relation', 'node_type', 'relation_type', 'user', 'role'] as const;
export type PresenceKind = (typeof PRESENCE_KINDS)[number];
export type PresenceMode = 'viewing' | 'editing';

/** The permission a socket needs to join a record of each kind (the API's read permission for it). */
export const PRESENCE_READ_PERMISSION: Record<PresenceKind, string> = {
  node: 'nodes.read',
  relation: 'nodes.read',
  node_type: 'nodes.read',
  relation_type: 'nodes.read',
  user: 'users.read',
  role: 'roles.manage',
};

export const PRESENCE_EVENTS = {
  join: 'presence:join',
  leave: 'presence:leave',
  update: 'presence:update',
} as const;

export interface PresenceJoin {
  kind: PresenceKind;
  /** A record's id; 'new' is not a record (nobody shares a create form). */
  id: string;
  mode: PresenceMode;
}

export interface PresencePerson {
  userId: string;
  username: string;
  mode: PresenceMode;
}

export interface PresenceUpdate {
  kind: PresenceKind;
  id: string;
  people: PresencePerson[];
}

export const PRESENCE_LIMITS = {
  /** A record id as the routes accept them (uuids; a bound for the rest). */
  idMax: 100,
  /** Records one socket may be present on at once (a screen shows a handful). */
  recordsPerSocket: 20,
  /** The browser says "still here" this often … */
  heartbeatMs: 3000,
  /** … and an entry not refreshed for this long is gone (a dropped connection: within 10 s). */
  ttlMs: 8000,
} as const;
