/**
 * One database interface over two engines: embedded PGlite (PostgreSQL in WebAssembly) by
 * default, or a PostgreSQL server through a `pg` Pool. Same SQL, same migrations.
 */
export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<T[]>;
  /** Runs several statements without parameters (migrations, seeds). */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** PostgreSQL only: where it connects, for what needs connections of its own (the socket.io adapter's LISTEN). */
  readonly connectionString?: string;
  /** Runs `fn` in one transaction; rolls back if it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}
