import { useState } from 'react';
import { App, Button, Card, Empty, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { moduleStoreOperations, tenancyOperations, type StoreModule } from '@pod/shared';
import { call } from '../../api/call.ts';
import { ApiError } from '../../api/api-error.ts';

const storeKeys = { tenant: (tenantId: string) => ['moduleStore', tenantId] as const };

/**
 * The module store (spec /admin/moduleStore, decision 0048): the platform switches a supplier's
 * modules on and off; the list is the modules' own declarations.
 */
export function ModuleStorePage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [tenantId, setTenantId] = useState<string | null>(null);
  const suppliers = useQuery({
    queryKey: ['moduleStore', 'suppliers'],
    queryFn: async () => {
      const reply = await call(tenancyOperations.supplier.list, { query: { select: 'true' } });
      return 'options' in reply ? reply.options : [];
    },
  });
  const modules = useQuery({
    queryKey: storeKeys.tenant(tenantId ?? ''),
    enabled: tenantId !== null,
    queryFn: () => call(moduleStoreOperations.moduleStoreList, { query: { tenant_id: tenantId! } }),
  });
  const toggle = useMutation({
    mutationFn: (body: { name: string; enabled: boolean }) =>
      call(moduleStoreOperations.moduleStoreSwitch, { body: { tenant_id: tenantId!, ...body } }),
    onSuccess: (data) => {
      queryClient.setQueryData(storeKeys.tenant(tenantId!), data);
    },
    onError: (error) => {
      void message.error(error instanceof ApiError ? error.msg : t('request.unknownError'));
    },
  });
  const title = (m: StoreModule) => t(m.title as never, { defaultValue: m.name });
  const nameOf = (name: string) => {
    const m = modules.data?.list.find((x) => x.name === name);
    return m ? title(m) : name;
  };

  return (
    <Card data-testid="module-store-page">
      <Space style={{ marginBottom: 16 }}>
        <span>{t('moduleStore.supplier')}</span>
        <Select
          style={{ width: 280 }}
          showSearch
          optionFilterProp="label"
          placeholder={t('moduleStore.pickSupplier')}
          options={suppliers.data ?? []}
          value={tenantId}
          onChange={setTenantId}
          data-testid="module-store-supplier"
        />
      </Space>
      {tenantId === null ? (
        <Empty description={t('moduleStore.pickSupplier')} />
      ) : (
        <Table<StoreModule>
          rowKey="name"
          loading={modules.isLoading}
          dataSource={modules.data?.list ?? []}
          pagination={false}
          columns={[
            { key: 'title', title: t('menu.moduleStore'), render: (_, m) => <strong>{title(m)}</strong> },
            {
              key: 'description',
              title: t('crudGenerator.content'),
              render: (_, m) => t(m.description as never, { defaultValue: '' }),
            },
            { key: 'version', title: t('moduleStore.version'), dataIndex: 'version' },
            {
              key: 'depends',
              title: t('moduleStore.dependsOn'),
              render: (_, m) => m.depends_on.map((d) => <Tag key={d}>{nameOf(d)}</Tag>),
            },
            {
              key: 'needed',
              title: t('moduleStore.neededBy'),
              render: (_, m) => m.needed_by.map((d) => <Tag key={d}>{nameOf(d)}</Tag>),
            },
            {
              key: 'state',
              title: t('memberAdmin.status'),
              render: (_, m) => (
                <Tag color={m.enabled ? 'green' : 'default'} data-testid={`module-state-${m.name}`}>
                  {t(m.enabled ? 'moduleStore.enabled' : 'moduleStore.disabled')}
                </Tag>
              ),
            },
            {
              key: 'action',
              title: '',
              render: (_, m) =>
                m.enabled ? (
                  <Popconfirm
                    title={t('moduleStore.confirmDisable', { name: title(m) })}
                    onConfirm={() => toggle.mutate({ name: m.name, enabled: false })}
                    okButtonProps={{ 'data-testid': 'module-disable-confirm' }}
                  >
                    <Button danger size="small" data-testid={`module-disable-${m.name}`}>
                      {t('moduleStore.disable')}
                    </Button>
                  </Popconfirm>
                ) : (
                  <Button
                    size="small"
                    type="primary"
                    data-testid={`module-enable-${m.name}`}
                    onClick={() => toggle.mutate({ name: m.name, enabled: true })}
                  >
                    {t('moduleStore.enable')}
                  </Button>
                ),
            },
          ]}
        />
      )}
    </Card>
  );
}
