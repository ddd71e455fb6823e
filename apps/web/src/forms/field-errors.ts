import { fieldErrorSchema, type FieldError } from '@pod/shared';
import type { ApiError } from '../api/api-error.ts';

/**
 * The per-field messages of a failed call: `data.errors` of a 400 validation reply
 * (docs/decisions/0002), or a business error naming one field in `data.field` with `msg` as its
 * message (e.g. "This username is already taken").
 */
export function fieldErrorsOf(error: ApiError): FieldError[] {
  const data = error.data as { errors?: unknown; field?: unknown } | null;
  if (Array.isArray(data?.errors)) {
    return data.errors.flatMap((entry) => {
      const parsed = fieldErrorSchema.safeParse(entry);
      return parsed.success ? [parsed.data] : [];
    });
  }
  if (typeof data?.field === 'string' && data.field) return [{ field: data.field, message: error.msg }];
  return [];
}
