import { describe, expect, it } from 'vitest';
import { isUnderReview } from './review-settings';

describe('isUnderReview', () => {
  it('is off when review mode is off or unknown', () => {
    expect(isUnderReview(null, 'node', 'Disease')).toBe(false);
    expect(isUnderReview({ enabled: false, nodeTypes: ['Disease'], relationTypes: [] }, 'node', 'Disease')).toBe(false);
  });
  it('covers every type when both lists are empty, else only the listed types of that kind', () => {
    expect(isUnderReview({ enabled: true, nodeTypes: [], relationTypes: [] }, 'relation', 'treats')).toBe(true);
    const some = { enabled: true, nodeTypes: ['Disease'], relationTypes: [] };
    expect(isUnderReview(some, 'node', 'Disease')).toBe(true);
    expect(isUnderReview(some, 'node', 'Drug')).toBe(false);
    expect(isUnderReview(some, 'relation', 'treats')).toBe(false);
    expect(isUnderReview(some, 'node', '')).toBe(false);
  });
});
