import { Progress } from 'antd';
import type { ExportRecord } from '@pod/shared';

/** An export's progress: active while it runs, green when done, red when it failed. */
export function ExportProgress({ record, testId }: { record: ExportRecord | undefined; testId?: string }) {
  const status =
    record?.status === 'failed' ? 'exception' : record?.status === 'completed' ? 'success' : 'active';
  return (
    <Progress
      percent={record?.progress ?? 0}
      status={status}
      size="small"
      style={{ minWidth: 140, margin: 0 }}
      data-testid={testId}
      data-status={record?.status ?? 'queued'}
    />
  );
}
