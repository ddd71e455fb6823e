import { PASSWORD_MISMATCH } from '@pod/shared';
import type zhCn from '../i18n/locales/zh-cn.json';

/** A form field's label key: `fields.<name>` in the locale files. */
export type FieldName = keyof (typeof zhCn)['fields'];

/**
 * The part of a zod issue the messages are built from. Structural, so the web needs no zod import of
 * its own: the schemas come from @pod/shared (CONVENTIONS §3 "one contract, one source").
 */
export interface SchemaIssue {
  readonly code: string;
  readonly origin?: string;
  readonly minimum?: number | bigint;
  readonly maximum?: number | bigint;
  readonly params?: Readonly<Record<string, unknown>>;
}

/** Anything with zod's `safeParse`, e.g. a field of a shared request schema. */
export interface FieldSchema {
  safeParse(
    value: unknown,
  ): { success: true } | { success: false; error: { issues: readonly SchemaIssue[] } };
}

/** Which spec §5 message an issue gets, with its interpolation values. */
export type IssueMessage =
  | { key: 'validation.required' | 'validation.invalid' | 'validation.select' }
  | { key: 'validation.passwordMismatch' }
  | { key: 'validation.tooShort' | 'validation.tooSmall'; min: number }
  | { key: 'validation.tooLong' | 'validation.tooBig'; max: number };

/** Blank like the server reads it: missing, null, or only whitespace. */
export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * The message of a validation issue, the same rules as the server's (docs/decisions/0002): "Please
 * enter {field}" when blank, "Please select {field}" for a choice outside its list, length messages,
 * "Two password entries are inconsistent", else "Please enter the correct {field}".
 */
export function issueMessage(issue: SchemaIssue, value: unknown): IssueMessage {
  switch (issue.code) {
    case 'invalid_type':
      return { key: isBlank(value) ? 'validation.required' : 'validation.invalid' };
    case 'invalid_value':
      return { key: 'validation.select' };
    case 'too_small': {
      if (isBlank(value)) return { key: 'validation.required' };
      const min = Number(issue.minimum);
      return { key: issue.origin === 'string' ? 'validation.tooShort' : 'validation.tooSmall', min };
    }
    case 'too_big': {
      const max = Number(issue.maximum);
      return { key: issue.origin === 'string' ? 'validation.tooLong' : 'validation.tooBig', max };
    }
    case 'custom':
      if (issue.params?.rule === PASSWORD_MISMATCH) return { key: 'validation.passwordMismatch' };
      return { key: isBlank(value) ? 'validation.required' : 'validation.invalid' };
    default:
      return { key: isBlank(value) ? 'validation.required' : 'validation.invalid' };
  }
}

/**
 * Checks one field value against its shared schema; null when it passes. An empty input counts as
 * absent, so an optional field may stay empty and a required one reads "Please enter {field}".
 */
export function checkField(schema: FieldSchema, value: unknown): IssueMessage | null {
  const input = isBlank(value) ? undefined : value;
  const result = schema.safeParse(input);
  if (result.success) return null;
  const issue = result.error.issues[0];
  return issue ? issueMessage(issue, input) : { key: 'validation.invalid' };
}

/** Whether a field schema accepts no value (optional fields get no required mark). */
export function isOptional(schema: FieldSchema): boolean {
  return schema.safeParse(undefined).success;
}
