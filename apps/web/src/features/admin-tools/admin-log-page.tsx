import { useState } from 'react';
import { Button, DatePicker, Descriptions, Drawer, Form, Select, Tag } from 'antd';
import { EyeOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { LIMITS, type AdminLog } from '@pod/shared';
import type { QueryParams } from '../../api/client.ts';
import { CrudPage } from '../crud/crud-page.tsx';
import { DateTime } from '../access/shared-fields.tsx';
import { TOOL_RESOURCES } from './api.ts';
import { JsonView } from './json-view.tsx';
import { useFieldLabel } from '../../forms/use-zod-field.ts';

const METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
/**
 * spec §5: a date range must not exceed one year. Days between the picked dates: the range runs from
 * the first day's start to the last day's end, so the last day counts whole.
 */
const MAX_RANGE_DAYS = LIMITS.dateRangeMaxDays - 1;

/** What a range picker holds: two dates (dayjs objects) or nothing. */
interface PickedDate {
  toISOString(): string;
  startOf(unit: 'day'): PickedDate;
  endOf(unit: 'day'): PickedDate;
  diff(other: PickedDate, unit: 'day'): number;
}

const METHOD_COLOURS: Record<string, string> = {
  POST: 'green',
  PUT: 'blue',
  PATCH: 'blue',
  DELETE: 'red',
};

/** Admin log: every write by admin users, read-only, with a details drawer (issue: admin tools). */
export function AdminLogPage() {
  const { t } = useTranslation();
  const fieldLabel = useFieldLabel();
  const [shown, setShown] = useState<AdminLog | null>(null);

  const toFilterParams = (values: Record<string, unknown>): QueryParams => {
    const range = values.range as [PickedDate | null, PickedDate | null] | null | undefined;
    return {
      method: typeof values.method === 'string' ? values.method : undefined,
      from: range?.[0]?.startOf('day').toISOString(),
      to: range?.[1]?.endOf('day').toISOString(),
    };
  };

  return (
    <>
      <CrudPage<AdminLog>
        testId="admin-log-page"
        resource={TOOL_RESOURCES.adminLog}
        isDeletable={false}
        toFilterParams={toFilterParams}
        filters={
          <>
            <Form.Item name="method" label={t('tools.log.method')}>
              <Select
                allowClear
                placeholder={t('crud.all')}
                options={METHODS.map((m) => ({ value: m, label: m }))}
                style={{ width: 140 }}
                data-testid="admin-log-method"
              />
            </Form.Item>
            <Form.Item
              name="range"
              label={t('tools.log.time')}
              rules={[
                {
                  validator: (_rule, value: [PickedDate | null, PickedDate | null] | null | undefined) =>
                    value?.[0] && value[1] && value[1].diff(value[0], 'day') > MAX_RANGE_DAYS
                      ? Promise.reject(new Error(t('tools.log.rangeTooLong')))
                      : Promise.resolve(),
                },
              ]}
            >
              <DatePicker.RangePicker
                data-testid="admin-log-range"
                disabledDate={(current, info) =>
                  info.from ? Math.abs(current.diff(info.from, 'day')) > MAX_RANGE_DAYS : false
                }
              />
            </Form.Item>
          </>
        }
        rowActions={(row) => (
          <Button
            size="small"
            type="link"
            icon={<EyeOutlined />}
            data-testid="admin-log-details"
            onClick={() => setShown(row)}
          >
            {t('tools.details')}
          </Button>
        )}
        columns={[
          { key: 'username', title: fieldLabel('username') },
          {
            key: 'method',
            title: t('tools.log.method'),
            render: (row) => <Tag color={METHOD_COLOURS[row.method] ?? 'default'}>{row.method}</Tag>,
          },
          { key: 'url', title: t('tools.log.url') },
          { key: 'status_code', title: t('tools.log.statusCode') },
          { key: 'ip', title: t('tools.log.ip') },
          { key: 'operation_id', title: t('tools.log.operation'), isHiddenByDefault: true },
          { key: 'user_agent', title: t('tools.log.userAgent'), isHiddenByDefault: true },
          {
            key: 'created_at',
            title: t('tools.log.time'),
            render: (row) => <DateTime value={row.created_at} />,
          },
        ]}
      />
      <Drawer
        open={shown !== null}
        title={t('tools.log.detailsTitle')}
        size={640}
        onClose={() => setShown(null)}
        data-testid="admin-log-drawer"
      >
        {shown ? (
          <Descriptions column={1} bordered size="small">
            <Descriptions.Item label={fieldLabel('username')}>{shown.username}</Descriptions.Item>
            <Descriptions.Item label={t('tools.log.method')}>{shown.method}</Descriptions.Item>
            <Descriptions.Item label={t('tools.log.url')}>{shown.url}</Descriptions.Item>
            <Descriptions.Item label={t('tools.log.route')}>{shown.route}</Descriptions.Item>
            <Descriptions.Item label={t('tools.log.operation')}>{shown.operation_id}</Descriptions.Item>
            <Descriptions.Item label={t('tools.log.statusCode')}>{shown.status_code}</Descriptions.Item>
            <Descriptions.Item label={t('tools.log.ip')}>{shown.ip}</Descriptions.Item>
            <Descriptions.Item label={t('tools.log.userAgent')}>{shown.user_agent}</Descriptions.Item>
            <Descriptions.Item label={t('tools.log.time')}>
              <DateTime value={shown.created_at} />
            </Descriptions.Item>
            <Descriptions.Item label={t('tools.log.summary')}>
              <JsonView value={shown.summary} testId="admin-log-summary" />
            </Descriptions.Item>
          </Descriptions>
        ) : null}
      </Drawer>
    </>
  );
}
