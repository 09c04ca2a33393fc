import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testApp, type TestApp } from '../test/harness';
import type { AuditEvent } from './events';
import { actorOf, audited } from './audited';
import { fieldChanges } from './record';

let t: TestApp;
beforeAll(async () => {
  t = await testApp();
});
afterAll(() => t.close());

const actor = { id: '00000000-0000-4000-8000-000000000001', username: 'curator' };

describe('audited transactions', () => {
  it('write the event with the change and publish it only after commit', async () => {
    const seen: AuditEvent[][] = [];
    const stop = t.app.changes.subscribe((events) => seen.push([...events]));
    try {
      const event = await audited(t.app, actor, async ({ record }) => {
        const e = await record({ action: 'update', entityType: 'node', entityId: 'n1', changes: [{ field: 'name', before: 'a', after: 'b' }] });
        expect(seen).toEqual([]); // not before commit
        return e;
      });
      expect(seen).toEqual([[event]]);
      expect(event).toMatchObject({ actor, action: 'update', entityType: 'node', entityId: 'n1', changes: [{ field: 'name', before: 'a', after: 'b' }] });
      expect(event.id).toMatch(/^\d+$/);
      const [row] = await t.db.query<{ actor_name: string; changes: unknown }>('SELECT actor_name, changes FROM audit_log WHERE id = $1', [event.id]);
      expect(row).toEqual({ actor_name: 'curator', changes: [{ field: 'name', before: 'a', after: 'b' }] });
    } finally {
      stop();
    }
  });

  it('roll back with the change: no event stored, none published', async () => {
    const seen: unknown[] = [];
    const stop = t.app.changes.subscribe((events) => seen.push(events));
    try {
      await expect(
        audited(t.app, actor, async ({ record }) => {
          await record({ action: 'delete', entityType: 'relation', entityId: 'r-rolled-back' });
          throw new Error('boom');
        }),
      ).rejects.toThrow('boom');
      expect(seen).toEqual([]);
      expect(await t.db.query("SELECT 1 FROM audit_log WHERE entity_id = 'r-rolled-back'")).toEqual([]);
    } finally {
      stop();
    }
  });

  it('cannot be edited or deleted, except by the purge that sets kg.audit_purge', async () => {
    const e = await audited(t.app, actorOf(actor), ({ record }) => record({ action: 'create', entityType: 'node', entityId: 'n-immutable' }));
    await expect(t.db.query("UPDATE audit_log SET action = 'x' WHERE id = $1", [e.id])).rejects.toThrow(/cannot be changed/);
    await expect(t.db.query('DELETE FROM audit_log WHERE id = $1', [e.id])).rejects.toThrow(/cannot be changed/);
    await t.db.transaction(async (tx) => {
      await tx.query("SELECT set_config('kg.audit_purge', 'on', true)");
      await tx.query('DELETE FROM audit_log WHERE id = $1', [e.id]);
    });
    expect(await t.db.query('SELECT 1 FROM audit_log WHERE id = $1', [e.id])).toEqual([]);
  });
});

describe('fieldChanges', () => {
  it('lists the fields that differ, in order, with missing as null', () => {
    expect(fieldChanges({ name: 'a', weight: 1, links: ['x'] }, { name: 'a', weight: 2, links: ['x', 'y'] }, ['name', 'weight', 'links'])).toEqual([
      { field: 'weight', before: 1, after: 2 },
      { field: 'links', before: ['x'], after: ['x', 'y'] },
    ]);
    expect(fieldChanges<{ name: string; note?: string }>(null, { name: 'a' }, ['name', 'note'])).toEqual([{ field: 'name', before: null, after: 'a' }]);
  });
});
