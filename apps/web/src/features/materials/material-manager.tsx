import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Empty,
  Flex,
  Input,
  Pagination,
  Popconfirm,
  Space,
  Spin,
  Tag,
} from 'antd';
import { CloudUploadOutlined, DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LIMITS, RECORD_STATUSES, type Material, PERMISSIONS, type Permission } from '@pod/shared';
import { useFieldLabel } from '../../forms/use-zod-field.ts';
import type { QueryParams } from '../../api/client.ts';
import { useAdminSession } from '../../session/admin-session-context.ts';
import { usePageButtons } from '../layout/current-menu.ts';
import { useDeleteMaterials, useMaterialCategories, useMaterialList } from './api.ts';
import { BatchUploadModal } from './batch-upload-modal.tsx';
import { CategoryPanel, type CategorySelection } from './category-panel.tsx';
import { UNCATEGORISED } from './category-tree.ts';
import { CardGrid, MaterialCard } from './material-card.tsx';
import { MaterialDrawer } from './material-drawer.tsx';
import {
  FilterSelect,
  hasMenuComponent,
  useTypeOptions,
  useVisibilityOptions,
  VisibilityTag,
} from './material-options.tsx';
import { RefreshButton } from '../crud/toolbar-buttons.tsx';
import { ExportButton } from '../exports/export-button.tsx';

interface Filters {
  type?: string;
  visibility?: string;
  status?: string;
}

/**
 * The caller's own library (a merchant's materials, or the official library of a supplier or the
 * platform): the category tree beside a grid of thumbnails with search, filters, paging, batch
 * upload, batch delete and the edit drawer. Buttons follow the menu's permissions (spec §6).
 */
export function MaterialManager() {
  const { t } = useTranslation();
  const session = useAdminSession();
  const buttons = usePageButtons();
  const can = (name: Permission) => buttons.has(name);
  const typeOptions = useTypeOptions();
  const fieldLabel = useFieldLabel();
  const visibilityOptions = useVisibilityOptions();
  const [category, setCategory] = useState<CategorySelection>('all');
  const [filters, setFilters] = useState<Filters>({});
  const [quickSearch, setQuickSearch] = useState('');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(LIMITS.pagination.defaultPageSize);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [editing, setEditing] = useState<Material | null>(null);
  const [isUploading, setIsUploading] = useState(false);
  const remove = useDeleteMaterials();

  const canListCategories = can(PERMISSIONS.materialCategory.list);
  const categories = useMaterialCategories(canListCategories);
  const categoryRows = categories.data ?? [];

  const params: QueryParams = {
    page,
    limit,
    quickSearch: quickSearch || undefined,
    ...filters,
    ...(category === UNCATEGORISED
      ? { uncategorised: 'true' }
      : category === 'all'
        ? {}
        : { category_id: category }),
  };
  const list = useMaterialList(params);
  const rows = list.data?.list ?? [];

  const isOfficialSide = session.user.tier === 'platform' || session.user.tier === 'supplier';
  const canAdd = can(PERMISSIONS.material.add);
  const canEdit = can(PERMISSIONS.material.edit);
  const canDelete = can(PERMISSIONS.material.del);
  const canAuthorise = isOfficialSide && can(PERMISSIONS.material.authorise);
  // The merchant select is what suppliers list their merchants with; others keep visibility only.
  const canPickMerchants = isOfficialSide && hasMenuComponent(session.menus, 'tenancy/merchant');

  const changeFilters = (next: Filters) => {
    setFilters(next);
    setPage(1);
    setSelected(new Set());
  };
  const toggle = (id: string, isOn: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      if (isOn) next.add(id);
      else next.delete(id);
      return next;
    });
  const isAllSelected = rows.length > 0 && rows.every((row) => selected.has(row.id));

  const statusOptions = RECORD_STATUSES.map((status) => ({
    value: status,
    label: t(`access.status.${status}`),
  }));

  return (
    <Flex gap={16} align="start" data-testid="material-manager">
      {canListCategories ? (
        <CategoryPanel
          categories={categoryRows}
          isLoading={categories.isPending}
          error={categories.error}
          selected={category}
          onSelect={(next) => {
            setCategory(next);
            setPage(1);
            setSelected(new Set());
          }}
          permissions={{
            canAdd: can(PERMISSIONS.materialCategory.add),
            canEdit: can(PERMISSIONS.materialCategory.edit),
            canDelete: can(PERMISSIONS.materialCategory.del),
            canSort: can(PERMISSIONS.materialCategory.sortable),
          }}
        />
      ) : null}
      <Card size="small" style={{ flex: 1, minWidth: 0 }}>
        <Flex vertical gap={12}>
          <Flex justify="space-between" gap={8} wrap>
            <Space wrap>
              <RefreshButton onRefresh={() => list.refetch()} />
              <ExportButton page="materials/library" filters={params} />
              {canAdd ? (
                <Button
                  type="primary"
                  icon={<CloudUploadOutlined />}
                  data-testid="material-upload"
                  onClick={() => setIsUploading(true)}
                >
                  {t('materials.upload.open')}
                </Button>
              ) : null}
              {canDelete ? (
                <>
                  <Checkbox
                    checked={isAllSelected}
                    indeterminate={!isAllSelected && rows.some((row) => selected.has(row.id))}
                    disabled={rows.length === 0}
                    onChange={(event) =>
                      setSelected(event.target.checked ? new Set(rows.map((row) => row.id)) : new Set())
                    }
                    data-testid="material-select-all"
                  >
                    {t('materials.selectPage')}
                  </Checkbox>
                  <Popconfirm
                    title={t('materials.deleteConfirm', { count: selected.size })}
                    okText={t('crud.delete')}
                    okButtonProps={{ danger: true }}
                    cancelText={t('app.cancel')}
                    disabled={selected.size === 0}
                    onConfirm={() =>
                      remove.mutate([...selected], { onSuccess: () => setSelected(new Set()) })
                    }
                  >
                    <Button
                      danger
                      icon={<DeleteOutlined />}
                      disabled={selected.size === 0}
                      loading={remove.isPending}
                      data-testid="material-batch-delete"
                    >
                      {t('materials.deleteSelected', { count: selected.size })}
                    </Button>
                  </Popconfirm>
                </>
              ) : null}
            </Space>
            <Space wrap>
              <FilterSelect
                value={filters.type}
                onChange={(type) => changeFilters({ ...filters, type })}
                options={typeOptions}
                placeholder={fieldLabel('type')}
                testId="material-filter-type"
              />
              <FilterSelect
                value={filters.visibility}
                onChange={(visibility) => changeFilters({ ...filters, visibility })}
                options={visibilityOptions}
                placeholder={fieldLabel('visibility')}
                testId="material-filter-visibility"
              />
              <FilterSelect
                value={filters.status}
                onChange={(status) => changeFilters({ ...filters, status })}
                options={statusOptions}
                placeholder={fieldLabel('status')}
                testId="material-filter-status"
              />
              <Input.Search
                allowClear
                placeholder={t('materials.search')}
                data-testid="material-search"
                style={{ width: 220 }}
                onSearch={(value) => {
                  setQuickSearch(value.trim());
                  setPage(1);
                  setSelected(new Set());
                }}
              />
            </Space>
          </Flex>
          {list.isError ? (
            <Alert
              type="error"
              showIcon
              title={list.error.msg}
              action={
                <Button size="small" onClick={() => void list.refetch()}>
                  {t('app.retry')}
                </Button>
              }
            />
          ) : null}
          <Spin spinning={list.isFetching}>
            {rows.length === 0 && !list.isPending ? (
              <Empty description={t('materials.empty')} data-testid="material-empty">
                {canAdd ? (
                  <Button type="primary" icon={<CloudUploadOutlined />} onClick={() => setIsUploading(true)}>
                    {t('materials.upload.open')}
                  </Button>
                ) : null}
              </Empty>
            ) : (
              <CardGrid testId="material-grid">
                {rows.map((row) => (
                  <MaterialCard
                    key={row.id}
                    testId="material-card"
                    name={row.name}
                    number={row.number}
                    thumbUrl={row.thumb_url ?? row.image_url}
                    imageUrl={row.image_url}
                    isSelected={selected.has(row.id)}
                    onSelectChange={canDelete ? (isOn) => toggle(row.id, isOn) : undefined}
                    tags={
                      <>
                        <Tag>{t(`materials.type.${row.type}`)}</Tag>
                        <VisibilityTag visibility={row.visibility} />
                        {row.status === 'disabled' ? <Tag>{t('access.status.disabled')}</Tag> : null}
                        {row.is_official ? (
                          <Tag color={row.is_authorised ? 'green' : 'orange'}>
                            {t(row.is_authorised ? 'materials.authorise.on' : 'materials.authorise.off')}
                          </Tag>
                        ) : null}
                      </>
                    }
                    actions={[
                      <Button
                        key="edit"
                        type="link"
                        size="small"
                        icon={<EditOutlined />}
                        data-testid="material-edit"
                        onClick={() => setEditing(row)}
                      >
                        {canEdit ? t('crud.edit') : t('materials.details')}
                      </Button>,
                    ]}
                  />
                ))}
              </CardGrid>
            )}
          </Spin>
          <Flex justify="end">
            <Pagination
              current={page}
              pageSize={limit}
              total={list.data?.total ?? 0}
              showSizeChanger
              pageSizeOptions={[20, 40, 60, 100]}
              showTotal={(total) => t('crud.total', { count: total })}
              onChange={(nextPage, nextLimit) => {
                setPage(nextLimit === limit ? nextPage : 1);
                setLimit(nextLimit);
                setSelected(new Set());
              }}
            />
          </Flex>
        </Flex>
      </Card>
      {isUploading ? (
        <BatchUploadModal
          categories={categoryRows}
          defaultCategoryId={category === 'all' || category === UNCATEGORISED ? null : category}
          onClose={() => setIsUploading(false)}
        />
      ) : null}
      {editing ? (
        <MaterialDrawer
          material={editing}
          categories={categoryRows}
          permissions={{ canEdit, canAuthorise, canPickMerchants }}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </Flex>
  );
}
