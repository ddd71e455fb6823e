import type { MaterialCategory } from '@pod/shared';

/** The key of the tree's virtual "Uncategorised" node (the null category, docs/decisions/0014). */
export const UNCATEGORISED = '__uncategorised';

type Category = Pick<MaterialCategory, 'id' | 'parent_id' | 'material_count'>;

/** Children of each category id (and of null for the roots), keeping the list's order. */
function childrenByParent<C extends Category>(categories: readonly C[]): Map<string | null, C[]> {
  const ids = new Set(categories.map((c) => c.id));
  const byParent = new Map<string | null, C[]>();
  for (const category of categories) {
    const parent = category.parent_id !== null && ids.has(category.parent_id) ? category.parent_id : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), category]);
  }
  return byParent;
}

/** A category and everything below it. */
export function subtreeIds(categories: readonly Category[], id: string): string[] {
  const byParent = childrenByParent(categories);
  const out: string[] = [];
  const walk = (current: string) => {
    out.push(current);
    for (const child of byParent.get(current) ?? []) walk(child.id);
  };
  walk(id);
  return out;
}

/** How many materials deleting a category moves to Uncategorised: its own and its sub-tree's. */
export function subtreeMaterialCount(categories: readonly Category[], id: string): number {
  const inTree = new Set(subtreeIds(categories, id));
  return categories.filter((c) => inTree.has(c.id)).reduce((sum, c) => sum + c.material_count, 0);
}

/** Categories without sub-categories: materials sit only in these (spec §4). */
export function leafIds(categories: readonly Category[]): Set<string> {
  const parents = new Set(categories.map((c) => c.parent_id).filter((p): p is string => p !== null));
  return new Set(categories.filter((c) => !parents.has(c.id)).map((c) => c.id));
}

/** A drop on the tree, as antd reports it, reduced to what decides the move. */
export interface TreeDrop {
  dragId: string;
  targetId: string;
  /** The target's parent category, null at the top level. */
  targetParentId: string | null;
  /** false: dropped onto the target (becomes its child); true: beside it. */
  dropToGap: boolean;
  /** Beside the target: -1 above it, 1 below it. */
  side: -1 | 0 | 1;
  /** The target is expanded and has children (a drop just below it lands as its first child). */
  isTargetOpenParent: boolean;
}

/** What a drop does: the new parent (PATCH parent_id when it changed) and a sibling to swap order with. */
export interface CategoryMove {
  parentId: string | null;
  /** `POST sortable {id, targetId}` with this sibling, when dropped beside one. */
  sortWith: string | null;
}

/** The move a drop means, or null when it means nothing (the virtual node, itself). */
export function moveOfDrop(drop: TreeDrop): CategoryMove | null {
  if (drop.dragId === UNCATEGORISED || drop.dragId === drop.targetId) return null;
  if (drop.targetId === UNCATEGORISED) {
    // Beside the virtual node is the top level; onto it means nothing (it is not a category).
    return drop.dropToGap ? { parentId: null, sortWith: null } : null;
  }
  if (!drop.dropToGap) return { parentId: drop.targetId, sortWith: null };
  if (drop.side === 1 && drop.isTargetOpenParent) return { parentId: drop.targetId, sortWith: null };
  return { parentId: drop.targetParentId, sortWith: drop.targetId };
}
