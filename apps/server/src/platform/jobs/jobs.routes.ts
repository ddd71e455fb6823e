import { route } from '../http/route.ts';
import { jobOperations, type Job } from '@pod/shared';
import type { ContextFactory } from '../crud/crud.ts';
import { ok } from '../http/envelope.ts';
import { AppError } from '../http/errors.ts';
import type { ZodApp } from '../http/types.ts';
import type { FileUrls } from '../storage/file-urls.ts';
import type { JobQueue } from './job-queue.ts';

/** A result's stored file becomes a URL signed for this reader, now (decision 0026). */
function signResult(job: Job, files: FileUrls): Job {
  const result = job.result;
  if (!result || typeof result !== 'object' || Array.isArray(result) || !('file_key' in result)) return job;
  const { file_key: key, ...rest } = result as Record<string, unknown>;
  return { ...job, result: typeof key === 'string' ? { ...rest, file_url: files.url(key) } : rest };
}

/** GET /api/v1/jobs/{id}: the caller's own organisation's jobs, under the permission that queued them. */
export function jobRoutes(
  app: ZodApp,
  deps: { jobs: JobQueue; files: FileUrls; db: Parameters<ContextFactory>[1]; contextFor: ContextFactory },
): void {
  route(app, jobOperations.getJob, async (request) => {
    const ctx = await deps.contextFor(request, deps.db);
    const job = await deps.jobs.get(request.params.id, ctx);
    if (!job) throw AppError.notFound('jobs.notFound');
    return ok(signResult(job, deps.files));
  });
}
