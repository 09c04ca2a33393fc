import { describe, expect, it } from 'vitest';
import { abilitiesOf, creatorName, isNodeView, nodePath, relationFormPath, DEFAULT_SORT, listQuery, pageAfterDelete, parseSortChoice, relationDirection, sortChoice, groupRelations } from './node-format';
import { formatKb } from '../../ui/form/FilePicker';

describe('node list helpers', () => {
  it('asks the server for one page, filtered and sorted', () => {
    expect(listQuery({ page: 2, pageSize: 25, search: '  asthma ', nodeType: 'Disease', sort: { key: 'name', direction: 'asc' } })).toEqual({
      search: 'asthma',
      nodeType: 'Disease',
      limit: 25,
      skip: 50,
      sortBy: 'name',
      sortOrder: 'asc',
    });
  });
  it('leaves empty search and All Types out, and falls back to createdAt for an unknown column', () => {
    const q = listQuery({ page: 0, pageSize: 10, search: ' ', nodeType: '', sort: { key: 'description', direction: 'desc' } });
    expect(q).toEqual({ search: undefined, nodeType: undefined, limit: 10, skip: 0, sortBy: 'createdAt', sortOrder: 'desc' });
  });
  it('round-trips the grid sort choice and rejects junk', () => {
    expect(parseSortChoice(sortChoice({ key: 'updatedAt', direction: 'desc' }))).toEqual({ key: 'updatedAt', direction: 'desc' });
    expect(parseSortChoice('password:asc')).toEqual(DEFAULT_SORT);
    expect(parseSortChoice('name:sideways')).toEqual(DEFAULT_SORT);
  });
  it('steps back a page only when the last row of a later page was deleted', () => {
    expect(pageAfterDelete(3, 1)).toBe(2);
    expect(pageAfterDelete(3, 4)).toBe(3);
    expect(pageAfterDelete(0, 1)).toBe(0);
  });
});

describe('node detail helpers', () => {
  it('shows sizes in KB to two decimals', () => {
    expect(formatKb(12_636)).toBe('12.34 KB');
    expect(formatKb(0)).toBe('0.00 KB');
    expect(formatKb(1024 * 1024)).toBe('1024.00 KB');
  });
  it('names the creator: username, else id, else Unknown', () => {
    expect(creatorName({ createdByUsername: 'ada', createdBy: 'u1' }, 'Unknown')).toBe('ada');
    expect(creatorName({ createdByUsername: null, createdBy: 'u1' }, 'Unknown')).toBe('u1');
    expect(creatorName({ createdByUsername: null, createdBy: null }, 'Unknown')).toBe('Unknown');
  });
  it('takes the direction from the server, else infers it from the ends', () => {
    const base = { sourceNodeId: 'a', targetNodeId: 'b' };
    expect(relationDirection({ ...base, direction: 'incoming' }, 'a')).toBe('incoming');
    expect(relationDirection({ ...base, direction: undefined as never }, 'a')).toBe('outgoing');
    expect(relationDirection({ ...base, direction: undefined as never }, 'b')).toBe('incoming');
    expect(relationDirection({ sourceNodeId: '', targetNodeId: 'b', direction: undefined as never }, 'x')).toBe('incoming');
  });
  it('groups outgoing relations first, then incoming; by type; the strongest first, then by name', () => {
    const item = (id: string, direction: 'outgoing' | 'incoming', relationType: string, name: string, weight = 50) => ({
      id,
      direction,
      relationType,
      weight,
      sourceNodeId: 's',
      targetNodeId: 't',
      relatedNode: { name },
    });
    const grouped = groupRelations(
      [item('1', 'incoming', 'causes', 'A'), item('2', 'outgoing', 'treats', 'B'), item('3', 'outgoing', 'causes', 'Z', 90), item('4', 'outgoing', 'causes', 'C'), item('5', 'outgoing', 'causes', 'B')],
      'n',
    );
    expect(grouped.map((d) => [d.direction, d.count, d.groups.map((g) => [g.relationType, g.items.map((i) => i.id)])])).toEqual([
      ['outgoing', 4, [['causes', ['3', '5', '4']], ['treats', ['2']]]],
      ['incoming', 1, [['causes', ['1']]]],
    ]);
    expect(groupRelations([], 'n')).toEqual([]);
  });
});

describe('abilities', () => {
  it('follows the permissions, and readonly hides every write action', () => {
    const editor = ['nodes.read', 'nodes.create', 'nodes.update', 'nodes.delete', 'relations.create'];
    expect(abilitiesOf(editor)).toEqual({ create: true, update: true, delete: true, relate: true, importSnomed: true });
    // The SNOMED page's own Import button serves who may open it (system.config): no second one here.
    expect(abilitiesOf([...editor, 'system.config']).importSnomed).toBe(false);
    expect(abilitiesOf(editor, true)).toEqual({ create: false, update: false, delete: false, relate: false, importSnomed: false });
    expect(abilitiesOf(['nodes.read'])).toEqual({ create: false, update: false, delete: false, relate: false, importSnomed: false });
    expect(abilitiesOf(undefined)).toEqual({ create: false, update: false, delete: false, relate: false, importSnomed: false });
  });
});

describe('node places', () => {
  it('maps each view to its host route', () => {
    expect(nodePath({ view: 'list' })).toBe('/nodes');
    expect(nodePath({ view: 'detail', nodeId: 'a b' })).toBe('/nodes/view/a%20b');
    expect(nodePath({ view: 'edit', nodeId: 'n1' })).toBe('/nodes/n1/edit');
    expect(nodePath({ view: 'create' })).toBe('/nodes/new');
    expect(nodePath({ view: 'detail' })).toBe('/nodes');
    expect(relationFormPath('n1')).toBe('/nodes/n1/relations/new');
  });
  it('knows its views', () => {
    expect(isNodeView('edit')).toBe(true);
    expect(isNodeView('graph')).toBe(false);
    expect(isNodeView(undefined)).toBe(false);
  });
});

describe('quality filters (the Analytics page findings)', () => {
  it('reads the host URL and adds the GET /nodes parameter', async () => {
    const { qualityFilterOf, listQuery } = await import('./node-format');
    expect(qualityFilterOf(new URLSearchParams('orphan=true'))).toBe('orphans');
    expect(qualityFilterOf(new URLSearchParams('hasSnomed=false'))).toBe('missingSnomedCode');
    expect(qualityFilterOf(new URLSearchParams('hasSnomed=true'))).toBeUndefined();
    const q = listQuery({ page: 0, pageSize: 10, search: '', nodeType: '', sort: { key: 'name', direction: 'asc' }, quality: 'likelyDuplicates' });
    expect(q).toMatchObject({ likelyDuplicate: 'true', limit: 10 });
  });
});
