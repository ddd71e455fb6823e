import { fieldLabelOf, type FieldError, type Language } from '@pod/shared';
import { hasMessage, t } from '../i18n/i18n.ts';

/** The part of a fastify-type-provider-zod validation error this module reads. */
export interface ValidationIssue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
}

function valueAt(input: unknown, path: string[]): unknown {
  let node = input;
  for (const part of path) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/**
 * The field's label in the caller's language (issue 27: never its raw key): a module's own wording
 * (`fields.*` in its catalogue), else the platform's label table (packages/shared field-labels),
 * else — for a key the table lacks — the key's words, without underscores or camel humps.
 */
export function fieldLabel(lang: Language, path: string[]): string {
  const at = path.findLastIndex((p) => !/^\d+$/.test(p));
  if (at < 0) return t(lang, 'validation.body');
  // A field inside a list says which item: "key (surfaces #2)" / "键（面 #2）".
  const index = path.slice(0, at).findLastIndex((p) => /^\d+$/.test(p));
  if (index > 0 && !/^\d+$/.test(path[index - 1]!)) {
    const item = `${nameLabel(lang, path[index - 1]!)} #${Number(path[index]) + 1}`;
    return lang === 'en'
      ? `${nameLabel(lang, path[at]!)} (${item})`
      : `${nameLabel(lang, path[at]!)}（${item}）`;
  }
  return nameLabel(lang, path[at]!);
}

function nameLabel(lang: Language, name: string): string {
  if (hasMessage(`fields.${name}`)) return t(lang, `fields.${name}`);
  const label = fieldLabelOf(name, lang);
  if (!label) return humanise(name);
  // Inside a sentence ("Please enter level expiry time"), as the catalogue's labels read; an
  // initialism (SKU, URL, IP) keeps its capitals.
  return lang === 'en' && !/^[A-Z]{2}/.test(label) ? label[0]!.toLowerCase() + label.slice(1) : label;
}

/** `level_expires_at` → "level expires at", `merchantNumber` → "merchant number". */
export function humanise(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_\-.]+/g, ' ')
    .trim()
    .toLowerCase();
}

const isBlank = (v: unknown) => v === undefined || v === null || (typeof v === 'string' && v.trim() === '');

function messageFor(lang: Language, issue: ValidationIssue, path: string[], input: unknown): string {
  const field = fieldLabel(lang, path);
  const value = valueAt(input, path);
  const { params } = issue;
  switch (issue.keyword) {
    case 'invalid_type':
      return t(lang, isBlank(value) ? 'validation.required' : 'validation.invalid', { field });
    case 'invalid_value':
      return t(lang, 'validation.select', { field });
    case 'invalid_union':
      // A discriminated union whose discriminator is missing or unknown: a choice to make.
      if (typeof params.discriminator === 'string') return t(lang, 'validation.select', { field });
      return t(lang, 'validation.invalid', { field });
    case 'too_small': {
      if (isBlank(value)) return t(lang, 'validation.required', { field });
      const min = Number(params.minimum);
      if (params.origin === 'string') return t(lang, 'validation.tooShort', { field, min });
      return t(lang, 'validation.tooSmall', { field, min });
    }
    case 'too_big': {
      const max = Number(params.maximum);
      if (params.origin === 'string') return t(lang, 'validation.tooLong', { field, max });
      return t(lang, 'validation.tooBig', { field, max });
    }
    case 'custom': {
      // Rules named by the shared schemas (packages/shared auth/fields.ts).
      const custom = (params.params ?? {}) as Record<string, unknown>;
      const rule = custom.rule;
      // The rule's own numbers (e.g. a query box's `max`) fill the message too.
      const extra = Object.fromEntries(
        Object.entries(custom).filter(([k, v]) => k !== 'rule' && typeof v === 'number'),
      ) as Record<string, number>;
      if (typeof rule === 'string' && hasMessage(`validation.${rule}`))
        return t(lang, `validation.${rule}`, { ...extra, field });
      return t(lang, 'validation.invalid', { field });
    }
    case 'invalid_format': {
      if (isBlank(value)) return t(lang, 'validation.required', { field });
      const name = path.at(-1);
      if (name && hasMessage(`validation.format.${name}`))
        return t(lang, `validation.format.${name}`, { field });
      return t(lang, 'validation.invalid', { field });
    }
    default:
      return t(lang, 'validation.invalid', { field });
  }
}

/**
 * Turns schema validation issues into per-field messages that name the field (spec §5:
 * "Please enter {field}", "Please select {field}", "Please enter the correct {field}").
 */
export function fieldErrors(lang: Language, issues: ValidationIssue[], input: unknown): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of issues) {
    const path = issue.instancePath.split('/').filter(Boolean);
    if (issue.keyword === 'unrecognized_keys' && Array.isArray(issue.params.keys)) {
      for (const key of issue.params.keys as string[]) {
        const field = [...path, key].join('.');
        out.push({
          field,
          message: t(lang, 'validation.unknownField', { field: fieldLabel(lang, [...path, key]) }),
        });
      }
      continue;
    }
    out.push({ field: path.join('.'), message: messageFor(lang, issue, path, input) });
  }
  return out;
}
