import {
  Button,
  Card,
  Flex,
  Form,
  InputNumber,
  Select,
  Space,
  Table,
  Typography,
  type FormInstance,
} from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  CATALOG_LIMITS,
  PRICE_TIER_KINDS,
  quote,
  wholesaleRanges,
  type CatalogIssue,
  tenancyOperations,
} from '@pod/shared';
import { useIssueText } from '../catalog-form.ts';
import { ReferenceSelect, useMoneyText } from '../catalog-fields.tsx';
import { valuesToBody } from '../product-values.ts';
import type { ProductFlavour, Values } from './shared.ts';

// ---- Prices -----------------------------------------------------------------------------------------

/** The engine's prices for anonymous buyers at a few quantities, with the first surface designed. */
export function PricePreview({ values }: { values: Values }) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const body = valuesToBody(values);
  const firstSurface = body.surfaces[0];
  const list = {
    currency: body.currency,
    base_price: body.base_price,
    design_price: body.design_price,
    surfaces: body.surfaces.map((s, i) => ({
      id: s.id ?? `new-${i}`,
      key: s.key,
      name: s.name,
      print_price: s.print_price,
    })),
    tiers: body.price_tiers.map((tier, i) => ({ ...tier, id: tier.id ?? `new-${i}` })),
  };
  const ranges = wholesaleRanges(list.tiers);
  const quantities = [...new Set([1, ...ranges.map((r) => r.min_qty)])].sort((a, b) => a - b);
  const rows = quantities.flatMap((quantity) => {
    try {
      const breakdown = quote(
        list,
        { merchant_id: null, level_id: null },
        { quantity, surfaces: firstSurface ? [firstSurface.key] : [] },
      );
      return [breakdown];
    } catch {
      return [];
    }
  });
  if (rows.length === 0) return null;
  return (
    <Card size="small" title={t('catalog.product.pricePreview')} data-testid="price-preview">
      <Typography.Paragraph type="secondary" style={{ fontSize: 12 }}>
        {t('catalog.product.pricePreviewHint', { surface: firstSurface?.name || firstSurface?.key || '—' })}
      </Typography.Paragraph>
      <Table
        size="small"
        rowKey="quantity"
        pagination={false}
        dataSource={rows}
        columns={[
          { key: 'quantity', title: t('catalog.price.quantity'), render: (_, r) => `${r.quantity}+` },
          { key: 'base', title: t('catalog.price.base'), render: (_, r) => money(r.base, r.currency) },
          { key: 'print', title: t('catalog.price.print'), render: (_, r) => money(r.print, r.currency) },
          { key: 'unit', title: t('catalog.price.unit'), render: (_, r) => money(r.unit, r.currency) },
        ]}
      />
    </Card>
  );
}

export function TierRows({
  form,
  flavour,
  issues,
  rule,
}: {
  form: FormInstance;
  flavour: ProductFlavour;
  issues: CatalogIssue[];
  /** Checks the whole list with the shared tier rules before the form submits. */
  rule: { validator: () => Promise<void> };
}) {
  const { t } = useTranslation();
  const issueText = useIssueText();
  const kinds = flavour === 'merchant' ? (['wholesale'] as const) : PRICE_TIER_KINDS;
  return (
    <Form.List name="price_tiers" rules={[rule]}>
      {(fields, { add, remove }, { errors }) => (
        <Flex vertical gap={8} data-testid="price-tiers">
          {fields.map((item) => {
            const rowIssues = issues.filter((i) => i.path[1] === item.name);
            return (
              <Flex key={item.key} vertical gap={2}>
                <Space align="start" wrap>
                  <Form.Item name={[item.name, 'kind']} noStyle>
                    <Select
                      style={{ width: 132 }}
                      options={kinds.map((k) => ({ value: k, label: t(`catalog.price.kinds.${k}`) }))}
                      aria-label={t('catalog.price.kind')}
                    />
                  </Form.Item>
                  <Form.Item name={[item.name, 'min_qty']} noStyle rules={[{ required: true }]}>
                    <InputNumber
                      min={1}
                      max={100_000}
                      precision={0}
                      prefix="≥"
                      suffix={t('catalog.price.pieces')}
                      style={{ width: 140 }}
                    />
                  </Form.Item>
                  <Form.Item name={[item.name, 'price']} noStyle rules={[{ required: true }]}>
                    <InputNumber
                      min={0}
                      max={1_000_000}
                      precision={2}
                      prefix="¥"
                      style={{ width: 140 }}
                      aria-label={t('catalog.price.price')}
                    />
                  </Form.Item>
                  <Form.Item noStyle dependencies={[['price_tiers', item.name, 'kind']]}>
                    {() => {
                      const kind = form.getFieldValue(['price_tiers', item.name, 'kind']) as string;
                      if (kind === 'level')
                        return (
                          <Form.Item name={[item.name, 'level_id']} noStyle>
                            <ReferenceSelect
                              resource={tenancyOperations.merchantLevel}
                              placeholder={t('catalog.price.chooseLevel')}
                            />
                          </Form.Item>
                        );
                      if (kind === 'exclusive')
                        return (
                          <Form.Item name={[item.name, 'merchant_id']} noStyle>
                            <ReferenceSelect
                              resource={tenancyOperations.merchant}
                              placeholder={t('catalog.price.chooseMerchant')}
                            />
                          </Form.Item>
                        );
                      return (
                        <Typography.Text type="secondary">{t('catalog.price.everyone')}</Typography.Text>
                      );
                    }}
                  </Form.Item>
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('crud.delete')}
                    onClick={() => remove(item.name)}
                  />
                </Space>
                {rowIssues.length > 0 ? (
                  <Typography.Text type="danger" data-testid="tier-issue">
                    {rowIssues.map((issue) => issueText(issue)).join('；')}
                  </Typography.Text>
                ) : null}
              </Flex>
            );
          })}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            disabled={fields.length >= CATALOG_LIMITS.priceTiers}
            onClick={() =>
              add({ kind: 'wholesale', min_qty: 10, price: null, level_id: null, merchant_id: null })
            }
            data-testid="add-tier"
          >
            {t('catalog.price.addTier')}
          </Button>
          <Form.ErrorList errors={errors} />
        </Flex>
      )}
    </Form.List>
  );
}
