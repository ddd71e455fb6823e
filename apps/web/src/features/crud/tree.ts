/** A row with its children, for tree tables (departments, menus). */
export type TreeRow<Row> = Row & { children?: TreeRow<Row>[] };

/**
 * Nests flat rows by `parent_id`, keeping their order; rows whose parent is not in the list become
 * roots (e.g. when a filter hides the parent). Leaves get no `children`, so antd shows no expander.
 */
export function buildTree<Row extends { id: string; parent_id: string | null }>(
  rows: readonly Row[],
): TreeRow<Row>[] {
  const ids = new Set(rows.map((row) => row.id));
  const byParent = new Map<string | null, Row[]>();
  for (const row of rows) {
    const parent = row.parent_id !== null && ids.has(row.parent_id) ? row.parent_id : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), row]);
  }
  const build = (parent: string | null): TreeRow<Row>[] =>
    (byParent.get(parent) ?? []).map((row) => {
      const children = build(row.id);
      return children.length > 0 ? { ...row, children } : { ...row };
    });
  return build(null);
}
