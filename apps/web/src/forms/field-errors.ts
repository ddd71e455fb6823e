import { fieldErrorSchema, type FieldError } from '@pod/shared';
import type { ApiError } from '../api/api-error.ts';

/**
 * The per-field messages of a failed call. Every failed reply carries them in one shape (issue 27,
 * `errorDetailSchema`): `data.errors`, a list of `{ field, message }`, empty when the failure is
 * about no field — a validation reply and a business error naming one field alike.
 */
export function fieldErrorsOf(error: ApiError): FieldError[] {
  const data = error.data as { errors?: unknown } | null;
  if (!Array.isArray(data?.errors)) return [];
  return data.errors.flatMap((entry) => {
    const parsed = fieldErrorSchema.safeParse(entry);
    return parsed.success && parsed.data.field ? [parsed.data] : [];
  });
}
