import { describe, expect, it } from 'vitest';
import { changeSummary } from './summary';

describe('changeSummary', () => {
  it('lists the fields an update changes with their before and after', () => {
    const summary = changeSummary({
      kind: 'node',
      action: 'update',
      recordType: 'Disease',
      before: { name: 'Asthma', nodeType: 'Disease', description: 'old', version: 3 },
      after: { name: 'Asthma', nodeType: 'Disease', description: 'new' },
    });
    expect(summary.title).toBe('Change · Node · Asthma');
    expect(summary.lines).toEqual(['Description: old → new']);
  });

  it('lists what a create sets and nothing for a delete', () => {
    expect(changeSummary({ kind: 'node', action: 'create', recordType: 'Drug', before: null, after: { name: 'Aspirin', nodeType: 'Drug', url: '' } }).lines).toEqual([
      'Name: (empty) → Aspirin',
      'Type: (empty) → Drug',
    ]);
    expect(changeSummary({ kind: 'relation', action: 'delete', recordType: 'treats', before: { relationName: 'treats asthma' }, after: null })).toEqual({
      title: 'Delete · Relation · treats asthma',
      lines: [],
    });
  });
});
