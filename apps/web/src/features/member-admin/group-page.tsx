import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { maxLengthOf, memberAdminOperations, memberGroupCreateSchema, type MemberGroup } from '@pod/shared';
import { DateTime, StatusSelect, StatusTag } from '../access/shared-fields.tsx';
import { CrudPage, type CrudFormConfig } from '../crud/crud-page.tsx';
import { useMemberOptions } from './api.ts';

/** Member groups (spec "user group"): the member-centre rules their members have. */
export function MemberGroupPage() {
  const { t } = useTranslation();
  const rules = useMemberOptions('memberRule');
  const form: CrudFormConfig<MemberGroup> = {
    fieldNames: ['name', 'rule_ids', 'status'],
    initialValues: { name: '', rule_ids: [], status: 'enabled' },
    render: () => (
      <>
        <Form.Item
          name="name"
          label={t('memberAdmin.groupName')}
          rules={[
            { required: true, message: t('validation.required', { field: t('memberAdmin.groupName') }) },
          ]}
        >
          <Input maxLength={maxLengthOf(memberGroupCreateSchema.shape.name)} />
        </Form.Item>
        <Form.Item name="rule_ids" label={t('memberAdmin.rules')} extra={t('memberAdmin.rulesHint')}>
          <Select mode="multiple" allowClear options={rules.data ?? []} optionFilterProp="label" />
        </Form.Item>
        <Form.Item name="status" label={t('memberAdmin.status')}>
          <StatusSelect />
        </Form.Item>
      </>
    ),
  };
  return (
    <CrudPage<MemberGroup>
      testId="member-group-page"
      resource={memberAdminOperations.memberGroup}
      form={form}
      hasQuickSearch
      columns={[
        { key: 'name', title: t('memberAdmin.groupName'), isOrderable: true },
        {
          key: 'rule_ids',
          title: t('memberAdmin.rules'),
          render: (row) =>
            row.rule_ids
              .map((id) => rules.data?.find((r) => r.value === id)?.label ?? '')
              .filter(Boolean)
              .join(', '),
        },
        { key: 'status', title: t('memberAdmin.status'), render: (row) => <StatusTag status={row.status} /> },
        {
          key: 'created_at',
          title: t('access.createdAt'),
          isOrderable: true,
          render: (row) => <DateTime value={row.created_at} />,
        },
      ]}
    />
  );
}
