import { defineOperation } from '../contract.ts';
import { jobIdParamsSchema, jobSchema } from './schemas.ts';

/** Background jobs (platform/jobs): the progress bars' polling. */
export const jobOperations = {
  getJob: defineOperation({
    id: 'getJob',
    method: 'GET',
    path: '/api/v1/jobs/:id',
    audience: 'admin',
    permission: null,
    tag: 'jobs',
    summary: 'Progress, result or failure reason of a background job',
    params: jobIdParamsSchema,
    response: jobSchema,
  }),
} as const;
