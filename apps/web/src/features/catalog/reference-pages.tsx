import { AutoComplete, Flex, Form, Input, Select, Space, Tag, Typography } from 'antd';
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
  catalogOperations,
  type SpuAttribute,
  type SpuSizeAttribute,
  type SpuDictionary,
  maxLengthOf,
  LIMITS,
} from '@pod/shared';
import type { z } from 'zod';
import { useFieldLabel, useZodField } from '../../forms/use-zod-field.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { UploadField } from '../uploads/upload-field.tsx';
import { CategoryTreeSelect, ColorDot, knownImages } from './catalog-fields.tsx';
import { categoryName } from './catalog-tree.ts';
import { dictionaryLabel } from './dictionary-label.ts';
import { FieldRow, ReferencePage, type ReferenceColumn } from './reference-page-kit.tsx';

/** A name and its English name, side by side (colours, sizes, size attributes). */
function NameFields({ shape }: { shape: { name: z.ZodType; en_name: z.ZodType } }) {
  return (
    <FieldRow
      shape={shape}
      fields={{
        name: <Input maxLength={maxLengthOf(shape.name)} />,
        en_name: <Input maxLength={maxLengthOf(shape.en_name)} />,
      }}
    />
  );
}

/** The name and English name columns of the sizes and size attributes. */
const NAME_COLUMNS: ReferenceColumn<unknown>[] = [{ key: 'name', isOrderable: true }, { key: 'en_name' }];

// ---- Categories ------------------------------------------------------------------------------------

/** SPU categories (spec §3 SPU category): one tree for SPUs and products, at most 5 levels. */
export function SpuCategoryPage() {
  const field = useZodField();
  const shape = spuCategoryCreateSchema.shape;
  const language = currentLanguage();
  return (
    <ReferencePage<SpuCategory>
      testId="spu-category-page"
      resource={catalogOperations.spuCategory}
      isTree
      shape={shape}
      form={{
        fieldNames: ['category_name', 'en_name', 'parent_id'],
        initialValues: { parent_id: null },
        render: ({ row }) => (
          <>
            <FieldRow
              shape={shape}
              fields={{
                category_name: <Input maxLength={maxLengthOf(shape.category_name)} />,
                en_name: <Input maxLength={maxLengthOf(shape.en_name)} />,
              }}
            />
            <Form.Item {...field('parent_id', shape.parent_id)}>
              <CategoryTreeSelect excludeId={row?.id ?? null} />
            </Form.Item>
          </>
        ),
      }}
      columns={[
        // In the reader's language, the other one as fallback (issue 26).
        { key: 'category_name', isOrderable: true, render: (row) => categoryName(row, language) },
        { key: 'level' },
      ]}
    />
  );
}

// ---- Attributes ------------------------------------------------------------------------------------

/** SPU attributes (e.g. collar: round, V-neck), each with its values. */
export function SpuAttributePage() {
  const { t } = useTranslation();
  const field = useZodField();
  const shape = spuAttributeCreateSchema.shape;
  return (
    <ReferencePage<SpuAttribute>
      testId="spu-attribute-page"
      resource={catalogOperations.spuAttribute}
      shape={shape}
      form={{
        fieldNames: ['name', 'values'],
        initialValues: { values: [] },
        render: () => (
          <>
            <Form.Item {...field('name', shape.name)}>
              <Input maxLength={maxLengthOf(shape.name)} />
            </Form.Item>
            <Form.Item {...field('values', shape.values)} extra={t('catalog.attribute.valuesHint')}>
              <Select mode="tags" tokenSeparators={[',', '，']} open={false} />
            </Form.Item>
          </>
        ),
      }}
      columns={[
        { key: 'name', isOrderable: true },
        {
          key: 'values',
          render: (row) => (
            <Space size={[4, 4]} wrap>
              {row.values.map((v) => (
                <Tag key={v}>{v}</Tag>
              ))}
            </Space>
          ),
        },
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
        maxLength={LIMITS.text.hexColor}
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
  const shape = spuColorCreateSchema.shape;
  return (
    <ReferencePage<SpuColor>
      testId="spu-color-page"
      resource={catalogOperations.spuColor}
      shape={shape}
      form={{
        fieldNames: ['name', 'en_name', 'hex', 'swatch'],
        initialValues: { hex: '#ffffff', swatch: null },
        toValues: (row) => ({ ...row, swatch: row.swatch?.id ?? null }),
        render: ({ row }) => (
          <>
            <NameFields shape={shape} />
            <Form.Item {...field('hex', shape.hex)}>
              <HexInput />
            </Form.Item>
            <Form.Item {...field('swatch', shape.swatch)} extra={t('catalog.color.swatchHint')}>
              <UploadField topic="image" known={knownImages([row?.swatch])} testId="color-swatch" />
            </Form.Item>
          </>
        ),
      }}
      columns={[
        {
          key: 'name',
          isOrderable: true,
          render: (row) => (
            <Flex align="center" gap={8}>
              <ColorDot hex={row.hex} image={row.swatch} size={20} />
              {row.name}
            </Flex>
          ),
        },
        { key: 'en_name' },
        { key: 'hex', render: (row) => <Typography.Text code>{row.hex}</Typography.Text> },
      ]}
    />
  );
}

// ---- Sizes -----------------------------------------------------------------------------------------

/** Sizes (spec §2 SPU inventory "size"). */
export function SpuSizePage() {
  const shape = spuSizeCreateSchema.shape;
  return (
    <ReferencePage<SpuSize>
      testId="spu-size-page"
      resource={catalogOperations.spuSize}
      shape={shape}
      form={{ fieldNames: ['name', 'en_name'], render: () => <NameFields shape={shape} /> }}
      columns={NAME_COLUMNS}
    />
  );
}

// ---- Size attributes -------------------------------------------------------------------------------

/** Size attributes: the measured dimensions of a size chart (chest width, body length…). */
export function SpuSizeAttributePage() {
  const field = useZodField();
  const shape = spuSizeAttributeCreateSchema.shape;
  return (
    <ReferencePage<SpuSizeAttribute>
      testId="spu-size-attribute-page"
      resource={catalogOperations.spuSizeAttribute}
      shape={shape}
      form={{
        fieldNames: ['name', 'en_name', 'unit'],
        initialValues: { unit: 'cm' },
        render: () => (
          <>
            <NameFields shape={shape} />
            <Form.Item {...field('unit', shape.unit)}>
              <Select
                options={SIZE_UNITS.map((unit) => ({ value: unit, label: unit }))}
                style={{ width: 160 }}
              />
            </Form.Item>
          </>
        ),
      }}
      columns={[...NAME_COLUMNS, { key: 'unit' }]}
    />
  );
}

// ---- Dictionary ------------------------------------------------------------------------------------

/** The dictionary: the value lists the SPU and product forms suggest (seasons, units, brands…). */
export function SpuDictionaryPage() {
  const { t } = useTranslation();
  const language = currentLanguage();
  const field = useZodField();
  const fieldLabel = useFieldLabel();
  const shape = spuDictionaryCreateSchema.shape;
  const typeName = (type: string) =>
    (DICTIONARY_TYPES as readonly string[]).includes(type)
      ? t(`catalog.dictionaryType.${type as (typeof DICTIONARY_TYPES)[number]}`)
      : type;
  const typeOptions = DICTIONARY_TYPES.map((type) => ({ value: type, label: `${typeName(type)} (${type})` }));
  return (
    <ReferencePage<SpuDictionary>
      testId="spu-dictionary-page"
      resource={catalogOperations.spuDictionary}
      shape={shape}
      form={{
        fieldNames: ['type', 'label', 'en_label', 'value', 'remark'],
        initialValues: { type: 'season' },
        render: () => (
          <>
            <Form.Item {...field('type', shape.type)} extra={t('catalog.dictionary.typeHint')}>
              {/* Suppliers may add types of their own, so the list only suggests. */}
              <AutoComplete options={typeOptions} maxLength={LIMITS.text.key} />
            </Form.Item>
            {/* The label in both languages: the storefront shows the shopper's (issue 26). */}
            <Flex gap={16}>
              <Form.Item
                {...field('label', shape.label)}
                label={t('catalog.dictionary.zhLabel')}
                style={{ flex: 1 }}
              >
                <Input maxLength={maxLengthOf(shape.label)} />
              </Form.Item>
              <Form.Item
                {...field('en_label', shape.en_label)}
                label={t('catalog.dictionary.enLabel')}
                style={{ flex: 1 }}
              >
                <Input maxLength={maxLengthOf(shape.en_label)} />
              </Form.Item>
            </Flex>
            <Form.Item {...field('value', shape.value)} extra={t('catalog.dictionary.valueHint')}>
              <Input maxLength={maxLengthOf(shape.value)} />
            </Form.Item>
            <Form.Item {...field('remark', shape.remark)}>
              <Input.TextArea maxLength={maxLengthOf(shape.remark)} rows={2} />
            </Form.Item>
          </>
        ),
      }}
      filters={
        <Form.Item name="type" label={fieldLabel('type')}>
          <Select allowClear placeholder={t('crud.all')} options={typeOptions} style={{ width: 200 }} />
        </Form.Item>
      }
      columns={[
        { key: 'type', isOrderable: true, render: (row) => typeName(row.type) },
        // The label in the interface language (the other as fallback); both are in the form.
        { key: 'label', render: (row) => dictionaryLabel(row, language) },
        { key: 'en_label', isHiddenByDefault: true },
        { key: 'value', isOrderable: true },
        { key: 'remark', isHiddenByDefault: true },
      ]}
    />
  );
}
