import { z } from 'zod';

// In a module of its own, so code that only needs the code (the web's API client) needs no zod.
export { SUCCESS_CODE } from './success-code.ts';

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
