import { describe, expect, it } from 'vitest';
import { GRAPH_PALETTE } from '../../../contract/texts/graph';
import { edgeLabel, focusedNameLabel, focusedTypeLabel, truncate, typeColors, wrapLabel } from './labels';

describe('graph labels', () => {
  it('truncates edges at 15, focused names at 20 and types at 15 characters', () => {
    expect(edgeLabel('relieves symptoms of')).toBe('relieves sympt…');
    expect([...edgeLabel('relieves symptoms of')]).toHaveLength(15);
    expect(edgeLabel('symptom of')).toBe('symptom of');
    expect(focusedNameLabel('systemic lupus erythematosus')).toBe('systemic lupus eryt…');
    expect(focusedTypeLabel('Pharmacological substance')).toBe('Pharmacologica…');
    expect(truncate('exactly fifteen', 15)).toBe('exactly fifteen');
  });

  it('wraps global names to two lines of seven characters', () => {
    expect(wrapLabel('fever')).toEqual(['fever']);
    expect(wrapLabel('hay fever')).toEqual(['hay', 'fever']);
    expect(wrapLabel('rheumatoid arthritis')).toEqual(['rheumat', 'oid ar…']);
    expect(wrapLabel('low back pain')).toEqual(['low', 'back p…']);
    expect(wrapLabel('a b c d e f g h i j')).toEqual(['a b c d', 'e f g …']);
    expect(wrapLabel('hypertension')).toEqual(['hyperte', 'nsion']);
    for (const line of wrapLabel('systemic lupus erythematosus')) expect([...line].length).toBeLessThanOrEqual(7);
    expect(wrapLabel('')).toEqual([]);
  });

  it('colours node types by their order in the type list, ten colours round', () => {
    const types = Array.from({ length: 12 }, (_, i) => `T${String(i).padStart(2, '0')}`);
    const colors = typeColors(types);
    expect(colors.get('T00')).toBe(GRAPH_PALETTE[0]);
    expect(colors.get('T09')).toBe(GRAPH_PALETTE[9]);
    expect(colors.get('T10')).toBe(GRAPH_PALETTE[0]);
    // A type the list does not have yet comes after the known ones.
    expect(typeColors(['Disease', 'Drug'], ['Symptom', 'Disease']).get('Symptom')).toBe(GRAPH_PALETTE[2]);
  });

  it('stored type colours win, so a new type recolours nothing', () => {
    const stored = { Disease: '#2f6db3', Drug: '#2e7d4f' };
    const before = typeColors(['Disease', 'Drug'], [], stored);
    const after = typeColors(['Anatomy', 'Disease', 'Drug'], [], { ...stored, Anatomy: '#b2432f' });
    expect(after.get('Disease')).toBe(before.get('Disease'));
    expect(after.get('Drug')).toBe('#2e7d4f');
    expect(after.get('Anatomy')).toBe('#b2432f');
  });
});
