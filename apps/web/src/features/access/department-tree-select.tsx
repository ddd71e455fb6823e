import { TreeSelect } from 'antd';
import { accessOperations } from '@pod/shared';
import { useCrudSelect } from '../crud/api.ts';
import { useCrudTreeOptions } from '../crud/tree-select-options.ts';

type Props = {
  /** This department and those below it cannot be chosen (a department's own parent). */
  excludeId?: string | null;
  placeholder?: string;
} & (
  | { isMultiple?: false; value?: string | null; onChange?: (id: string | null) => void }
  | { isMultiple: true; value?: string[]; onChange?: (ids: string[]) => void }
);

/**
 * Departments as the tree they are (issue #4: tree selects for departments). A user who may not list
 * departments still sees the flat options the select endpoint gives.
 */
export function DepartmentTreeSelect(props: Props) {
  const tree = useCrudTreeOptions(accessOperations.department, props.excludeId);
  const flat = useCrudSelect(accessOperations.department, tree.options.length === 0 && !tree.isPending);
  const treeData = tree.options.length
    ? tree.options
    : (flat.data ?? []).map((o) => ({ value: String(o.value), title: o.label }));
  const common = {
    allowClear: true,
    showSearch: true,
    treeNodeFilterProp: 'title',
    treeDefaultExpandAll: true,
    treeData,
    loading: tree.isPending,
    placeholder: props.placeholder,
    style: { width: '100%' },
  };
  if (props.isMultiple)
    return (
      <TreeSelect
        {...common}
        multiple
        // Each department is chosen on its own: ticking a parent does not take its children.
        treeCheckable
        treeCheckStrictly
        value={(props.value ?? []).map((value) => ({ value, label: treeLabel(treeData, value) }))}
        onChange={(values: Array<{ value: string }>) => props.onChange?.(values.map((v) => v.value))}
      />
    );
  return (
    <TreeSelect
      {...common}
      value={props.value ?? undefined}
      onChange={(value: string | undefined) => props.onChange?.(value ?? null)}
    />
  );
}

function treeLabel(
  nodes: Array<{ value: string; title: string; children?: unknown }>,
  value: string,
): string {
  for (const node of nodes) {
    if (node.value === value) return node.title;
    const children = node.children as typeof nodes | undefined;
    const found = children ? treeLabel(children, value) : '';
    if (found) return found;
  }
  return value;
}
