import { Button, Popconfirm } from 'antd';
import { RollbackOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { adminOperations, PERMISSIONS, type SensitiveLog } from '@pod/shared';
import { CrudPage } from '../crud/crud-page.tsx';
import { DateTime } from '../access/shared-fields.tsx';
import { usePageButtons } from '../layout/current-menu.ts';
import { TOOL_RESOURCES, useToolAction } from './api.ts';
import { jsonPreview } from './json-view.tsx';
import { useResourceName } from './resource-name.ts';

/**
 * Sensitive data logs: changes to sensitive fields with before and after, rolled back with
 * confirmation; a change that cannot be rolled back safely shows the server's message (409).
 */
export function SensitiveLogPage() {
  const { t } = useTranslation();
  const resourceName = useResourceName();
  const buttons = usePageButtons();
  const rollback = useToolAction(TOOL_RESOURCES.sensitiveLog, adminOperations.sensitiveLogRollback);

  return (
    <CrudPage<SensitiveLog>
      testId="sensitive-log-page"
      resource={TOOL_RESOURCES.sensitiveLog}
      isDeletable={false}
      hasQuickSearch={false}
      rowActions={(row) =>
        // A secret's change has no recorded values to put back (issue 27): no button for it.
        buttons.has(PERMISSIONS.sensitiveLog.rollback) && row.can_rollback ? (
          <Popconfirm
            title={t('tools.sensitive.rollbackConfirm', { field: row.field })}
            okText={t('tools.sensitive.rollback')}
            cancelText={t('app.cancel')}
            onConfirm={() => rollback.mutate(row.id)}
          >
            <Button size="small" type="link" icon={<RollbackOutlined />} data-testid="sensitive-rollback">
              {t('tools.sensitive.rollback')}
            </Button>
          </Popconfirm>
        ) : null
      }
      columns={[
        { key: 'resource', title: t('tools.resource'), render: (row) => resourceName(row.resource) },
        { key: 'row_id', title: t('tools.rowId'), isHiddenByDefault: true },
        { key: 'field', title: t('tools.sensitive.field') },
        { key: 'before', title: t('tools.sensitive.before'), render: (row) => jsonPreview(row.before) },
        { key: 'after', title: t('tools.sensitive.after'), render: (row) => jsonPreview(row.after) },
        {
          key: 'created_at',
          title: t('tools.sensitive.changedAt'),
          render: (row) => <DateTime value={row.created_at} />,
        },
      ]}
    />
  );
}
