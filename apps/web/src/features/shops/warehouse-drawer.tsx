import { Alert, Button, Drawer, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { PERMISSIONS, type Shop } from '@pod/shared';
import { ApiError } from '../../api/api-error.ts';
import { DateTime } from '../access/shared-fields.tsx';
import { usePageButtons } from '../layout/current-menu.ts';
import { useShopWarehouses, useWarehouseMutations, type ShopWarehouses } from './api.ts';

type VendorWarehouse = ShopWarehouses['vendor'][number];

/**
 * A shop's warehouse association (spec §2): the seller's warehouses as the marketplace lists them,
 * linked or not, and the system shipping warehouse among the linked ones.
 */
export function WarehouseDrawer({ shop, onClose }: { shop: Shop | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={shop !== null}
      onClose={onClose}
      size="large"
      title={shop ? t('shops.warehousesOf', { name: shop.name }) : ''}
      destroyOnHidden
    >
      {shop ? <WarehouseList shop={shop} /> : null}
    </Drawer>
  );
}

function WarehouseList({ shop }: { shop: Shop }) {
  const { t } = useTranslation();
  const canEdit = usePageButtons().has(PERMISSIONS.shop.edit);
  const warehouses = useShopWarehouses(shop.id);
  const { link, unlink, system } = useWarehouseMutations(shop.id);
  const data = warehouses.data;
  const linkedAt = new Map((data?.linked ?? []).map((w) => [w.id, w.linked_at]));
  const busy = link.isPending || unlink.isPending || system.isPending;

  if (warehouses.error)
    return (
      <Alert
        type="warning"
        showIcon
        data-testid="warehouse-error"
        title={warehouses.error instanceof ApiError ? warehouses.error.msg : t('request.unknownError')}
        action={<Button onClick={() => void warehouses.refetch()}>{t('crud.refresh')}</Button>}
      />
    );

  // Linked warehouses the vendor no longer lists stay visible, so they can be unlinked.
  const gone = (data?.linked ?? [])
    .filter((w) => !data?.vendor.some((v) => v.id === w.id))
    .map((w): VendorWarehouse => ({
      id: w.id,
      name: w.name,
      type: null,
      is_default: false,
      region: null,
      is_linked: true,
    }));

  return (
    <Table<VendorWarehouse>
      data-testid="warehouse-table"
      rowKey="id"
      size="small"
      loading={warehouses.isPending}
      pagination={false}
      dataSource={[...(data?.vendor ?? []), ...gone]}
      onRow={(row) =>
        ({ 'data-testid': 'warehouse-row', 'data-id': row.id }) as React.HTMLAttributes<HTMLElement>
      }
      columns={[
        {
          key: 'name',
          title: t('shops.warehouseName'),
          render: (_, row) => (
            <Space direction="vertical" size={0}>
              <span>
                {row.name} {row.is_default ? <Tag>{t('shops.vendorDefault')}</Tag> : null}
                {data?.system_warehouse_id === row.id ? (
                  <Tag color="blue" data-testid="warehouse-is-system">
                    {t('shops.systemWarehouse')}
                  </Tag>
                ) : null}
              </span>
              <small style={{ opacity: 0.65 }}>{row.id}</small>
            </Space>
          ),
        },
        { key: 'type', title: t('shops.warehouseType'), render: (_, row) => row.type ?? '—' },
        { key: 'region', title: t('shops.region'), render: (_, row) => row.region ?? '—' },
        {
          key: 'linked_at',
          title: t('shops.linkedAt'),
          render: (_, row) =>
            row.is_linked ? (
              <DateTime value={linkedAt.get(row.id) ?? null} />
            ) : (
              <Tag>{t('shops.notLinked')}</Tag>
            ),
        },
        ...(canEdit
          ? [
              {
                key: 'actions',
                title: t('crud.actions'),
                render: (_: unknown, row: VendorWarehouse) =>
                  row.is_linked ? (
                    <Space size={0}>
                      {data?.system_warehouse_id === row.id ? null : (
                        <Button
                          size="small"
                          type="link"
                          disabled={busy}
                          onClick={() => system.mutate(row.id)}
                          data-testid="warehouse-system"
                        >
                          {t('shops.makeSystem')}
                        </Button>
                      )}
                      <Button
                        size="small"
                        type="link"
                        danger
                        disabled={busy}
                        onClick={() => unlink.mutate(row.id)}
                        data-testid="warehouse-unlink"
                      >
                        {t('shops.unlink')}
                      </Button>
                    </Space>
                  ) : (
                    <Button
                      size="small"
                      type="link"
                      disabled={busy}
                      onClick={() => link.mutate(row.id)}
                      data-testid="warehouse-link"
                    >
                      {t('shops.link')}
                    </Button>
                  ),
              },
            ]
          : []),
      ]}
    />
  );
}
