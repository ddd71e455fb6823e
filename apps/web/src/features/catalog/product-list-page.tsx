import { useMemo, useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Col,
  Descriptions,
  Drawer,
  Empty,
  Flex,
  Image,
  InputNumber,
  Pagination,
  Row,
  Segmented,
  Skeleton,
  Space,
  Table,
  Tag,
  TreeSelect,
  Typography,
  Input,
} from 'antd';
import { EditOutlined, CalculatorOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MAX_QUOTE_QUANTITY, tiersVisibleTo, wholesaleRanges } from '@pod/shared';
import { PATHS } from '../../app/paths.ts';
import { catalogName } from '../../i18n/catalog-name.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { useCatalogCategories, useCatalogProduct, useCatalogProducts, type CatalogListItem } from './api.ts';
import { ColorDot, useMoneyText } from './catalog-fields.tsx';
import { categoryName, categoryTreeOptions } from './catalog-tree.ts';
import { previewPrice } from './price-preview.ts';

const PAGE_SIZE = 12;

/** The design editor for a product (issue 8). */
export function designPath(productId: string): string {
  return `${PATHS.adminDesign}?product=${encodeURIComponent(productId)}`;
}

function PriceDrawer({ productId, onClose }: { productId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const money = useMoneyText();
  const language = currentLanguage();
  const product = useCatalogProduct(productId);
  const [quantity, setQuantity] = useState(1);
  const [faces, setFaces] = useState<string[] | null>(null);
  const data = product.data;
  const chosen = faces ?? (data?.surfaces[0] ? [data.surfaces[0].id] : []);
  const breakdown = data ? previewPrice(data, quantity, chosen) : null;
  const tiers = data?.buyer.merchant_id
    ? tiersVisibleTo(data.price_list.tiers, data.buyer.merchant_id)
    : (data?.price_list.tiers ?? []);
  const name = (item: { name: string; en_name?: string }) => catalogName(item, language);

  return (
    <Drawer
      open
      size={560}
      onClose={onClose}
      title={data ? name(data) : t('app.loading')}
      data-testid="catalog-price-drawer"
      extra={
        <Button
          type="primary"
          icon={<EditOutlined />}
          onClick={() => void navigate(designPath(productId))}
          data-testid="catalog-design"
        >
          {t('catalog.list.design')}
        </Button>
      }
    >
      {product.isPending ? <Skeleton active /> : null}
      {product.isError ? <Alert type="error" showIcon title={product.error.msg} /> : null}
      {data ? (
        <Flex vertical gap={16}>
          {data.cover ? (
            <Image src={data.cover.url} alt="" width={200} height={200} style={{ objectFit: 'cover' }} />
          ) : null}
          <Descriptions
            size="small"
            column={1}
            items={[
              { key: 'style', label: t('catalog.list.styleCode'), children: data.style_code },
              {
                key: 'category',
                label: t('catalog.list.category'),
                children: categoryName(
                  { category_name: data.category_name, en_name: data.category_en_name },
                  language,
                ),
              },
              {
                key: 'colors',
                label: t('catalog.list.colors'),
                children: (
                  <Space size={[8, 4]} wrap>
                    {data.colors.map((c) => (
                      <Space key={c.id} size={4}>
                        <ColorDot hex={c.hex} image={c.swatch} />
                        {name(c)}
                      </Space>
                    ))}
                  </Space>
                ),
              },
              {
                key: 'sizes',
                label: t('catalog.list.sizes'),
                children: data.sizes.map((s) => name(s)).join(' / '),
              },
              ...(data.image_requirements
                ? [
                    {
                      key: 'req',
                      label: t('catalog.list.imageRequirements'),
                      children: data.image_requirements,
                    },
                  ]
                : []),
            ]}
          />
          <Card size="small" title={t('catalog.list.calculator')}>
            <Flex vertical gap={12}>
              <Space wrap>
                <Typography.Text>{t('catalog.price.quantity')}</Typography.Text>
                <InputNumber
                  min={1}
                  max={MAX_QUOTE_QUANTITY}
                  precision={0}
                  value={quantity}
                  onChange={(value) => setQuantity(value ?? 1)}
                  data-testid="catalog-quantity"
                />
              </Space>
              <Checkbox.Group
                value={chosen}
                onChange={(values) => setFaces(values)}
                options={data.surfaces.map((s) => ({
                  value: s.id,
                  label: `${name(s)} (+${money(s.effective_print_price, data.currency)})`,
                }))}
                data-testid="catalog-faces"
              />
              {breakdown ? (
                <Descriptions
                  size="small"
                  bordered
                  column={1}
                  data-testid="catalog-breakdown"
                  items={[
                    {
                      key: 'base',
                      label: t('catalog.price.base'),
                      children: (
                        <Space>
                          {breakdown.base !== breakdown.list_base ? (
                            <Typography.Text delete type="secondary">
                              {money(breakdown.list_base, breakdown.currency)}
                            </Typography.Text>
                          ) : null}
                          {money(breakdown.base, breakdown.currency)}
                          {breakdown.tier ? (
                            <Tag color="green" data-testid="catalog-tier">
                              {t(`catalog.price.kinds.${breakdown.tier.kind}`)}
                            </Tag>
                          ) : null}
                        </Space>
                      ),
                    },
                    ...breakdown.faces.map((f) => ({
                      key: f.surface_id,
                      label: `${t('catalog.price.print')} · ${f.name}`,
                      children: money(f.print_price, breakdown.currency),
                    })),
                    {
                      key: 'unit',
                      label: t('catalog.price.unit'),
                      children: (
                        <Typography.Text strong data-testid="catalog-unit">
                          {money(breakdown.unit, breakdown.currency)}
                        </Typography.Text>
                      ),
                    },
                    {
                      key: 'subtotal',
                      label: t('catalog.price.subtotal', { count: breakdown.quantity }),
                      children: (
                        <Typography.Text strong data-testid="catalog-subtotal">
                          {money(breakdown.subtotal, breakdown.currency)}
                        </Typography.Text>
                      ),
                    },
                    ...(breakdown.savings > 0
                      ? [
                          {
                            key: 'savings',
                            label: t('catalog.price.savings'),
                            children: (
                              <Typography.Text type="success">
                                {money(breakdown.savings, breakdown.currency)}
                              </Typography.Text>
                            ),
                          },
                        ]
                      : []),
                  ]}
                />
              ) : null}
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {t('catalog.list.bestPriceNote')}
              </Typography.Text>
            </Flex>
          </Card>
          {tiers.length > 0 ? (
            <Card size="small" title={t('catalog.list.tiers')}>
              <Table
                size="small"
                rowKey="id"
                pagination={false}
                dataSource={[
                  ...wholesaleRanges(tiers).map((r) => ({
                    id: r.id,
                    kind: 'wholesale' as const,
                    range: r.max_qty === null ? `${r.min_qty}+` : `${r.min_qty}–${r.max_qty}`,
                    price: r.price,
                  })),
                  ...tiers
                    .filter((tier) => tier.kind !== 'wholesale')
                    .map((tier) => ({
                      id: tier.id,
                      kind: tier.kind,
                      range: `${tier.min_qty}+`,
                      price: tier.price,
                    })),
                ]}
                columns={[
                  {
                    key: 'kind',
                    title: t('catalog.price.kind'),
                    render: (_, r) => t(`catalog.price.kinds.${r.kind}`),
                  },
                  { key: 'range', title: t('catalog.price.quantity'), dataIndex: 'range' },
                  {
                    key: 'price',
                    title: t('catalog.price.base'),
                    render: (_, r) => money(r.price, data.currency),
                  },
                ]}
              />
            </Card>
          ) : null}
        </Flex>
      ) : null}
    </Drawer>
  );
}

function ProductCard({
  product,
  onPrice,
  onDesign,
}: {
  product: CatalogListItem;
  onPrice: () => void;
  onDesign: () => void;
}) {
  const { t } = useTranslation();
  const money = useMoneyText();
  const language = currentLanguage();
  const name = catalogName(product, language);
  return (
    <Card
      hoverable
      data-testid="catalog-product"
      cover={
        product.cover ? (
          <img
            src={product.cover.thumb_url ?? product.cover.url}
            alt=""
            loading="lazy"
            style={{ aspectRatio: '1', objectFit: 'cover', background: '#f5f5f5' }}
          />
        ) : (
          <div style={{ aspectRatio: '1', background: '#f5f5f5' }} />
        )
      }
      actions={[
        <Button
          key="price"
          type="link"
          size="small"
          icon={<CalculatorOutlined />}
          onClick={onPrice}
          data-testid="catalog-price"
        >
          {t('catalog.list.price')}
        </Button>,
        <Button
          key="design"
          type="link"
          size="small"
          icon={<EditOutlined />}
          onClick={onDesign}
          data-testid="catalog-design-card"
        >
          {t('catalog.list.design')}
        </Button>,
      ]}
    >
      <Flex vertical gap={4}>
        <Space size={4}>
          <Typography.Text strong ellipsis style={{ maxWidth: 180 }} data-testid="catalog-product-name">
            {name}
          </Typography.Text>
          {product.is_own ? <Tag color="purple">{t('catalog.list.own')}</Tag> : null}
        </Space>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {product.style_code} ·{' '}
          {categoryName(
            { category_name: product.category_name, en_name: product.category_en_name },
            language,
          )}
        </Typography.Text>
        <Space size={4} wrap>
          {product.colors.slice(0, 8).map((c) => (
            <span key={c.id} title={catalogName(c, language)}>
              <ColorDot hex={c.hex} image={c.swatch} />
            </span>
          ))}
        </Space>
        <Typography.Text type="danger" strong data-testid="catalog-product-price">
          {t('catalog.list.listPrice', {
            base: money(product.base_price, product.currency),
            print: money(product.design_price, product.currency),
          })}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t('catalog.list.surfaces', {
            names: product.surfaces.map((s) => catalogName(s, language)).join(' / '),
          })}
        </Typography.Text>
      </Flex>
    </Card>
  );
}

/**
 * The merchant's catalogue (spec §2 /admin/product/list): the supplier's products on sale and the
 * merchant's own templates, to choose one to design. Prices come from the shared engine.
 */
export function ProductListPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [categoryId, setCategoryId] = useState<string | undefined>();
  const [keyword, setKeyword] = useState('');
  const [scope, setScope] = useState<'all' | 'own'>('all');
  const [priced, setPriced] = useState<string | null>(null);
  const categories = useCatalogCategories();
  const language = currentLanguage();
  const products = useCatalogProducts({
    page,
    limit: PAGE_SIZE,
    scope,
    ...(categoryId ? { category_id: categoryId } : {}),
    ...(keyword ? { keyword } : {}),
  });
  const treeData = useMemo(
    () =>
      categoryTreeOptions(
        (categories.data ?? []).map((c) => ({
          ...c,
          category_name: `${categoryName(c, language)} (${c.product_count})`,
          en_name: '',
        })),
        language,
      ),
    [categories.data, language],
  );
  const list = products.data;

  return (
    <Flex vertical gap={16} data-testid="catalog-product-list">
      <Card size="small">
        <Flex wrap gap={12} align="center">
          <Segmented<'all' | 'own'>
            value={scope}
            onChange={(value) => {
              setScope(value);
              setPage(1);
            }}
            options={[
              { value: 'all', label: t('catalog.list.scopeAll') },
              { value: 'own', label: t('catalog.list.scopeOwn') },
            ]}
          />
          <TreeSelect
            allowClear
            showSearch
            treeNodeFilterProp="title"
            treeDefaultExpandAll
            placeholder={t('catalog.list.allCategories')}
            treeData={treeData}
            value={categoryId}
            onChange={(value: string | undefined) => {
              setCategoryId(value);
              setPage(1);
            }}
            style={{ width: 240 }}
            data-testid="catalog-category"
          />
          <Input.Search
            allowClear
            placeholder={t('catalog.list.search')}
            onSearch={(value) => {
              setKeyword(value.trim());
              setPage(1);
            }}
            style={{ width: 280 }}
            data-testid="catalog-search"
          />
        </Flex>
      </Card>
      {products.isError ? (
        <Alert
          type="error"
          showIcon
          title={products.error.msg}
          action={<Button onClick={() => void products.refetch()}>{t('app.retry')}</Button>}
        />
      ) : null}
      {products.isPending ? <Skeleton active /> : null}
      {list && list.list.length === 0 ? <Empty description={t('catalog.list.empty')} /> : null}
      {list && list.list.length > 0 ? (
        <Row gutter={[16, 16]} style={{ opacity: products.isPlaceholderData ? 0.6 : 1 }}>
          {list.list.map((product) => (
            <Col key={product.id} xs={24} sm={12} md={8} lg={6} xxl={4}>
              <ProductCard
                product={product}
                onPrice={() => setPriced(product.id)}
                onDesign={() => void navigate(designPath(product.id))}
              />
            </Col>
          ))}
        </Row>
      ) : null}
      {list && list.total > PAGE_SIZE ? (
        <Pagination
          align="center"
          current={page}
          pageSize={PAGE_SIZE}
          total={list.total}
          showSizeChanger={false}
          onChange={setPage}
        />
      ) : null}
      {priced ? <PriceDrawer productId={priced} onClose={() => setPriced(null)} /> : null}
    </Flex>
  );
}
