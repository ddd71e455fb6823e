import { z } from 'zod';

// In a module of its own, so code that only needs the code (the web's API client) needs no zod.
export { SUCCESS_CODE } from './success-code.ts';

/** The reply envelope every route uses: `{ code, msg, data, time }`. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    code: z
      .number()
      .int()
      .describe('1 is success; otherwise the HTTP status of the failure (spec §8) or a business code.'),
    msg: z
      .string()
      .describe('The message to show, in the caller’s language (Accept-Language); empty when there is none.'),
    data,
    time: z.number().int().describe('Server time, Unix seconds'),
  });
}

export type Envelope<T> = { code: number; msg: string; data: T; time: number };

/** One entry of `data.errors` in a failed reply: a field and the message shown beside it. */
export const fieldErrorSchema = z.object({
  field: z
    .string()
    .describe(
      'The field the message is about: its path in the request, dot-separated (e.g. `items.0.quantity`).',
    ),
  message: z.string().describe('The message to show beside the field, in the caller’s language.'),
});
export type FieldError = z.infer<typeof fieldErrorSchema>;

/**
 * The one shape of `data` in every failed reply (code ≠ 1, issue 27): `errors` lists the fields the
 * failure is about (empty when it is about none); an error that carries more (a quota, the rows in
 * conflict) adds its own keys beside `errors`.
 */
export const errorDetailSchema = z
  .object({
    errors: z
      .array(fieldErrorSchema)
      .describe('The fields the failure is about, each with its message; empty when it names no field.'),
  })
  .catchall(z.unknown())
  .describe('Details of a failed reply: always an object with `errors`, plus keys particular to the error.');
export type ErrorDetail = { errors: FieldError[]; [key: string]: unknown };

export const errorEnvelope = envelope(errorDetailSchema);
