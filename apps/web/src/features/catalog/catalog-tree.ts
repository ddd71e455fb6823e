import type { Language, SpuCategory } from '@pod/shared';
import { catalogName } from '../../i18n/catalog-name.ts';
import { buildTree, type TreeRow } from '../crud/tree.ts';

/** A node of an antd TreeSelect. */
export interface CategoryOption {
  value: string;
  title: string;
  disabled?: boolean;
  children?: CategoryOption[];
}

/** What the tree reads of a category (its English name, when it has one, for English readers). */
type CategoryRow = Pick<SpuCategory, 'id' | 'parent_id' | 'category_name' | 'sort'> & { en_name?: string };

/** A category's name in the reader's language, the other one as fallback (issue 26). */
export function categoryName(row: { category_name: string; en_name?: string }, language: Language): string {
  return catalogName({ name: row.category_name, en_name: row.en_name }, language);
}

/**
 * The category tree as TreeSelect options, largest sort first among siblings (decision 0016: one
 * tree for SPUs and products), each named in the reader's language. `excludeId` and everything
 * below it are disabled: a category cannot move under itself.
 */
export function categoryTreeOptions(
  rows: readonly CategoryRow[],
  language: Language,
  excludeId: string | null = null,
): CategoryOption[] {
  const sorted = [...rows].sort((a, b) => b.sort - a.sort);
  const toOption = (row: TreeRow<CategoryRow>, isDisabled: boolean): CategoryOption => {
    const disabled = isDisabled || row.id === excludeId;
    return {
      value: row.id,
      title: categoryName(row, language),
      ...(disabled ? { disabled } : {}),
      ...(row.children ? { children: row.children.map((child) => toOption(child, disabled)) } : {}),
    };
  };
  return buildTree(sorted).map((row) => toOption(row, false));
}
