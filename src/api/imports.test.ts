import { describe, expect, it } from 'vitest';
import type { ApiClient, RequestOptions } from './client';
import { importsApi, lastSegment, uploadCalls } from './imports';
import { SessionStore } from './session-store';
import { snomedApi } from './knowledge/snomed';

function fakeClient(answer: unknown = null) {
  const calls: Array<[string, RequestOptions]> = [];
  const api: ApiClient = {
    base: '',
    session: new SessionStore(),
    request: <T>(path: string, o: RequestOptions = {}) => {
      calls.push([path, o]);
      return Promise.resolve(answer as T);
    },
  };
  return { api, calls };
}

describe('import calls (spec §7)', () => {
  it('take the last path segment of a download link', () => {
    expect(lastSegment('/api/nodes/download-errors/3f1c')).toBe('3f1c');
    expect(lastSegment('https://kg.example.org/api/snomed/download-errors/snomed_import_errors_x.xlsx?x=1')).toBe('snomed_import_errors_x.xlsx');
    expect(lastSegment('/a/b/')).toBe('b');
  });

  it('send the file as multipart field "file" and fetch files as blobs', async () => {
    const { api, calls } = fakeClient();
    const file = new File(['nodename\nAsthma\n'], 'nodes.csv');
    await importsApi(api).uploadNodes(file);
    await importsApi(api).nodeTemplate();
    await importsApi(api).nodeErrorReport('/api/nodes/download-errors/abc');
    await snomedApi(api).importFile(new File(['x'], 'concepts.xlsx'));
    const [upload, template, report, snomed] = calls;
    expect(upload[0]).toBe('/nodes/upload');
    expect(upload[1].method).toBe('POST');
    expect((upload[1].body as FormData).get('file')).toBeInstanceOf(File);
    expect(((upload[1].body as FormData).get('file') as File).name).toBe('nodes.csv');
    expect(template).toEqual(['/nodes/template', { responseType: 'blob' }]);
    expect(report).toEqual(['/nodes/download-errors/abc', { responseType: 'blob' }]);
    expect(snomed[0]).toBe('/snomed/import');
  });

  it('ask for a check of the file with ?dryRun=true ("Check file"), and only then', async () => {
    const { api, calls } = fakeClient();
    const file = new File(['x'], 'nodes.csv');
    await importsApi(api).uploadNodes(file, { dryRun: true });
    await snomedApi(api).importFile(new File(['x'], 'concepts.xlsx'), { dryRun: true });
    await importsApi(api).uploadNodes(file);
    expect(calls.map(([path, o]) => [path, o.query])).toEqual([
      ['/nodes/upload', { dryRun: true }],
      ['/snomed/import', { dryRun: true }],
      ['/nodes/upload', undefined],
    ]);
  });

  it('the relation import: the same three calls under /relations', async () => {
    const { api, calls } = fakeClient();
    const relations = uploadCalls(api, 'relations');
    await relations.upload(new File(['Source,Target,Relation type\n'], 'relations.csv'));
    await relations.template();
    await relations.errorReport('/api/relations/download-errors/abc');
    expect(calls.map((c) => c[0])).toEqual(['/relations/upload', '/relations/template', '/relations/download-errors/abc']);
    expect(((calls[0][1].body as FormData).get('file') as File).name).toBe('relations.csv');
  });

  it('page the SNOMED catalogue 1-based and name the error file after the link', async () => {
    const { api, calls } = fakeClient(new Blob(['x']));
    await snomedApi(api).list({ page: 2, limit: 25, search: 'asthma', status: 'active', sortBy: 'term', sortOrder: 'desc' });
    expect(calls[0]).toEqual(['/snomed/concepts', { query: { page: 2, limit: 25, search: 'asthma', status: 'active', sortBy: 'term', sortOrder: 'desc' }, signal: undefined }]);
    const { filename } = await snomedApi(api).errorFile('/api/snomed/download-errors/snomed_import_errors_1.xlsx');
    expect(filename).toBe('snomed_import_errors_1.xlsx');
    expect(calls[1][0]).toBe('/snomed/download-errors/snomed_import_errors_1.xlsx');
  });
});
