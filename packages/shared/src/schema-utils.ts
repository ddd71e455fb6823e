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
