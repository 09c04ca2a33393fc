import { describe, expect, it } from 'vitest';
import { registrationError } from './registration';

describe('registration checks', () => {
  it('reports a mismatch before the length, and passes valid input', () => {
    expect(registrationError('abc', 'abd')).toBe('Passwords do not match');
    expect(registrationError('abc', 'abc')).toBe('Password must be at least 6 characters');
    expect(registrationError('secret1', 'secret1')).toBeNull();
  });
});
