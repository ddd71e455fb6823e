import { Flex, Form, Input, InputNumber, Radio, Select, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/i18n.ts';
import { catalogName } from '../../i18n/catalog-name.ts';
import {
  CATALOG_LIMITS,
  spuSizeTemplateCreateSchema,
  type SpuSize,
  type SpuSizeTemplate,
  catalogOperations,
  type SpuSizeAttribute,
  maxLengthOf,
} from '@pod/shared';
import { useFieldLabel, useZodField } from '../../forms/use-zod-field.ts';
import { StatusSelect, StatusTag, useStatusOptions } from '../access/shared-fields.tsx';
import { CrudPage, type CrudFormConfig } from '../crud/crud-page.tsx';
import { useReferenceRows } from './api.ts';
import { useCatalogField } from './catalog-form.ts';
import { rowsForSizes, valuesForColumns, type ChartRow } from './size-chart.ts';

/** A size chart editor: the sizes (rows) and a measurement per size and column. */
function SizeChartInput({
  value = [],
  onChange,
  columnIds,
}: {
  value?: ChartRow[];
  onChange?: (rows: ChartRow[]) => void;
  columnIds: readonly string[];
}) {
  const { t } = useTranslation();
  const sizes = useReferenceRows<SpuSize>(catalogOperations.spuSize);
  const attributes = useReferenceRows<SpuSizeAttribute>(catalogOperations.spuSizeAttribute);
  const sizeName = (id: string) => sizes.data?.list.find((s) => s.id === id)?.name ?? id;
  const columns = columnIds.map((id) => attributes.data?.list.find((a) => a.id === id) ?? null);
  const setCell = (sizeId: string, columnId: string, cell: number | null) =>
    onChange?.(
      value.map((row) =>
        row.size_id === sizeId ? { ...row, values: { ...row.values, [columnId]: cell } } : row,
      ),
    );

  return (
    <Flex vertical gap={8}>
      <Select
        mode="multiple"
        showSearch
        optionFilterProp="label"
        placeholder={t('catalog.sizeTemplate.chooseSizes')}
        loading={sizes.isPending}
        maxCount={CATALOG_LIMITS.sizeTemplateRows}
        options={(sizes.data?.list ?? []).map((s) => ({ value: s.id, label: s.name }))}
        value={value.map((r) => r.size_id)}
        onChange={(ids: string[]) => onChange?.(rowsForSizes(value, ids))}
        data-testid="size-chart-sizes"
      />
      {value.length > 0 && columnIds.length > 0 ? (
        <Table<ChartRow>
          size="small"
          rowKey="size_id"
          pagination={false}
          scroll={{ x: 'max-content' }}
          dataSource={value}
          columns={[
            { key: 'size', title: t('catalog.sizeTemplate.size'), render: (_, row) => sizeName(row.size_id) },
            ...columnIds.map((columnId, i) => ({
              key: columnId,
              title: columns[i]
                ? `${catalogName(columns[i], currentLanguage())} (${columns[i].unit})`
                : columnId,
              render: (_: unknown, row: ChartRow) => (
                <InputNumber
                  size="small"
                  min={0}
                  max={100_000}
                  step={0.5}
                  precision={1}
                  value={row.values[columnId] ?? null}
                  onChange={(cell) => setCell(row.size_id, columnId, cell)}
                  style={{ width: 96 }}
                />
              ),
            })),
          ]}
        />
      ) : (
        <Typography.Text type="secondary">{t('catalog.sizeTemplate.emptyChart')}</Typography.Text>
      )}
    </Flex>
  );
}

/** Size templates (spec §2 SPU inventory): a size chart with the measurements per size. */
export function SpuSizeTemplatePage() {
  const { t } = useTranslation();
  const field = useZodField();
  const catalogField = useCatalogField();
  const fieldLabel = useFieldLabel();
  const statusOptions = useStatusOptions();
  const attributes = useReferenceRows<SpuSizeAttribute>(catalogOperations.spuSizeAttribute);
  const shape = spuSizeTemplateCreateSchema.shape;

  const form: CrudFormConfig<SpuSizeTemplate> = {
    fieldNames: ['template_name', 'size_attribute_ids', 'rows', 'remark', 'sort', 'status'],
    initialValues: { template_name: '', size_attribute_ids: [], rows: [], sort: 0, status: 'enabled' },
    width: 860,
    toValues: (row) => ({ ...row, rows: row.rows.map((r) => ({ size_id: r.size_id, values: r.values })) }),
    toBody: (values) => ({
      ...values,
      rows: valuesForColumns(
        (values.rows as ChartRow[] | undefined) ?? [],
        (values.size_attribute_ids as string[] | undefined) ?? [],
      ),
    }),
    render: () => (
      <>
        <Form.Item {...catalogField('template_name', shape.template_name)}>
          <Input maxLength={maxLengthOf(shape.template_name)} data-testid="size-template-name" />
        </Form.Item>
        <Form.Item
          {...catalogField('size_attribute_ids', shape.size_attribute_ids)}
          extra={t('catalog.sizeTemplate.columnsHint')}
        >
          <Select
            mode="multiple"
            showSearch
            optionFilterProp="label"
            loading={attributes.isPending}
            options={(attributes.data?.list ?? []).map((a) => ({
              value: a.id,
              label: `${catalogName(a, currentLanguage())} (${a.unit})`,
            }))}
          />
        </Form.Item>
        <Form.Item noStyle dependencies={['size_attribute_ids']}>
          {({ getFieldValue }) => (
            <Form.Item {...catalogField('rows', shape.rows)}>
              <SizeChartInput
                columnIds={(getFieldValue('size_attribute_ids') as string[] | undefined) ?? []}
              />
            </Form.Item>
          )}
        </Form.Item>
        <Form.Item {...field('remark', shape.remark)}>
          <Input.TextArea rows={2} maxLength={maxLengthOf(shape.remark)} />
        </Form.Item>
        <Flex gap={16}>
          <Form.Item {...field('sort', shape.sort)} style={{ flex: 1 }}>
            <InputNumber precision={0} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item {...field('status', shape.status)} style={{ flex: 1 }}>
            <Radio.Group options={statusOptions} />
          </Form.Item>
        </Flex>
      </>
    ),
  };

  return (
    <CrudPage<SpuSizeTemplate>
      testId="spu-size-template-page"
      resource={catalogOperations.spuSizeTemplate}
      form={form}
      isSortable
      filters={
        <Form.Item name="status" label={fieldLabel('status')}>
          <StatusSelect />
        </Form.Item>
      }
      columns={[
        { key: 'template_name', title: fieldLabel('template_name'), isOrderable: true },
        {
          key: 'columns',
          title: fieldLabel('size_attribute_ids'),
          render: (row) => (
            <Space size={[4, 4]} wrap>
              {row.columns.map((c) => (
                <Tag key={c.id}>
                  {catalogName(c, currentLanguage())} ({c.unit})
                </Tag>
              ))}
            </Space>
          ),
        },
        {
          key: 'rows',
          title: t('catalog.sizeTemplate.sizes'),
          render: (row) => row.rows.map((r) => r.size_name).join(' / '),
        },
        { key: 'remark', title: fieldLabel('remark'), isHiddenByDefault: true },
        { key: 'status', title: fieldLabel('status'), render: (row) => <StatusTag status={row.status} /> },
        { key: 'sort', title: fieldLabel('sort'), isOrderable: true },
      ]}
    />
  );
}
