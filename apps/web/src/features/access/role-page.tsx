import { Form, Input, InputNumber, Radio, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  DATA_SCOPES,
  roleCreateSchema,
  roleUpdateSchema,
  type Role,
  accessOperations,
  maxLengthOf,
} from '@pod/shared';
import { useZodField, useFieldLabel } from '../../forms/use-zod-field.ts';
import { CrudPage, type CrudFormConfig } from '../crud/crud-page.tsx';
import { DepartmentTreeSelect } from './department-tree-select.tsx';
import { MenuTreeField } from './menu-tree-field.tsx';
import { DateTime, StatusSelect, StatusTag, useStatusOptions } from './shared-fields.tsx';

const FIELDS = [
  'name',
  'code',
  'data_scope',
  'department_ids',
  'status',
  'sort',
  'remark',
  'menu_ids',
] as const;

/** Roles (spec §6): permission character, data scope, menus and buttons as a tree. */
export function RolePage() {
  const { t } = useTranslation();
  const fieldLabel = useFieldLabel();
  const field = useZodField();
  const statusOptions = useStatusOptions();
  const scopeOptions = DATA_SCOPES.map((scope) => ({ value: scope, label: t(`access.dataScope.${scope}`) }));

  const form: CrudFormConfig<Role> = {
    fieldNames: FIELDS,
    width: 720,
    initialValues: { data_scope: 'self', status: 'enabled', sort: 0, menu_ids: [], department_ids: [] },
    toValues: (row) => ({ ...row }),
    toBody: (values) => ({
      ...Object.fromEntries(FIELDS.map((name) => [name, values[name]])),
      remark: values.remark ?? '',
      department_ids: values.data_scope === 'custom' ? (values.department_ids ?? []) : [],
    }),
    render: ({ mode }) => {
      const shape = mode === 'create' ? roleCreateSchema.shape : roleUpdateSchema.shape;
      return (
        <>
          <Form.Item {...field('name', shape.name)}>
            <Input maxLength={maxLengthOf(shape.name)} />
          </Form.Item>
          {/* The role's permission character, not the dictionary's `code` (a verification code, issue 26). */}
          <Form.Item {...field('roleCode', shape.code)} name="code" extra={t('access.role.codeHint')}>
            <Input maxLength={maxLengthOf(shape.code)} />
          </Form.Item>
          <Form.Item {...field('data_scope', shape.data_scope)}>
            <Select options={scopeOptions} />
          </Form.Item>
          <Form.Item noStyle dependencies={['data_scope']}>
            {({ getFieldValue }) =>
              getFieldValue('data_scope') === 'custom' ? (
                <Form.Item {...field('department_ids', shape.department_ids)}>
                  <DepartmentsSelect />
                </Form.Item>
              ) : null
            }
          </Form.Item>
          <Form.Item {...field('menu_ids', shape.menu_ids)}>
            <MenuTreeField />
          </Form.Item>
          <Form.Item {...field('status', shape.status)}>
            <Radio.Group options={statusOptions} />
          </Form.Item>
          <Form.Item {...field('sort', shape.sort)} extra={t('access.sortHint')}>
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item {...field('remark', shape.remark)}>
            <Input.TextArea maxLength={maxLengthOf(shape.remark)} rows={2} />
          </Form.Item>
        </>
      );
    },
  };

  return (
    <CrudPage<Role>
      testId="role-page"
      resource={accessOperations.role}
      isSortable
      form={form}
      filters={
        <>
          <Form.Item name="name" label={fieldLabel('name')}>
            <Input allowClear style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="status" label={fieldLabel('status')}>
            <StatusSelect />
          </Form.Item>
        </>
      }
      columns={[
        { key: 'name', title: fieldLabel('name'), isOrderable: true },
        { key: 'code', title: fieldLabel('roleCode') },
        {
          key: 'data_scope',
          title: fieldLabel('data_scope'),
          render: (row) => <Tag>{t(`access.dataScope.${row.data_scope}`)}</Tag>,
        },
        { key: 'status', title: fieldLabel('status'), render: (row) => <StatusTag status={row.status} /> },
        { key: 'sort', title: fieldLabel('sort'), isOrderable: true },
        { key: 'remark', title: fieldLabel('remark'), isHiddenByDefault: true },
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

/** The departments a "custom" data scope may see; loaded only when that scope is chosen. */
function DepartmentsSelect(props: { value?: string[]; onChange?: (ids: string[]) => void }) {
  return <DepartmentTreeSelect isMultiple {...props} />;
}
