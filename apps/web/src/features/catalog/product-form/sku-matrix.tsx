import { Button, Empty, Flex, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { STOCK_STATES, type StockState } from '@pod/shared';
import { catalogName } from '../../../i18n/catalog-name.ts';
import { currentLanguage } from '../../../i18n/i18n.ts';
import { ColorDot } from '../catalog-fields.tsx';
import type { ProductOptions } from '../product-options.ts';
import type { SkuValues } from '../product-values.ts';

// ---- Variants ----------------------------------------------------------------------------------------

/** The SKUs as a colour × size grid, each with its stock state (spec §3 Product: colour and size). */
export function SkuMatrix({
  value = [],
  onChange,
  options,
  colorIds,
  sizeIds,
}: {
  value?: SkuValues[];
  onChange?: (skus: SkuValues[]) => void;
  options: ProductOptions;
  colorIds: readonly string[];
  sizeIds: readonly string[];
}) {
  const { t } = useTranslation();
  const language = currentLanguage();
  const find = (colorId: string, sizeId: string) =>
    value.find((s) => s.color_id === colorId && s.size_id === sizeId);
  const setStock = (colorId: string, sizeId: string, stock: StockState) => {
    const existing = find(colorId, sizeId);
    onChange?.(
      existing
        ? value.map((s) => (s === existing ? { ...s, stock_state: stock } : s))
        : [...value, { color_id: colorId, size_id: sizeId, sku_code: '', stock_state: stock }],
    );
  };
  const setAll = (stock: StockState) =>
    onChange?.(
      colorIds.flatMap((colorId) =>
        sizeIds.map((sizeId) => ({
          color_id: colorId,
          size_id: sizeId,
          sku_code: find(colorId, sizeId)?.sku_code ?? '',
          stock_state: stock,
        })),
      ),
    );
  if (colorIds.length === 0 || sizeIds.length === 0)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('catalog.product.chooseVariants')} />;
  const stockOptions = STOCK_STATES.map((s) => ({ value: s, label: t(`catalog.stock.${s}`) }));
  return (
    <Flex vertical gap={8}>
      <Space wrap>
        <Typography.Text type="secondary">
          {t('catalog.product.skuCount', { count: colorIds.length * sizeIds.length })}
        </Typography.Text>
        {STOCK_STATES.map((s) => (
          <Button key={s} size="small" onClick={() => setAll(s)}>
            {t('catalog.product.setAll', { state: t(`catalog.stock.${s}`) })}
          </Button>
        ))}
      </Space>
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        scroll={{ x: 'max-content' }}
        data-testid="sku-matrix"
        dataSource={colorIds.map(
          (id) => options.colorById(id) ?? { id, name: id, en_name: '', hex: '#ccc', swatch: null },
        )}
        columns={[
          {
            key: 'color',
            title: t('catalog.product.colorSize'),
            fixed: 'left',
            render: (_, color) => (
              <Flex align="center" gap={6}>
                <ColorDot hex={color.hex} image={color.swatch} />
                {catalogName(color, language)}
              </Flex>
            ),
          },
          ...sizeIds.map((sizeId) => {
            const size = options.sizeById(sizeId);
            return {
              key: sizeId,
              title: size ? catalogName(size, language) : sizeId,
              render: (_: unknown, color: { id: string }) => {
                const sku = find(color.id, sizeId);
                return (
                  <Flex vertical gap={2}>
                    <Select
                      size="small"
                      value={sku?.stock_state ?? 'in_stock'}
                      options={stockOptions}
                      onChange={(stock: StockState) => setStock(color.id, sizeId, stock)}
                      style={{ width: 112 }}
                    />
                    {sku?.sku_code ? (
                      <Typography.Text type="secondary" style={{ fontSize: 11 }}>
                        {sku.sku_code}
                      </Typography.Text>
                    ) : null}
                  </Flex>
                );
              },
            };
          }),
        ]}
      />
    </Flex>
  );
}
