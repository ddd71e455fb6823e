import { useEffect } from 'react';
import {
  Alert,
  Button,
  Drawer,
  Flex,
  Form,
  InputNumber,
  Select,
  Spin,
  Switch,
  Table,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import { LIMITS, PERMISSIONS, type Shop } from '@pod/shared';
import { usePageButtons } from '../layout/current-menu.ts';
import {
  useSaveTrackingSettings,
  useShippingProviders,
  useTrackingSettings,
  type TrackingSettings,
} from './api.ts';

interface Values {
  auto_ship_enabled: boolean;
  auto_ship_hours: number;
  default_provider_id: string | null;
  /** Our carrier → the marketplace's provider id (empty = not mapped). */
  map: Record<string, string | undefined>;
}

const toValues = (s: TrackingSettings): Values => ({
  auto_ship_enabled: s.auto_ship_enabled,
  auto_ship_hours: s.auto_ship_hours,
  default_provider_id: s.default_provider_id,
  map: Object.fromEntries(s.carrier_map.map((m) => [m.carrier, m.provider_id])),
});

/**
 * A shop's tracking settings (issue 21): auto-ship after N hours (spec §5 "auto-shipping hours")
 * and each of our carriers mapped to the marketplace's shipping provider, chosen from the
 * providers the marketplace lists.
 */
export function TrackingSettingsDrawer({ shop, onClose }: { shop: Shop | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Drawer
      open={shop !== null}
      onClose={onClose}
      size="large"
      title={shop ? t('tracking.settings.title', { name: shop.name }) : ''}
      destroyOnHidden
    >
      {shop ? <SettingsForm shop={shop} onSaved={onClose} /> : null}
    </Drawer>
  );
}

function SettingsForm({ shop, onSaved }: { shop: Shop; onSaved: () => void }) {
  const { t } = useTranslation();
  const canEdit = usePageButtons().has(PERMISSIONS.tracking.edit);
  const settings = useTrackingSettings(shop.id);
  const providers = useShippingProviders(shop.id);
  const save = useSaveTrackingSettings(shop.id);
  const [form] = Form.useForm<Values>();
  const enabled = Form.useWatch('auto_ship_enabled', form);
  useEffect(() => {
    if (settings.data) form.setFieldsValue(toValues(settings.data));
  }, [settings.data, form]);

  if (settings.isPending) return <Spin />;
  if (settings.isError) return <Alert type="error" showIcon title={settings.error.msg} />;
  const data = settings.data;
  const options = (providers.data?.providers ?? []).map((p) => ({
    value: p.id,
    label: `${p.name} (${p.id})`,
  }));
  const nameOf = (id: string) => providers.data?.providers.find((p) => p.id === id)?.name ?? '';
  const carriers = [...new Set([...data.carriers, ...data.carrier_map.map((m) => m.carrier)])];

  const submit = (values: Values) =>
    save.mutate(
      {
        auto_ship_enabled: values.auto_ship_enabled,
        auto_ship_hours: values.auto_ship_hours,
        default_provider_id: values.default_provider_id || null,
        carrier_map: carriers
          .filter((c) => values.map?.[c])
          .map((c) => ({ carrier: c, provider_id: values.map[c]!, provider_name: nameOf(values.map[c]!) })),
      },
      { onSuccess: onSaved },
    );

  return (
    <Form<Values>
      form={form}
      layout="vertical"
      initialValues={toValues(data)}
      onFinish={submit}
      disabled={!canEdit}
      data-testid="tracking-settings-form"
    >
      <Typography.Title level={5}>{t('tracking.settings.autoShip')}</Typography.Title>
      <Flex gap={16} align="end">
        <Form.Item
          name="auto_ship_enabled"
          valuePropName="checked"
          label={t('tracking.settings.autoShipEnabled')}
        >
          <Switch data-testid="tracking-auto-ship" />
        </Form.Item>
        <Form.Item
          name="auto_ship_hours"
          label={t('tracking.settings.autoShipHours')}
          extra={t('tracking.settings.autoShipHoursHint', LIMITS.autoShipHours)}
          rules={[
            { required: enabled, message: t('tracking.settings.hoursRequired') },
            {
              type: 'integer',
              min: LIMITS.autoShipHours.min,
              max: LIMITS.autoShipHours.max,
              message: t('tracking.settings.hoursRange', LIMITS.autoShipHours),
            },
          ]}
        >
          <InputNumber
            min={LIMITS.autoShipHours.min}
            max={LIMITS.autoShipHours.max}
            precision={0}
            addonAfter={t('tracking.settings.hours')}
            data-testid="tracking-auto-ship-hours"
          />
        </Form.Item>
      </Flex>
      <Typography.Title level={5}>{t('tracking.settings.carrierMap')}</Typography.Title>
      {providers.isError ? (
        <Alert
          type="warning"
          showIcon
          title={t('tracking.settings.providersFailed', { message: providers.error.msg })}
          style={{ marginBottom: 12 }}
        />
      ) : null}
      <Table
        rowKey="carrier"
        size="small"
        pagination={false}
        loading={providers.isPending}
        dataSource={carriers.map((carrier) => ({ carrier }))}
        locale={{ emptyText: t('tracking.settings.noCarriers') }}
        columns={[
          { key: 'carrier', dataIndex: 'carrier', title: t('tracking.settings.ourCarrier') },
          {
            key: 'provider',
            title: t('tracking.settings.provider'),
            render: (_, row) => (
              <Form.Item name={['map', row.carrier]} noStyle>
                <Select
                  allowClear
                  showSearch={{ optionFilterProp: 'label' }}
                  style={{ width: 280 }}
                  placeholder={t('tracking.settings.notMapped')}
                  options={options}
                  data-testid="tracking-provider-select"
                />
              </Form.Item>
            ),
          },
        ]}
      />
      <Form.Item
        name="default_provider_id"
        label={t('tracking.settings.defaultProvider')}
        extra={t('tracking.settings.defaultProviderHint')}
        style={{ marginTop: 16 }}
      >
        <Select
          allowClear
          style={{ width: 280 }}
          options={options}
          placeholder={t('tracking.settings.notMapped')}
        />
      </Form.Item>
      {canEdit ? (
        <Button
          type="primary"
          htmlType="submit"
          loading={save.isPending}
          data-testid="tracking-settings-save"
        >
          {t('app.save')}
        </Button>
      ) : null}
    </Form>
  );
}
