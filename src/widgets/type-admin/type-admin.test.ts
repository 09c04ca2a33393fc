import { describe, expect, it } from 'vitest';
import type { TaxonomyType } from '../../contract/knowledge/taxonomy';
import { TYPE_PALETTE } from '../../contract/knowledge/type-colors';
import { TYPE_TEXTS } from '../../contract/texts/admin/types';
import { nextPaletteColor } from './form/type-colors';
import { canSaveName, filterTypes, parseKind, withSaved } from './type-list';

const type = (name: string, extra: Partial<TaxonomyType> = {}): TaxonomyType => ({
  id: name.toLowerCase(),
  name,
  createdAt: '2025-03-05T10:00:00.000Z',
  createdBy: 'ada',
  usageCount: 0,
  color: null,
  ...extra,
});

describe('type list helpers', () => {
  const list = [type('Disease'), type('Drug'), type('Symptom')];

  it('searches names case-insensitively as a substring; blank shows all', () => {
    expect(filterTypes(list, 'DR').map((t) => t.name)).toEqual(['Drug']);
    expect(filterTypes(list, '  s ').map((t) => t.name)).toEqual(['Disease', 'Symptom']);
    expect(filterTypes(list, '   ')).toHaveLength(3);
    expect(filterTypes(list, 'xyz')).toEqual([]);
  });

  it('allows saving only a non-blank name', () => {
    expect(canSaveName('')).toBe(false);
    expect(canSaveName('  \t')).toBe(false);
    expect(canSaveName(' Gene ')).toBe(true);
  });

  it('puts a saved type in name order, replacing its old version', () => {
    expect(withSaved(list, type('anatomy')).map((t) => t.name)).toEqual(['anatomy', 'Disease', 'Drug', 'Symptom']);
    const renamed = withSaved(list, { ...type('Drug'), name: 'Medication' });
    expect(renamed.map((t) => t.name)).toEqual(['Disease', 'Medication', 'Symptom']);
    expect(renamed).toHaveLength(3);
  });

  it('reads the kind attribute, defaulting to node', () => {
    expect(parseKind('relation')).toBe('relation');
    expect(parseKind(' Relation ')).toBe('relation');
    expect(parseKind('node')).toBe('node');
    expect(parseKind('other')).toBe('node');
    expect(parseKind(undefined)).toBe('node');
  });
});

describe('type texts (spec §2, §8)', () => {
  it('says the spec words for node types', () => {
    const T = TYPE_TEXTS.node;
    expect(T.subtitle).toBe('Define and manage the types of nodes in your knowledge graph.');
    expect(T.searchPlaceholder).toBe('Search node types...');
    expect(T.field).toBe('Node Type Name');
    expect(T.deleteWarning).toBe('Warning: This action cannot be undone. Deleting a node type may affect existing nodes.');
    expect([T.loadFailed, T.saveFailed, T.deleteFailed]).toEqual(['Failed to load node types.', 'Failed to save node type.', 'Failed to delete node type.']);
  });

  it('says the spec words for relation types', () => {
    const T = TYPE_TEXTS.relation;
    expect(T.title).toBe('Relation Type Management');
    expect(T.searchPlaceholder).toBe('Search relation types...');
    expect(T.field).toBe('Relation Type Name');
    expect(T.deleteWarning).toBe('Warning: This action cannot be undone. Deleting a relation type may affect existing relations.');
    expect([T.loadFailed, T.saveFailed, T.deleteFailed]).toEqual(['Failed to load relation types.', 'Failed to save relation type.', 'Failed to delete relation type.']);
  });

  it('counts usage in words', () => {
    expect(TYPE_TEXTS.node.usage(0)).toBe('Unused');
    expect(TYPE_TEXTS.node.usage(1)).toBe('1 node');
    expect(TYPE_TEXTS.relation.usage(12)).toBe('12 relations');
    expect(TYPE_TEXTS.node.inUse(0)).toBe('is not used by any node.');
    expect(TYPE_TEXTS.relation.inUse(1)).toBe('is used by 1 relation; a relation type in use cannot be deleted.');
  });
});

describe('colour offered to a new node type', () => {
  it('is the least-used palette colour, first in palette order, like the server', () => {
    expect(nextPaletteColor([])).toBe(TYPE_PALETTE[0]);
    expect(nextPaletteColor([type('A', { color: TYPE_PALETTE[0] }), type('B', { color: TYPE_PALETTE[2].toUpperCase() })])).toBe(TYPE_PALETTE[1]);
    const all = TYPE_PALETTE.map((c, i) => type(`T${i}`, { color: c }));
    expect(nextPaletteColor([...all, type('X', { color: TYPE_PALETTE[0] })])).toBe(TYPE_PALETTE[1]);
    expect(nextPaletteColor([type('Custom', { color: '#123456' })])).toBe(TYPE_PALETTE[0]);
  });
});
