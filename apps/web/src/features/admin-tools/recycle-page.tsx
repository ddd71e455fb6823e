import { useState } from 'react';
import { Button, Drawer, Form, Input, Popconfirm } from 'antd';
import { DeleteOutlined, EyeOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { adminOperations, PERMISSIONS, type RecycleEntry } from '@pod/shared';
import { CrudPage } from '../crud/crud-page.tsx';
import { DateTime } from '../access/shared-fields.tsx';
import { usePageButtons } from '../layout/current-menu.ts';
import { TOOL_RESOURCES, useToolAction } from './api.ts';
import { JsonView, jsonPreview } from './json-view.tsx';
import { useResourceName } from './resource-name.ts';

/** What a person calls the deleted row: its name, title or username, else its id. */
function recordLabel(row: RecycleEntry): string {
  const data = (row.data ?? {}) as Record<string, unknown>;
  for (const key of ['name', 'title', 'username', 'account_name']) {
    if (typeof data[key] === 'string' && data[key]) return data[key];
  }
  return row.row_id;
}

/** Data recycle: deleted rows, restored or purged with confirmation (issue: admin tools). */
export function RecyclePage() {
  const { t } = useTranslation();
  const resourceName = useResourceName();
  const buttons = usePageButtons();
  const restore = useToolAction(TOOL_RESOURCES.recycle, adminOperations.recycleRestore);
  const purge = useToolAction(TOOL_RESOURCES.recycle, adminOperations.recyclePurge);
  const [shown, setShown] = useState<RecycleEntry | null>(null);

  return (
    <>
      <CrudPage<RecycleEntry>
        testId="recycle-page"
        resource={TOOL_RESOURCES.recycle}
        isDeletable={false}
        hasQuickSearch={false}
        filters={
          <Form.Item name="resource" label={t('tools.resource')}>
            <Input allowClear style={{ width: 180 }} />
          </Form.Item>
        }
        rowActions={(row) => (
          <>
            <Button size="small" type="link" icon={<EyeOutlined />} onClick={() => setShown(row)}>
              {t('tools.details')}
            </Button>
            {buttons.has(PERMISSIONS.recycle.restore) ? (
              <Popconfirm
                title={t('tools.recycle.restoreConfirm')}
                okText={t('tools.recycle.restore')}
                cancelText={t('app.cancel')}
                onConfirm={() => restore.mutate(row.id)}
              >
                <Button size="small" type="link" icon={<UndoOutlined />} data-testid="recycle-restore">
                  {t('tools.recycle.restore')}
                </Button>
              </Popconfirm>
            ) : null}
            {buttons.has(PERMISSIONS.recycle.del) ? (
              <Popconfirm
                title={t('tools.recycle.purgeConfirm')}
                okText={t('tools.recycle.purge')}
                okButtonProps={{ danger: true }}
                cancelText={t('app.cancel')}
                onConfirm={() => purge.mutate(row.id)}
              >
                <Button size="small" type="link" danger icon={<DeleteOutlined />} data-testid="recycle-purge">
                  {t('tools.recycle.purge')}
                </Button>
              </Popconfirm>
            ) : null}
          </>
        )}
        columns={[
          { key: 'resource', title: t('tools.resource'), render: (row) => resourceName(row.resource) },
          { key: 'row_id', title: t('tools.recycle.record'), render: (row) => recordLabel(row) },
          { key: 'data', title: t('tools.recycle.data'), render: (row) => jsonPreview(row.data) },
          {
            key: 'created_at',
            title: t('tools.recycle.deletedAt'),
            render: (row) => <DateTime value={row.created_at} />,
          },
        ]}
      />
      <Drawer open={shown !== null} title={t('tools.recycle.data')} size={560} onClose={() => setShown(null)}>
        {shown ? <JsonView value={shown.data} /> : null}
      </Drawer>
    </>
  );
}
