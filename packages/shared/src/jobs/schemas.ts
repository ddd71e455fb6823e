import { z } from 'zod';

/** `skipped`: the job's module was switched off for its tenant before it ran (decision 0059). */
export const JOB_STATES = [
  'queued',
  'active',
  'retrying',
  'completed',
  'failed',
  'cancelled',
  'skipped',
] as const;
export type JobState = (typeof JOB_STATES)[number];

/** Progress of a background job as the web's progress bars read it (GET /api/v1/jobs/{id}). */
export const jobSchema = z.object({
  id: z.string(),
  name: z.string(),
  state: z.enum(JOB_STATES),
  progress: z.number().int().min(0).max(100),
  attempts: z.number().int(),
  result: z.unknown().nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Job = z.infer<typeof jobSchema>;

export const jobIdParamsSchema = z.object({ id: z.uuid() });
