import { Form, Input, InputNumber, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  departmentCreateSchema,
  departmentUpdateSchema,
  accessOperations,
  type Department,
  maxLengthOf,
} from '@pod/shared';
import { useZodField, useFieldLabel } from '../../forms/use-zod-field.ts';
import { CrudPage, type CrudFormConfig } from '../crud/crud-page.tsx';
import { DepartmentTreeSelect } from './department-tree-select.tsx';
import { DateTime, StatusSelect, StatusTag, useStatusOptions } from './shared-fields.tsx';

const FIELDS = ['parent_id', 'name', 'sort', 'status'] as const;

/** Departments: a tree per tenant (issue: access control). */
export function DepartmentPage() {
  const { t } = useTranslation();
  const fieldLabel = useFieldLabel();
  const field = useZodField();
  const statusOptions = useStatusOptions();

  const form: CrudFormConfig<Department> = {
    fieldNames: FIELDS,
    initialValues: { status: 'enabled', sort: 0 },
    toBody: (values) => ({ ...values, parent_id: values.parent_id ?? null }),
    render: ({ mode, row }) => {
      const shape = mode === 'create' ? departmentCreateSchema.shape : departmentUpdateSchema.shape;
      return (
        <>
          <Form.Item name="parent_id" label={fieldLabel('parent_id')}>
            <DepartmentTreeSelect placeholder={t('access.topLevel')} excludeId={row?.id ?? null} />
          </Form.Item>
          <Form.Item {...field('name', shape.name)}>
            <Input maxLength={maxLengthOf(shape.name)} />
          </Form.Item>
          <Form.Item {...field('sort', shape.sort)} extra={t('access.sortHint')}>
            <InputNumber style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item {...field('status', shape.status)}>
            <Radio.Group options={statusOptions} />
          </Form.Item>
        </>
      );
    },
  };

  return (
    <CrudPage<Department>
      testId="department-page"
      resource={accessOperations.department}
      isTree
      isSortable
      form={form}
      filters={
        <Form.Item name="status" label={fieldLabel('status')}>
          <StatusSelect />
        </Form.Item>
      }
      columns={[
        { key: 'name', title: fieldLabel('name'), isOrderable: true },
        { key: 'status', title: fieldLabel('status'), render: (row) => <StatusTag status={row.status} /> },
        { key: 'sort', title: fieldLabel('sort'), isOrderable: true },
        {
          key: 'created_at',
          title: t('access.createdAt'),
          render: (row) => <DateTime value={row.created_at} />,
        },
      ]}
    />
  );
}
