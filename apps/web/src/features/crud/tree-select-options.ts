import { useMemo } from 'react';
import { useCrudList, type ListResource } from './api.ts';
import { buildTree, type TreeRow } from './tree.ts';

/** A node of an antd TreeSelect. */
export interface TreeOption {
  value: string;
  title: string;
  disabled?: boolean;
  children?: TreeOption[];
}

/** What the tree reads of a row. */
interface Named {
  id: string;
  parent_id: string | null;
  name: string;
}

/**
 * A tree resource (departments) as TreeSelect options. `excludeId` and everything below it are
 * disabled: a node cannot become its own ancestor.
 */
export function useCrudTreeOptions(resource: ListResource<Named>, excludeId?: string | null) {
  // Tree resources (departments, categories) are listed whole.
  const list = useCrudList<Named>(resource, {}, { isWhole: true });
  const options = useMemo(() => {
    const toOption = (row: TreeRow<Named>, isDisabled: boolean): TreeOption => {
      const disabled = isDisabled || row.id === excludeId;
      return {
        value: row.id,
        title: row.name,
        ...(disabled ? { disabled } : {}),
        ...(row.children ? { children: row.children.map((child) => toOption(child, disabled)) } : {}),
      };
    };
    return buildTree(list.data?.list ?? []).map((row) => toOption(row, false));
  }, [list.data, excludeId]);
  return { options, isPending: list.isPending };
}
