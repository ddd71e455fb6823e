import { useMemo } from 'react';
import { Alert, Spin, Tree, type TreeDataNode } from 'antd';
import type { GrantableMenu } from '@pod/shared';
import { useMenuTitle } from '../layout/use-menu-title.ts';
import { useGrantableMenus } from './api.ts';

function leafIds(nodes: readonly GrantableMenu[], into = new Set<string>()): Set<string> {
  for (const node of nodes) {
    if (node.children.length === 0) into.add(node.id);
    else leafIds(node.children, into);
  }
  return into;
}

/**
 * The role form's menu tree (issue: "a role's menus and buttons are assigned as a tree"). Checking an
 * item also grants its directories (the tree's half-checked parents), since the server builds the
 * visible tree from the top; a saved role's ids are shown by their leaves for the same reason.
 */
export function MenuTreeField({ value, onChange }: { value?: string[]; onChange?: (ids: string[]) => void }) {
  const menuTitle = useMenuTitle();
  const grantable = useGrantableMenus();
  const nodes = useMemo(() => grantable.data ?? [], [grantable.data]);
  const leaves = useMemo(() => leafIds(nodes), [nodes]);
  const treeData = useMemo(() => {
    const build = (items: readonly GrantableMenu[]): TreeDataNode[] =>
      items.map((item) => ({ key: item.id, title: menuTitle(item.title), children: build(item.children) }));
    return build(nodes);
  }, [nodes, menuTitle]);

  if (grantable.isPending) return <Spin size="small" />;
  if (grantable.isError) return <Alert type="error" showIcon title={grantable.error.msg} />;
  return (
    <div data-testid="role-menu-tree" style={{ maxHeight: 320, overflow: 'auto' }}>
      <Tree
        checkable
        defaultExpandAll
        selectable={false}
        treeData={treeData}
        checkedKeys={(value ?? []).filter((id) => leaves.has(id))}
        onCheck={(checked, info) => {
          const full = Array.isArray(checked) ? checked : checked.checked;
          onChange?.([...full, ...(info.halfCheckedKeys ?? [])].map(String));
        }}
      />
    </div>
  );
}
