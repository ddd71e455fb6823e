import { Form, Input, InputNumber, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  MEMBER_RULE_TYPES,
  maxLengthOf,
  memberAdminOperations,
  memberRuleCreateSchema,
  type MemberRule,
} from '@pod/shared';
import { StatusSelect, StatusTag } from '../access/shared-fields.tsx';
import { CrudPage, type CrudFormConfig } from '../crud/crud-page.tsx';
import { useMemberOptions } from './api.ts';

const shape = memberRuleCreateSchema.shape;

/** The member centre's rules (spec /admin/user/rule): its menus and routes, as a tree. */
export function MemberRulePage() {
  const { t } = useTranslation();
  const rules = useMemberOptions('memberRule');
  const form: CrudFormConfig<MemberRule> = {
    fieldNames: ['parent_id', 'type', 'title', 'name', 'icon', 'sort', 'status'],
    initialValues: {
      parent_id: null,
      type: 'menu',
      title: '',
      name: '',
      icon: '',
      sort: 0,
      status: 'enabled',
    },
    render: ({ row }) => (
      <>
        <Form.Item name="parent_id" label={t('memberAdmin.parent')}>
          <Select allowClear options={(rules.data ?? []).filter((r) => r.value !== row?.id)} />
        </Form.Item>
        <Form.Item name="type" label={t('memberAdmin.ruleType')}>
          <Radio.Group
            options={MEMBER_RULE_TYPES.map((type) => ({
              value: type,
              label: t(`memberAdmin.ruleTypes.${type}`),
            }))}
          />
        </Form.Item>
        <Form.Item
          name="title"
          label={t('memberAdmin.ruleTitle')}
          rules={[
            { required: true, message: t('validation.required', { field: t('memberAdmin.ruleTitle') }) },
          ]}
        >
          <Input maxLength={maxLengthOf(shape.title)} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('memberAdmin.ruleName')}
          extra={t('memberAdmin.ruleNameHint')}
          rules={[
            { required: true, message: t('validation.required', { field: t('memberAdmin.ruleName') }) },
          ]}
        >
          <Input maxLength={maxLengthOf(shape.name)} />
        </Form.Item>
        <Form.Item name="icon" label={t('memberAdmin.icon')}>
          <Input maxLength={maxLengthOf(shape.icon)} />
        </Form.Item>
        <Form.Item name="sort" label={t('memberAdmin.sort')}>
          <InputNumber precision={0} />
        </Form.Item>
        <Form.Item name="status" label={t('memberAdmin.status')}>
          <StatusSelect />
        </Form.Item>
      </>
    ),
  };
  return (
    <CrudPage<MemberRule>
      testId="member-rule-page"
      resource={memberAdminOperations.memberRule}
      form={form}
      isSortable
      hasQuickSearch
      columns={[
        { key: 'title', title: t('memberAdmin.ruleTitle') },
        { key: 'name', title: t('memberAdmin.ruleName'), isOrderable: true },
        {
          key: 'type',
          title: t('memberAdmin.ruleType'),
          render: (row) => t(`memberAdmin.ruleTypes.${row.type}`),
        },
        {
          key: 'parent_id',
          title: t('memberAdmin.parent'),
          render: (row) => rules.data?.find((r) => r.value === row.parent_id)?.label ?? '',
        },
        { key: 'sort', title: t('memberAdmin.sort'), isOrderable: true },
        { key: 'status', title: t('memberAdmin.status'), render: (row) => <StatusTag status={row.status} /> },
      ]}
    />
  );
}
