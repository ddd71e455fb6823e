import { useMemo, useState } from 'react';
import { Flex, Image, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../i18n/i18n.ts';
import { sizesIn, skuChoices, useCatalogProductOf, useFinishedOptions } from './finished-choices.ts';

/** A finished product in a colour and size: what a marketplace line or SKU mapping links to. */
export interface FinishedSku {
  finished_product_id?: string | undefined;
  color_id?: string | undefined;
  size_id?: string | undefined;
}

/**
 * Picks one of the merchant's finished products (searched by name or code), then a colour it was
 * saved in and a size in stock in that colour (the same choices the cart offers, spec §5). Used by
 * "link finished product" in the order detail and by the SKU mapping page.
 */
export function FinishedSkuPicker({
  value,
  onChange,
  testId = 'finished-sku-picker',
}: {
  value?: FinishedSku;
  onChange?: (next: FinishedSku) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const [keyword, setKeyword] = useState('');
  const finished = useFinishedOptions(keyword);
  const rows = useMemo(() => finished.data?.list ?? [], [finished.data]);
  const picked = rows.find((r) => r.id === value?.finished_product_id);
  const product = useCatalogProductOf(picked?.product_id ?? null);
  const choices = useMemo(
    () => (picked && product.data ? skuChoices(picked, product.data, language) : { colors: [], sizes: [] }),
    [picked, product.data, language],
  );
  const sizes = sizesIn(choices, value?.color_id);
  const set = (next: FinishedSku) => onChange?.({ ...value, ...next });

  return (
    <Flex vertical gap={8} data-testid={testId}>
      <Select
        showSearch={{ filterOption: false, onSearch: setKeyword }}
        allowClear
        loading={finished.isFetching}
        placeholder={t('orderCentre.link.pickFinished')}
        value={value?.finished_product_id}
        data-testid={`${testId}-finished`}
        onChange={(id?: string) => set({ finished_product_id: id, color_id: undefined, size_id: undefined })}
        notFoundContent={t('orderCentre.link.noFinished')}
        options={rows.map((r) => ({
          value: r.id,
          label: (
            <Flex gap={8} align="center">
              {r.thumb_url ? <Image src={r.thumb_url} width={24} height={24} preview={false} /> : null}
              <span>{r.name}</span>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {r.code}
              </Typography.Text>
            </Flex>
          ),
        }))}
      />
      <Flex gap={8}>
        <Select
          style={{ flex: 1 }}
          placeholder={t('orders.detail.colour')}
          value={value?.color_id}
          disabled={!picked}
          loading={product.isFetching}
          data-testid={`${testId}-color`}
          onChange={(id: string) => {
            const keep = sizesIn(choices, id).some((s) => s.id === value?.size_id);
            set({ color_id: id, size_id: keep ? value?.size_id : undefined });
          }}
          options={choices.colors.map((c) => ({ value: c.id, label: c.name }))}
        />
        <Select
          style={{ flex: 1 }}
          placeholder={t('orders.detail.size')}
          value={value?.size_id}
          disabled={!value?.color_id}
          data-testid={`${testId}-size`}
          onChange={(id: string) => set({ size_id: id })}
          options={sizes.map((s) => ({ value: s.id, label: s.name }))}
        />
      </Flex>
    </Flex>
  );
}

/** Whether a pick names all three. */
export const isCompleteSku = (v: FinishedSku | undefined): v is Required<FinishedSku> =>
  Boolean(v?.finished_product_id && v.color_id && v.size_id);
