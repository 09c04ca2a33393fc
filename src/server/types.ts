import type { Server as SocketServer } from 'socket.io';
import type { ChangeFeed } from './audit/change-feed';
import type { AppConfig } from './config';
import type { Db } from './db/db';
import type { BlobStore } from './modules/attachments';
import type { UserRow } from './modules/users';

/** The signed-in user of a request, loaded fresh from the database on every request. */
export interface AuthContext {
  user: UserRow;
  permissions: string[];
  /** The refresh-token family (sign-in) of the access token, checked live on every request. */
  sessionId: string;
  /** When the access token expires (ms since the epoch): a socket opened with it ends then. */
  expiresAt: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    db: Db;
    config: AppConfig;
    tokenSecret: string;
    io: SocketServer;
    blobs: BlobStore;
    /** Audit events after commit (audit/audited.ts); live-change messages subscribe here. */
    changes: ChangeFeed;
    /** Checks a refresh runs on the session (sign-in) first; 'end' refuses it (modules/sso: the provider re-check). */
    sessionChecks: ((familyId: string) => Promise<'ok' | 'end'>)[];
    /** Set when the server is asked to stop (SIGTERM): not ready any more, claims no jobs. */
    draining: boolean;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}
