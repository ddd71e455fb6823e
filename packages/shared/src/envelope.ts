import { z } from 'zod';

/** Body code of every successful reply (spec §7). Errors carry the HTTP status as their code. */
export const SUCCESS_CODE = 1;

/** The reply envelope every route uses: `{ code, msg, data, time }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int(),
    msg: z.string(),
    data,
    time: z.number().int().describe('Server time, Unix seconds'),
  });
}

export const errorEnvelope = envelope(z.unknown().nullable());
export type Envelope<T> = { code: number; msg: string; data: T; time: number };

/** One entry of `data.errors` in a 400 validation reply. */
export const fieldErrorSchema = z.object({
  field: z.string(),
  message: z.string(),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;
