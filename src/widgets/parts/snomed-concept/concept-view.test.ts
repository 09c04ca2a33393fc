import { describe, expect, it } from 'vitest';
import type { SnomedDescription } from '../../../contract/knowledge/snomed';
import { back, breadcrumb, conceptTitle, isConceptId, refTitle, sortDescriptions, visit } from './concept-view';

const d = (term: string, type: SnomedDescription['type'], active = true, acceptability: SnomedDescription['acceptability'] = null): SnomedDescription => ({
  id: term,
  term,
  active,
  type,
  typeId: null,
  languageCode: 'en',
  acceptability,
  caseSignificanceId: null,
});

describe('concept view helpers', () => {
  it('names a concept by preferred term, or FSN on request, falling back to the other and then the id', () => {
    const c = { concept_id: '84114007', term: 'Heart failure', fsn: 'Heart failure (disorder)' };
    expect(conceptTitle(c)).toBe('Heart failure');
    expect(conceptTitle(c, true)).toBe('Heart failure (disorder)');
    expect(conceptTitle({ ...c, fsn: null }, true)).toBe('Heart failure');
    expect(conceptTitle({ ...c, term: null })).toBe('Heart failure (disorder)');
    expect(conceptTitle({ concept_id: '1', term: null, fsn: null })).toBe('1');
    expect(refTitle({ id: '2', preferredTerm: null })).toBe('2');
  });

  it('builds the breadcrumb from the root down to the concept itself', () => {
    const crumbs = breadcrumb({ conceptId: '3', preferredTerm: 'Leaf', pathToRoot: [{ id: '1', preferredTerm: 'Root' }, { id: '2', preferredTerm: 'Mid' }] });
    expect(crumbs.map((c) => c.id)).toEqual(['1', '2', '3']);
    expect(breadcrumb({ conceptId: '1', preferredTerm: 'Root', pathToRoot: [] })).toEqual([{ id: '1', preferredTerm: 'Root' }]);
  });

  it('orders descriptions: active first, FSN, then preferred synonyms, then by term', () => {
    const sorted = sortDescriptions([
      d('old name', 'synonym', false),
      d('cardiac failure', 'synonym', true, 'acceptable'),
      d('Heart failure', 'synonym', true, 'preferred'),
      d('Heart failure (disorder)', 'fsn', true, 'preferred'),
      d('a definition', 'definition'),
    ]);
    expect(sorted.map((x) => x.term)).toEqual(['Heart failure (disorder)', 'Heart failure', 'cardiac failure', 'a definition', 'old name']);
  });

  it('keeps a trail of visited concepts for Back', () => {
    let trail = ['1'];
    trail = visit(trail, '2');
    trail = visit(trail, '2');
    expect(trail).toEqual(['1', '2']);
    expect(back(trail)).toEqual(['1']);
    expect(back(['1'])).toEqual(['1']);
  });

  it('accepts only SNOMED ids as concept ids', () => {
    expect(isConceptId('84114007')).toBe(true);
    expect(isConceptId('heart')).toBe(false);
    expect(isConceptId('1234567890123456789')).toBe(false);
  });
});
