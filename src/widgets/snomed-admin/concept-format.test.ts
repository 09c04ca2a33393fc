import { describe, expect, it } from 'vitest';
import { conceptName, formatEffectiveTime, orNa, totalText } from './concept-format';

describe('SNOMED concept formatting', () => {
  it('shows an 8-digit effective time as YYYY-MM-DD, else raw or N/A', () => {
    expect(formatEffectiveTime('20200731', 'N/A')).toBe('2020-07-31');
    expect(formatEffectiveTime('2020-07', 'N/A')).toBe('2020-07');
    expect(formatEffectiveTime('202007311', 'N/A')).toBe('202007311');
    expect(formatEffectiveTime(null, 'N/A')).toBe('N/A');
    expect(formatEffectiveTime('', 'N/A')).toBe('N/A');
  });
  it('names a concept by term, else concept id, else row id', () => {
    expect(conceptName({ term: 'Asthma', concept_id: '195967001', id: '1' })).toBe('Asthma');
    expect(conceptName({ term: '', concept_id: '195967001', id: '1' })).toBe('195967001');
    expect(conceptName({ term: '', concept_id: '', id: '1' })).toBe('1');
    expect(orNa(null, 'N/A')).toBe('N/A');
    expect(orNa('x', 'N/A')).toBe('x');
  });
  it('reads a capped total as a lower bound, an exact one as the pager shows it', () => {
    expect(totalText(1000, true)).toBe('more than 1,000');
    expect(totalText(42, false)).toBeUndefined();
    expect(totalText(42, undefined)).toBeUndefined();
  });
});
