import { useEffect, useMemo, useState, type Key, type ReactNode } from 'react';
import {
  Alert,
  App,
  Button,
  Card,
  Checkbox,
  Empty,
  Flex,
  Form,
  Input,
  Modal,
  Popconfirm,
  Popover,
  Space,
  Spin,
  Table,
  type FormInstance,
  type TableColumnsType,
  type TableProps,
} from 'antd';
import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  DeleteOutlined,
  EditOutlined,
  PlusOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LIMITS } from '@pod/shared';
import type { QueryParams } from '../../api/client.ts';
import type { ApiError } from '../../api/api-error.ts';
import { useFormFailure } from '../../forms/use-form-failure.ts';
import { usePageButtons } from '../layout/current-menu.ts';
import { useCrudDetail, useCrudList, useCrudMutations, type CrudResource } from './api.ts';
import { useHiddenColumns } from './column-settings.ts';
import { buildTree, type TreeRow } from './tree.ts';
import { BatchDeleteButton, RefreshButton } from './toolbar-buttons.tsx';
import { ExportButton } from '../exports/export-button.tsx';

/** A table column of a CRUD page. */
export interface CrudColumn<Row> {
  /** The row field (also the server's order field when orderable). */
  key: string;
  title: string;
  render?: (row: Row) => ReactNode;
  /** The server can order by this field (`order=key,asc|desc`). */
  isOrderable?: boolean;
  isHiddenByDefault?: boolean;
  width?: number;
}

export type FormMode = 'create' | 'edit';
type Values = Record<string, unknown>;

/** The create/edit modal form of a CRUD page; fields validate with the shared zod schema. */
export interface CrudFormConfig<Row> {
  /** Names of the form's fields, so server field errors land under them. */
  fieldNames: readonly string[];
  render: (props: { mode: FormMode; form: FormInstance<Values>; row: Row | null }) => ReactNode;
  /** The create form's starting values. */
  initialValues: Values;
  /** The edit form's values from `GET P/{id}`. */
  toValues?: (row: Row) => Values;
  /** The request body from the form's values. */
  toBody?: (values: Values, mode: FormMode) => unknown;
  width?: number;
}

export interface CrudPageProps<Row extends { id: string }> {
  /** The resource's contracts: a kit resource's `crudOperations(...)`, or `{ resource, list }`. */
  resource: CrudResource<Row>;
  testId: string;
  columns: readonly CrudColumn<Row>[];
  /** Form.Items of the filter form; their names are the list's filter parameters. */
  filters?: ReactNode;
  form?: CrudFormConfig<Row>;
  /** The resource supports `POST P/sortable` (up/down moves). */
  isSortable?: boolean;
  /** Rows carry `parent_id`: shown as a tree, every row loaded (page after page), on one page. */
  isTree?: boolean;
  hasQuickSearch?: boolean;
  /** More buttons per row (shown before edit and delete). */
  rowActions?: (row: Row) => ReactNode;
  /** Rows may be edited once created (default true; e.g. exchange rates are immutable). */
  canEditRows?: boolean;
  /**
   * Rows the server refuses to edit or delete for this user (e.g. its own account): they offer
   * neither, and cannot be selected for a batch delete.
   */
  isRowProtected?: (row: Row) => boolean;
  /** The resource supports `DELETE P/{id}` and `DELETE P/del` (default true). */
  isDeletable?: boolean;
  /** The list's parameters from the filter form's values (default: each value as text). */
  toFilterParams?: (values: Values) => QueryParams;
  /** The list's export page key (issue 24): shows "Export", which sends the current filters. */
  exportPage?: string;
  /** Parameters the page adds to the filter form's (e.g. the order list's status tab). */
  extraParams?: QueryParams;
  /** Told the filter form's parameters whenever they change (e.g. to count the status tabs). */
  onFiltersChange?: (filters: QueryParams) => void;
  /** Shown above the table (e.g. status tabs). */
  aboveTable?: ReactNode;
  /** Buttons acting on the selected rows (shown in the toolbar; rows become selectable). */
  batchActions?: (selectedIds: string[], clearSelection: () => void) => ReactNode;
}

/** A plain cell or filter value as text; a dash for nothing. */
function cellText(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}

/**
 * The back-office CRUD page (issue: the CRUD kit): a table with paging, server ordering, quick
 * search, a filter form, column settings, a create/edit modal, batch and single delete with
 * confirmation, and up/down moves. Buttons show only when the page's menu permits them (spec §6).
 */
export function CrudPage<Row extends { id: string }>(props: CrudPageProps<Row>) {
  const { resource, columns, form, isSortable = false, isTree = false, hasQuickSearch = true } = props;
  const { message } = App.useApp();
  const { t } = useTranslation();
  const buttons = usePageButtons();
  const can = (action: string) => buttons.has(`${resource.resource}:${action}`);
  const [filterForm] = Form.useForm<Values>();
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(LIMITS.pagination.defaultPageSize);
  const [order, setOrder] = useState<string | undefined>();
  const [quickSearch, setQuickSearch] = useState('');
  const [filters, setFilters] = useState<QueryParams>({});
  const [selected, setSelected] = useState<Key[]>([]);
  const [editing, setEditing] = useState<{ mode: FormMode; id: string | null } | null>(null);
  const [hidden, setHidden] = useHiddenColumns(
    resource.resource,
    columns.filter((c) => c.isHiddenByDefault).map((c) => c.key),
  );

  const extra = props.extraParams;
  const extraKey = JSON.stringify(extra ?? {});
  const [seenExtra, setSeenExtra] = useState(extraKey);
  if (seenExtra !== extraKey) {
    // The page's own parameters changed (a tab): back to the first page.
    setSeenExtra(extraKey);
    setPage(1);
  }
  const params: QueryParams = {
    page,
    limit,
    order,
    quickSearch: quickSearch || undefined,
    ...filters,
    ...extra,
  };
  const list = useCrudList<Row>(resource, params, { isWhole: isTree });
  const mutations = useCrudMutations(resource);
  const rows = useMemo(() => list.data?.list ?? [], [list.data]);
  const data = useMemo(
    () => (isTree ? buildTree(rows as unknown as (Row & { parent_id: string | null })[]) : rows),
    [rows, isTree],
  ) as TreeRow<Row>[];

  const canEdit = Boolean(form) && (props.canEditRows ?? true) && can('edit');
  const canDelete = (props.isDeletable ?? true) && can('del');
  const canSort = isSortable && can('sortable');

  /** The row beside `row` among its siblings (same parent in a tree), for up/down moves. */
  const neighbour = (row: Row, step: -1 | 1): Row | undefined => {
    const siblings = isTree
      ? rows.filter(
          (r) => (r as { parent_id?: unknown }).parent_id === (row as { parent_id?: unknown }).parent_id,
        )
      : rows;
    const index = siblings.findIndex((r) => r.id === row.id);
    return siblings[index + step];
  };

  const parentOf = (row: Row) => (row as { parent_id?: unknown }).parent_id;
  /**
   * Drag-and-drop sorting (issue #4): a row dropped on a sibling takes its place, through the same
   * `sortable` call as the up/down buttons (which stay, for keyboard users).
   */
  const dragRow: TableProps<TreeRow<Row>>['onRow'] = (row) =>
    canSort
      ? {
          draggable: true,
          'data-testid': 'crud-row',
          onDragStart: (event) => {
            event.dataTransfer.setData('text/x-crud-row', row.id);
            event.dataTransfer.effectAllowed = 'move';
          },
          onDragOver: (event) => {
            if (event.dataTransfer.types.includes('text/x-crud-row')) event.preventDefault();
          },
          onDrop: (event) => {
            event.preventDefault();
            const id = event.dataTransfer.getData('text/x-crud-row');
            const dragged = rows.find((r) => r.id === id);
            if (!dragged || dragged.id === row.id) return;
            if (isTree && parentOf(dragged) !== parentOf(row)) {
              void message.warning(t('crud.dragSiblingsOnly'));
              return;
            }
            mutations.sortable.mutate({ id: dragged.id, targetId: row.id });
          },
        }
      : {};

  const tableColumns: TableColumnsType<TreeRow<Row>> = [
    ...columns
      .filter((column) => !hidden.includes(column.key))
      .map((column) => ({
        key: column.key,
        dataIndex: column.key,
        title: column.title,
        width: column.width,
        sorter: column.isOrderable ? true : undefined,
        sortOrder: order?.startsWith(`${column.key},`)
          ? order.endsWith(',asc')
            ? ('ascend' as const)
            : ('descend' as const)
          : null,
        render: column.render
          ? (_: unknown, row: Row) => column.render?.(row)
          : (value: unknown) => cellText(value),
      })),
    ...(canEdit || canDelete || canSort || props.rowActions
      ? [
          {
            key: '__actions',
            title: t('crud.actions'),
            fixed: 'right' as const,
            render: (_: unknown, row: Row) => (
              <Space size={4} wrap={false}>
                {props.rowActions?.(row)}
                {canSort ? (
                  <>
                    <Button
                      size="small"
                      type="text"
                      icon={<ArrowUpOutlined />}
                      aria-label={t('crud.moveUp')}
                      title={t('crud.moveUp')}
                      disabled={!neighbour(row, -1)}
                      onClick={() => {
                        const target = neighbour(row, -1);
                        if (target) mutations.sortable.mutate({ id: row.id, targetId: target.id });
                      }}
                    />
                    <Button
                      size="small"
                      type="text"
                      icon={<ArrowDownOutlined />}
                      aria-label={t('crud.moveDown')}
                      title={t('crud.moveDown')}
                      disabled={!neighbour(row, 1)}
                      onClick={() => {
                        const target = neighbour(row, 1);
                        if (target) mutations.sortable.mutate({ id: row.id, targetId: target.id });
                      }}
                    />
                  </>
                ) : null}
                {canEdit && !props.isRowProtected?.(row) ? (
                  <Button
                    size="small"
                    type="link"
                    icon={<EditOutlined />}
                    data-testid="crud-edit"
                    onClick={() => setEditing({ mode: 'edit', id: row.id })}
                  >
                    {t('crud.edit')}
                  </Button>
                ) : null}
                {canDelete && !props.isRowProtected?.(row) ? (
                  <Popconfirm
                    title={t('crud.deleteConfirm')}
                    okText={t('crud.delete')}
                    okButtonProps={{ danger: true }}
                    cancelText={t('app.cancel')}
                    onConfirm={() => mutations.remove.mutate(row.id)}
                  >
                    <Button
                      size="small"
                      type="link"
                      danger
                      icon={<DeleteOutlined />}
                      data-testid="crud-delete"
                    >
                      {t('crud.delete')}
                    </Button>
                  </Popconfirm>
                ) : null}
              </Space>
            ),
          },
        ]
      : []),
  ];

  const onTableChange: TableProps<TreeRow<Row>>['onChange'] = (pagination, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = typeof single?.columnKey === 'string' ? single.columnKey : undefined;
    const nextOrder =
      field && single?.order ? `${field},${single.order === 'ascend' ? 'asc' : 'desc'}` : undefined;
    if (nextOrder !== order) {
      setOrder(nextOrder);
      setPage(1);
    } else {
      setPage(pagination.current ?? 1);
      setLimit(pagination.pageSize ?? limit);
    }
  };

  const onFilter = (values: Values) => {
    if (props.toFilterParams) {
      const next = props.toFilterParams(values);
      setFilters(next);
      props.onFiltersChange?.(next);
      setPage(1);
      return;
    }
    const next: QueryParams = {};
    for (const [name, value] of Object.entries(values)) {
      const text = cellText(value);
      if (text !== '—') next[name] = text;
    }
    setFilters(next);
    props.onFiltersChange?.(next);
    setPage(1);
  };

  return (
    <Flex vertical gap={16} data-testid={props.testId}>
      {props.filters ? (
        <Card size="small">
          <Form form={filterForm} layout="inline" onFinish={onFilter} data-testid="crud-filters">
            {props.filters}
            <Form.Item>
              <Space>
                <Button type="primary" htmlType="submit">
                  {t('crud.search')}
                </Button>
                <Button
                  onClick={() => {
                    filterForm.resetFields();
                    onFilter({});
                  }}
                >
                  {t('crud.reset')}
                </Button>
              </Space>
            </Form.Item>
          </Form>
        </Card>
      ) : null}
      <Card size="small">
        <Flex vertical gap={12}>
          <Flex justify="space-between" gap={8} wrap>
            <Space wrap>
              <RefreshButton onRefresh={() => list.refetch()} />
              {props.exportPage ? (
                <ExportButton
                  page={props.exportPage}
                  filters={{ quickSearch: quickSearch || undefined, ...filters, ...extra }}
                />
              ) : null}
              {form && can('add') ? (
                <Button
                  type="primary"
                  icon={<PlusOutlined />}
                  data-testid="crud-add"
                  onClick={() => setEditing({ mode: 'create', id: null })}
                >
                  {t('crud.add')}
                </Button>
              ) : null}
              {props.batchActions?.(selected.map(String), () => setSelected([]))}
              {canDelete ? (
                <BatchDeleteButton
                  count={selected.length}
                  confirm={t('crud.batchDeleteConfirm', { count: selected.length })}
                  label={t('crud.delete')}
                  onConfirm={() =>
                    mutations.removeMany.mutate(selected.map(String), { onSuccess: () => setSelected([]) })
                  }
                  testId="crud-batch-delete"
                />
              ) : null}
            </Space>
            <Space wrap>
              {hasQuickSearch ? (
                <Input.Search
                  allowClear
                  data-testid="crud-quick-search"
                  placeholder={t('crud.quickSearch')}
                  onSearch={(value) => {
                    setQuickSearch(value.trim());
                    setPage(1);
                  }}
                  style={{ width: 240 }}
                />
              ) : null}
              <Popover
                trigger="click"
                placement="bottomRight"
                title={t('crud.columns')}
                content={
                  <Checkbox.Group
                    data-testid="crud-column-settings"
                    value={columns.map((c) => c.key).filter((key) => !hidden.includes(key))}
                    onChange={(visible) =>
                      setHidden(columns.map((c) => c.key).filter((key) => !visible.includes(key)))
                    }
                  >
                    <Flex vertical gap={4}>
                      {columns.map((column) => (
                        <Checkbox key={column.key} value={column.key}>
                          {column.title}
                        </Checkbox>
                      ))}
                    </Flex>
                  </Checkbox.Group>
                }
              >
                <Button icon={<SettingOutlined />} aria-label={t('crud.columns')} title={t('crud.columns')} />
              </Popover>
            </Space>
          </Flex>
          {props.aboveTable}
          {list.isError ? (
            <Alert
              type="error"
              showIcon
              data-testid="crud-error"
              title={list.error.msg}
              action={
                <Button size="small" onClick={() => void list.refetch()}>
                  {t('app.retry')}
                </Button>
              }
            />
          ) : null}
          <Table<TreeRow<Row>>
            // A tree expands all rows when it mounts: mount it again once its rows have arrived.
            key={isTree && list.data ? 'tree-loaded' : 'table'}
            rowKey="id"
            size="middle"
            loading={list.isFetching}
            columns={tableColumns}
            dataSource={data}
            onChange={onTableChange}
            onRow={dragRow}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: <Empty description={t('crud.empty')} /> }}
            rowSelection={
              canDelete || props.batchActions
                ? {
                    selectedRowKeys: selected,
                    onChange: setSelected,
                    checkStrictly: true,
                    getCheckboxProps: (row: Row) => ({ disabled: props.isRowProtected?.(row) ?? false }),
                  }
                : undefined
            }
            expandable={isTree ? { defaultExpandAllRows: true } : undefined}
            pagination={
              isTree
                ? false
                : {
                    current: page,
                    pageSize: limit,
                    total: list.data?.total ?? 0,
                    showSizeChanger: true,
                    pageSizeOptions: [10, 20, 50, 100],
                    showTotal: (total) => t('crud.total', { count: total }),
                  }
            }
          />
        </Flex>
      </Card>
      {form && editing ? (
        <CrudFormModal
          resource={resource}
          config={form}
          mode={editing.mode}
          id={editing.id}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Flex>
  );
}

function CrudFormModal<Row extends { id: string }>({
  resource,
  config,
  mode,
  id,
  onClose,
}: {
  resource: CrudResource<Row>;
  config: CrudFormConfig<Row>;
  mode: FormMode;
  id: string | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const detail = useCrudDetail<Row>(resource, mode === 'edit' ? id : null);
  const mutations = useCrudMutations(resource);
  const onFailure = useFormFailure(form, config.fieldNames);
  const row = detail.data ?? null;

  useEffect(() => {
    if (row) form.setFieldsValue(config.toValues ? config.toValues(row) : row);
  }, [row, form, config]);

  const onFinish = async (values: Values) => {
    const body = config.toBody ? config.toBody(values, mode) : values;
    try {
      if (mode === 'create') await mutations.create.mutateAsync(body);
      else if (id) await mutations.update.mutateAsync({ id, body });
      onClose();
    } catch (error) {
      onFailure(error as ApiError);
    }
  };

  const isSaving = mutations.create.isPending || mutations.update.isPending;
  return (
    <Modal
      open
      title={t(mode === 'create' ? 'crud.addTitle' : 'crud.editTitle')}
      onCancel={onClose}
      okText={t('app.save')}
      cancelText={t('app.cancel')}
      confirmLoading={isSaving}
      onOk={() => form.submit()}
      width={config.width ?? 640}
      destroyOnHidden
      okButtonProps={{ 'data-testid': 'crud-form-submit' }}
    >
      {mode === 'edit' && detail.isPending ? (
        <Flex justify="center" style={{ padding: 32 }}>
          <Spin />
        </Flex>
      ) : mode === 'edit' && detail.isError ? (
        <Alert type="error" showIcon title={detail.error.msg} />
      ) : (
        <Form
          form={form}
          layout="vertical"
          data-testid="crud-form"
          initialValues={mode === 'create' ? config.initialValues : undefined}
          onFinish={(values) => void onFinish(values)}
          onFinishFailed={() => void message.warning(t('crud.fixErrors'))}
        >
          {config.render({ mode, form, row })}
        </Form>
      )}
    </Modal>
  );
}
