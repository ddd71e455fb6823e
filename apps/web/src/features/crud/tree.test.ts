import { describe, expect, it } from 'vitest';
import { columnsKeyOf, readHiddenColumns } from './column-settings.ts';
import { buildTree } from './tree.ts';

describe('buildTree', () => {
  it('nests rows under their parents, and makes orphans roots', () => {
    const rows = [
      { id: 'a', parent_id: null },
      { id: 'b', parent_id: 'a' },
      { id: 'c', parent_id: 'missing' },
      { id: 'd', parent_id: 'b' },
    ];
    expect(buildTree(rows)).toEqual([
      {
        id: 'a',
        parent_id: null,
        children: [{ id: 'b', parent_id: 'a', children: [{ id: 'd', parent_id: 'b' }] }],
      },
      { id: 'c', parent_id: 'missing' },
    ]);
  });
});

describe('readHiddenColumns', () => {
  it('reads the stored list, or the defaults', () => {
    expect(readHiddenColumns('["remark"]', [])).toEqual(['remark']);
    expect(readHiddenColumns(null, ['x'])).toEqual(['x']);
    expect(readHiddenColumns('{', ['x'])).toEqual(['x']);
  });
});

describe('columnsKeyOf', () => {
  it('keeps column settings per user (decision 0061), per resource outside a session', () => {
    expect(columnsKeyOf('order', 'u-1')).toBe('crudColumns:u-1:order');
    expect(columnsKeyOf('order', 'u-2')).not.toBe(columnsKeyOf('order', 'u-1'));
    expect(columnsKeyOf('order', null)).toBe('crudColumns:order');
  });
});
