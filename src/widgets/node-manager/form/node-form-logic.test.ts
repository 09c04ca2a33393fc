import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../api/client';
import { NodeSaveSchema } from '../../../contract/nodes';
import { emptyValues, saveBody, saveErrorMessage, screenFiles, validate } from './node-form-logic';

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
