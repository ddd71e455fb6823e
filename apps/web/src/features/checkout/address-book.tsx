import { useState } from 'react';
import { Alert, Button, Card, Checkbox, Empty, Flex, Popconfirm, Space, Spin, Tag, Typography } from 'antd';
import { DeleteOutlined, DownOutlined, EditOutlined, PlusOutlined, UpOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ConsigneeAddress } from '@pod/shared';
import { useCountries } from '../logistics/factory-page.tsx';
import { AddressFormModal } from './address-form.tsx';
import { addressLine } from './address-rules.ts';
import { useAddresses, useDeleteAddress, useMakeDefaultAddress } from './api.ts';

/** Addresses shown before "show all" (spec §2: show-all and hide-all in the settlement page). */
const COLLAPSED = 3;

export interface AddressRights {
  canAdd: boolean;
  canEdit: boolean;
  canDelete: boolean;
}

/**
 * The consignee address book (spec §2 cart and settlement, §3 Address): add, edit and delete, and
 * make one the default; with `onSelect` the addresses are chosen for the settlement (one order per
 * chosen address). More than three are folded behind "show all" / "hide".
 */
export function AddressBook({
  rights,
  selected,
  onSelect,
  isCollapsible = true,
}: {
  rights: AddressRights;
  /** Folds all but three behind "show all" (the settlement); the address page shows them all. */
  isCollapsible?: boolean;
  /** The chosen addresses (settlement); without `onSelect` the book only manages them. */
  selected?: readonly string[];
  onSelect?: (ids: string[]) => void;
}) {
  const { t, i18n } = useTranslation();
  const addresses = useAddresses();
  const remove = useDeleteAddress();
  const makeDefault = useMakeDefaultAddress();
  const countries = useCountries(i18n.language);
  const [editing, setEditing] = useState<{ address: ConsigneeAddress | null } | null>(null);
  const [isExpanded, setIsExpanded] = useState(!isCollapsible);
  const chosen = selected ?? [];
  const countryName = (code: string) => countries.data?.find((c) => c.value === code)?.label ?? code;

  if (addresses.isPending) return <Spin />;
  if (addresses.isError)
    return (
      <Alert
        type="error"
        showIcon
        title={addresses.error.msg}
        action={
          <Button size="small" onClick={() => void addresses.refetch()}>
            {t('app.retry')}
          </Button>
        }
      />
    );

  const list = addresses.data;
  const visible = isExpanded ? list : list.filter((a, i) => i < COLLAPSED || chosen.includes(a.id));
  const toggle = (id: string) =>
    onSelect?.(chosen.includes(id) ? chosen.filter((x) => x !== id) : [...chosen, id]);

  const addButton = rights.canAdd ? (
    <Button icon={<PlusOutlined />} onClick={() => setEditing({ address: null })} data-testid="address-add">
      {t('checkout.address.add')}
    </Button>
  ) : null;

  return (
    <Flex vertical gap={12} data-testid="address-book">
      {list.length === 0 ? (
        <Empty description={t('checkout.address.empty')} data-testid="address-empty">
          {addButton}
        </Empty>
      ) : (
        <>
          <Flex gap={12} wrap>
            {visible.map((address) => {
              const isChosen = chosen.includes(address.id);
              return (
                <Card
                  key={address.id}
                  size="small"
                  hoverable={Boolean(onSelect)}
                  onClick={onSelect ? () => toggle(address.id) : undefined}
                  style={{
                    width: 320,
                    borderColor: isChosen ? 'var(--ant-color-primary)' : undefined,
                  }}
                  data-testid="address-card"
                  data-address-id={address.id}
                  data-selected={isChosen}
                >
                  <Flex vertical gap={4}>
                    <Flex justify="space-between" align="center" gap={8}>
                      <Space size={6}>
                        {onSelect ? (
                          <Checkbox
                            checked={isChosen}
                            onClick={(event) => event.stopPropagation()}
                            onChange={() => toggle(address.id)}
                            data-testid="address-select"
                          />
                        ) : null}
                        <Typography.Text strong>
                          {[address.first_name, address.last_name].filter(Boolean).join(' ')}
                        </Typography.Text>
                        <Typography.Text type="secondary">{address.mobile_phone}</Typography.Text>
                      </Space>
                      {address.is_default ? <Tag color="blue">{t('checkout.address.default')}</Tag> : null}
                    </Flex>
                    <Typography.Paragraph style={{ margin: 0 }} ellipsis={{ rows: 2 }}>
                      {addressLine(address, countryName)}
                    </Typography.Paragraph>
                    <Space size={0} onClick={(event) => event.stopPropagation()}>
                      {rights.canEdit && !address.is_default ? (
                        <Button
                          size="small"
                          type="link"
                          onClick={() => makeDefault.mutate(address.id)}
                          data-testid="address-make-default"
                        >
                          {t('checkout.address.makeDefault')}
                        </Button>
                      ) : null}
                      {rights.canEdit ? (
                        <Button
                          size="small"
                          type="link"
                          icon={<EditOutlined />}
                          onClick={() => setEditing({ address })}
                          data-testid="address-edit"
                        >
                          {t('crud.edit')}
                        </Button>
                      ) : null}
                      {rights.canDelete ? (
                        <Popconfirm
                          title={t('checkout.address.deleteConfirm')}
                          okText={t('crud.delete')}
                          okButtonProps={{ danger: true }}
                          cancelText={t('app.cancel')}
                          onConfirm={() =>
                            remove.mutate(address.id, {
                              onSuccess: () => onSelect?.(chosen.filter((id) => id !== address.id)),
                            })
                          }
                        >
                          <Button
                            size="small"
                            type="link"
                            danger
                            icon={<DeleteOutlined />}
                            data-testid="address-delete"
                          >
                            {t('crud.delete')}
                          </Button>
                        </Popconfirm>
                      ) : null}
                    </Space>
                  </Flex>
                </Card>
              );
            })}
          </Flex>
          <Space wrap>
            {addButton}
            {isCollapsible && list.length > COLLAPSED ? (
              <Button
                type="link"
                icon={isExpanded ? <UpOutlined /> : <DownOutlined />}
                onClick={() => setIsExpanded((v) => !v)}
                data-testid="address-toggle"
              >
                {isExpanded
                  ? t('checkout.address.hideAll')
                  : t('checkout.address.showAll', { count: list.length })}
              </Button>
            ) : null}
          </Space>
        </>
      )}
      {editing ? (
        <AddressFormModal
          address={editing.address}
          onClose={() => setEditing(null)}
          onSaved={(saved) => {
            // A new address is chosen at once in the settlement.
            if (!editing.address && onSelect && !chosen.includes(saved.id)) onSelect([...chosen, saved.id]);
          }}
        />
      ) : null}
    </Flex>
  );
}
