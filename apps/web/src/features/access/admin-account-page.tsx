import { App, Button, Form, Input, Radio, Select, Space, Switch, Tag } from 'antd';
import { LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import {
  adminAccountCreateSchema,
  adminAccountUpdateSchema,
  accessOperations,
  logisticsOperations,
  type AdminAccount,
  PERMISSIONS,
  maxLengthOf,
  LIMITS,
} from '@pod/shared';
import { useZodField, useFieldLabel } from '../../forms/use-zod-field.ts';
import { useCrudMutations, useCrudSelect } from '../crud/api.ts';
import { CrudPage, type CrudFormConfig } from '../crud/crud-page.tsx';
import { usePageButtons } from '../layout/current-menu.ts';
import { useAdminSession } from '../../session/admin-session-context.ts';
import { menuPaths } from '../../session/permissions.ts';
import { DepartmentTreeSelect } from './department-tree-select.tsx';
import { DateTime, StatusSelect, StatusTag, useStatusOptions } from './shared-fields.tsx';

const FIELDS = [
  'username',
  'password',
  'nickname',
  'mobile',
  'email',
  'department_id',
  'role_ids',
  'factory_ids',
  'status',
  'is_locked',
] as const;

/** Admin accounts: the tenant's staff, with roles, a department, lock and status. */
export function AdminAccountPage() {
  const { t } = useTranslation();
  const fieldLabel = useFieldLabel();
  const { modal } = App.useApp();
  const field = useZodField();
  const statusOptions = useStatusOptions();
  const buttons = usePageButtons();
  const roles = useCrudSelect(accessOperations.role);
  const departments = useCrudSelect(accessOperations.department);
  // Only users whose menus include the factory list may limit staff to factories; nobody else asks.
  const canListFactories = menuPaths(useAdminSession().menus).some((path) =>
    path.endsWith('/tenancy/factory'),
  );
  const factories = useCrudSelect(logisticsOperations.factory, canListFactories);
  const self = useAdminSession().user.id;
  // The server refuses changes to primary accounts and to one's own account here (the personal
  // centre is for that): such rows offer no edit, delete or lock.
  const isProtected = (row: AdminAccount) => row.is_primary || row.id === self;
  const { update } = useCrudMutations(accessOperations.admin);
  const labelOf = (options: { value: string; label: string }[] | undefined, id: string) =>
    options?.find((option) => option.value === id)?.label ?? '—';

  const form: CrudFormConfig<AdminAccount> = {
    fieldNames: FIELDS,
    initialValues: { status: 'enabled', role_ids: [], factory_ids: [] },
    toValues: (row) => ({ ...row, password: '' }),
    toBody: (values, mode) => {
      const body: Record<string, unknown> = {
        nickname: values.nickname ?? '',
        mobile: values.mobile ?? '',
        email: values.email ?? '',
        department_id: values.department_id ?? null,
        role_ids: values.role_ids ?? [],
        ...(factories.data?.length ? { factory_ids: values.factory_ids ?? [] } : {}),
        status: values.status,
      };
      if (mode === 'create') return { ...body, username: values.username, password: values.password };
      // A blank password on edit keeps the current one.
      return {
        ...body,
        is_locked: Boolean(values.is_locked),
        ...(values.password ? { password: values.password } : {}),
      };
    },
    render: ({ mode }) => {
      const create = adminAccountCreateSchema.shape;
      const update = adminAccountUpdateSchema.shape;
      return (
        <>
          {mode === 'create' ? (
            <Form.Item {...field('username', create.username)}>
              <Input autoComplete="off" maxLength={maxLengthOf(create.username)} />
            </Form.Item>
          ) : null}
          <Form.Item
            {...field('password', mode === 'create' ? create.password : update.password)}
            extra={mode === 'edit' ? t('access.admin.passwordKeep') : t('auth.adminPasswordRule')}
          >
            <Input.Password
              autoComplete="new-password"
              maxLength={maxLengthOf(mode === 'create' ? create.password : update.password)}
            />
          </Form.Item>
          <Form.Item {...field('nickname', create.nickname)}>
            <Input maxLength={maxLengthOf(create.nickname)} />
          </Form.Item>
          <Form.Item {...field('mobile', create.mobile)}>
            <Input maxLength={LIMITS.text.mobile} />
          </Form.Item>
          <Form.Item {...field('email', create.email)}>
            <Input maxLength={maxLengthOf(create.email)} />
          </Form.Item>
          <Form.Item name="department_id" label={fieldLabel('department_id')}>
            <DepartmentTreeSelect />
          </Form.Item>
          <Form.Item {...field('role_ids', create.role_ids)}>
            <Select mode="multiple" allowClear options={roles.data ?? []} loading={roles.isPending} />
          </Form.Item>
          {factories.data?.length ? (
            <Form.Item
              name="factory_ids"
              label={fieldLabel('factory_ids')}
              extra={t('access.factoryIdsHint')}
            >
              <Select mode="multiple" allowClear options={factories.data} />
            </Form.Item>
          ) : null}
          <Form.Item {...field('status', create.status)}>
            <Radio.Group options={statusOptions} />
          </Form.Item>
          {mode === 'edit' ? (
            <Form.Item name="is_locked" label={fieldLabel('is_locked')} valuePropName="checked">
              <Switch />
            </Form.Item>
          ) : null}
        </>
      );
    },
  };

  const onToggleLock = (row: AdminAccount) =>
    modal.confirm({
      title: t(row.is_locked ? 'access.admin.unlockConfirm' : 'access.admin.lockConfirm', {
        name: row.username,
      }),
      okText: t(row.is_locked ? 'access.admin.unlock' : 'access.admin.lock'),
      cancelText: t('app.cancel'),
      onOk: () =>
        update.mutateAsync({ id: row.id, body: { is_locked: !row.is_locked } }).catch(() => undefined),
    });

  return (
    <CrudPage<AdminAccount>
      testId="admin-account-page"
      resource={accessOperations.admin}
      form={form}
      isRowProtected={isProtected}
      rowActions={(row) =>
        buttons.has(PERMISSIONS.admin.edit) && !isProtected(row) ? (
          <Button
            size="small"
            type="link"
            icon={row.is_locked ? <UnlockOutlined /> : <LockOutlined />}
            onClick={() => void onToggleLock(row)}
          >
            {t(row.is_locked ? 'access.admin.unlock' : 'access.admin.lock')}
          </Button>
        ) : null
      }
      filters={
        <>
          <Form.Item name="username" label={fieldLabel('username')}>
            <Input allowClear style={{ width: 160 }} />
          </Form.Item>
          <Form.Item name="status" label={fieldLabel('status')}>
            <StatusSelect />
          </Form.Item>
          <Form.Item name="department_id" label={fieldLabel('department_id')}>
            <Select
              allowClear
              placeholder={t('crud.all')}
              options={departments.data ?? []}
              style={{ width: 180 }}
            />
          </Form.Item>
        </>
      }
      columns={[
        { key: 'username', title: fieldLabel('username'), isOrderable: true },
        { key: 'nickname', title: fieldLabel('nickname') },
        { key: 'mobile', title: fieldLabel('mobile') },
        { key: 'email', title: fieldLabel('email'), isHiddenByDefault: true },
        {
          key: 'department_id',
          title: fieldLabel('department_id'),
          render: (row) => (row.department_id ? labelOf(departments.data, row.department_id) : '—'),
        },
        {
          key: 'role_ids',
          title: fieldLabel('role_ids'),
          render: (row) =>
            row.is_primary ? (
              <Tag color="gold">{t('admin.accountType.primary')}</Tag>
            ) : (
              <Space size={4} wrap>
                {row.role_ids.map((id) => (
                  <Tag key={id}>{labelOf(roles.data, id)}</Tag>
                ))}
              </Space>
            ),
        },
        { key: 'status', title: fieldLabel('status'), render: (row) => <StatusTag status={row.status} /> },
        {
          key: 'is_locked',
          title: fieldLabel('is_locked'),
          render: (row) => (row.is_locked ? <Tag color="red">{t('access.admin.locked')}</Tag> : t('crud.no')),
        },
        {
          key: 'last_login_time',
          title: t('access.admin.lastLogin'),
          isOrderable: true,
          render: (row) => <DateTime value={row.last_login_time} />,
        },
        {
          key: 'created_at',
          title: t('access.createdAt'),
          isOrderable: true,
          isHiddenByDefault: true,
          render: (row) => <DateTime value={row.created_at} />,
        },
      ]}
    />
  );
}
