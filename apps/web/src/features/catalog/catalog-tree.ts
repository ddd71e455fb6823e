import type { SpuCategory } from '@pod/shared';
import { buildTree, type TreeRow } from '../crud/tree.ts';

/** A node of an antd TreeSelect. */
export interface CategoryOption {
  value: string;
  title: string;
  disabled?: boolean;
  children?: CategoryOption[];
}

/** What the tree reads of a category. */
type CategoryRow = Pick<SpuCategory, 'id' | 'parent_id' | 'category_name' | 'sort'>;

/**
 * The category tree as TreeSelect options, largest sort first among siblings (decision 0016: one
 * tree for SPUs and products). `excludeId` and everything below it are disabled: a category
 * cannot move under itself.
 */
export function categoryTreeOptions(
  rows: readonly CategoryRow[],
  excludeId: string | null = null,
): CategoryOption[] {
  const sorted = [...rows].sort((a, b) => b.sort - a.sort);
  const toOption = (row: TreeRow<CategoryRow>, isDisabled: boolean): CategoryOption => {
    const disabled = isDisabled || row.id === excludeId;
    return {
      value: row.id,
      title: row.category_name,
      ...(disabled ? { disabled } : {}),
      ...(row.children ? { children: row.children.map((child) => toOption(child, disabled)) } : {}),
    };
  };
  return buildTree(sorted).map((row) => toOption(row, false));
}
