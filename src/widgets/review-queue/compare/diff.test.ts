import { describe, expect, it } from 'vitest';
import type { ProposalChange } from '../../../contract/knowledge/review';
import { fieldRows, threeWay, upToDate } from './diff';

const change = (over: Partial<ProposalChange>): ProposalChange => ({
  kind: 'node',
  action: 'update',
  targetId: '00000000-0000-4000-8000-000000000001',
  ref: null,
  recordType: 'Disease',
  baseVersion: 2,
  before: null,
  after: null,
  outdated: false,
  currentVersion: 2,
  ...over,
});
const asthma = { id: 'x', name: 'Asthma', nodeType: 'Disease', snomedCode: null, url: null, description: 'Airways', note: null, version: 2 };

describe('before and after', () => {
  it('an update: the fields it carries, the changed ones marked; blank and null read the same', () => {
    const rows = fieldRows(change({ before: asthma, after: { name: 'Asthma', nodeType: 'Disease', snomedCode: '', description: 'Chronic airway inflammation' } }));
    expect(rows.map((r) => [r.field, r.changed])).toEqual([
      ['name', false],
      ['nodeType', false],
      ['snomedCode', false],
      ['description', true],
    ]);
  });

  it('a create shows only after, a delete only before (fields with a value)', () => {
    expect(fieldRows(change({ action: 'create', after: { name: 'COPD', nodeType: 'Disease' } })).map((r) => [r.field, r.before, r.after])).toEqual([
      ['name', undefined, 'COPD'],
      ['nodeType', undefined, 'Disease'],
    ]);
    expect(fieldRows(change({ action: 'delete', before: asthma })).map((r) => [r.field, r.after])).toEqual([
      ['name', undefined],
      ['nodeType', undefined],
      ['description', undefined],
    ]);
  });

  it('a relation update without evidence keeps the stored evidence (not shown as removed)', () => {
    const before = { relationName: 'treats', relationType: 'treats', sourceNodeId: 'a', targetNodeId: 'b', weight: 50, evidence: [{ source: 'PMID:1', quote: null, grade: null }] };
    const rows = fieldRows(change({ kind: 'relation', before, after: { relationName: 'treats', relationType: 'treats', sourceNodeId: 'a', targetNodeId: 'b', weight: 80 } }));
    expect(rows.find((r) => r.field === 'evidence')).toMatchObject({ changed: false });
    expect(rows.find((r) => r.field === 'weight')).toMatchObject({ before: 50, after: 80, changed: true });
  });
});

describe('three-way comparison and bringing up to date', () => {
  const proposal = change({ outdated: true, currentVersion: 3, before: asthma, after: { name: 'Asthma', nodeType: 'Disease', description: 'Chronic airway inflammation', url: null } });
  const now = { ...asthma, url: 'https://example.org/asthma', description: 'Airways (edited)', version: 3 };

  it('marks what changed since, what the proposal changes, and where both did (the proposal wins)', () => {
    const rows = threeWay(proposal, now);
    expect(rows.find((r) => r.field === 'url')).toMatchObject({ from: null, now: 'https://example.org/asthma', proposed: null, changedSince: true, proposes: false, conflict: false, result: 'https://example.org/asthma' });
    expect(rows.find((r) => r.field === 'description')).toMatchObject({ changedSince: true, proposes: true, conflict: true, result: 'Chronic airway inflammation' });
    expect(rows.find((r) => r.field === 'name')).toMatchObject({ changedSince: false, proposes: false, conflict: false });
  });

  it('up to date: the current version as base, the proposal’s changes over now’s values', () => {
    expect(upToDate(proposal, now)).toEqual({
      kind: 'node',
      action: 'update',
      targetId: proposal.targetId,
      baseVersion: 3,
      after: { name: 'Asthma', nodeType: 'Disease', description: 'Chronic airway inflammation', url: 'https://example.org/asthma' },
    });
    expect(upToDate({ ...proposal, action: 'delete', after: null }, now)).toEqual({ kind: 'node', action: 'delete', targetId: proposal.targetId, baseVersion: 3 });
    // A change that is not outdated stays as proposed.
    const fresh = change({ before: asthma, after: { name: 'Asthma 2', nodeType: 'Disease' } });
    expect(upToDate(fresh, null)).toEqual({ kind: 'node', action: 'update', targetId: fresh.targetId, baseVersion: 2, after: { name: 'Asthma 2', nodeType: 'Disease' } });
  });
});
