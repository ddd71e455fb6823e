import { z } from 'zod';
import { defineOperation } from '../contract.ts';
import { PERMISSIONS } from '../permissions.ts';

/*
 * The CRUD generator (issue 28, decision 0049): a developer designs a table and the server writes
 * the files of a CRUD resource into its work tree. Only when the server runs with
 * NODE_ENV=development; otherwise every operation but the status answers 403. The migration is
 * the project's own `db:generate` (drizzle-kit) run on the written schema.
 */

export const CRUD_FIELD_TYPES = ['string', 'text', 'integer', 'money', 'boolean', 'date', 'enum'] as const;
export const CRUD_FORM_CONTROLS = [
  'input',
  'textarea',
  'number',
  'switch',
  'date',
  'select',
  'radio',
] as const;

const identifier = z.string().regex(/^[a-z][a-z0-9_]{0,39}$/);

export const crudFieldSchema = z.object({
  /** snake_case column and API name. */
  name: identifier.refine((n) => !['id', 'tenant_id', 'created_at', 'updated_at'].includes(n), {
    message: 'reserved field name',
  }),
  title: z.string().trim().min(1).max(50),
  type: z.enum(CRUD_FIELD_TYPES),
  /** Longest text, for string fields. */
  length: z.number().int().min(1).max(10_000).optional(),
  required: z.boolean().default(false),
  /** The default as text (parsed by type); none when omitted. */
  default: z.string().max(200).optional(),
  enum_values: z
    .array(z.string().regex(/^[a-z][a-z0-9_]{0,29}$/))
    .max(30)
    .optional(),
  listed: z.boolean().default(true),
  searched: z.boolean().default(false),
  sortable: z.boolean().default(false),
  control: z.enum(CRUD_FORM_CONTROLS).default('input'),
});
export type CrudField = z.infer<typeof crudFieldSchema>;

export const crudDesignSchema = z
  .object({
    /** snake_case table name; the resource is its camelCase form. */
    table: z
      .string()
      .max(40)
      .regex(/^[a-z][a-z0-9_]{2,39}$/)
      .refine((n) => !n.startsWith('pg_'), { message: 'reserved table name' }),
    title: z.string().trim().min(1).max(50),
    title_en: z.string().trim().min(1).max(50),
    fields: z.array(crudFieldSchema).min(1).max(40),
  })
  .superRefine((design, ctx) => {
    const names = new Set<string>();
    design.fields.forEach((f, i) => {
      if (names.has(f.name))
        ctx.addIssue({ code: 'custom', path: ['fields', i, 'name'], message: 'duplicate' });
      names.add(f.name);
      if (f.type === 'enum' && !f.enum_values?.length)
        ctx.addIssue({ code: 'custom', path: ['fields', i, 'enum_values'], message: 'required for enum' });
    });
  });
export type CrudDesign = z.infer<typeof crudDesignSchema>;

export const generatedFileSchema = z.object({
  /** Relative to the repository root. */
  path: z.string(),
  content: z.string(),
  /**
   * file: a file the generator owns (changed ones are overwritten only when confirmed);
   * registration: a line added to a shared file (a registry, the permissions), always written;
   * migration: the SQL the project's `db:generate` (drizzle-kit) makes of the schema (it also
   * writes its journal entry and snapshot).
   */
  kind: z.enum(['file', 'registration', 'migration']),
  /** new: no such file; same: identical; changed: a file is there with other content. */
  state: z.enum(['new', 'same', 'changed']),
  /** A unified diff of the file there against what would be written, for changed files. */
  diff: z.string(),
});
export type GeneratedFile = z.infer<typeof generatedFileSchema>;

/** A migration drizzle-kit wrote: its SQL file (relative to the repository root) and text. */
export const generatedMigrationSchema = z.object({ path: z.string(), sql: z.string() });
export type GeneratedMigration = z.infer<typeof generatedMigrationSchema>;

export const crudGenerateBodySchema = z.object({
  design: crudDesignSchema,
  /** Overwrite changed files (the user confirmed the diff); otherwise they are left and listed. */
  overwrite: z.boolean().default(false),
});

const ADMIN = { audience: 'admin', tag: 'devtools' } as const;

export const devtoolsOperations = {
  crudGeneratorStatus: defineOperation({
    ...ADMIN,
    id: 'crudGeneratorStatus',
    method: 'GET',
    path: '/api/v1/admin/crud/status',
    permission: PERMISSIONS.crudGenerator.list,
    summary: 'Whether this server may write generated files (NODE_ENV=development)',
    response: z.object({ enabled: z.boolean() }),
  }),
  crudGeneratorPreview: defineOperation({
    ...ADMIN,
    id: 'crudGeneratorPreview',
    method: 'POST',
    path: '/api/v1/admin/crud/preview',
    permission: PERMISSIONS.crudGenerator.list,
    summary:
      'The files a table design would generate, with a diff of those already there, and the migration db:generate would make of it',
    body: crudDesignSchema,
    response: z.object({
      /** With the migration (kind `migration`) when the schema would change. */
      files: z.array(generatedFileSchema),
      /** Why db:generate could not preview the migration (it would refuse to generate too). */
      migration_error: z.string().nullable(),
    }),
  }),
  crudGeneratorGenerate: defineOperation({
    ...ADMIN,
    id: 'crudGeneratorGenerate',
    method: 'POST',
    path: '/api/v1/admin/crud/generate',
    permission: PERMISSIONS.crudGenerator.add,
    summary:
      'Write the generated files (changed files only with overwrite), then run db:generate for the migration; nothing is left written if it fails',
    body: crudGenerateBodySchema,
    response: z.object({
      /** Every file written, the migration's SQL, journal and snapshot included. */
      written: z.array(z.string()),
      /** Changed files left as they are (no overwrite). */
      kept: z.array(z.string()),
      /** The migration db:generate made; null when the schema did not change. */
      migration: generatedMigrationSchema.nullable(),
    }),
  }),
} as const;
