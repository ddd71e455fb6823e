import { DownloadOutlined, ExportOutlined } from '@ant-design/icons';
import { Button, Flex, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { QueryParams } from '../../api/client.ts';
import { downloadExport, isExportOver, useExportRecord, useStartExport } from './api.ts';
import { ExportProgress } from './export-progress.tsx';

/** Where the export records page lives (its menu's path). */
export const EXPORT_RECORDS_PATH = '/admin/system/export';

/**
 * A list page's "Export" button (issue 24): exports the list with the filters it shows now, then
 * follows the export's progress beside the button and offers its download. The records page keeps
 * every export (retry, error log, delete).
 */
export function ExportButton({ page, filters }: { page: string; filters: QueryParams }) {
  const { t } = useTranslation();
  const start = useStartExport();
  const [id, setId] = useState<string | null>(null);
  const record = useExportRecord(id);
  const running = start.isPending || (id !== null && !record.isError && !isExportOver(record.data));
  return (
    <Flex align="center" gap={8} wrap>
      <Button
        icon={<ExportOutlined />}
        loading={running}
        data-testid="export-button"
        onClick={() => start.mutate({ page, filters }, { onSuccess: (created) => setId(created.id) })}
      >
        {t('exports.export')}
      </Button>
      {id !== null ? (
        <Flex align="center" gap={8} data-testid="export-status">
          <ExportProgress record={record.data} testId="export-progress" />
          {record.data?.status === 'completed' ? (
            <Button
              size="small"
              type="link"
              icon={<DownloadOutlined />}
              data-testid="export-download"
              onClick={() => void downloadExport(record.data!.id)}
            >
              {t('exports.download')}
            </Button>
          ) : null}
          {record.data?.status === 'failed' ? (
            <Tooltip title={record.data.error_log}>
              <Typography.Text type="danger" data-testid="export-failed">
                {t('exports.failed')}
              </Typography.Text>
            </Tooltip>
          ) : null}
          <Link to={EXPORT_RECORDS_PATH}>{t('exports.records')}</Link>
        </Flex>
      ) : null}
    </Flex>
  );
}
