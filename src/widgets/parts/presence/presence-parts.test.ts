import { describe, expect, it } from 'vitest';
import { sessionKeys } from '../../../api/storage-keys';
import { draftKey } from '../drafts';
import { initialsOf } from './Presence';

describe('presence and draft parts', () => {
  it('names a draft like the session keys: per server, user and record', () => {
    const base = 'https://KG.example.org/';
    const session = sessionKeys(base).accessToken;
    const key = draftKey(base, 'u1', 'node', 'n1');
    expect(key).toBe('kg:https://kg.example.org:draft:u1:node:n1');
    expect(key.slice(0, key.indexOf(':draft:'))).toBe(session.slice(0, session.lastIndexOf(':')));
    expect(draftKey(base, 'u1', 'relation', undefined)).toBe('kg:https://kg.example.org:draft:u1:relation:new');
    expect(draftKey(base, 'u2', 'node', 'n1')).not.toBe(key);
  });

  it('shows two letters per person', () => {
    expect(initialsOf('anna.berg')).toBe('AB');
    expect(initialsOf('zoe')).toBe('ZO');
    expect(initialsOf('élise_martin')).toBe('ÉM');
    expect(initialsOf('x')).toBe('X');
  });
});
