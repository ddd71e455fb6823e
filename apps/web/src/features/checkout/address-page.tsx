import { Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ADDRESS_LIMITS, PERMISSIONS } from '@pod/shared';
import { usePageButtons } from '../layout/current-menu.ts';
import { AddressBook } from './address-book.tsx';

/** The merchant's consignee addresses (spec §3 Address): add, edit, delete and the default. */
export function AddressPage() {
  const { t } = useTranslation();
  const buttons = usePageButtons();
  return (
    <Card data-testid="address-page">
      <Typography.Paragraph type="secondary">
        {t('checkout.address.pageHint', { max: ADDRESS_LIMITS.perMerchant })}
      </Typography.Paragraph>
      <AddressBook
        isCollapsible={false}
        rights={{
          canAdd: buttons.has(PERMISSIONS.address.add),
          canEdit: buttons.has(PERMISSIONS.address.edit),
          canDelete: buttons.has(PERMISSIONS.address.del),
        }}
      />
    </Card>
  );
}
