import { z } from 'zod';

/**
 * The PATCH schema of a create schema: every field optional and WITHOUT its default. (zod's
 * `.partial()` keeps defaults, so a PATCH of one field would reset every defaulted field.)
 */
export function patchOf<T extends z.ZodRawShape>(schema: z.ZodObject<T>) {
  const shape = Object.fromEntries(
    Object.entries(schema.shape).map(([key, field]) => {
      let inner: z.ZodType = field as z.ZodType;
      if (inner instanceof z.ZodDefault) inner = inner.removeDefault() as z.ZodType;
      return [key, inner.optional()];
    }),
  );
  return z.object(shape) as unknown as z.ZodObject<{
    [K in keyof T]: z.ZodOptional<z.ZodType<z.output<T[K]>, z.input<T[K]>>>;
  }>;
}

/**
 * The longest text a field schema accepts, for an input's `maxLength`: the string inside optional,
 * nullable, default and pipe wrappers; of a union, the longest of its options. Undefined when the
 * schema has no such limit.
 */
export function maxLengthOf(schema: z.ZodType): number | undefined {
  // Strings and string formats (e-mail, url…) alike.
  if (schema._zod.def.type === 'string') return (schema as z.ZodString).maxLength ?? undefined;
  if (
    schema instanceof z.ZodOptional ||
    schema instanceof z.ZodNullable ||
    schema instanceof z.ZodDefault ||
    schema instanceof z.ZodPrefault ||
    schema instanceof z.ZodCatch ||
    schema instanceof z.ZodReadonly
  )
    return maxLengthOf(schema.unwrap() as z.ZodType);
  if (schema instanceof z.ZodPipe)
    return maxLengthOf(schema.in as z.ZodType) ?? maxLengthOf(schema.out as z.ZodType);
  if (schema instanceof z.ZodUnion) {
    const limits = (schema.options as z.ZodType[]).map(maxLengthOf).filter((n) => n !== undefined);
    return limits.length ? Math.max(...limits) : undefined;
  }
  return undefined;
}

/** How money and quantities travel in request bodies, as the API document states it. */
export const JSON_INTEGER_FORMAT =
  'A JSON integer (money in minor units: fen, cents). Strings ("100", "1e3"), booleans, arrays and fractions are refused with 400.';

/**
 * A whole number in a JSON body: only a JSON integer, never a string, boolean or array turned into
 * one (issue 17 finding 7: `"100"`, `true` and `[100]` were taken for amounts). Query strings,
 * which are always text, keep `z.coerce`.
 */
export function jsonInteger(min: number, max: number = Number.MAX_SAFE_INTEGER) {
  return z.number().int().min(min).max(max).describe(JSON_INTEGER_FORMAT);
}
