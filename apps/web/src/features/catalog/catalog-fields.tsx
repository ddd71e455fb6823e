import { useMemo } from 'react';
import { AutoComplete, Flex, Select, Tag, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Currency, ImageRef, SpuCategory, SpuColor } from '@pod/shared';
import { catalogOperations, type SpuDictionary } from '@pod/shared';
import { catalogName } from '../../i18n/catalog-name.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { useCrudSelect, type ListResource } from '../crud/api.ts';
import type { KnownAttachment } from '../uploads/upload-field.tsx';
import { formatMoney } from '../wallet/money-format.ts';
import { useReferenceRows } from './api.ts';
import { categoryTreeOptions } from './catalog-tree.ts';
import { dictionaryOptionLabel } from './dictionary-label.ts';

/** A colour as a round swatch (its swatch image when it has one). */
export function ColorDot({ hex, image, size = 14 }: { hex: string; image?: ImageRef | null; size?: number }) {
  return (
    <span
      aria-hidden="true"
      style={{
        display: 'inline-block',
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: '50%',
        border: '1px solid rgba(0, 0, 0, 0.15)',
        background: image ? `center / cover url("${image.thumb_url ?? image.url}")` : hex,
        verticalAlign: 'middle',
      }}
    />
  );
}

/** A small image of a row (SPU image, product cover), or nothing. */
export function ImageThumb({ image, size = 40 }: { image: ImageRef | null | undefined; size?: number }) {
  if (!image)
    return <span style={{ display: 'inline-block', width: size, height: size, background: '#f0f0f0' }} />;
  return (
    <img
      src={image.thumb_url ?? image.url}
      alt=""
      width={size}
      height={size}
      loading="lazy"
      style={{ objectFit: 'cover', borderRadius: 4, background: '#f0f0f0' }}
    />
  );
}

/** Images of a row as the upload field's known attachments, so their thumbnails show. */
export function knownImages(images: ReadonlyArray<ImageRef | null | undefined>): KnownAttachment[] {
  return images.flatMap((image) =>
    image ? [{ id: image.id, name: image.id.slice(0, 8), url: image.url, thumb_url: image.thumb_url }] : [],
  );
}

/** Minor units as money in the interface language, e.g. `¥35.00`. */
export function useMoneyText() {
  const language = currentLanguage();
  return (minor: number, currency: Currency = 'CNY') => formatMoney(minor, currency, language);
}

/** The category tree (spec §3 SPU category), as a tree select; `excludeId` and its subtree are disabled. */
export function CategoryTreeSelect(props: {
  value?: string | null;
  onChange?: (id: string | null) => void;
  excludeId?: string | null;
  placeholder?: string;
  width?: number;
}) {
  const { t } = useTranslation();
  const list = useReferenceRows<SpuCategory>(catalogOperations.spuCategory);
  const language = currentLanguage();
  const treeData = useMemo(
    () => categoryTreeOptions(list.data?.list ?? [], language, props.excludeId ?? null),
    [list.data, props.excludeId, language],
  );
  return (
    <TreeSelect
      allowClear
      showSearch
      treeNodeFilterProp="title"
      treeDefaultExpandAll
      treeData={treeData}
      loading={list.isPending}
      placeholder={props.placeholder ?? t('catalog.common.chooseCategory')}
      value={props.value ?? undefined}
      onChange={(value: string | undefined) => props.onChange?.(value ?? null)}
      style={{ width: props.width ?? '100%' }}
      data-testid="category-tree-select"
    />
  );
}

/** The tenant's colours with their swatches; several may be chosen. */
export function ColorSelect(props: {
  value?: string[];
  onChange?: (ids: string[]) => void;
  testId?: string;
}) {
  const list = useReferenceRows<SpuColor>(catalogOperations.spuColor);
  const language = currentLanguage();
  const options = (list.data?.list ?? []).map((c) => ({
    value: c.id,
    label: (
      <Flex align="center" gap={6}>
        <ColorDot hex={c.hex} image={c.swatch} />
        {catalogName(c, language)}
      </Flex>
    ),
    search: `${c.name} ${c.en_name} ${c.hex}`,
  }));
  return (
    <Select
      mode="multiple"
      allowClear
      showSearch
      optionFilterProp="search"
      loading={list.isPending}
      options={options}
      value={props.value ?? []}
      onChange={(ids: string[]) => props.onChange?.(ids)}
      data-testid={props.testId}
    />
  );
}

/** A select of another resource's rows (`GET P?select=true`), one or several. */
export function ReferenceSelect(props: {
  resource: ListResource;
  value?: string | string[] | null;
  onChange?: (value: string | string[] | null) => void;
  isMultiple?: boolean;
  placeholder?: string;
  testId?: string;
}) {
  const options = useCrudSelect(props.resource);
  return (
    <Select
      allowClear
      showSearch
      optionFilterProp="label"
      mode={props.isMultiple ? 'multiple' : undefined}
      loading={options.isPending}
      options={(options.data ?? []).map((o) => ({ value: String(o.value), label: o.label }))}
      placeholder={props.placeholder}
      value={props.value ?? (props.isMultiple ? [] : undefined)}
      onChange={(value: string | string[] | undefined) => props.onChange?.(value ?? null)}
      data-testid={props.testId}
    />
  );
}

/** Free text with the dictionary's values of one type as suggestions (spec §2 SPU dictionary). */
export function DictionaryInput(props: {
  type: string;
  value?: string;
  onChange?: (value: string) => void;
  maxLength?: number;
}) {
  const list = useReferenceRows<SpuDictionary>(catalogOperations.spuDictionary, { type: props.type });
  const language = currentLanguage();
  const options = (list.data?.list ?? [])
    .filter((d) => d.status === 'enabled')
    .map((d) => ({ value: d.value, label: dictionaryOptionLabel(d, language) }));
  return (
    <AutoComplete
      options={options}
      value={props.value}
      onChange={(value: string) => props.onChange?.(value)}
      maxLength={props.maxLength}
      filterOption={(input, option) =>
        String(option?.label ?? '')
          .toLowerCase()
          .includes(input.toLowerCase())
      }
    />
  );
}

/** A record's on-sale state as a tag. */
export function SaleTag({ status }: { status: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={status === 'on_sale' ? 'green' : 'default'}>
      {t(status === 'on_sale' ? 'catalog.product.onSale' : 'catalog.product.offSale')}
    </Tag>
  );
}
