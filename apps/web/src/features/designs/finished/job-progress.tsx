import { Progress } from 'antd';
import type { Job } from '@pod/shared';

/** A job's progress bar (export, batch design), with its result link when done. */
export function JobProgress({ job, testId }: { job: Job | undefined; testId: string }) {
  if (!job) return <Progress percent={0} size="small" data-testid={testId} />;
  const status = job.state === 'failed' ? 'exception' : job.state === 'completed' ? 'success' : 'active';
  return (
    <Progress
      percent={job.progress}
      status={status}
      size="small"
      data-testid={testId}
      data-state={job.state}
    />
  );
}
