import { useState } from 'react';
import {
  App,
  Button,
  Card,
  DatePicker,
  Flex,
  Form,
  Image,
  Input,
  Modal,
  Popconfirm,
  Select,
  Space,
  Table,
  Tag,
  Tree,
  Typography,
} from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import {
  RENDER_STATUSES,
  type RenderStatus,
  type FinishedGroup,
  type FinishedProduct,
  designOperations,
  maxLengthOf,
  finishedGroupCreateSchema,
  LIMITS,
  PERMISSIONS,
} from '@pod/shared';
import { call } from '../../../api/call.ts';
import type { QueryParams } from '../../../api/client.ts';
import { formatDateTime, formatMinorUnits } from '../../../i18n/format.ts';
import { currentLanguage } from '../../../i18n/i18n.ts';
import { designKeys, useFinishedGroups, useFinishedList } from '../api.ts';
import { ExportButton } from '../../exports/export-button.tsx';
import { usePageButtons } from '../../layout/current-menu.ts';
import { editorHref } from '../paths.ts';
import { AddToCartDialog, useCanAddToCart } from './add-to-cart-dialog.tsx';
import { BatchDesignDialog } from './batch-design-dialog.tsx';
import { SlotsDialog } from './slots-dialog.tsx';

interface Filters {
  keyword?: string;
  render_status?: string;
  export_status?: string;
  dates?: [{ format(f: string): string }, { format(f: string): string }] | null;
}

const RENDER_COLOURS: Record<string, string> = {
  pending: 'default',
  rendering: 'processing',
  done: 'success',
  failed: 'error',
};

/**
 * The finished products (spec §2 `/admin/publish/finished/my`, issue 8): filters, mockup
 * thumbnails, the group tree (primary and secondary) and move to group, copy, edit again, delete
 * with confirmation, an xlsx export job and a batch design job, each with a progress bar.
 */
export function FinishedListPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const language = currentLanguage();
  const [params, setParams] = useState<QueryParams>({ page: 1, limit: LIMITS.pagination.defaultPageSize });
  const [selected, setSelected] = useState<string[]>([]);
  // Selection is kept across pages: the rows of keys chosen on other pages are remembered here.
  const [selectedRows, setSelectedRows] = useState<ReadonlyMap<string, FinishedProduct>>(new Map());
  const [moveOpen, setMoveOpen] = useState(false);
  const [moveTo, setMoveTo] = useState<string | null>(null);
  const [groupDialog, setGroupDialog] = useState<{ parent: string | null } | null>(null);
  const [groupName, setGroupName] = useState('');
  const [batchSource, setBatchSource] = useState<FinishedProduct | null>(null);
  const [slotsOf, setSlotsOf] = useState<FinishedProduct | null>(null);
  const [cartItems, setCartItems] = useState<FinishedProduct[] | null>(null);
  const canAddToCart = useCanAddToCart();
  const pageButtons = usePageButtons();
  const list = useFinishedList(params);
  const groups = useFinishedGroups();
  const refresh = () => queryClient.invalidateQueries({ queryKey: designKeys.all });

  const setFilters = (values: Filters) => {
    const { dates, ...rest } = values;
    setParams({
      page: 1,
      limit: Number(params.limit ?? LIMITS.pagination.defaultPageSize),
      group_id: params.group_id,
      ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== undefined && v !== '')),
      date_from: dates?.[0]?.format('YYYY-MM-DD'),
      date_to: dates?.[1]?.format('YYYY-MM-DD'),
    });
  };

  const copy = async (row: FinishedProduct) => {
    await call(designOperations.finishedProductCopy, {
      params: { id: row.id },
      body: {},
      showSuccessMessage: true,
    });
    await refresh();
  };
  const remove = async (ids: string[]) => {
    await Promise.all(ids.map((id) => call(designOperations.finishedProductDelete, { params: { id } })));
    void message.success(t('designs.list.deleted', { count: ids.length }));
    setSelected([]);
    await refresh();
  };
  const move = async () => {
    await call(designOperations.finishedProductMove, {
      body: { ids: selected, group_id: moveTo },
      showSuccessMessage: true,
    });
    setMoveOpen(false);
    setSelected([]);
    await refresh();
  };
  const addGroup = async () => {
    if (!groupDialog || !groupName.trim()) return;
    await call(designOperations.finishedGroupCreate, {
      body: { name: groupName.trim(), parent_id: groupDialog.parent },
      showSuccessMessage: true,
    });
    setGroupDialog(null);
    setGroupName('');
    await refresh();
  };
  const deleteGroup = async (id: string) => {
    await call(designOperations.finishedGroupDelete, { params: { id }, showSuccessMessage: true });
    if (params.group_id === id) setParams({ ...params, group_id: undefined });
    await refresh();
  };

  const treeData = [
    { key: 'all', title: t('designs.list.allGroups') },
    { key: 'none', title: t('designs.list.ungrouped') },
    ...(groups.data ?? []).map((g: FinishedGroup) => ({
      key: g.id,
      title: (
        <Flex gap={4} align="center" data-testid="group-node" data-name={g.name}>
          <span>
            {g.name} ({g.product_count})
          </span>
          <Button
            size="small"
            type="link"
            onClick={(e) => (e.stopPropagation(), setGroupDialog({ parent: g.id }))}
          >
            +
          </Button>
          <Popconfirm title={t('designs.list.deleteGroupConfirm')} onConfirm={() => void deleteGroup(g.id)}>
            <Button size="small" type="link" danger onClick={(e) => e.stopPropagation()}>
              ×
            </Button>
          </Popconfirm>
        </Flex>
      ),
      children: g.children.map((c) => ({
        key: c.id,
        title: (
          <Flex gap={4} align="center" data-testid="group-node" data-name={c.name}>
            <span>
              {c.name} ({c.product_count})
            </span>
            <Popconfirm title={t('designs.list.deleteGroupConfirm')} onConfirm={() => void deleteGroup(c.id)}>
              <Button size="small" type="link" danger onClick={(e) => e.stopPropagation()}>
                ×
              </Button>
            </Popconfirm>
          </Flex>
        ),
      })),
    })),
  ];
  const groupOptions = (groups.data ?? []).flatMap((g) => [
    { value: g.id, label: g.name },
    ...g.children.map((c) => ({ value: c.id, label: `${g.name} / ${c.name}` })),
  ]);

  return (
    <Flex gap={12} data-testid="finished-list-page" align="start">
      <Card
        size="small"
        style={{ width: 240, flexShrink: 0 }}
        title={t('designs.list.groups')}
        extra={
          <Button
            size="small"
            icon={<PlusOutlined />}
            data-testid="group-add"
            onClick={() => setGroupDialog({ parent: null })}
          />
        }
      >
        <Tree
          blockNode
          defaultExpandAll
          selectedKeys={[String(params.group_id ?? 'all')]}
          treeData={treeData}
          onSelect={([key]) =>
            setParams({ ...params, page: 1, group_id: !key || key === 'all' ? undefined : String(key) })
          }
        />
      </Card>
      <Flex vertical gap={12} style={{ flex: 1, minWidth: 0 }}>
        <Card size="small">
          <Form<Filters> layout="inline" onFinish={setFilters} data-testid="finished-filters">
            <Form.Item name="keyword">
              <Input allowClear placeholder={t('designs.list.keyword')} />
            </Form.Item>
            <Form.Item name="render_status">
              <Select
                allowClear
                style={{ width: 140 }}
                placeholder={t('designs.list.renderStatus')}
                options={RENDER_STATUSES.map((s) => ({ value: s, label: t(`designs.render.${s}`) }))}
              />
            </Form.Item>
            <Form.Item name="export_status">
              <Select
                allowClear
                style={{ width: 140 }}
                placeholder={t('designs.list.exportStatus')}
                options={(['not_exported', 'exported'] as const).map((s) => ({
                  value: s,
                  label: t(`designs.exportStatus.${s}`),
                }))}
              />
            </Form.Item>
            <Form.Item name="dates">
              <DatePicker.RangePicker />
            </Form.Item>
            <Button type="primary" htmlType="submit">
              {t('designs.list.search')}
            </Button>
          </Form>
        </Card>
        <Card size="small">
          <Flex gap={8} wrap style={{ marginBottom: 12 }}>
            <Button
              disabled={selected.length === 0}
              onClick={() => setMoveOpen(true)}
              data-testid="move-group"
            >
              {t('designs.list.moveToGroup')}
            </Button>
            <Popconfirm
              title={t('designs.list.deleteConfirm', { count: selected.length })}
              onConfirm={() => void remove(selected)}
              disabled={selected.length === 0}
            >
              <Button danger disabled={selected.length === 0}>
                {t('designs.list.deleteSelected')}
              </Button>
            </Popconfirm>
            {canAddToCart && (
              <Button
                type="primary"
                disabled={selected.length === 0}
                data-testid="finished-add-to-cart"
                onClick={() => setCartItems(selected.flatMap((id) => selectedRows.get(id) ?? []))}
              >
                {t('cart.add.button')}
              </Button>
            )}
            {pageButtons.has(PERMISSIONS.finished.export) ? (
              <ExportButton page="publish/finished/my" filters={params} />
            ) : null}
          </Flex>
          <Table<FinishedProduct>
            rowKey="id"
            size="small"
            data-testid="finished-table"
            loading={list.isFetching && !list.data}
            dataSource={list.data?.list ?? []}
            rowSelection={{
              preserveSelectedRowKeys: true,
              selectedRowKeys: selected,
              onChange: (keys, rows) => {
                setSelected(keys.map(String));
                setSelectedRows((before) => {
                  const next = new Map(before);
                  for (const row of rows) if (row) next.set(row.id, row);
                  return next;
                });
              },
            }}
            onRow={(row) =>
              ({
                'data-testid': 'finished-row',
                'data-code': row.code,
                'data-render': row.render_status,
              }) as object
            }
            pagination={{
              current: Number(params.page ?? 1),
              pageSize: Number(params.limit ?? LIMITS.pagination.defaultPageSize),
              total: list.data?.total ?? 0,
              onChange: (page, limit) => setParams({ ...params, page, limit }),
            }}
            columns={[
              {
                title: t('designs.list.thumb'),
                dataIndex: 'thumb_url',
                width: 88,
                render: (url: string | null, row) =>
                  url ? (
                    <Image
                      src={url}
                      width={72}
                      height={72}
                      style={{ objectFit: 'contain' }}
                      data-testid="finished-thumb"
                    />
                  ) : (
                    <Tag color={RENDER_COLOURS[row.render_status]}>
                      {t(`designs.render.${row.render_status}`)}
                    </Tag>
                  ),
              },
              {
                title: t('designs.list.name'),
                dataIndex: 'name',
                render: (name: string, row) => (
                  <Flex vertical>
                    <Typography.Text strong>{name}</Typography.Text>
                    <Typography.Text type="secondary" copyable>
                      {row.code}
                    </Typography.Text>
                  </Flex>
                ),
              },
              { title: t('designs.list.product'), dataIndex: 'product_name' },
              {
                title: t('designs.list.colours'),
                dataIndex: 'colors',
                render: (colors: FinishedProduct['colors']) => (
                  <Flex gap={2}>
                    {colors.map((c) => (
                      <span
                        key={c.id}
                        title={c.name}
                        style={{
                          width: 14,
                          height: 14,
                          borderRadius: '50%',
                          background: c.hex,
                          border: '1px solid #d9d9d9',
                        }}
                      />
                    ))}
                  </Flex>
                ),
              },
              { title: t('designs.list.group'), dataIndex: 'group_name' },
              {
                title: t('designs.list.price'),
                dataIndex: 'unit_price',
                render: (v: number, row) => `${row.currency} ${formatMinorUnits(v, language)}`,
              },
              {
                title: t('designs.list.renderStatus'),
                dataIndex: 'render_status',
                render: (s: RenderStatus, row) => (
                  <Tag color={RENDER_COLOURS[s]} title={row.render_error ?? undefined}>
                    {t(`designs.render.${s}`)} · {row.render_count}
                  </Tag>
                ),
              },
              {
                title: t('designs.list.exportStatus'),
                dataIndex: 'export_status',
                render: (s: 'not_exported' | 'exported') => t(`designs.exportStatus.${s}`),
              },
              {
                title: t('designs.list.created'),
                dataIndex: 'created_at',
                render: (v: string) => formatDateTime(v, language),
              },
              {
                title: t('designs.list.actions'),
                key: 'actions',
                render: (_: unknown, row) => (
                  <Space size={0} wrap>
                    <Button
                      type="link"
                      size="small"
                      data-testid="finished-edit"
                      onClick={() => void navigate(editorHref(row.product_id, row.id))}
                    >
                      {t('designs.list.editAgain')}
                    </Button>
                    <Button type="link" size="small" onClick={() => void copy(row)}>
                      {t('designs.list.copy')}
                    </Button>
                    <Button
                      type="link"
                      size="small"
                      data-testid="finished-batch"
                      onClick={() => setBatchSource(row)}
                    >
                      {t('designs.list.batch')}
                    </Button>
                    <Button
                      type="link"
                      size="small"
                      data-testid="finished-slots"
                      onClick={() => setSlotsOf(row)}
                    >
                      {t('designs.slots.open')}
                    </Button>
                    <Popconfirm
                      title={t('designs.list.deleteConfirm', { count: 1 })}
                      onConfirm={() => void remove([row.id])}
                    >
                      <Button type="link" size="small" danger>
                        {t('designs.list.delete')}
                      </Button>
                    </Popconfirm>
                  </Space>
                ),
              },
            ]}
          />
        </Card>
      </Flex>
      <Modal
        open={moveOpen}
        title={t('designs.list.moveToGroup')}
        onCancel={() => setMoveOpen(false)}
        onOk={() => void move()}
      >
        <Select
          allowClear
          style={{ width: '100%' }}
          placeholder={t('designs.list.ungrouped')}
          value={moveTo}
          onChange={(v) => setMoveTo(v ?? null)}
          options={groupOptions}
        />
      </Modal>
      <Modal
        open={groupDialog !== null}
        title={t('designs.list.addGroup')}
        onCancel={() => setGroupDialog(null)}
        onOk={() => void addGroup()}
      >
        <Input
          value={groupName}
          maxLength={maxLengthOf(finishedGroupCreateSchema.shape.name)}
          onChange={(e) => setGroupName(e.target.value)}
          placeholder={t('designs.list.groupName')}
          data-testid="group-name"
        />
      </Modal>
      {cartItems && <AddToCartDialog products={cartItems} onClose={() => setCartItems(null)} />}
      {slotsOf && <SlotsDialog finished={slotsOf} onClose={() => setSlotsOf(null)} />}
      {batchSource && (
        <BatchDesignDialog
          source={batchSource}
          onClose={() => setBatchSource(null)}
          onDone={() => void refresh()}
        />
      )}
    </Flex>
  );
}
