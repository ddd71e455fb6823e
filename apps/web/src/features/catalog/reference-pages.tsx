import { AutoComplete, Flex, Form, Input, InputNumber, Radio, Select, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DICTIONARY_TYPES,
  SIZE_UNITS,
  spuAttributeCreateSchema,
  spuCategoryCreateSchema,
  spuColorCreateSchema,
  spuDictionaryCreateSchema,
  spuSizeAttributeCreateSchema,
  spuSizeCreateSchema,
  type SpuCategory,
  type SpuColor,
  type SpuSize,
} from '@pod/shared';
import { useFieldLabel, useZodField } from '../../forms/use-zod-field.ts';
import type { FieldSchema } from '../../forms/zod-rule.ts';
import { DateTime, StatusSelect, StatusTag, useStatusOptions } from '../access/shared-fields.tsx';
import { CrudPage, type CrudColumn, type CrudFormConfig } from '../crud/crud-page.tsx';
import { UploadField } from '../uploads/upload-field.tsx';
import { CATALOG_RESOURCES } from './api.ts';
import { CategoryTreeSelect, ColorDot, knownImages } from './catalog-fields.tsx';

/** The sort and status fields every reference form ends with. */
function SortAndStatus({ shape }: { shape: { sort: FieldSchema; status: FieldSchema } }) {
  const field = useZodField();
  const statusOptions = useStatusOptions();
  return (
    <Flex gap={16}>
      <Form.Item {...field('sort', shape.sort)} style={{ flex: 1 }}>
        <InputNumber precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item {...field('status', shape.status)} style={{ flex: 1 }}>
        <Radio.Group options={statusOptions} />
      </Form.Item>
    </Flex>
  );
}

/** Status and sort columns, shared by the reference pages. */
function useCommonColumns<Row extends { status: string; sort: number; created_at: string }>() {
  const fieldLabel = useFieldLabel();
  return [
    { key: 'status', title: fieldLabel('status'), render: (row: Row) => <StatusTag status={row.status} /> },
    { key: 'sort', title: fieldLabel('sort'), isOrderable: true },
    {
      key: 'created_at',
      title: fieldLabel('created_at'),
      render: (row: Row) => <DateTime value={row.created_at} />,
      isHiddenByDefault: true,
    },
  ] satisfies CrudColumn<Row>[];
}

const STATUS_FILTER = (label: string) => (
  <Form.Item name="status" label={label}>
    <StatusSelect />
  </Form.Item>
);

// ---- Categories ------------------------------------------------------------------------------------

/** SPU categories (spec §3 SPU category): one tree for SPUs and products, at most 5 levels. */
export function SpuCategoryPage() {
  const field = useZodField();
  const fieldLabel = useFieldLabel();
  const common = useCommonColumns<SpuCategory>();
  const shape = spuCategoryCreateSchema.shape;
  const form: CrudFormConfig<SpuCategory> = {
    fieldNames: ['category_name', 'parent_id', 'sort', 'status'],
    initialValues: { parent_id: null, sort: 0, status: 'enabled' },
    render: ({ row }) => (
      <>
        <Form.Item {...field('category_name', shape.category_name)}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item {...field('parent_id', shape.parent_id)}>
          <CategoryTreeSelect excludeId={row?.id ?? null} />
        </Form.Item>
        <SortAndStatus shape={shape} />
      </>
    ),
  };
  return (
    <CrudPage<SpuCategory>
      testId="spu-category-page"
      resource={CATALOG_RESOURCES.spuCategory}
      form={form}
      isTree
      isSortable
      filters={STATUS_FILTER(fieldLabel('status'))}
      columns={[
        { key: 'category_name', title: fieldLabel('category_name'), isOrderable: true },
        { key: 'level', title: fieldLabel('level') },
        ...common,
      ]}
    />
  );
}

// ---- Attributes ------------------------------------------------------------------------------------

interface Attribute {
  id: string;
  name: string;
  values: string[];
  sort: number;
  status: string;
  created_at: string;
}

/** SPU attributes (e.g. collar: round, V-neck), each with its values. */
export function SpuAttributePage() {
  const { t } = useTranslation();
  const field = useZodField();
  const fieldLabel = useFieldLabel();
  const common = useCommonColumns<Attribute>();
  const shape = spuAttributeCreateSchema.shape;
  const form: CrudFormConfig<Attribute> = {
    fieldNames: ['name', 'values', 'sort', 'status'],
    initialValues: { values: [], sort: 0, status: 'enabled' },
    render: () => (
      <>
        <Form.Item {...field('name', shape.name)}>
          <Input maxLength={50} />
        </Form.Item>
        <Form.Item {...field('values', shape.values)} extra={t('catalog.attribute.valuesHint')}>
          <Select mode="tags" tokenSeparators={[',', '，']} open={false} />
        </Form.Item>
        <SortAndStatus shape={shape} />
      </>
    ),
  };
  return (
    <CrudPage<Attribute>
      testId="spu-attribute-page"
      resource={CATALOG_RESOURCES.spuAttribute}
      form={form}
      isSortable
      filters={STATUS_FILTER(fieldLabel('status'))}
      columns={[
        { key: 'name', title: fieldLabel('name'), isOrderable: true },
        {
          key: 'values',
          title: fieldLabel('values'),
          render: (row) => (
            <Space size={[4, 4]} wrap>
              {row.values.map((v) => (
                <Tag key={v}>{v}</Tag>
              ))}
            </Space>
          ),
        },
        ...common,
      ]}
    />
  );
}

// ---- Colours ---------------------------------------------------------------------------------------

const HEX = /^#[0-9a-fA-F]{6}$/;

/** A colour's hex code: a picker and the code as text, kept in step. */
function HexInput({ value, onChange }: { value?: string; onChange?: (value: string) => void }) {
  const { t } = useTranslation();
  const hex = value && HEX.test(value) ? value : '#000000';
  return (
    <Space.Compact style={{ width: '100%' }}>
      <Input
        type="color"
        aria-label={t('catalog.color.picker')}
        value={hex}
        onChange={(event) => onChange?.(event.target.value)}
        style={{ width: 56, padding: 2 }}
      />
      <Input
        value={value ?? ''}
        maxLength={7}
        placeholder="#1677ff"
        data-testid="color-hex"
        onChange={(event) => onChange?.(event.target.value.trim())}
      />
    </Space.Compact>
  );
}

/** Colours (spec §2 SPU inventory "colour"): a name, its hex and an optional swatch image. */
export function SpuColorPage() {
  const { t } = useTranslation();
  const field = useZodField();
  const fieldLabel = useFieldLabel();
  const common = useCommonColumns<SpuColor>();
  const shape = spuColorCreateSchema.shape;
  const form: CrudFormConfig<SpuColor> = {
    fieldNames: ['name', 'en_name', 'hex', 'swatch', 'sort', 'status'],
    initialValues: { hex: '#ffffff', swatch: null, sort: 0, status: 'enabled' },
    toValues: (row) => ({ ...row, swatch: row.swatch?.id ?? null }),
    render: ({ row }) => (
      <>
        <Flex gap={16}>
          <Form.Item {...field('name', shape.name)} style={{ flex: 1 }}>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item {...field('en_name', shape.en_name)} style={{ flex: 1 }}>
            <Input maxLength={50} />
          </Form.Item>
        </Flex>
        <Form.Item {...field('hex', shape.hex)}>
          <HexInput />
        </Form.Item>
        <Form.Item {...field('swatch', shape.swatch)} extra={t('catalog.color.swatchHint')}>
          <UploadField topic="image" known={knownImages([row?.swatch])} testId="color-swatch" />
        </Form.Item>
        <SortAndStatus shape={shape} />
      </>
    ),
  };
  return (
    <CrudPage<SpuColor>
      testId="spu-color-page"
      resource={CATALOG_RESOURCES.spuColor}
      form={form}
      isSortable
      filters={STATUS_FILTER(fieldLabel('status'))}
      columns={[
        {
          key: 'name',
          title: fieldLabel('name'),
          isOrderable: true,
          render: (row) => (
            <Flex align="center" gap={8}>
              <ColorDot hex={row.hex} image={row.swatch} size={20} />
              {row.name}
            </Flex>
          ),
        },
        { key: 'en_name', title: fieldLabel('en_name') },
        {
          key: 'hex',
          title: fieldLabel('hex'),
          render: (row) => <Typography.Text code>{row.hex}</Typography.Text>,
        },
        ...common,
      ]}
    />
  );
}

// ---- Sizes -----------------------------------------------------------------------------------------

/** Sizes (spec §2 SPU inventory "size"). */
export function SpuSizePage() {
  const field = useZodField();
  const fieldLabel = useFieldLabel();
  const common = useCommonColumns<SpuSize>();
  const shape = spuSizeCreateSchema.shape;
  const form: CrudFormConfig<SpuSize> = {
    fieldNames: ['name', 'en_name', 'sort', 'status'],
    initialValues: { sort: 0, status: 'enabled' },
    render: () => (
      <>
        <Flex gap={16}>
          <Form.Item {...field('name', shape.name)} style={{ flex: 1 }}>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item {...field('en_name', shape.en_name)} style={{ flex: 1 }}>
            <Input maxLength={50} />
          </Form.Item>
        </Flex>
        <SortAndStatus shape={shape} />
      </>
    ),
  };
  return (
    <CrudPage<SpuSize>
      testId="spu-size-page"
      resource={CATALOG_RESOURCES.spuSize}
      form={form}
      isSortable
      filters={STATUS_FILTER(fieldLabel('status'))}
      columns={[
        { key: 'name', title: fieldLabel('name'), isOrderable: true },
        { key: 'en_name', title: fieldLabel('en_name') },
        ...common,
      ]}
    />
  );
}

// ---- Size attributes -------------------------------------------------------------------------------

interface SizeAttribute {
  id: string;
  name: string;
  en_name: string;
  unit: string;
  sort: number;
  status: string;
  created_at: string;
}

/** Size attributes: the measured dimensions of a size chart (chest width, body length…). */
export function SpuSizeAttributePage() {
  const field = useZodField();
  const fieldLabel = useFieldLabel();
  const common = useCommonColumns<SizeAttribute>();
  const shape = spuSizeAttributeCreateSchema.shape;
  const form: CrudFormConfig<SizeAttribute> = {
    fieldNames: ['name', 'en_name', 'unit', 'sort', 'status'],
    initialValues: { unit: 'cm', sort: 0, status: 'enabled' },
    render: () => (
      <>
        <Flex gap={16}>
          <Form.Item {...field('name', shape.name)} style={{ flex: 1 }}>
            <Input maxLength={30} />
          </Form.Item>
          <Form.Item {...field('en_name', shape.en_name)} style={{ flex: 1 }}>
            <Input maxLength={50} />
          </Form.Item>
        </Flex>
        <Form.Item {...field('unit', shape.unit)}>
          <Select options={SIZE_UNITS.map((unit) => ({ value: unit, label: unit }))} style={{ width: 160 }} />
        </Form.Item>
        <SortAndStatus shape={shape} />
      </>
    ),
  };
  return (
    <CrudPage<SizeAttribute>
      testId="spu-size-attribute-page"
      resource={CATALOG_RESOURCES.spuSizeAttribute}
      form={form}
      isSortable
      filters={STATUS_FILTER(fieldLabel('status'))}
      columns={[
        { key: 'name', title: fieldLabel('name'), isOrderable: true },
        { key: 'en_name', title: fieldLabel('en_name') },
        { key: 'unit', title: fieldLabel('unit') },
        ...common,
      ]}
    />
  );
}

// ---- Dictionary ------------------------------------------------------------------------------------

interface DictionaryRow {
  id: string;
  type: string;
  label: string;
  value: string;
  remark: string;
  sort: number;
  status: string;
  created_at: string;
}

/** The dictionary: the value lists the SPU and product forms suggest (seasons, units, brands…). */
export function SpuDictionaryPage() {
  const { t } = useTranslation();
  const field = useZodField();
  const fieldLabel = useFieldLabel();
  const common = useCommonColumns<DictionaryRow>();
  const shape = spuDictionaryCreateSchema.shape;
  const typeName = (type: string) =>
    (DICTIONARY_TYPES as readonly string[]).includes(type)
      ? t(`catalog.dictionaryType.${type as (typeof DICTIONARY_TYPES)[number]}`)
      : type;
  const typeOptions = DICTIONARY_TYPES.map((type) => ({ value: type, label: `${typeName(type)} (${type})` }));
  const form: CrudFormConfig<DictionaryRow> = {
    fieldNames: ['type', 'label', 'value', 'remark', 'sort', 'status'],
    initialValues: { type: 'season', sort: 0, status: 'enabled' },
    render: () => (
      <>
        <Form.Item {...field('type', shape.type)} extra={t('catalog.dictionary.typeHint')}>
          {/* Suppliers may add types of their own, so the list only suggests. */}
          <AutoComplete options={typeOptions} maxLength={30} />
        </Form.Item>
        <Flex gap={16}>
          <Form.Item {...field('label', shape.label)} style={{ flex: 1 }}>
            <Input maxLength={50} />
          </Form.Item>
          <Form.Item {...field('value', shape.value)} style={{ flex: 1 }}>
            <Input maxLength={50} />
          </Form.Item>
        </Flex>
        <Form.Item {...field('remark', shape.remark)}>
          <Input.TextArea maxLength={200} rows={2} />
        </Form.Item>
        <SortAndStatus shape={shape} />
      </>
    ),
  };
  return (
    <CrudPage<DictionaryRow>
      testId="spu-dictionary-page"
      resource={CATALOG_RESOURCES.spuDictionary}
      form={form}
      isSortable
      filters={
        <>
          <Form.Item name="type" label={fieldLabel('type')}>
            <Select allowClear placeholder={t('crud.all')} options={typeOptions} style={{ width: 200 }} />
          </Form.Item>
          {STATUS_FILTER(fieldLabel('status'))}
        </>
      }
      columns={[
        { key: 'type', title: fieldLabel('type'), isOrderable: true, render: (row) => typeName(row.type) },
        { key: 'label', title: fieldLabel('label') },
        { key: 'value', title: fieldLabel('value'), isOrderable: true },
        { key: 'remark', title: fieldLabel('remark'), isHiddenByDefault: true },
        ...common,
      ]}
    />
  );
}
