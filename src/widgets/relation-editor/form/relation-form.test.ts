import { describe, expect, it } from 'vitest';
import { SYSTEM_ROLE_PERMISSIONS } from '../../../contract/access/permissions';
import { canSeeRelationNotes, relationFieldsFor } from '../../../contract/knowledge/relation-notes';
import { RELATION_MESSAGES as M } from '../../../contract/texts/relations';
import { RelationSaveSchema } from '../../../contract/knowledge/relations';
import { bodyOf, EMPTY_DRAFT, mergeDrafts, relationConflictFields, validateDraft, type RelationDraft } from './relation-form';

const a = { id: 'a', name: 'asthma', nodeType: 'Disease', snomedCode: null };
const b = { id: 'b', name: 'wheezing', nodeType: 'Symptom', snomedCode: '56018004' };
const valid: RelationDraft = { ...EMPTY_DRAFT, source: a, target: b, relationType: 'has symptom', relationName: 'has symptom' };

describe('validateDraft (spec §5 relation form)', () => {
  it('reports every failing rule in the spec order', () => {
    const errors = validateDraft({ ...EMPTY_DRAFT, weight: 0, description: 'x'.repeat(501), note: 'y'.repeat(251), url: 'not a url' });
    expect(errors.map((e) => e.message)).toEqual([M.nameRequired, M.sourceRequired, M.targetRequired, M.typeRequired, M.weightRange, M.descriptionTooLong, M.noteTooLong, M.invalidUrl]);
  });

  it('accepts a complete draft at the limits, and only http(s) URLs', () => {
    expect(validateDraft({ ...valid, weight: 100, description: 'x'.repeat(500), note: 'y'.repeat(250), url: 'https://snomed.org' })).toEqual([]);
    expect(validateDraft({ ...valid, relationName: '   ' }).map((e) => e.field)).toEqual(['relationName']);
    expect(validateDraft({ ...valid, url: 'javascript:alert(1)' }).map((e) => e.message)).toEqual([M.invalidUrl]);
    expect(validateDraft({ ...valid, target: a }).map((e) => e.message)).toEqual([M.sameNode]);
  });

  it('a name over 255 characters says so, on the client and in the server schema', () => {
    const long = 'r'.repeat(600);
    expect(validateDraft({ ...valid, relationName: long })).toEqual([{ field: 'relationName', message: 'Relation name must be 255 characters or less' }]);
    const parsed = RelationSaveSchema.safeParse({ ...bodyOf(valid), relationName: long, relationType: 't'.repeat(300) });
    expect(parsed.success ? [] : parsed.error.issues.map((i) => i.message)).toEqual(['Relation name must be 255 characters or less', 'Relation type must be 255 characters or less']);
  });

  it('builds the save body with trimmed name, type and URL', () => {
    expect(bodyOf({ ...valid, relationName: ' causes ', url: ' https://x.org ' })).toMatchObject({ sourceNodeId: 'a', targetNodeId: 'b', relationName: 'causes', url: 'https://x.org', weight: 50 });
  });

  it('sends the internal note only for users who may see it', () => {
    const withNote = { ...valid, note: 'internal' };
    expect(bodyOf(withNote)).toMatchObject({ note: 'internal' });
    expect(bodyOf(withNote, false)).not.toHaveProperty('note');
  });
});

describe('canSeeRelationNotes (who gets the Internal Note field and the note in answers)', () => {
  it('needs relations.update; creating or reading relations is not enough', () => {
    expect(canSeeRelationNotes([...SYSTEM_ROLE_PERMISSIONS.editor])).toBe(true);
    expect(canSeeRelationNotes([...SYSTEM_ROLE_PERMISSIONS.admin])).toBe(true);
    expect(canSeeRelationNotes([...SYSTEM_ROLE_PERMISSIONS.viewer])).toBe(false);
    expect(canSeeRelationNotes(['nodes.read', 'relations.create', 'relations.delete'])).toBe(false);
    expect(canSeeRelationNotes(undefined)).toBe(false);
  });

  it('relationFieldsFor drops the note key (a history entry, an event) for other readers only', () => {
    const change = { relationName: 'x', note: 'internal' };
    expect(relationFieldsFor(change, ['nodes.read'])).toEqual({ relationName: 'x' });
    expect(relationFieldsFor(change, ['relations.update'])).toEqual(change);
  });
});

describe('the relation form\'s edit conflict (docs/architecture/versions.md)', () => {
  const theirs: RelationDraft = { ...valid, description: 'their text', weight: 70, note: 'their note' };
  const yours: RelationDraft = { ...valid, target: a, description: 'my text', note: 'my note' };

  it('compares every field as the form shows it, nodes by name, the note only for who may see it', () => {
    const fields = relationConflictFields(theirs, yours, true);
    expect(fields.map((f) => f.key)).toEqual(['source', 'target', 'relationType', 'relationName', 'weight', 'url', 'description', 'note', 'evidence']);
    expect(fields.find((f) => f.key === 'target')).toMatchObject({ theirs: 'wheezing', yours: 'asthma' });
    expect(fields.find((f) => f.key === 'weight')).toMatchObject({ theirs: '70', yours: '50' });
    expect(relationConflictFields(theirs, yours, false).map((f) => f.key)).not.toContain('note');
  });

  it('merges per field: each chosen side, yours where nothing was chosen', () => {
    const merged = mergeDrafts(yours, theirs, { description: 'theirs', weight: 'theirs', note: 'yours' });
    expect(merged).toEqual({ ...yours, description: 'their text', weight: 70 });
  });
});

