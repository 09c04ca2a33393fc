import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/client';
import { NodeSaveSchema } from '../../../contract/knowledge/nodes';
import { TaxonomySaveSchema } from '../../../contract/knowledge/taxonomy';
import { emptyValues, saveBody, saveErrorMessage, screenFiles, snomedInUse, validate } from './node-form-logic';

const file = (name: string) => new File(['x'], name);

describe('node form validation (spec §5)', () => {
  it('requires name and type and an http(s) URL', () => {
    expect(validate(emptyValues())).toEqual({ name: 'Name is required', nodeType: 'Node type is required' });
    const ok = { ...emptyValues('Asthma'), nodeType: 'Disease' };
    expect(validate(ok)).toEqual({});
    expect(validate({ ...ok, url: 'javascript:alert(1)' })).toEqual({ url: 'Please enter a valid URL' });
    expect(validate({ ...ok, url: 'not a url' })).toEqual({ url: 'Please enter a valid URL' });
    expect(validate({ ...ok, url: 'https://snomed.org/x' })).toEqual({});
  });
});

describe('one message per rule', () => {
  const ok = { ...emptyValues('Asthma'), nodeType: 'Disease' };
  const firstIssue = (body: object) => {
    const r = NodeSaveSchema.safeParse({ ...saveBody(ok), ...body });
    return r.success ? null : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
  };

  it('a name over 255 characters says so on the client and on the server, not "required"', () => {
    const long = 'x'.repeat(600);
    expect(validate({ ...ok, name: long })).toEqual({ name: 'Name must be 255 characters or less' });
    expect(firstIssue({ name: long })).toEqual(['name: Name must be 255 characters or less']);
    expect(validate({ ...ok, name: 'x'.repeat(255) })).toEqual({});
    expect(firstIssue({ name: '   ' })).toEqual(['name: Name is required']);
    expect(firstIssue({ name: 42 })).toEqual(['name: Name is required']);
  });

  it('type, description and note limits have their own messages', () => {
    expect(firstIssue({ nodeType: 'T'.repeat(256) })).toEqual(['nodeType: Node type must be 255 characters or less']);
    const text = 'y'.repeat(10_001);
    expect(validate({ ...ok, description: text, note: text })).toEqual({
      description: 'Description must be 10000 characters or less',
      note: 'Note must be 10000 characters or less',
    });
    expect(firstIssue({ description: text })).toEqual(['description: Description must be 10000 characters or less']);
    expect(firstIssue({ note: text })).toEqual(['note: Note must be 10000 characters or less']);
  });

  it('type names: the same length message, and colours must be #rrggbb', () => {
    const r = TaxonomySaveSchema.safeParse({ name: 'n'.repeat(256) });
    expect(r.success ? [] : r.error.issues.map((i) => i.message)).toEqual(['Name must be 255 characters or less']);
    const bad = TaxonomySaveSchema.safeParse({ name: 'Drug', color: 'red' });
    expect(bad.success ? [] : bad.error.issues.map((i) => i.message)).toEqual(['Colour must be a hex colour like #2f6db3']);
    expect(TaxonomySaveSchema.parse({ name: ' Drug ', color: '#AABBCC' })).toEqual({ name: 'Drug', color: '#aabbcc' });
  });
});

describe('save body (spec §7 PUT /nodes)', () => {
  it('sends every field, blanks as empty strings, and the server schema accepts it', () => {
    const body = saveBody({ ...emptyValues(' Asthma '), nodeType: 'Disease' });
    expect(body).toEqual({ name: 'Asthma', nodeType: 'Disease', snomedCode: '', url: '', description: '', note: '' });
    const parsed = NodeSaveSchema.parse(body);
    expect(parsed).toMatchObject({ snomedCode: null, url: null, description: null, note: null });
  });

  it('editing falls back to the current name and type when blank', () => {
    expect(saveBody({ ...emptyValues('  '), snomed: { code: '195967001', term: null } }, { name: 'Asthma', nodeType: 'Disease' })).toMatchObject({
      name: 'Asthma',
      nodeType: 'Disease',
      snomedCode: '195967001',
    });
  });
});

describe('attachments', () => {
  it('queues the allowed extensions (any case) and names the refused files', () => {
    const { accepted, error } = screenFiles([file('a.PDF'), file('b.exe'), file('c.txt'), file('noext')]);
    expect(accepted.map((f) => f.name)).toEqual(['a.PDF', 'c.txt']);
    expect(error).toMatch(/^b\.exe, noext: file type not allowed\. Allowed types: pdf, doc, docx/);
    expect(screenFiles([file('x.rar')]).error).toBeNull();
  });
});

describe('save errors (spec §8)', () => {
  it('create: the server error, else the fallback', () => {
    expect(saveErrorMessage(new ApiError(409, 'duplicate_node', 'A node named "X" already exists'), 'create')).toBe('A node named "X" already exists');
    expect(saveErrorMessage(new ApiError(0, 'network_error', 'offline'), 'create')).toBe('Failed to create node. Please try again.');
  });

  it('edit: the first detail, else the error, else the fallback', () => {
    expect(saveErrorMessage(new ApiError(400, 'validation_error', 'Name is required', ['Name is required', 'Node type is required']), 'edit')).toBe('Name is required');
    expect(saveErrorMessage(new ApiError(409, 'node_type_locked', 'Relations exist, update of node type is disabled.'), 'edit')).toBe(
      'Relations exist, update of node type is disabled.',
    );
    expect(saveErrorMessage(new Error('boom'), 'edit')).toBe('Failed to update node. Please try again.');
  });
});

describe('SNOMED code used by another node', () => {
  const ok = { ...emptyValues('Wheeze'), nodeType: 'Disease' };
  const used = { code: '195967001', term: 'Asthma', usedBy: { id: 'n-asthma', name: 'asthma' } };

  it('warns with the server\'s own 409 text, and blocks the save', () => {
    expect(snomedInUse(used)).toBe('SNOMED code 195967001 is already used by node "asthma"');
    expect(validate({ ...ok, snomed: used })).toEqual({ snomed: 'SNOMED code 195967001 is already used by node "asthma"' });
  });

  it('a free code, or the edited node\'s own code, is not in use', () => {
    expect(snomedInUse({ ...used, usedBy: null })).toBeUndefined();
    expect(snomedInUse(used, 'n-asthma')).toBeUndefined();
    expect(validate({ ...ok, snomed: used }, 'n-asthma')).toEqual({});
  });
});
