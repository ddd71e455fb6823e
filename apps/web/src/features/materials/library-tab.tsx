import { useState } from 'react';
import { Alert, Card, Empty, Flex, Input, Pagination, Segmented, Space, Spin, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS, type LibraryMaterial } from '@pod/shared';
import { useFieldLabel } from '../../forms/use-zod-field.ts';
import type { QueryParams } from '../../api/client.ts';
import { useLibraryList } from './api.ts';
import { CardGrid, MaterialCard } from './material-card.tsx';
import { FilterSelect, useTypeOptions } from './material-options.tsx';
import { RefreshButton } from '../crud/toolbar-buttons.tsx';

type Source = 'all' | LibraryMaterial['source'];
const SOURCES: readonly Source[] = ['all', 'mine', 'official', 'shared'];

/** Whether a material may be used, and why not: official material waits for authorisation. */
function UsableTag({ material }: { material: LibraryMaterial }) {
  const { t } = useTranslation();
  if (material.is_usable) return <Tag color="green">{t('materials.library.usable')}</Tag>;
  if (material.is_official)
    return (
      <Tooltip title={t('materials.library.awaitingHint')}>
        <Tag color="orange" data-testid="library-awaiting">
          {t('materials.library.awaiting')}
        </Tag>
      </Tooltip>
    );
  return <Tag>{t('materials.library.notUsable')}</Tag>;
}

/**
 * What a merchant may design with (spec §6): its own materials, the official library and what
 * other merchants share, each marked usable or not. Official material shows a clear badge until
 * the official side authorises it.
 */
export function LibraryTab() {
  const { t } = useTranslation();
  const typeOptions = useTypeOptions();
  const fieldLabel = useFieldLabel();
  const [source, setSource] = useState<Source>('all');
  const [type, setType] = useState<string | undefined>();
  const [usable, setUsable] = useState<string | undefined>();
  const [quickSearch, setQuickSearch] = useState('');
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState<number>(LIMITS.pagination.defaultPageSize);

  const params: QueryParams = {
    page,
    limit,
    source: source === 'all' ? undefined : source,
    type,
    usable,
    quickSearch: quickSearch || undefined,
  };
  const list = useLibraryList(params);
  const rows = list.data?.list ?? [];

  return (
    <Card size="small" data-testid="material-library">
      <Flex vertical gap={12}>
        <Flex justify="space-between" gap={8} wrap>
          <Space wrap>
            <RefreshButton onRefresh={() => list.refetch()} />
            <Segmented<Source>
              value={source}
              data-testid="library-source"
              options={SOURCES.map((value) => ({ value, label: t(`materials.library.source.${value}`) }))}
              onChange={(value) => {
                setSource(value);
                setPage(1);
              }}
            />
          </Space>
          <Space wrap>
            <FilterSelect
              value={type}
              onChange={(value) => {
                setType(value);
                setPage(1);
              }}
              options={typeOptions}
              placeholder={fieldLabel('type')}
              testId="library-filter-type"
            />
            <FilterSelect
              value={usable}
              onChange={(value) => {
                setUsable(value);
                setPage(1);
              }}
              options={[{ value: 'true', label: t('materials.library.onlyUsable') }]}
              placeholder={t('materials.library.usability')}
              testId="library-filter-usable"
            />
            <Input.Search
              allowClear
              placeholder={t('materials.search')}
              style={{ width: 220 }}
              data-testid="library-search"
              onSearch={(value) => {
                setQuickSearch(value.trim());
                setPage(1);
              }}
            />
          </Space>
        </Flex>
        {list.isError ? <Alert type="error" showIcon title={list.error.msg} /> : null}
        <Spin spinning={list.isFetching}>
          {rows.length === 0 && !list.isPending ? (
            <Empty description={t('materials.library.empty')} />
          ) : (
            <CardGrid testId="library-grid">
              {rows.map((row) => (
                <MaterialCard
                  key={row.id}
                  testId="library-card"
                  name={row.name}
                  number={row.number}
                  thumbUrl={row.thumb_url ?? row.image_url}
                  imageUrl={row.image_url}
                  ribbon={
                    row.is_official ? (
                      <Tag color={row.is_usable ? 'gold' : 'orange'}>{t('materials.library.official')}</Tag>
                    ) : null
                  }
                  tags={
                    <>
                      <Tag color="blue">{t(`materials.library.source.${row.source}`)}</Tag>
                      <UsableTag material={row} />
                      <Tag>{t(`materials.type.${row.type}`)}</Tag>
                      <Tag>
                        {row.width} × {row.height}
                      </Tag>
                    </>
                  }
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
            }}
          />
        </Flex>
      </Flex>
    </Card>
  );
}
