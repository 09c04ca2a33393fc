import { describe, expect, it } from 'vitest';
import { isConnectionLost } from './checkpoint';

/** Which failures an import retries from its checkpoint: the connection's, never the statement's. */
describe('isConnectionLost', () => {
  it('knows the PostgreSQL and socket codes and pg messages of a dropped connection', () => {
    for (const code of ['57P01', '57P02', '57P03', '08006', '08003', 'ECONNRESET', 'ECONNREFUSED']) expect(isConnectionLost(Object.assign(new Error('x'), { code }))).toBe(true);
    expect(isConnectionLost(new Error('Connection terminated unexpectedly'))).toBe(true);
    expect(isConnectionLost(new Error('terminating connection due to administrator command'))).toBe(true);
    expect(isConnectionLost(new Error('Client has encountered a connection error and is not queryable'))).toBe(true);
  });

  it('leaves statement errors alone (they would fail again)', () => {
    for (const code of ['23505', '22P02', '40001', '57014']) expect(isConnectionLost(Object.assign(new Error('x'), { code }))).toBe(false);
    expect(isConnectionLost(new Error('duplicate key value violates unique constraint'))).toBe(false);
    expect(isConnectionLost(null)).toBe(false);
    expect(isConnectionLost('Connection terminated')).toBe(false);
  });
});
