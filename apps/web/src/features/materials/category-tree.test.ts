import { describe, expect, it } from 'vitest';
import { leafIds, moveOfDrop, subtreeIds, subtreeMaterialCount, UNCATEGORISED } from './category-tree.ts';

const categories = [
  { id: 'a', parent_id: null, material_count: 0 },
  { id: 'a1', parent_id: 'a', material_count: 3 },
  { id: 'a1x', parent_id: 'a1', material_count: 2 },
  { id: 'b', parent_id: null, material_count: 5 },
];

describe('category tree helpers', () => {
  it('finds a sub-tree and the materials deleting it moves to Uncategorised', () => {
    expect(subtreeIds(categories, 'a').sort()).toEqual(['a', 'a1', 'a1x']);
    expect(subtreeMaterialCount(categories, 'a')).toBe(5);
    expect(subtreeMaterialCount(categories, 'b')).toBe(5);
  });

  it('knows the leaves, where materials may sit (spec §4)', () => {
    expect([...leafIds(categories)].sort()).toEqual(['a1x', 'b']);
  });
});

describe('moveOfDrop', () => {
  const drop = {
    dragId: 'b',
    targetId: 'a1',
    targetParentId: 'a',
    dropToGap: false,
    side: 0 as const,
    isTargetOpenParent: false,
  };

  it('makes a category the child of the one it is dropped onto', () => {
    expect(moveOfDrop(drop)).toEqual({ parentId: 'a1', sortWith: null });
  });

  it('puts a category beside its target, under the target’s parent, and swaps order with it', () => {
    expect(moveOfDrop({ ...drop, dropToGap: true, side: -1 })).toEqual({ parentId: 'a', sortWith: 'a1' });
  });

  it('drops just below an open parent as its first child', () => {
    expect(moveOfDrop({ ...drop, dropToGap: true, side: 1, isTargetOpenParent: true })).toEqual({
      parentId: 'a1',
      sortWith: null,
    });
  });

  it('never moves into or the virtual Uncategorised node; beside it is the top level', () => {
    expect(moveOfDrop({ ...drop, targetId: UNCATEGORISED, targetParentId: null })).toBeNull();
    expect(moveOfDrop({ ...drop, dragId: UNCATEGORISED })).toBeNull();
    expect(
      moveOfDrop({ ...drop, targetId: UNCATEGORISED, targetParentId: null, dropToGap: true, side: 1 }),
    ).toEqual({ parentId: null, sortWith: null });
  });
});
