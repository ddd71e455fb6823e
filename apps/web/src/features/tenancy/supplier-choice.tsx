import { Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { tenancyOperations } from '@pod/shared';
import { useFieldLabel } from '../../forms/use-zod-field.ts';
import { useAdminSession } from '../../session/admin-session-context.ts';
import { useCrudSelect } from '../crud/api.ts';

/**
 * Whether the signed-in admin is the platform's: it manages every supplier's merchants and
 * merchant levels (spec §1), so those pages show the supplier as a column, a filter and a choice.
 */
export function useIsPlatform(): boolean {
  return useAdminSession().user.tier === 'platform';
}

/** The suppliers as select options, loaded only for the platform (the one tier that lists them). */
export function useSupplierOptions(isPlatform: boolean) {
  return useCrudSelect(tenancyOperations.supplier, isPlatform);
}

/** The list's supplier filter (platform only). */
export function SupplierFilter({ options }: { options: { value: string; label: string }[] }) {
  const { t } = useTranslation();
  const fieldLabel = useFieldLabel();
  return (
    <Form.Item name="tenant_id" label={fieldLabel('tenant_id')}>
      <Select
        allowClear
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('tenancy.merchant.allSuppliers')}
        options={options}
        style={{ width: 180 }}
        data-testid="supplier-filter"
      />
    </Form.Item>
  );
}

/** The create form's supplier (platform only): required, since a merchant or level is a supplier's. */
export function SupplierField({ options }: { options: { value: string; label: string }[] }) {
  const { t } = useTranslation();
  const fieldLabel = useFieldLabel();
  return (
    <Form.Item
      name="tenant_id"
      label={fieldLabel('tenant_id')}
      rules={[{ required: true, message: t('validation.select', { field: t('fields.tenant_id') }) }]}
    >
      <Select showSearch={{ optionFilterProp: 'label' }} options={options} data-testid="supplier-choice" />
    </Form.Item>
  );
}
