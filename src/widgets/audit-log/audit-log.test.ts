import { describe, expect, it } from 'vitest';
import { auditFilterQuery, NO_AUDIT_FILTERS } from '../../api/admin/audit';
import type { AuditLogEntry } from '../../contract/admin/audit-log';
import { AUDIT_DETAIL_KEYS, AUDIT_FIELD_LABELS } from '../../contract/texts/admin/audit';
import { actionLabel, actorText, detailPairs, entityLabel, fieldLabel, valueText } from './entry-format';
import { parseRetention } from './retention-input';

const entry = (patch: Partial<AuditLogEntry>): AuditLogEntry => ({
  id: '1',
  at: '2026-01-02T03:04:05.000Z',
  actor: { id: 'u1', username: 'ada' },
  action: 'update',
  entityType: 'user',
  entityId: 'u2',
  changes: [],
  detail: null,
  ...patch,
});

describe('audit log entries on screen', () => {
  it('name actions and entity types, unknown ones as written', () => {
    expect(actionLabel('sign_in_failed')).toBe('Failed sign-in');
    expect(actionLabel('attachment_add')).toBe('Attachment added');
    expect(actionLabel('some_new_action')).toBe('some new action');
    expect(entityLabel('node_type')).toBe('Node type');
  });

  it('show values as short text: empty, lists, objects', () => {
    expect(valueText(null)).toBe('(empty)');
    expect(valueText('')).toBe('(empty)');
    expect(valueText(['nodes.read', 'nodes.create'])).toBe('nodes.read, nodes.create');
    expect(valueText(42)).toBe('42');
    expect(valueText(1100)).toBe('1,100');
    expect(valueText(true)).toBe('Yes');
    expect(valueText({ filename: 'a.pdf', size: 2048 })).toBe('File: a.pdf, Size (bytes): 2,048');
    expect(valueText({ nodes: 3, auditLog: 1200 }, 'counts')).toBe('Nodes: 3, Audit events: 1,200');
    expect(valueText('invalid_credentials', 'reason')).toBe('Wrong username, email or password');
    expect(valueText('nodes', 'kind')).toBe('Node upload');
    expect(valueText('keep', 'attachmentMode')).toBe('Kept');
    expect(fieldLabel('attachmentsSkipped')).toBe('Attachments not restored');
    const skipped = [{ kind: 'attachment', id: 'x', label: 'scan.pdf', code: 'attachment_content_gone', reason: 'gone' }];
    expect(valueText(skipped, 'attachmentsSkipped')).toBe('scan.pdf');
  });

  it('a failed sign-in has no actor: the typed name, marked as not signed in; the system otherwise', () => {
    expect(actorText(entry({}))).toBe('ada');
    expect(actorText(entry({ actor: null, detail: { username: 'ghost', reason: 'invalid_credentials' } }))).toBe('ghost (not signed in)');
    expect(actorText(entry({ actor: null }))).toBe('System');
    expect(detailPairs(entry({ detail: { count: 2, olderThanDays: 30 } }))).toEqual([
      ['count', 'Events deleted', '2'],
      ['olderThanDays', 'Older than (days)', '30'],
    ]);
  });

  it("words every detail key the server writes (none shows as a key), in the reader's language", async () => {
    const shown = AUDIT_DETAIL_KEYS.filter((k) => k !== 'state' && k !== 'relations');
    expect(shown.filter((k) => !Object.prototype.hasOwnProperty.call(AUDIT_FIELD_LABELS, k))).toEqual([]);
    expect(fieldLabel('fromEvent')).toBe('Restored from event');
    expect(fieldLabel('someNewKey')).toBe('some new key');
    const { requestLocale } = await import('../../i18n/runtime');
    await requestLocale('de');
    try {
      expect(detailPairs(entry({ detail: { fromEvent: 17, relationsRestored: 1200, dryRun: true } }))).toEqual([
        ['fromEvent', 'Wiederhergestellt aus Ereignis', '17'],
        ['relationsRestored', 'Wiederhergestellte Relationen', '1.200'],
        ['dryRun', 'Nur Prüfung', 'Ja'],
      ]);
      expect(valueText('account_inactive', 'reason')).toBe('Konto inaktiv');
    } finally {
      await requestLocale('en');
    }
  });
});

describe('audit log filters and retention input', () => {
  it('send only the filters in use, days as local instants with the whole To day', () => {
    expect(auditFilterQuery(NO_AUDIT_FILTERS)).toEqual({ user: undefined, action: undefined, entityType: undefined, from: undefined, to: undefined, search: undefined });
    const q = auditFilterQuery({ ...NO_AUDIT_FILTERS, user: ' ada ', from: '2026-03-01', to: '2026-03-02', search: 'x' });
    expect(q.user).toBe('ada');
    expect(q.from).toBe(new Date(2026, 2, 1, 0, 0, 0, 0).toISOString());
    expect(q.to).toBe(new Date(2026, 2, 2, 23, 59, 59, 999).toISOString());
  });

  it('retention: empty keeps everything; whole days in range; anything else is refused', () => {
    expect(parseRetention('')).toBeNull();
    expect(parseRetention(' 30 ')).toBe(30);
    for (const bad of ['0', '-1', '1.5', 'abc', '36501']) expect(parseRetention(bad)).toBeUndefined();
  });
});
