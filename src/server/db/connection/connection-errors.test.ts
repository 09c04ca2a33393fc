import { describe, expect, it } from 'vitest';
import { isConnectionError } from './connection-errors';

/** Which failures mean a lost connection (a 503 for requests, a retry from the checkpoint for imports): never a statement's. */
describe('isConnectionError', () => {
  it('knows the PostgreSQL and socket codes and pg messages of a dropped connection', () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08003', 'ECONNRESET', 'ECONNREFUSED']) expect(isConnectionError(Object.assign(new Error('x'), { code }))).toBe(true);
    expect(isConnectionError(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionError(new Error('terminating connection due to administrator command'))).toBe(true);
    expect(isConnectionError(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
  });

  it('leaves statement errors alone (they would fail again)', () => {
    for (const code of ['23505', '22P02', '40001', '57014']) expect(isConnectionError(Object.assign(new Error('x'), { code }))).toBe(false);
    expect(isConnectionError(new Error('duplicate key value violates unique constraint'))).toBe(false);
    expect(isConnectionError(null)).toBe(false);
    expect(isConnectionError('Connection terminated')).toBe(false);
  });
});
