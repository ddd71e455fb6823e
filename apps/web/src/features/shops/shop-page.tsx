import { useState } from 'react';
import {
  Button,
  Col,
  Dropdown,
  Form,
  Input,
  InputNumber,
  Radio,
  Row,
  Select,
  Space,
  Tag,
  Tooltip,
} from 'antd';
import { ApiOutlined, DownOutlined, HomeOutlined, SendOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  PERMISSIONS,
  SHOP_AUTH_STATES,
  SHOP_LIMITS,
  SHOP_PLATFORMS,
  SLOTS_OF,
  shopCreateSchema,
  shopOperations,
  type Shop,
  type ShopAuthState,
  type ShopTokenSlot,
} from '@pod/shared';
import { useFieldLabel, useZodField } from '../../forms/use-zod-field.ts';
import { DateTime, StatusSelect, StatusTag, useStatusOptions } from '../access/shared-fields.tsx';
import { CrudPage, type CrudFormConfig } from '../crud/crud-page.tsx';
import { usePageButtons } from '../layout/current-menu.ts';
import { useAuthoriseShop } from './api.ts';
import { TrackingSettingsDrawer } from '../tracking/shop-settings-drawer.tsx';
import { WarehouseDrawer } from './warehouse-drawer.tsx';
import { SyncHealthBadge, useShopSyncHealth } from '../sync/health-badge.tsx';

const FIELDS = ['name', 'platform', 'code', 'seller_id', 'sort', 'status'] as const;
const STATE_COLOURS: Record<ShopAuthState, string> = {
  authorised: 'green',
  unauthorised: 'default',
  reauthorise: 'orange',
};

/** A shop's authorisation state, with the vendor's reason when it needs re-authorising (spec §4). */
export function AuthStateTag({ shop }: { shop: Shop }) {
  const { t } = useTranslation();
  const tag = (
    <Tag color={STATE_COLOURS[shop.auth_state]} data-testid="shop-auth-state" data-state={shop.auth_state}>
      {t(`shops.authState.${shop.auth_state}`)}
    </Tag>
  );
  if (shop.platform === 'other') return <Tag>{t('shops.noAuthorisation')}</Tag>;
  return shop.auth_error ? <Tooltip title={shop.auth_error}>{tag}</Tooltip> : tag;
}

/**
 * The authorise button of a shop: "authorise" for a new shop, "re-authorise" for one that is or was
 * authorised. Temu shops hold one authorisation per purpose and region, chosen from a menu.
 */
function AuthoriseButton({ shop }: { shop: Shop }) {
  const { t } = useTranslation();
  const authorise = useAuthoriseShop();
  if (shop.platform === 'other') return null;
  const label = t(shop.auth_state === 'unauthorised' ? 'shops.authorise' : 'shops.reauthorise');
  const type = shop.auth_state === 'authorised' ? 'link' : 'primary';
  const go = (slot?: ShopTokenSlot) => authorise.mutate({ shopId: shop.id, ...(slot ? { slot } : {}) });
  if (SLOTS_OF[shop.platform].length === 1)
    return (
      <Button
        size="small"
        type={type}
        icon={<ApiOutlined />}
        loading={authorise.isPending}
        onClick={() => go()}
        data-testid="shop-authorise"
      >
        {label}
      </Button>
    );
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: SLOTS_OF[shop.platform].map((slot) => ({ key: slot, label: t(`shops.slot.${slot}`) })),
        onClick: ({ key }) => go(key as ShopTokenSlot),
      }}
    >
      <Button
        size="small"
        type={type}
        icon={<ApiOutlined />}
        loading={authorise.isPending}
        data-testid="shop-authorise"
      >
        {label} <DownOutlined />
      </Button>
    </Dropdown>
  );
}

/** Shops (spec §2 shop management, authorisation, warehouse association; §3 Shop). */
export function ShopPage() {
  const { t } = useTranslation();
  const field = useZodField();
  const fieldLabel = useFieldLabel();
  const statusOptions = useStatusOptions();
  const buttons = usePageButtons();
  const [warehousesOf, setWarehousesOf] = useState<Shop | null>(null);
  const [trackingOf, setTrackingOf] = useState<Shop | null>(null);
  const syncHealth = useShopSyncHealth();
  const shape = shopCreateSchema.shape;
  const platformOptions = SHOP_PLATFORMS.map((value) => ({ value, label: t(`shops.platform.${value}`) }));

  const form: CrudFormConfig<Shop> = {
    fieldNames: FIELDS,
    width: 640,
    initialValues: { platform: 'tiktok', sort: 0, status: 'enabled', code: '', seller_id: '' },
    toValues: (row) => ({ ...row, code: row.code ?? '', seller_id: row.seller_id ?? '' }),
    toBody: (values, mode) => {
      const body: Record<string, unknown> = { ...values };
      // The platform is chosen once; code and seller id are the merchant's own only for "other".
      if (mode === 'edit') delete body.platform;
      if (values.platform !== 'other') {
        delete body.code;
        delete body.seller_id;
      }
      return body;
    },
    render: ({ mode }) => (
      <Row gutter={16}>
        <Col span={24}>
          <Form.Item {...field('name', shape.name)}>
            <Input maxLength={SHOP_LIMITS.nameMax} />
          </Form.Item>
        </Col>
        <Col span={24}>
          <Form.Item
            {...field('platform', shape.platform)}
            extra={mode === 'create' ? t('shops.platformHint') : null}
          >
            <Radio.Group options={platformOptions} disabled={mode === 'edit'} />
          </Form.Item>
        </Col>
        <Form.Item
          noStyle
          shouldUpdate={(a: { platform?: string }, b: { platform?: string }) => a.platform !== b.platform}
        >
          {({ getFieldValue }) =>
            getFieldValue('platform') === 'other' ? (
              <>
                <Col span={12}>
                  <Form.Item {...field('code', shape.code)} label={t('shops.code')}>
                    <Input maxLength={SHOP_LIMITS.codeMax} />
                  </Form.Item>
                </Col>
                <Col span={12}>
                  <Form.Item {...field('seller_id', shape.seller_id)}>
                    <Input maxLength={SHOP_LIMITS.sellerIdMax} />
                  </Form.Item>
                </Col>
              </>
            ) : null
          }
        </Form.Item>
        <Col span={12}>
          <Form.Item {...field('sort', shape.sort)} extra={t('access.sortHint')}>
            <InputNumber style={{ width: '100%' }} min={0} />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item {...field('status', shape.status)}>
            <Radio.Group options={statusOptions} />
          </Form.Item>
        </Col>
      </Row>
    ),
  };

  return (
    <>
      <CrudPage<Shop>
        testId="shop-page"
        resource={shopOperations.shop}
        form={form}
        isSortable
        filters={
          <>
            <Form.Item name="platform" label={fieldLabel('platform')}>
              <Select
                allowClear
                placeholder={t('crud.all')}
                options={platformOptions}
                style={{ width: 150 }}
              />
            </Form.Item>
            <Form.Item name="auth_state" label={t('shops.authStateLabel')}>
              <Select
                allowClear
                placeholder={t('crud.all')}
                style={{ width: 150 }}
                options={SHOP_AUTH_STATES.map((value) => ({ value, label: t(`shops.authState.${value}`) }))}
              />
            </Form.Item>
            <Form.Item name="status" label={fieldLabel('status')}>
              <StatusSelect />
            </Form.Item>
          </>
        }
        rowActions={(row) => (
          <Space size={0}>
            {buttons.has(PERMISSIONS.shop.authorise) ? <AuthoriseButton shop={row} /> : null}
            {row.platform === 'other' ? null : (
              <Button
                size="small"
                type="link"
                icon={<HomeOutlined />}
                onClick={() => setWarehousesOf(row)}
                data-testid="shop-warehouses"
              >
                {t('shops.warehouses')}
              </Button>
            )}
            {row.platform !== 'other' && buttons.has(PERMISSIONS.tracking.edit) ? (
              <Button
                size="small"
                type="link"
                icon={<SendOutlined />}
                onClick={() => setTrackingOf(row)}
                data-testid="shop-tracking-settings"
              >
                {t('tracking.settings.button')}
              </Button>
            ) : null}
          </Space>
        )}
        columns={[
          { key: 'name', title: fieldLabel('name'), isOrderable: true },
          {
            key: 'platform',
            title: fieldLabel('platform'),
            render: (row) => (
              <Tag
                color={row.platform === 'tiktok' ? 'magenta' : row.platform === 'temu' ? 'orange' : 'default'}
              >
                {t(`shops.platform.${row.platform}`)}
              </Tag>
            ),
          },
          {
            key: 'auth_state',
            title: t('shops.authStateLabel'),
            render: (row) => (
              <Space direction="vertical" size={2}>
                <AuthStateTag shop={row} />
                {row.authorisations.length > 1
                  ? row.authorisations.map((a) => (
                      <Tag key={a.slot} color={a.is_authorised ? 'blue' : 'default'} style={{ fontSize: 11 }}>
                        {t(`shops.slot.${a.slot}`)}
                      </Tag>
                    ))
                  : null}
              </Space>
            ),
          },
          ...(syncHealth.enabled
            ? [
                {
                  key: 'sync_health',
                  title: t('sync.col.state'),
                  render: (row: Shop) => <SyncHealthBadge health={syncHealth.of(row.id)} />,
                },
              ]
            : []),
          {
            key: 'seller',
            title: t('shops.seller'),
            render: (row) =>
              row.seller_id ? (
                <Space direction="vertical" size={0}>
                  <span>{row.seller_name ?? row.seller_id}</span>
                  <small style={{ opacity: 0.65 }}>
                    {[row.code, row.seller_id, row.region].filter(Boolean).join(' · ')}
                  </small>
                </Space>
              ) : (
                '—'
              ),
          },
          {
            key: 'auth_expires_at',
            title: t('shops.expiry'),
            isOrderable: true,
            render: (row) => <DateTime value={row.auth_expires_at} />,
          },
          {
            key: 'system_warehouse_name',
            title: t('shops.systemWarehouse'),
            render: (row) => (
              <Space direction="vertical" size={0}>
                <span data-testid="shop-system-warehouse">{row.system_warehouse_name ?? '—'}</span>
                <small style={{ opacity: 0.65 }}>
                  {t('shops.linkedCount', { count: row.warehouses.length })}
                </small>
              </Space>
            ),
          },
          { key: 'sort', title: fieldLabel('sort'), isOrderable: true, isHiddenByDefault: true },
          { key: 'status', title: fieldLabel('status'), render: (row) => <StatusTag status={row.status} /> },
          { key: 'created_by_name', title: t('shops.createdBy'), isHiddenByDefault: true },
          { key: 'updated_by_name', title: t('shops.updatedBy'), isHiddenByDefault: true },
          {
            key: 'created_at',
            title: t('access.createdAt'),
            isOrderable: true,
            isHiddenByDefault: true,
            render: (row) => <DateTime value={row.created_at} />,
          },
        ]}
      />
      <WarehouseDrawer shop={warehousesOf} onClose={() => setWarehousesOf(null)} />
      <TrackingSettingsDrawer shop={trackingOf} onClose={() => setTrackingOf(null)} />
    </>
  );
}
